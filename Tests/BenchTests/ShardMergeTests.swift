import BenchTestSupport
import Foundation
import Testing

/// Issue 21: `bench sweep merge` is reachable, and a study spread over machines comes back whole.
/// Three shards run at once (as a CI matrix or `xargs -P 3` would run them), are merged, and give
/// the one-machine sweep's runs and counters.
@Suite struct ShardMergeTests {
    static let sweep = [
        "sweep", "--strategies", "naive,dirty-rect,flattened,null", "--devices", "ipad-pro-11,iphone-6s",
        "--traces", "ok.trace", "--costs", "zero",
    ]
    /// Columns that depend on the machine or the moment, not on the plan: left out of the comparison.
    static let varying: Set<String> = ["cpu_s", "peak_memory_mb", "run_id", "frames_csv", "run"]

    @Test func threeShardsRunAtOnceMergeIntoTheOneMachineSweep() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(smallTraceV2, to: "ok.trace", in: folder)
        let whole = try BenchTool.run(Self.sweep + ["--output", "whole"], in: folder)
        #expect(whole.status == 0, "\(whole.stderr)")

        let shards = try (1...3).map {
            try BenchTool.start(Self.sweep + ["--shard", "\($0)/3", "--output", "part\($0)"], in: folder)
        }
        for (process, out, err) in shards {
            let outcome = try await BenchTool.outcome(of: process, out, err)
            #expect(outcome.status == 0, "\(outcome.stderr)")
        }
        let merge = try BenchTool.run(["sweep", "merge", "part1", "part2", "part3", "--output", "merged"], in: folder)
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(merge.stdout.hasPrefix("merged 8 runs from 3 parts into merged"))

        let expected = try Self.rows(folder.appendingPathComponent("whole/summary.csv"))
        let merged = try Self.rows(folder.appendingPathComponent("merged/summary.csv"))
        #expect(expected.count == 8)
        #expect(merged == expected)
        for row in try Self.rawRows(folder.appendingPathComponent("merged/summary.csv")) {
            #expect(
                FileManager.default.fileExists(
                    atPath: folder.appendingPathComponent("merged/" + row["frames_csv"]!).path))
        }
    }

    @Test func mergeHasItsOwnHelp() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try BenchTool.run(["sweep", "merge", "--help"], in: folder)
        #expect(outcome.status == 0)
        #expect(outcome.stdout.hasPrefix("OVERVIEW: Join the parts of a sweep run with --shard into one sweep folder."))
        #expect(outcome.stdout.contains("USAGE: bench sweep merge <parts> ... [--output <output>] [--allow-partial]"))
    }

    @Test func sweepHelpShowsTheSweepsOptions() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for arguments in [["sweep", "--help"], ["sweep", "-h"], ["help", "sweep"]] {
            let outcome = try BenchTool.run(arguments, in: folder)
            #expect(outcome.status == 0)
            let text = outcome.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(text.contains("`default` is the built-in 30 s generated session"))
            // The modes are the run options' own declarations (one group), each a comma-separated axis here.
            #expect(text.contains("or 'model', the device cost model"))
            #expect(text.contains("--input <input> recorded"))
            #expect(text.contains("bench sweep merge <parts> ... --output <dir>"))
        }
    }

    /// Each row of a summary.csv without the columns that vary between machines and moments,
    /// sorted by configuration.
    static func rows(_ url: URL) throws -> [[String: String]] {
        try rawRows(url).map { $0.filter { !varying.contains($0.key) } }
            .sorted {
                ($0["strategy"]!, $0["device"]!, $0["hz"]!, $0["repetition"]!) < (
                    $1["strategy"]!, $1["device"]!, $1["hz"]!, $1["repetition"]!
                )
            }
    }

    static func rawRows(_ url: URL) throws -> [[String: String]] {
        let lines = try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline).map(String.init)
        let header = lines[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        return lines.dropFirst().map { line in
            Dictionary(
                uniqueKeysWithValues: zip(
                    header, line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)))
        }
    }
}
