// swift-tools-version:6.1
import PackageDescription

// A package of your own that benchmarks its drawing code with StrokeBench: two strategies and an
// executable that is the whole `bench` command line with them added.
let package = Package(
    name: "CustomStrategy",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "custom-bench", targets: ["CustomBench"]),
    ],
    dependencies: [
        // Your own package would name a tagged release; the example follows the checkout it sits in.
        .package(name: "StrokeBench", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "CustomBench", dependencies: [
            .product(name: "StrokeBench", package: "StrokeBench"),
            .product(name: "StrokeBenchCLI", package: "StrokeBench"),
        ]),
    ]
)
