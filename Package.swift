// swift-tools-version:6.1
import PackageDescription

// The modules a modelled replay spends its time in (the engine, the canvas, the strategy API, the
// strategies, the counters): release builds leave out the run-time exclusivity checks, which were
// about 8% of a modelled sweep's CPU time, every access to a class's stored property checked.
// Debug builds, and so every test, keep them, so an access the checks would catch still fails there.
let hotPath: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

// Every library module is prefixed `StrokeBench` so that a user's package, which may well have its own
// `Canvas` or `Metrics` target, still builds against StrokeBench (SwiftPM module names are global).
let package = Package(
    name: "StrokeBench",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "bench", targets: ["bench"]),
        // The strategy API: `import StrokeBench` to write a DrawingStrategy of your own.
        .library(name: "StrokeBench", targets: ["StrokeBench"]),
        // The whole `bench` command line as a library: `StrokeBenchCLI.main(strategies: [Mine.self])`.
        .library(name: "StrokeBenchCLI", targets: ["StrokeBenchCLI"]),
        // The engine below the command line, for the packages that replay in-process (Benchmarks/, Fuzz/): the
        // modules they meet. Public only what they use; the rest is `package` (PublicSymbolsTests pins it).
        .library(
            name: "StrokeBenchKit",
            targets: [
                "StrokeBench", "StrokeBenchUnits", "StrokeBenchCanvas", "StrokeBenchSpec", "StrokeBenchTraces",
                "StrokeBenchDevice", "StrokeBenchReplay", "StrokeBenchModelFit", "StrokeBenchStrategies",
                "StrokeBenchMetrics",
                "StrokeBenchReports",
            ]),
        // The trace readers alone (no cairo, no pixman; libxml2 for the $1 logs): what the fuzz targets in Fuzz/ link.
        .library(name: "StrokeBenchTraces", targets: ["StrokeBenchTraces"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        // `swift package generate-documentation --target StrokeBench`: the strategy API's DocC catalogue.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // The results history (`bench history`): SQLite with transactions, WAL and versioned migrations.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // Tests only: the committed CI workflows are parsed and their `run:` steps replayed (WorkflowTests).
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // System libraries, found with pkg-config; nothing but a module map and a shim header. The
        // providers are the install hints SwiftPM prints when pkg-config cannot find one.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]),
        .systemLibrary(
            name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"]), .brew(["pixman"])]),
        // libxml2's streaming reader, for the $1 gesture logs (Foundation's XMLParser crashes on some bad input).
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),

        // What names one replay: the spec, its modes, the trace's identity, strategy options, format versions.
        .target(name: "StrokeBenchSpec"),
        // The quantities every layer speaks, with no library behind them: counted work (`WorkCounters`)
        // and replay time. Metrics and the device model read them without linking cairo.
        .target(name: "StrokeBenchUnits", swiftSettings: hotPath),
        // Safe Swift over cairo (rasterization) and pixman (compositing), with work counters.
        .target(
            name: "StrokeBenchCanvas", dependencies: ["CCairo", "CPixman", "StrokeBenchUnits"],
            swiftSettings: hotPath),
        // The public strategy API: DrawingStrategy, touch events, layer updates, render queues.
        .target(
            name: "StrokeBench", dependencies: ["StrokeBenchCanvas", "StrokeBenchSpec"],
            swiftSettings: hotPath),
        // Traces: the model, the versioned file format, the seeded generator.
        .target(name: "StrokeBenchTraces", dependencies: ["CLibXML2", "StrokeBenchSpec"]),
        // The built-in drawing strategies, one file each, written against the public API only.
        .target(
            name: "StrokeBenchStrategies", dependencies: ["StrokeBench"],
            swiftSettings: hotPath),
        // Per-frame records, run summaries, percentiles, CSV and JSON writers.
        .target(name: "StrokeBenchMetrics", dependencies: ["StrokeBenchUnits", "StrokeBenchSpec"]),
        // The device cost model below the engine: device profiles, the sourced unit costs and their
        // data file (docs/device-model.md). No cairo: the meters that charge a replay live in the engine.
        .target(
            name: "StrokeBenchDevice",
            dependencies: ["StrokeBenchUnits", "StrokeBenchSpec", "StrokeBenchMetrics"],
            resources: [
                .copy("Resources/device-costs.json"),
                .copy("Resources/model-validation.json"),
            ]),
        // The replay engine: the display clock, the run loop, the render queues, the render server and
        // the meters that turn its counted work into time.
        .target(
            name: "StrokeBenchReplay",
            dependencies: [
                "StrokeBench", "StrokeBenchDevice", "StrokeBenchTraces", "StrokeBenchStrategies", "StrokeBenchMetrics",
                .product(name: "HeapModule", package: "swift-collections"),
                .product(name: "DequeModule", package: "swift-collections"),
            ], swiftSettings: hotPath),
        // The device cost model's fit: replays the fitted figure and refits the free factor at every draw
        // of the model's uncertainty. Above the engine, which takes the fit as an input (`DeviceModel`).
        .target(
            name: "StrokeBenchModelFit",
            dependencies: [
                "StrokeBenchReplay", "StrokeBenchDevice", "StrokeBenchStrategies", "StrokeBenchTraces",
                "StrokeBenchSpec",
                "StrokeBenchUnits",
            ]),
        // Capacity ramps (`bench ramp`): how much retained ink a strategy holds before it stops keeping up.
        .target(
            name: "StrokeBenchCapacity",
            dependencies: [
                "StrokeBenchReplay", "StrokeBenchDevice", "StrokeBenchMetrics", "StrokeBenchSpec", "StrokeBenchTraces",
            ]),
        // Host calibration, for `bench calibrate` alone: times each kind of work on this machine.
        .target(
            name: "StrokeBenchCalibration", dependencies: ["StrokeBenchCanvas", "StrokeBenchDevice", "StrokeBenchSpec"]),
        // A replay's timeline as Chrome trace-event JSON, with its streaming writer (docs/timeline.md).
        .target(name: "StrokeBenchTimeline", dependencies: ["StrokeBenchReplay", "StrokeBenchMetrics"]),
        // Sweep plans and sharding, the tidy summary, Mann-Whitney U and the per-configuration comparison;
        // and a study's answer on one page (`bench report`, Study/): the verdict matrix, the ranking, charts
        // as inline SVG.
        .target(
            name: "StrokeBenchReports",
            dependencies: ["StrokeBenchMetrics", "StrokeBenchSpec", "StrokeBenchStrategies"]),
        // Baselines, budgets and verdicts: the regression checks behind `bench baseline` and `bench check`.
        .target(
            name: "StrokeBenchRegression",
            dependencies: [
                "StrokeBenchReplay", "StrokeBenchDevice", "StrokeBenchMetrics", "StrokeBenchSpec",
                "StrokeBenchStrategies",
            ]),
        // The results history (`bench history`): every run's figures by commit in SQLite, trends and change points.
        .target(
            name: "StrokeBenchHistory",
            dependencies: [
                "StrokeBenchReports", "StrokeBenchRegression", "StrokeBenchMetrics", "StrokeBenchSpec",
                "StrokeBenchStrategies",
                "StrokeBenchTraces", .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        // The `bench` command line, with the built-in strategies plus any a user passes in.
        .target(
            name: "StrokeBenchCLI",
            dependencies: [
                "StrokeBenchReplay", "StrokeBenchDevice", "StrokeBenchCalibration", "StrokeBenchTimeline",
                "StrokeBenchTraces",
                "StrokeBenchStrategies", "StrokeBenchMetrics", "StrokeBenchCanvas", "StrokeBenchReports",
                "StrokeBenchRegression", "StrokeBenchSpec",
                "StrokeBenchCapacity", "StrokeBenchHistory", "StrokeBenchModelFit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // LeakSanitizer's suppressions of other people's leaks, for sanitizer builds (C: see hooks.c).
        .target(name: "CSanitizerHooks"),
        .executableTarget(name: "bench", dependencies: ["CSanitizerHooks", "StrokeBenchCLI"]),

        .testTarget(name: "CanvasTests", dependencies: ["StrokeBenchCanvas"]),
        .testTarget(name: "TracesTests", dependencies: ["StrokeBenchTraces"]),
        .testTarget(
            name: "ReplayTests",
            dependencies: [
                "StrokeBenchReplay", "StrokeBenchModelFit", "StrokeBenchDevice", "StrokeBenchCalibration",
                "StrokeBenchTimeline",
                "StrokeBenchTraces", "StrokeBenchStrategies", "StrokeBenchMetrics", "StrokeBenchCanvas",
            ]),
        .testTarget(
            name: "CapacityTests",
            dependencies: [
                "StrokeBenchCapacity", "StrokeBenchMetrics", "StrokeBenchModelFit", "StrokeBenchReplay",
                "StrokeBenchDevice",
                "StrokeBenchSpec",
                "StrokeBenchStrategies", "StrokeBenchTraces",
            ]),
        .testTarget(name: "MetricsTests", dependencies: ["StrokeBenchMetrics", "StrokeBenchUnits"]),
        .testTarget(
            name: "StudyTests",
            dependencies: ["StrokeBenchReports", "StrokeBenchMetrics", "StrokeBenchSpec", "StrokeBenchTraces"]),
        .testTarget(
            name: "ReportsTests",
            dependencies: [
                "StrokeBenchReports", "StrokeBenchMetrics", "StrokeBenchReplay", "StrokeBenchDevice",
                "StrokeBenchStrategies", "StrokeBenchTraces",
            ]),
        // Running `bench` commands from tests: in process through the binary's entry point, or the
        // built executable itself where only a process shows the behaviour (signals, streams, memory).
        .target(
            name: "BenchTestSupport",
            dependencies: [
                "StrokeBenchCLI", "StrokeBenchReplay", "StrokeBenchDevice", "StrokeBenchStrategies",
                "StrokeBenchTraces", "StrokeBenchSpec",
            ], path: "Tests/BenchTestSupport"),
        // The command line as users and scripts meet it, in process (`BenchTool.run`).
        .testTarget(
            name: "BenchTests",
            dependencies: [
                "bench", "BenchTestSupport", "StrokeBenchCLI", "StrokeBenchMetrics", "StrokeBenchStrategies",
                "StrokeBenchReplay", "StrokeBenchDevice", "StrokeBenchCalibration", "StrokeBenchTimeline",
                "StrokeBenchReports", "StrokeBenchRegression", "StrokeBenchSpec", "StrokeBenchTraces",
            ], exclude: ["Fixtures"]),
        .testTarget(
            name: "RegressionTests",
            dependencies: [
                "BenchTestSupport", "StrokeBenchRegression", "StrokeBenchReplay", "StrokeBenchDevice",
                "StrokeBenchTraces", "StrokeBenchStrategies", "StrokeBenchMetrics", "StrokeBenchCanvas",
            ]),
        // The history's store and change detection, in process.
        .testTarget(
            name: "HistoryTests",
            dependencies: ["StrokeBenchHistory", "StrokeBenchMetrics", "StrokeBenchTraces", "BenchTestSupport"]),
        // The committed CI workflows: parsed, and every `run:` step replayed in a scratch clone.
        .testTarget(
            name: "WorkflowTests", dependencies: ["bench", "BenchTestSupport", .product(name: "Yams", package: "Yams")]),
        // Every README command line, and timing asserted as ratios: minutes, not seconds, so `swift test`
        // skips them unless STROKEBENCH_END_TO_END=1; CI runs them (.ci/run).
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "bench", "BenchTestSupport", "StrokeBenchReplay", "StrokeBenchDevice", "StrokeBenchRegression",
                "StrokeBenchTraces",
                "StrokeBenchStrategies", "StrokeBenchMetrics",
            ]),
    ]
)
