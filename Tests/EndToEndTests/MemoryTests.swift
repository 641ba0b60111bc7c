import BenchTestSupport
import Foundation
import Testing

/// Memory, which only a process of its own shows (`peak_memory_mb` is the process's peak): each
/// command runs the built `bench`.
@Suite(.enabled(if: EndToEnd.enabled, EndToEnd.reason)) struct MemoryTests {
    /// The timeline streams: a replay long enough that holding its timeline would show (a file of
    /// some 40 MB) peaks at about the same memory with `--timeline` as without. (An hour-long replay,
    /// measured by hand, is in docs/timeline.md.)
    @Test func aLongReplayWithATimelineKeepsFlatMemory() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = try BenchTool.spawn(
            ["trace", "generate", "--seed", "1", "--duration", "180", "--output", "long.trace"], in: folder)
        try #require(generated.status == 0, "\(generated.stderr)")
        func peakMB(_ extra: [String]) throws -> Double {
            // A strategy that shows ink, so that the timeline holds its flows from samples to pictures
            // (null draws nothing, and its timeline has none).
            let outcome = try BenchTool.spawn(
                [
                    "run", "--strategy", "dirty-rect", "--trace", "long.trace", "--clock", "virtual",
                    "--costs", "zero", "--format", "json",
                ] + extra, in: folder)
            try #require(outcome.status == 0, "\(outcome.stderr)")
            let summary = try #require(
                try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
            return try #require((summary["peak_memory_mb"] as? NSNumber)?.doubleValue)
        }
        let without = try peakMB([])
        let with = try peakMB(["--timeline", "long.json"])
        let fileMB =
            Double(
                try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("long.json").path)[.size]
                    as! Int) / 1e6
        #expect(fileMB > 15)
        #expect(
            with - without < max(4, fileMB / 4), "peak \(with) MB with a \(fileMB) MB timeline, \(without) MB without")
    }

    /// Memory grows with the work, not the clock (issue 48): a valid two-sample trace a week long, the
    /// longest the reader accepts, replays at 120 Hz (72 million vsyncs) in under 500 MB. It needed
    /// 2.8 GB at 60 Hz and aborted under 4 GB at 120 Hz while per-vsync figures were kept in arrays.
    /// The release build (CI's): the debug one takes fifteen times as long for the same figure.
    @Test(.enabled(if: BenchTool.release != nil, "needs STROKEBENCH_RELEASE_BENCH"), .timeLimit(.minutes(10)))
    func aWeekLongTraceReplaysInBoundedMemory() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(
            "strokebench-trace 2\ncanvas 16 16\nstroke\n0 1 1\n604800 2 2\nend 2 1\n", to: "week.trace", in: folder)
        let outcome = try BenchTool.spawn(
            [
                "run", "--strategy", "null", "--device", "ipad-pro-11", "--clock", "virtual", "--costs", "zero",
                "--trace", "week.trace", "--format", "json",
            ], in: folder, using: BenchTool.release)
        try #require(outcome.status == 0, "\(outcome.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let peak = try #require((summary["peak_memory_mb"] as? NSNumber)?.doubleValue)
        #expect(peak < 500, "a week at 120 Hz peaks at \(peak) MB")
        #expect((summary["frames"] as? Int ?? 0) > 72_000_000)
    }
}
