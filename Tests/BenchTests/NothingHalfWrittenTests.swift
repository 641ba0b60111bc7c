import BenchTestSupport
import Foundation
import StrokeBenchMetrics
import Testing

/// Outputs are written to a temporary file and renamed into place, so a reader sees the previous
/// file, none, or the whole new one; a sweep stopped with Ctrl-C keeps its finished runs.
@Suite struct NothingHalfWrittenTests {
    @Test func anAtomicWriteReplacesTheFileAndLeavesNothingBeside() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.csv").path
        try AtomicFile.write("old\n", to: path)
        try AtomicFile.write("new\n", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
        #expect(try partialFiles(in: folder).isEmpty)
    }

    @Test func aWriteThatFailsHalfwayLeavesThePreviousFile() throws {
        struct Crash: Error {}
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.csv").path
        try AtomicFile.write("previous\n", to: path)
        #expect(throws: Crash.self) {
            try AtomicFile.write(to: path) { temporary in
                try Data("half of the new fi".utf8).write(to: URL(fileURLWithPath: temporary))
                throw Crash()
            }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "previous\n")
        #expect(try partialFiles(in: folder).isEmpty)
    }

    /// A run that fails (here on a bad trace) leaves every output it was asked for as it was.
    @Test func aFailedRunLeavesThePreviousOutputs() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("strokebench-trace 1\ncanvas 100 80\nstroke\n0.5 1 1\n0.4 2 2\n", to: "bad.trace", in: folder)
        try write("frame,previous\n", to: "frames.csv", in: folder)
        try write("{\"traceEvents\":[]}\n", to: "timeline.json", in: folder)
        let outcome = try BenchTool.run(
            quickRun + [
                "--trace", "bad.trace", "--csv", "frames.csv", "--png", "final.png",
                "--timeline", "timeline.json",
            ], in: folder)
        #expect(outcome.status == 65)
        #expect(
            try String(contentsOf: folder.appendingPathComponent("frames.csv"), encoding: .utf8) == "frame,previous\n")
        #expect(
            try String(contentsOf: folder.appendingPathComponent("timeline.json"), encoding: .utf8)
                == "{\"traceEvents\":[]}\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("final.png").path))
        #expect(try partialFiles(in: folder).isEmpty)
    }

    /// Ctrl-C during a sweep: the run in progress finishes, the finished runs are kept in
    /// summary.csv and frames/, the exit status is 130 and stderr says how to finish; `--resume`
    /// then runs only what is missing.
    @Test(.timeLimit(.minutes(2)))
    func anInterruptedSweepKeepsItsFinishedRuns() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Realtime runs of a 2 s trace: long enough to interrupt one while it runs.
        let generated = try BenchTool.run(
            ["trace", "generate", "--seed", "3", "--duration", "2", "--output", "t.trace"], in: folder)
        try #require(generated.status == 0, "\(generated.stderr)")
        let sweep = [
            "sweep", "--strategies", "null,naive,dirty-rect,flattened", "--devices", "iphone-6s", "--traces", "t.trace",
            "--clock", "realtime", "--output", "sw",
        ]
        let (process, out, err) = try await BenchTool.start(sweep, in: folder)
        let summary = folder.appendingPathComponent("sw/summary.csv")
        // Wait until the first run is in summary.csv (a header and one row), then interrupt the second.
        let firstRunKept = try await poll(
            until: {
                (try? String(contentsOf: summary, encoding: .utf8))?.split(whereSeparator: \.isNewline).count ?? 0 >= 2
            }, while: { process.isRunning })
        guard firstRunKept else {
            process.terminate()
            let early = try await BenchTool.outcome(of: process, out, err)
            Issue.record("the sweep ended (status \(early.status)) or stalled before its first run: \(early.stderr)")
            return
        }
        kill(process.processIdentifier, SIGINT)
        let outcome = try await BenchTool.outcome(of: process, out, err)

        #expect(outcome.status == 130)
        #expect(outcome.stderr.contains("interrupted: 2 of 4 runs finished and kept in sw"), "\(outcome.stderr)")
        let rows = try String(contentsOf: summary, encoding: .utf8).split(whereSeparator: \.isNewline)
        #expect(rows.count == 3)  // the header, the finished run and the one that was running
        let frames = try FileManager.default.contentsOfDirectory(
            atPath: folder.appendingPathComponent("sw/frames").path)
        #expect(frames.count == 2)
        #expect(try partialFiles(in: folder.appendingPathComponent("sw")).isEmpty)

        // A process, not in process: its two realtime runs sleep through 4 s, which in process would hold
        // the in-process command lock (and a test thread) all the while.
        let resumed = try await BenchTool.spawn(sweep + ["--resume"], in: folder)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("resuming: 2 of 4 runs already in sw"))
        #expect(try String(contentsOf: summary, encoding: .utf8).split(whereSeparator: \.isNewline).count == 5)
    }
}
