import BenchTestSupport
import Foundation
import Testing

/// SIGINT and SIGTERM during a realtime `bench run` or a sweep: the temporary file of every write in
/// progress is removed, the last stderr line says what was kept, and the exit status is 130 or 143.
/// A run killed outright (SIGKILL) leaves its temporary file; the next write to that name removes it.
@Suite(.timeLimit(.minutes(2))) struct InterruptionTests {
    /// The default trace replays for half a minute in the realtime clock: long enough to interrupt.
    static let realtimeRun = [
        "run", "--strategy", "naive", "--device", "iphone-6s", "--clock", "realtime", "--csv", "f.csv", "--png",
        "f.png",
    ]

    @Test(arguments: [(SIGINT, "SIGINT", Int32(130)), (SIGTERM, "SIGTERM", 143)])
    func aSignalDuringARunRemovesTheTemporaryFile(_ signal: Int32, _ name: String, _ status: Int32) async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("frame,previous\n", to: "f.csv", in: folder)  // an earlier run's output, to be kept
        let before = try snapshot(of: folder)

        let outcome = try await Self.interrupt(Self.realtimeRun, in: folder, with: signal) {
            try !writesUnderWay(in: folder).isEmpty
        }
        #expect(outcome.status == status)
        #expect(
            outcome.stderrLines.last
                == "bench: interrupted by \(name): wrote nothing, every file is as it was (removed the temporary file of the unfinished f.csv)",
            "\(outcome.stderr)")
        // Nothing else: progress, then that one line (no crash report, no sanitizer report).
        #expect(outcome.stderrLines.dropLast().allSatisfy { $0.hasPrefix("replaying ") }, "\(outcome.stderr)")
        #expect(try snapshot(of: folder) == before)
    }

    /// A run writing frames and a timeline at once: both temporary files go, and the line names both.
    @Test func aSignalDuringARunWithATimelineRemovesBothTemporaryFiles() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = Self.realtimeRun + ["--timeline", "t.json"]
        let outcome = try await Self.interrupt(run, in: folder, with: SIGINT) {
            try writesUnderWay(in: folder).count == 2
        }
        #expect(outcome.status == 130)
        let last = String(outcome.stderrLines.last ?? "")
        #expect(
            last.hasPrefix(
                "bench: interrupted by SIGINT: wrote nothing, every file is as it was (removed the temporary files of the unfinished "
            ),
            "\(outcome.stderr)")
        #expect(last.contains("f.csv") && last.contains("t.json"), "\(last)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// An output written in place (`-` here) has no temporary file: the line says it is incomplete
    /// rather than "wrote nothing" (issue 21).
    @Test func aSignalDuringAnInPlaceWriteSaysItIsIncomplete() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = ["run", "--strategy", "naive", "--device", "iphone-6s", "--clock", "realtime", "--csv", "-"]
        // The replay's first progress line comes once the in-place write has begun.
        let outcome = try await Self.interrupt(run, in: folder, with: SIGINT) {
            try FileManager.default.contentsOfDirectory(atPath: folder.path).contains { name in
                name.hasPrefix(".stderr-")
                    && (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))?.contains(
                        "replaying") == true
            }
        }
        #expect(outcome.status == 130)
        #expect(
            outcome.stderrLines.last
                == "bench: interrupted by SIGINT: finished no output; - is incomplete: written in place, as far as the replay got",
            "\(outcome.stderr)")
    }

    /// SIGTERM stops a sweep at once (SIGINT first lets the run in progress finish): the finished
    /// runs are kept and the line says so.
    @Test func aSweepStoppedBySIGTERMSaysWhatItKept() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = try BenchTool.run(
            ["trace", "generate", "--seed", "3", "--duration", "3", "--output", "t.trace"], in: folder)
        try #require(generated.status == 0, "\(generated.stderr)")
        let sweep = [
            "sweep", "--strategies", "null,naive", "--devices", "iphone-6s", "--traces", "t.trace", "--clock",
            "realtime", "--output", "sw",
        ]
        let summary = folder.appendingPathComponent("sw/summary.csv")
        let frames = folder.appendingPathComponent("sw/frames")
        // The first run is in summary.csv and the second is writing its frames.
        let outcome = try await Self.interrupt(sweep, in: folder, with: SIGTERM) {
            (try? String(contentsOf: summary, encoding: .utf8))?.split(whereSeparator: \.isNewline).count ?? 0 >= 2
                && !((try? writesUnderWay(in: frames)) ?? []).isEmpty
        }
        #expect(outcome.status == 143)
        let last = String(outcome.stderrLines.last ?? "")
        #expect(
            last.hasPrefix(
                "bench: interrupted by SIGTERM: kept the finished runs in sw; --resume finishes the sweep (removed the temporary file of the unfinished sw/frames/"
            ),
            "\(outcome.stderr)")
        #expect(try String(contentsOf: summary, encoding: .utf8).split(whereSeparator: \.isNewline).count == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: frames.path).count == 1)
        #expect(try partialFiles(in: folder.appendingPathComponent("sw")).isEmpty)
        #expect(try partialFiles(in: frames).isEmpty)
    }

    @Test func aTemporaryFileLeftBySIGKILLIsRemovedByTheNextWrite() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (process, out, err) = try await BenchTool.start(Self.realtimeRun, in: folder)
        try await Self.wait(for: process) { try !writesUnderWay(in: folder).isEmpty }
        kill(process.processIdentifier, SIGKILL)
        _ = try await BenchTool.outcome(of: process, out, err)
        let left = try partialFiles(in: folder)
        try #require(left.count == 1 && left[0].hasPrefix(".f.csv.partial-\(process.processIdentifier)-"), "\(left)")
        // A live process's temporary file is another write in progress: it must be kept.
        let live = ".f.csv.partial-\(getpid())-1"
        try write("in progress\n", to: live, in: folder)

        try write(smallTraceV2, to: "ok.trace", in: folder)
        let next = try BenchTool.run(quickRun + ["--trace", "ok.trace", "--csv", "f.csv"], in: folder)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try partialFiles(in: folder) == [live])
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("f.csv").path))
    }

    /// Starts `arguments`, waits until `ready`, sends `signal` and collects the outcome.
    static func interrupt(_ arguments: [String], in folder: URL, with signal: Int32, when ready: () throws -> Bool)
        async throws -> BenchOutcome
    {
        let (process, out, err) = try await BenchTool.start(arguments, in: folder)
        try await wait(for: process, until: ready)
        kill(process.processIdentifier, signal)
        return try await BenchTool.outcome(of: process, out, err)
    }

    /// Polls `ready` while `process` runs; fails if it ends or a minute passes first.
    static func wait(for process: Process, until ready: () throws -> Bool) async throws {
        guard try await poll(until: ready, while: { process.isRunning }) else {
            process.terminate()
            await process.exited()
            throw WaitError(status: process.terminationStatus)
        }
    }

    struct WaitError: Error, CustomStringConvertible {
        var status: Int32
        var description: String { "bench ended (status \(status)) or stalled before it was ready to be interrupted" }
    }
}
