// swift-tools-version:6.1
// libFuzzer targets for the readers of files bench did not write in this run: traces, run records,
// sweep manifests and device data. Their own package (path: "..") so that the fuzzer and
// sanitizer flags they need never reach StrokeBench's normal build and test runs. Build and run:
// see docs/robustness.md ("Fuzzing").
import PackageDescription

let package = Package(
    name: "StrokeBenchFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "StrokeBench", path: ".."),
    ],
    targets: [
        // libFuzzer's driver entry, which every target below hands its command line to.
        .target(name: "FuzzDriver"),
        // The native format: TraceFormat.parse.
        .executableTarget(name: "FuzzTraceFormat", dependencies: ["FuzzDriver", .product(name: "StrokeBenchTraces", package: "StrokeBench")]),
        // $1 gesture logs: DollarOneImporter.parse (libxml2's xmlTextReader).
        .executableTarget(name: "FuzzDollarOne", dependencies: ["FuzzDriver", .product(name: "StrokeBenchTraces", package: "StrokeBench")]),
        // Omniglot stroke files: OmniglotImporter.parse.
        .executableTarget(name: "FuzzOmniglot", dependencies: ["FuzzDriver", .product(name: "StrokeBenchTraces", package: "StrokeBench")]),
        // The files bench reads back besides traces (issue 38): a sweep's run records and manifest,
        // and the device cost data (`STROKEBENCH_DEVICE_COSTS`). These link cairo and pixman.
        .executableTarget(name: "FuzzRunRecord", dependencies: ["FuzzDriver", .product(name: "StrokeBenchKit", package: "StrokeBench")]),
        .executableTarget(name: "FuzzSweepManifest", dependencies: ["FuzzDriver", .product(name: "StrokeBenchKit", package: "StrokeBench")]),
        .executableTarget(name: "FuzzDeviceCosts", dependencies: ["FuzzDriver", .product(name: "StrokeBenchKit", package: "StrokeBench")]),
    ]
)
