// swift-tools-version:6.1
// The benchmark suite is its own package so that package-benchmark, its plugins and its malloc
// interposer stay out of StrokeBench's own build and test runs.
import PackageDescription

let package = Package(
    name: "StrokeBenchBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "StrokeBench", path: ".."),
        // package-benchmark, under its current name. The MallocInterposer trait alone gives the malloc
        // counts on Linux without jemalloc; the default traits would add a Swift-runtime interposer
        // that this machine's package mirrors do not carry.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "StrategyBenchmarks",
            dependencies: [
                .product(name: "StrokeBenchKit", package: "StrokeBench"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/StrategyBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    ]
)
