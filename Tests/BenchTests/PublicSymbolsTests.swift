import Foundation
import Testing

/// What each library product gives the packages that depend on this one, pinned: every module's public
/// symbols, read from its symbol graph (`swift symbolgraph-extract` on the module this build made).
/// `import StrokeBench` is the strategy API: its own top-level symbols, and the types it re-exports from
/// StrokeBenchCanvas and StrokeBenchSpec, named one by one in its Exports.swift. The other products'
/// modules are public only where a user outside the package needs them (StrokeBenchCLI.main,
/// Benchmarks/, Fuzz/; the rest is `package`): a change to any list is a change to what those users
/// may build on. Update the list here on purpose (and docs/strategies.md for the strategy API).
@Suite struct PublicSymbolsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The re-exported types, as Exports.swift names them.
    static let reexported = [
        "class StrokeBenchCanvas.Context", "class StrokeBenchCanvas.Surface", "class StrokeBenchCanvas.WorkLedger",
        "struct StrokeBenchCanvas.Color", "struct StrokeBenchCanvas.ImageRenderer",
        "struct StrokeBenchCanvas.PixelRect",
        "struct StrokeBenchCanvas.Point", "struct StrokeBenchCanvas.Polyline", "struct StrokeBenchCanvas.StrokeStyle",
        "enum StrokeBenchCanvas.CanvasError", "enum StrokeBenchCanvas.LineCap", "enum StrokeBenchCanvas.PixelFormat",
        "struct StrokeBenchSpec.StrategyOption", "struct StrokeBenchSpec.StrategyOptionError",
        "enum StrokeBenchSpec.StrategyOptionValue",
        "struct StrokeBenchSpec.StrategySettings",
    ]

    /// The module's own top-level public symbols.
    static let own = [
        "CanvasConfiguration", "DrawingStrategy", "LayerUpdate", "RenderQueueLog", "RenderQueues", "RenderTask",
        "RenderedImage", "RenderedPicture", "Sentinel", "StepOutcome", "StoredLines", "StrategyEnvironment",
        "StrategyError", "TaskContext", "TouchEvent", "TouchPoint",
    ]

    @Test func exportsNameEachTypeAndNoWholeModule() throws {
        let text = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/StrokeBench/Exports.swift"), encoding: .utf8)
        let exports = text.split(separator: "\n").filter { $0.hasPrefix("@_exported import ") }.map {
            $0.dropFirst("@_exported import ".count)
        }
        // The formatter keeps imports sorted, so the order says nothing: the set is what is pinned.
        #expect(exports.map(String.init).sorted() == Self.reexported.sorted())
    }

    /// Every other module a library product holds (Package.swift), with its public top-level symbols and
    /// the number of its public symbols in all, members included (a test failure lists them).
    static let modules: [String: (topLevel: [String], count: Int)] = [
        // The entry point, and the replay modes' conformances to the parser's ExpressibleByArgument.
        "StrokeBenchCLI": (["@StrokeBenchSpec", "main(strategies:)"], 57),
        "StrokeBenchCanvas": (
            [
                "BitmapAccounting", "CanvasError", "Color", "Context", "ImageRenderer", "LineCap", "Misuse",
                "PixelFormat", "PixelRect", "Point", "Polyline", "StrokeStyle", "Surface", "WorkLedger",
            ], 206
        ),
        // The device model, fitted (Benchmarks builds modelled replays).
        "StrokeBenchDevice": (
            ["DeviceCostData", "DeviceCostError", "DeviceModel", "DeviceProfile", "ModelDraw", "UnitCosts"], 41
        ),
        "StrokeBenchMetrics": (["FrameTally"], 2),
        "StrokeBenchModelFit": (["ModelFitting"], 2),
        "StrokeBenchReplay": (["InputCoalescer", "Replay", "ReplayConfiguration", "ReplayInput", "ReplayResult"], 14),
        "StrokeBenchReports": (["Shard", "SweepFolder", "SweepPlan", "SweepRun", "SweptRun"], 24),
        "StrokeBenchSpec": (
            [
                "ClockMode", "CostMode", "Delivery", "InputMode", "StrategyOption", "StrategyOptionError",
                "StrategyOptionValue", "StrategySettings",
            ], 75
        ),
        "StrokeBenchStrategies": (["StrategyCatalog"], 3),
        "StrokeBenchTraces": (
            [
                "DollarOneImporter", "OmniglotImporter", "RecordedDrawing", "Trace", "TraceError", "TraceFormat",
                "TraceGenerator",
            ], 24
        ),
        "StrokeBenchUnits": (["ReplayDuration", "ReplayInstant", "VsyncGrid", "WorkCounters"], 67),
    ]

    @Test func theModulesOwnPublicSymbolsArePinned() throws {
        let symbols = try Self.publicSymbols(of: "StrokeBench").filter { !$0.hasPrefix("@") }
        let topLevel = Set(symbols.compactMap { $0.split(separator: ".").first.map(String.init) })
        #expect(topLevel.sorted() == Self.own.sorted())
    }

    @Test func everyLibraryProductsModulesArePinned() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(Self.libraryModules(in: manifest).subtracting(["StrokeBench"]) == Set(Self.modules.keys))
    }

    @Test(arguments: modules.keys.sorted())
    func publicSymbolsArePinned(module: String) throws {
        let pin = try #require(Self.modules[module])
        let symbols = try Self.publicSymbols(of: module)
        let topLevel = Set(symbols.compactMap { $0.split(separator: ".").first.map(String.init) })
        #expect(topLevel.sorted() == pin.topLevel.sorted(), "\(module)")
        #expect(symbols.count == pin.count, "\(module): \(symbols.count) public symbols: \(symbols)")
    }

    /// The modules of every `.library` product Package.swift declares.
    static func libraryModules(in manifest: String) -> Set<String> {
        let product = /\.library\(\s*name: "\w+",\s*targets: \[([^\]]*)\]/
        return Set(
            manifest.matches(of: product).flatMap { match in
                match.1.matches(of: /"(\w+)"/).map { String($0.1) }
            })
    }

    /// A module's public symbols, each as its path (`Type.member`), sorted; members it adds to other modules'
    /// types are named with that module (`@Swift.Double.member`).
    static func publicSymbols(of module: String) throws -> [String] {
        let modules = try #require(Self.modulesFolder(), "no Modules folder beside the test bundle")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("symbols-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        var arguments = [
            "symbolgraph-extract", "-module-name", module, "-I", modules.path, "-minimum-access-level", "public",
            "-output-dir", output.path,
        ]
        for map in ["CCairo", "CPixman", "CLibXML2"] {
            arguments += [
                "-Xcc", "-fmodule-map-file=" + Self.root.appendingPathComponent("Sources/\(map)/module.modulemap").path,
            ]
        }
        // GRDB's SQLite module, which StrokeBenchCLI reaches through StrokeBenchHistory: in the build's checkouts.
        var folder = modules
        for _ in 0..<4 {
            folder.deleteLastPathComponent()
            let map = folder.appendingPathComponent("checkouts/GRDB.swift/Sources/GRDBSQLite/module.modulemap")
            if FileManager.default.fileExists(atPath: map.path) {
                arguments += ["-Xcc", "-fmodule-map-file=" + map.path]
                break
            }
        }
        arguments += try Self.pkgConfigIncludes().flatMap { ["-Xcc", $0] }
        let status = try Self.run("/usr/bin/env", ["swift"] + arguments)
        try #require(status == 0, "swift symbolgraph-extract of \(module) exits \(status)")
        var paths: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: output.path) where file.hasSuffix(".json") {
            let graph =
                try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent(file)))
                as? [String: Any]
            let symbols = try #require(graph?["symbols"] as? [[String: Any]])
            // `Module@Other.symbols.json`: members added to Other's types, named `@Other.Type.member`.
            let extended = file.split(separator: "@").dropFirst().first.map {
                ["@" + $0.dropLast(".symbols.json".count)]
            }
            paths += symbols.compactMap { symbol in
                (symbol["pathComponents"] as? [String]).map { ((extended ?? []) + $0).joined(separator: ".") }
            }
        }
        return paths.sorted()
    }

    /// The folder of the modules this build made: beside the test bundle.
    static func modulesFolder() -> URL? {
        var folder = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = folder.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("StrokeBench.swiftmodule").path)
            {
                return candidate
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    static func pkgConfigIncludes() throws -> [String] {
        let pipe = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pkg-config", "--cflags-only-I", "cairo", "pixman-1", "libxml-2.0"]
        // A folder that outlives the child: tests that run commands in process move this process's
        // working folder into scratch folders they delete, and a child that inherits a deleted working
        // folder can crash looking it up (the Swift driver did, in CI).
        process.currentDirectoryURL = FileManager.default.temporaryDirectory
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).map(String.init)
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        // A folder that outlives the child: tests that run commands in process move this process's
        // working folder into scratch folders they delete, and a child that inherits a deleted working
        // folder can crash looking it up (the Swift driver did, in CI).
        process.currentDirectoryURL = FileManager.default.temporaryDirectory
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
