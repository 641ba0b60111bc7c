import BenchTestSupport
import Foundation
import Testing

/// Memory, which only a process of its own shows (`peak_memory_mb` is the process's peak): each
/// command runs the built `bench`.
@Suite(.enabled(if: EndToEnd.enabled, EndToEnd.reason)) struct MemoryTests {
    /// The timeline streams: a replay long enough that holding its timeline would show (a file of
    /// some 20 MB) peaks at about the same memory with `--timeline` as without. (An hour-long replay,
    /// measured by hand, is in docs/timeline.md.)
    @Test func aLongReplayWithATimelineKeepsFlatMemory() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = try BenchTool.spawn(["trace", "generate", "--seed", "1", "--duration", "180", "--output", "long.trace"], in: folder)
        try #require(generated.status == 0, "\(generated.stderr)")
        func peakMB(_ extra: [String]) throws -> Double {
            let outcome = try BenchTool.spawn(["run", "--strategy", "null", "--trace", "long.trace", "--clock", "virtual",
                                             "--costs", "zero", "--format", "json"] + extra, in: folder)
            try #require(outcome.status == 0, "\(outcome.stderr)")
            let summary = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
            return try #require((summary["peak_memory_mb"] as? NSNumber)?.doubleValue)
        }
        let without = try peakMB([]), with = try peakMB(["--timeline", "long.json"])
        let fileMB = Double(try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("long.json").path)[.size] as! Int) / 1e6
        #expect(fileMB > 15)
        #expect(with - without < max(4, fileMB / 4), "peak \(with) MB with a \(fileMB) MB timeline, \(without) MB without")
    }
}
