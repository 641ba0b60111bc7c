import BenchTestSupport
import Foundation
import Testing

/// Every option is checked before any work starts: exit 64 for bad usage (with the valid names
/// where there is a list), 74 for paths that cannot be read or written, one line on stderr, and
/// nothing written.
@Suite struct OptionTests {
    @Test(arguments: [
        (["run", "--strategy", "fastest"], "unknown strategy 'fastest'; valid: null, naive, point-array, dirty-rect"),
        (
            ["run", "--strategy", "naive", "--device", "iphone-99"],
            "unknown device 'iphone-99'; valid: iphone-6s, iphone-15-pro, ipad-pro-11, ipad-pro-12.9"
        ),
        (["run", "--strategy", "naive", "--hz", "0"], "--hz must be a rate in 1...1000 Hz"),
        (["run", "--strategy", "naive", "--hz", "-60"], "--hz must be a rate in 1...1000 Hz"),
        (["run", "--strategy", "naive", "--hz", "1e9"], "--hz must be a rate in 1...1000 Hz"),
        (["run", "--strategy", "naive", "--hz", "0.0001"], "--hz must be a rate in 1...1000 Hz, not 0.0001"),
        (
            ["sweep", "--strategies", "naive", "--hz", "60,0.0001", "--output", "sw"],
            "--hz must be a rate in 1...1000 Hz, not 0.0001"
        ),
        (
            ["trace", "generate", "--seed", "1", "--rate", "0.0001", "--output", "g.trace"],
            "--rate must be a rate in 30...1000 Hz, not 0.0001"
        ),
        (
            ["trace", "resample", "ok.trace", "--rate", "5000", "--output", "r.trace"],
            "--rate must be a rate in 30...1000 Hz, not 5000.0"
        ),
        (
            ["trace", "import", "--format", "dollar1", "g.xml", "--resample", "0", "--output", "i.trace"],
            "--resample must be a rate in 30...1000 Hz, not 0.0"
        ),
        (["trace", "generate", "--kind", "spiral", "--output", "s.trace"], "--kind spiral needs --device NAME"),
        (
            ["trace", "generate", "--kind", "spiral", "--device", "ipad-pro-11", "--seed", "3", "--output", "s.trace"],
            "--seed does not apply to --kind spiral"
        ),
        (
            [
                "trace", "generate", "--kind", "spiral", "--device", "ipad-pro-11", "--canvas", "400x400", "--output",
                "s.trace",
            ],
            "--canvas does not apply to --kind spiral"
        ),
        (
            ["trace", "generate", "--kind", "scribble", "--output", "g.trace"],
            "Missing expected argument '--seed <seed>'"
        ),
        (
            ["trace", "generate", "--seed", "1", "--device", "ipad-pro-11", "--output", "g.trace"],
            "--device applies to --kind spiral only"
        ),
        (["run", "--strategy", "async-pool", "--workers", "0"], "--workers must be 1...16"),
        (["run", "--strategy", "async-pool", "--workers", "17"], "--workers must be 1...16"),
        (["run", "--strategy", "naive", "--clock", "sundial"], "'sundial' is invalid for '--clock"),
        (["sweep", "--strategies", "naive,fastest", "--output", "sw"], "unknown strategy 'fastest'"),
        (["sweep", "--strategies", "naive", "--shard", "3/2", "--output", "sw"], "--shard must be I/N"),
    ])
    func badUsageExits64WithOneLine(_ arguments: [String], _ words: String) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try BenchTool.run(arguments, in: folder)
        #expect(outcome.status == 64)
        #expect(outcome.stderrLines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.hasPrefix("bench: ") && outcome.stderr.contains(words), "\(outcome.stderr)")
        #expect(outcome.stdout.isEmpty)
        #expect(try snapshot(of: folder).isEmpty)  // nothing written: no sw/, no trace
    }

    /// Unwritable outputs fail before the replay: in the realtime clock the default trace would take
    /// half a minute, and nothing (no progress, no table) comes out before the error.
    @Test(arguments: [
        (
            ["--csv", "no/such/folder/frames.csv"],
            "no/such/folder/frames.csv: cannot write the --csv file: folder no/such/folder does not exist"
        ),
        (["--png", "."], ".: cannot write the --png file: it is a folder"),
        (
            ["--png", "small.trace/final.png"],
            "small.trace/final.png: cannot write the --png file: folder small.trace does not exist"
        ),
        (
            ["--timeline", "no/such/folder/t.json"],
            "no/such/folder/t.json: cannot write the --timeline file: folder no/such/folder does not exist"
        ),
        (["--timeline", "."], ".: cannot write the --timeline file: it is a folder"),
    ])
    func unwritableOutputsExit74BeforeAnyWork(_ output: [String], _ message: String) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(smallTrace, to: "small.trace", in: folder)
        let outcome = try BenchTool.run(["run", "--strategy", "naive", "--clock", "realtime"] + output, in: folder)
        #expect(outcome.status == 74)
        #expect(outcome.stderr == "bench: \(message)\n")
        #expect(outcome.stdout.isEmpty)
    }

    @Test func anUnreadableTraceExits74() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try BenchTool.run(quickRun + ["--trace", "missing.trace"], in: folder)
        #expect(outcome.status == 74)
        #expect(outcome.stderr == "bench: missing.trace: cannot read the trace file: no such file\n")
    }
}
