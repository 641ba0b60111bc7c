import Foundation
import Testing

/// What `import StrokeBench` gives a strategy author, pinned: the module's own public symbols, read from
/// its symbol graph (`swift symbolgraph-extract` on the module this build made), and the types it
/// re-exports from StrokeBenchCanvas and StrokeBenchSpec, named one by one in its Exports.swift. A change
/// to either is a change to the strategy API: update the list here on purpose, and docs/strategies.md.
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

    @Test func theModulesOwnPublicSymbolsArePinned() throws {
        let modules = try #require(Self.modulesFolder(), "no Modules folder beside the test bundle")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("symbols-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        var arguments = [
            "symbolgraph-extract", "-module-name", "StrokeBench", "-I", modules.path, "-minimum-access-level", "public",
            "-output-dir", output.path,
        ]
        for map in ["CCairo", "CPixman"] {
            arguments += [
                "-Xcc", "-fmodule-map-file=" + Self.root.appendingPathComponent("Sources/\(map)/module.modulemap").path,
            ]
        }
        arguments += try Self.pkgConfigIncludes().flatMap { ["-Xcc", $0] }
        let status = try Self.run("/usr/bin/env", ["swift"] + arguments)
        try #require(status == 0, "swift symbolgraph-extract exits \(status)")
        let graph =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: output.appendingPathComponent("StrokeBench.symbols.json"))) as? [String: Any]
        let symbols = try #require(graph?["symbols"] as? [[String: Any]])
        let topLevel = Set(symbols.compactMap { ($0["pathComponents"] as? [String])?.first })
        #expect(topLevel.sorted() == Self.own.sorted())
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
        process.arguments = ["pkg-config", "--cflags-only-I", "cairo", "pixman-1"]
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
