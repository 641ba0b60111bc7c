// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "StrokeBench",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "bench", targets: ["bench"]),
        .library(name: "StrokeBench", targets: ["Canvas", "Traces", "Display", "Strategies", "Metrics", "Reports", "Regression"]),
        // The trace readers alone (no cairo, no pixman; libxml2 for the $1 logs): what the fuzz targets in Fuzz/ link.
        .library(name: "StrokeBenchTraces", targets: ["Traces"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    ],
    targets: [
        // System libraries, found with pkg-config; nothing but a module map and a shim header.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        // libxml2's streaming reader, for the $1 gesture logs (Foundation's XMLParser crashes on some bad input).
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),

        // Safe Swift over cairo (rasterization) and pixman (compositing), with work counters.
        .target(name: "Canvas", dependencies: ["CCairo", "CPixman"]),
        // Traces: the model, the versioned file format, the seeded generator.
        .target(name: "Traces", dependencies: ["CLibXML2"]),
        // Drawing strategies: one file each, behind the DrawingStrategy protocol.
        .target(name: "Strategies", dependencies: ["Canvas"]),
        // Per-frame records, run summaries, percentiles, CSV and JSON writers.
        .target(name: "Metrics", dependencies: ["Canvas"]),
        // Device profiles, the display clock, the run loop and the render server.
        .target(name: "Display", dependencies: [
            "Canvas", "Traces", "Strategies", "Metrics",
            .product(name: "HeapModule", package: "swift-collections"),
        ], resources: [
            // The device cost model's sourced unit costs (docs/device-model.md).
            .copy("Resources/device-costs.json"),
        ]),
        // Sweep plans and sharding, the tidy summary, Mann-Whitney U and the per-configuration comparison.
        .target(name: "Reports", dependencies: ["Metrics", "Display", "Strategies"]),
        // Baselines, budgets and verdicts: the regression checks behind `bench baseline` and `bench check`.
        .target(name: "Regression", dependencies: ["Display", "Metrics", "Canvas"]),
        // LeakSanitizer's suppressions of other people's leaks, for sanitizer builds (C: see hooks.c).
        .target(name: "CSanitizerHooks"),
        .executableTarget(name: "bench", dependencies: [
            "CSanitizerHooks", "Display", "Traces", "Strategies", "Metrics", "Canvas", "Reports", "Regression",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .testTarget(name: "CanvasTests", dependencies: ["Canvas"]),
        .testTarget(name: "TracesTests", dependencies: ["Traces"]),
        .testTarget(name: "DisplayTests", dependencies: ["Display", "Traces", "Strategies", "Metrics", "Canvas"]),
        .testTarget(name: "MetricsTests", dependencies: ["Metrics", "Canvas"]),
        .testTarget(name: "ReportsTests", dependencies: ["Reports", "Metrics", "Display", "Strategies", "Traces"]),
        // The command line as users and scripts meet it: runs the built `bench` executable.
        .testTarget(name: "BenchTests", dependencies: ["bench", "Metrics", "Strategies", "Display"]),
        .testTarget(name: "RegressionTests", dependencies: ["Regression", "Display", "Traces", "Strategies", "Metrics", "Canvas"]),
    ]
)
