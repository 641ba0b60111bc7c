import BenchTestSupport
import Foundation
import StrokeBenchStrategies
import Testing

/// A dry replay (zero or modelled costs) counts the work without rasterizing it; `--raster` draws it.
/// Everything but the picture must be the same, byte for byte, and a sweep's files must not depend on
/// how many runs went at once.
@Suite struct DryReplayTests {
    /// Every strategy, at both costs that replay dry: the per-frame CSV, the timeline and the summary
    /// (but for the picture, which only the rasterized replay has, and this machine's CPU time and memory)
    /// are identical.
    @Test(arguments: StrategyCatalog.builtIn.names, ["model", "zero"])
    func aDryReplayEqualsARasterizedOne(strategy: String, costs: String) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Absolute paths: the commands need no working folder, so the cases run side by side.
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let generated = BenchTool.run(absolute: [
            "trace", "generate", "--seed", "11", "--duration", "1", "--output", path("t.trace"),
        ])
        try #require(generated.status == 0, "\(generated.stderr)")
        func replay(_ name: String, _ extra: [String]) throws -> [String: Any] {
            let outcome = BenchTool.run(
                absolute: [
                    "run", "--strategy", strategy, "--trace", path("t.trace"), "--clock", "virtual",
                    "--costs", costs, "--csv", path("\(name).csv"), "--timeline", path("\(name).json"),
                    "--format", "json",
                ] + extra)
            try #require(outcome.status == 0, "\(outcome.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        }
        var dry = try replay("dry", [])
        var rasterized = try replay("raster", ["--raster"])
        #expect(dry["picture"] == nil, "a dry replay has no picture to compare")
        #expect(rasterized["picture"] != nil)
        for key in ["picture", "cpu_s", "peak_memory_mb"] {
            dry[key] = nil
            rasterized[key] = nil
        }
        #expect(NSDictionary(dictionary: dry) == NSDictionary(dictionary: rasterized))
        for file in ["csv", "json"] {
            let a = try Data(contentsOf: folder.appendingPathComponent("dry.\(file)"))
            let b = try Data(contentsOf: folder.appendingPathComponent("raster.\(file)"))
            #expect(a == b, "the dry and rasterized \(file) differ")
            #expect(a.count > 100)
        }
    }

    /// `--png` needs the picture, so it rasterizes, and the table says when a picture was not drawn.
    @Test func aPictureIsDrawnWhenOneIsAskedFor() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(smallTraceV2, to: "s.trace", in: folder)
        let dry = try BenchTool.run(quickRun + ["--trace", "s.trace"], in: folder)
        #expect(dry.status == 0)
        #expect(dry.stdout.contains("final picture") && dry.stdout.contains("not drawn"), "\(dry.stdout)")
        let drawn = try BenchTool.run(quickRun + ["--trace", "s.trace", "--png", "p.png"], in: folder)
        #expect(drawn.status == 0, "\(drawn.stderr)")
        #expect(drawn.stdout.contains("matches the reference"), "\(drawn.stdout)")
        let png = try Data(contentsOf: folder.appendingPathComponent("p.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    /// Runs side by side write the same files as runs one after another: the summary in the plan's
    /// order, every per-frame CSV byte for byte.
    @Test func sweepJobsDoNotChangeTheFiles() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(smallTraceV2, to: "s.trace", in: folder)
        func sweep(_ jobs: String) throws -> URL {
            let outcome = try BenchTool.run(
                [
                    "sweep", "--strategies", "all", "--devices", "iphone-6s",
                    "--traces", "s.trace", "--costs", "model", "--jobs", jobs, "--output", "j\(jobs)",
                ],
                in: folder)
            try #require(outcome.status == 0, "\(outcome.stderr)")
            return folder.appendingPathComponent("j\(jobs)")
        }
        let one = try sweep("1")
        let two = try sweep("2")
        func summary(_ url: URL) throws -> [[String]] {
            let text = try String(contentsOf: url.appendingPathComponent("summary.csv"), encoding: .utf8)
            let rows = text.split(whereSeparator: \.isNewline).map {
                $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            }
            // cpu_s and peak_memory_mb are this machine's, measured; everything else is counted or modelled.
            let skip = Set(["cpu_s", "peak_memory_mb"].compactMap { rows[0].firstIndex(of: $0) })
            return rows.map { $0.enumerated().filter { !skip.contains($0.offset) }.map(\.element) }
        }
        let rows = try summary(one)
        #expect(rows.count == StrategyCatalog.builtIn.names.count + 1)
        #expect(rows == (try summary(two)))
        let frames = try FileManager.default.contentsOfDirectory(atPath: one.appendingPathComponent("frames").path)
        #expect(frames.count == StrategyCatalog.builtIn.names.count)
        for name in frames {
            let a = try Data(contentsOf: one.appendingPathComponent("frames/\(name)"))
            let b = try Data(contentsOf: two.appendingPathComponent("frames/\(name)"))
            #expect(a == b, "frames/\(name) differs between --jobs 1 and 2")
        }
    }

    /// Measured costs time the work on this machine: runs side by side would slow each other.
    @Test func measuredCostsRefuseJobs() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try BenchTool.run(["sweep", "--strategies", "null", "--jobs", "2", "--output", "o"], in: folder)
        #expect(outcome.status == 64)
        #expect(
            outcome.stderrLines.contains { $0.contains("--jobs 2 needs --costs zero or model") }, "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("o").path))
    }
}
