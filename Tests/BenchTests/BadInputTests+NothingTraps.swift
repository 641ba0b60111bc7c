import BenchTestSupport
import Foundation
import StrokeBenchCLI
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchReplay
import StrokeBenchReports
import Testing

/// Issue 48, tried as a hostile or careless user would: device data read but not checked, the
/// harness's own scaling, folders read and written, answers that were silently wrong. Each case must
/// end in its documented status with one line naming the file and field; none may trap, hang or exit 1.
@Suite struct NothingTrapsTests {
    /// Runs the `bench` executable with `environment` added, killing it after `timeout` seconds (status
    /// 124, as `timeout(1)` gives) so that a hang fails the test instead of stalling the suite.
    static func spawn(
        _ arguments: [String], in folder: URL, environment: [String: String] = [:], path: String? = nil,
        timeout: TimeInterval = 120
    ) async throws -> BenchOutcome {
        let process = Process()
        process.executableURL = path.map { _ in URL(fileURLWithPath: "/usr/bin/env") } ?? BenchTool.executable
        process.arguments = path.map { _ in ["bench"] + arguments } ?? arguments
        process.currentDirectoryURL = folder
        var env = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let path { env["PATH"] = path }
        process.environment = env
        let out = folder.appendingPathComponent(".out-\(UUID().uuidString)")
        let err = folder.appendingPathComponent(".err-\(UUID().uuidString)")
        try Data().write(to: out)
        try Data().write(to: err)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try await benchProcesses.run(process)
        let pid = process.processIdentifier
        let killer = Task {
            try await Task.sleep(for: .seconds(timeout))
            kill(pid, SIGKILL)
        }
        await process.exited()
        killer.cancel()
        let timedOut = (try? await killer.value) != nil
        var outcome = try BenchTool.collect(process, out, err)
        if timedOut { outcome.status = 124 }
        return outcome
    }

    /// The device data shipped with bench, as JSON to edit.
    static func shippedDeviceData() throws -> [String: Any] {
        let shipped = try #require(
            Bundle.allBundles.lazy.compactMap { $0.url(forResource: "device-costs", withExtension: "json") }.first
                ?? FileManager.default.enumerator(
                    at: BenchTool.executable.deletingLastPathComponent(), includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.first { $0.lastPathComponent == "device-costs.json" })
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: shipped)) as? [String: Any])
    }

    static func folderWithTrace() throws -> URL {
        let folder = try scratchFolder()
        try write(smallTraceV2, to: "ok.trace", in: folder)
        return folder
    }

    // MARK: - Device data checked by value

    /// The fitted figure's every field is checked where the file is read: 0 or 1e-300 fps trapped
    /// the fit ("Double value cannot be converted to Int64"), hz 0 a precondition, hz 1e9 a 3.4 TB
    /// allocation, strategy "null" a division by zero, and the rest exited 1.
    @Test(arguments: [
        ("fps", "0"), ("fps", "1e-300"), ("fps", "-1"), ("fps", "1000"), ("hz", "0"), ("hz", "-120"), ("hz", "1e9"),
        ("strategy", "\"null\""), ("strategy", "\"no-such\""), ("device", "\"nokia\""), ("input", "\"telepathy\""),
        ("trace", "\"other.trace\""),
    ])
    func theFittedFigureIsCheckedByValue(_ field: String, _ json: String) async throws {
        let folder = try Self.folderWithTrace()
        defer { try? FileManager.default.removeItem(at: folder) }
        var data = try Self.shippedDeviceData()
        var figure = try #require(data["fitted_figure"] as? [String: Any])
        figure[field] = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        data["fitted_figure"] = figure
        let file = folder.appendingPathComponent("ff.json")
        try JSONSerialization.data(withJSONObject: data).write(to: file)
        let outcome = try await Self.spawn(
            [
                "run", "--strategy", "naive", "--device", "iphone-6s", "--trace", "ok.trace", "--clock", "virtual",
                "--costs", "model",
            ],
            in: folder, environment: ["STROKEBENCH_DEVICE_COSTS": file.path])
        #expect(outcome.status == 65, "fitted_figure.\(field) = \(json): exit \(outcome.status): \(outcome.stderr)")
        #expect(outcome.stderrLines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(file.path) && outcome.stderr.contains("fitted_figure"), "\(outcome.stderr)")
    }

    /// A sweep of zero-cost and modelled runs refuses a bad fit before its first run, not after its
    /// zero-cost runs: no folder, no `.partial-` file.
    @Test func aSweepRefusesABadFitBeforeItsFirstRun() async throws {
        let folder = try Self.folderWithTrace()
        defer { try? FileManager.default.removeItem(at: folder) }
        var data = try Self.shippedDeviceData()
        var figure = try #require(data["fitted_figure"] as? [String: Any])
        figure["strategy"] = "null"
        data["fitted_figure"] = figure
        let file = folder.appendingPathComponent("ff.json")
        try JSONSerialization.data(withJSONObject: data).write(to: file)
        let outcome = try await Self.spawn(
            [
                "sweep", "--strategies", "null,naive", "--devices", "iphone-6s", "--traces", "ok.trace",
                "--costs", "zero,model", "--output", "s",
            ], in: folder, environment: ["STROKEBENCH_DEVICE_COSTS": file.path])
        #expect(outcome.status == 65, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("fitted_figure.strategy: 'null' moves no memory"), "\(outcome.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
            .sorted()
        #expect(left == ["ff.json", "ok.trace"])
    }

    /// A host unit cost of 1e8 ns passed the check (up to 1e9 ns) and ran a spiral for hours.
    @Test func aHostUnitCostNoHostMeasuresIsRefused() async throws {
        let folder = try Self.folderWithTrace()
        defer { try? FileManager.default.removeItem(at: folder) }
        var data = try Self.shippedDeviceData()
        var host = try #require(data["host"] as? [String: Any])
        var costs = try #require(host["unit_costs_ns"] as? [String: Any])
        costs["path_stroked"] = 1e8
        host["unit_costs_ns"] = costs
        data["host"] = host
        let file = folder.appendingPathComponent("slow.json")
        try JSONSerialization.data(withJSONObject: data).write(to: file)
        let outcome = try await Self.spawn(
            [
                "run", "--strategy", "naive", "--trace", "spiral", "--input", "max-speed", "--clock", "virtual",
                "--costs", "model",
            ],
            in: folder, environment: ["STROKEBENCH_DEVICE_COSTS": file.path], timeout: 60)
        #expect(outcome.status == 65, "\(outcome.stderr)")
        #expect(
            outcome.stderr.contains(
                "host.unit_costs_ns.path_stroked: 100000000.0 is not a unit cost this host measures"),
            "\(outcome.stderr)")
    }

    // MARK: - One mapping from errors to statuses

    struct Unknown: Error {}

    /// Every error type bench throws maps to a documented status, never the parser's undocumented 1;
    /// one bench does not know is its own fault, 70.
    @Test func everyErrorTypeHasADocumentedStatus() throws {
        var errors: [(String, any Error, Int32)] = [
            ("DeviceCostError", DeviceCostError("fitted_figure.fps: 0"), 65),
            ("DeviceCostError, unreadable", DeviceCostError("x: cannot read", cannotRead: true), 74),
            ("StrategyFailure", StrategyFailure(strategy: "s", phase: .commit, reason: "r"), 70),
            ("an unknown error", Unknown(), 70),
            ("CocoaError", CocoaError(.fileReadNoSuchFile), 74),
        ]
        // The rest are made the way bench meets them.
        do { _ = try JSONDecoder().decode([Int].self, from: Data("{".utf8)) } catch {
            errors.append(("DecodingError", error, 65))
        }
        do { _ = try DeviceCostData.load(path: "/no/such/device-costs.json") } catch {
            errors.append(("DeviceCostError from a load", error, 74))
        }
        do { _ = try SweepFolder.activeMainMs(csvAt: "/no/such.csv") } catch {
            errors.append(("SweepFolder.Failure", error, 74))
        }
        for (name, error, status) in errors {
            #expect(Bench.exitStatus(for: error) == status, "\(name): \(Bench.exitStatus(for: error))")
            #expect(Bench.exitStatus(for: error) != 1, "\(name) exits 1")
        }
    }

    // MARK: - The harness's own scaling

    /// A point inside the reader's bound but beyond the canvas's once scaled to the device: refused
    /// as the trace's fault (65, naming the line and where it landed), never a trap in dirty-rect or
    /// flattened, never a strategy blamed.
    @Test(arguments: ["dirty-rect", "flattened", "naive", "sublayer", "point-array", "null"])
    func aPointScaledBeyondTheCanvasIsTheTracesFault(_ strategy: String) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(
            "strokebench-trace 2\ncanvas 834 1194\nstroke\n0 600000 100\n0.01 100 100\nend 2 1\n", to: "far.trace",
            in: folder)
        let outcome = try BenchTool.run(
            ["run", "--strategy", strategy, "--clock", "virtual", "--costs", "zero", "--trace", "far.trace"], in: folder
        )
        #expect(outcome.status == 65)
        try expectOneLineNaming("far.trace", line: 4, reason: "lands at (1200000.0, 200.0) on the ipad-pro-11", outcome)
        #expect(!outcome.stderr.contains("it stroked"))
    }

    /// A smaller trace canvas is scaled up more: 70,000 on a 100x80 canvas lands 7.5 times as far on
    /// the iPhone 6s; a ramp of that trace is refused alike.
    @Test func aSmallCanvasScaledUpIsCheckedToo() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(
            "strokebench-trace 2\ncanvas 100 80\n# a comment\nstroke\n0 10 10\n0.01 70000 10\nend 2 1\n",
            to: "small.trace", in: folder)
        let run = try BenchTool.run(quickRun + ["--trace", "small.trace"], in: folder)
        #expect(run.status == 65)
        try expectOneLineNaming("small.trace", line: 6, reason: "on the iphone-6s", run)
        let ramp = try BenchTool.run(
            ["ramp", "--strategy", "naive", "--device", "iphone-6s", "--costs", "zero", "--trace", "small.trace"],
            in: folder)
        #expect(ramp.status == 65, "\(ramp.stderr)")
    }

    /// No force-unwrap in the built-in strategies: a `!` after a name, `)` or `]` that is not `!=`.
    @Test func theBuiltInsHoldNoForceUnwrap() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Sources/StrokeBenchStrategies")
        let files = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count >= 8)
        let unwrap = try NSRegularExpression(pattern: #"[A-Za-z0-9_)\]]![^=]"#)
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                // Code only: comments and string literals may say "!".
                var code = String(
                    line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                code = code.replacingOccurrences(of: #""[^"]*""#, with: "\"\"", options: .regularExpression) + " "
                let found = unwrap.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil
                #expect(!found, "\(file):\(number + 1): a force-unwrap: \(line)")
            }
        }
    }

    // MARK: - Folders

    /// A sweep of two runs in `folder/name`.
    static func sweep(_ name: String, in folder: URL, extra: [String] = []) throws {
        let outcome = try BenchTool.run(
            [
                "sweep", "--strategies", "null,naive", "--devices", "iphone-6s", "--costs", "zero",
                "--traces", "ok.trace", "--output", name,
            ] + extra, in: folder)
        try #require(outcome.status == 0, "\(outcome.stderr)")
    }

    /// A FIFO where a study's per-frame CSV belongs, and behind --append or ramp --baseline, is
    /// refused at once, never opened and waited on.
    @Test func aFIFOInAStudyOrBehindAppendIsRefusedAtOnce() async throws {
        let folder = try Self.folderWithTrace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.sweep("base", in: folder)
        try Self.sweep("tr", in: folder)
        let frames = folder.appendingPathComponent("tr/frames")
        let csv = try #require(try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted().first)
        try FileManager.default.removeItem(at: frames.appendingPathComponent(csv))
        #expect(mkfifo(frames.appendingPathComponent(csv).path, 0o644) == 0)
        for arguments in [["compare", "base", "tr"], ["report", "tr", "--output", "tr.html"]] {
            let outcome = try await Self.spawn(arguments, in: folder, timeout: 30)
            #expect(outcome.status == 74, "\(arguments): \(outcome.status) \(outcome.stderr)")
            #expect(outcome.stderr.contains("not a regular file (a FIFO)"), "\(outcome.stderr)")
        }
        #expect(mkfifo(folder.appendingPathComponent("bl.fifo").path, 0o644) == 0)
        let append = try await Self.spawn(
            [
                "baseline", "record", "--append", "--output", "bl.fifo", "--strategy", "naive", "--clock", "virtual",
                "--costs", "zero", "--trace", "ok.trace",
            ], in: folder, timeout: 30)
        #expect(append.status == 64, "\(append.stderr)")
        #expect(
            append.stderr
                == "bench: bl.fifo: --output must be a regular file (--append reads the baseline and writes it whole again), not a FIFO\n"
        )
        let ramp = try await Self.spawn(
            ["ramp", "--strategy", "naive", "--costs", "zero", "--baseline", "bl.fifo"], in: folder, timeout: 30)
        #expect(ramp.status == 64, "\(ramp.stderr)")
        #expect(ramp.stderr.contains("--baseline must be a regular file"), "\(ramp.stderr)")
    }

    /// No output may lie inside a study folder: a sweep into `p1/runs` left p1 unreadable, and a
    /// report's page inside `runs/` would be read as a run.
    @Test func noOutputLiesInsideAStudy() throws {
        let folder = try Self.folderWithTrace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.sweep("p1", in: folder)
        let cases: [[String]] = [
            [
                "sweep", "--strategies", "null", "--devices", "iphone-6s", "--costs", "zero", "--traces", "ok.trace",
                "--output", "p1/runs",
            ],
            ["report", "p1", "--output", "p1/runs/page.json"],
            ["report", "p1", "--output", "p1/frames/deeper/page.html"],
            ["sweep", "merge", "p1", "--output", "p1/frames/m"],
        ]
        let before = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
        for arguments in cases {
            let outcome = try BenchTool.run(arguments, in: folder)
            #expect(outcome.status == 64, "\(arguments): \(outcome.stderr)")
            // merge names the part its output is inside, which is the same folder here.
            #expect(
                outcome.stderr.contains("lies inside the sweep folder")
                    || outcome.stderr.contains("is inside the part p1"), "\(outcome.stderr)")
        }
        #expect(try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted() == before)
        #expect(try BenchTool.run(["compare", "p1", "p1"], in: folder).status == 0)
    }

    /// A sweep checks its traces before it makes its folder: a missing trace leaves nothing, and the
    /// corrected command then runs.
    @Test func aSweepChecksItsTracesBeforeItsFolder() throws {
        let folder = try Self.folderWithTrace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = try BenchTool.run(
            [
                "sweep", "--strategies", "null", "--devices", "iphone-6s", "--costs", "zero", "--traces",
                "missing.trace",
                "--output", "s",
            ], in: folder)
        #expect(missing.status == 74)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("s").path))
        try Self.sweep("s", in: folder)
    }

    /// A sweep into a folder holding run records of no sweep (no sweep.json) is refused; --resume
    /// runs again a run whose per-frame CSV is empty.
    @Test func staleRecordsAndEmptyCSVsAreNotFinishedRuns() throws {
        let folder = try Self.folderWithTrace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.sweep("base", in: folder)
        let fm = FileManager.default
        try fm.createDirectory(at: folder.appendingPathComponent("stale"), withIntermediateDirectories: true)
        try fm.copyItem(at: folder.appendingPathComponent("base/runs"), to: folder.appendingPathComponent("stale/runs"))
        let stale = try BenchTool.run(
            [
                "sweep", "--strategies", "null", "--devices", "iphone-6s", "--costs", "zero", "--traces", "ok.trace",
                "--output", "stale",
            ], in: folder)
        #expect(stale.status == 64)
        #expect(stale.stderr.contains("a run record of no sweep here"), "\(stale.stderr)")
        let frames = folder.appendingPathComponent("base/frames")
        let csv = try #require(try fm.contentsOfDirectory(atPath: frames.path).sorted().first)
        try Data().write(to: frames.appendingPathComponent(csv))
        try Self.sweep("base", in: folder, extra: ["--resume"])
        #expect(
            try Data(contentsOf: frames.appendingPathComponent(csv)).count > 0,
            "--resume counted an empty per-frame CSV as a finished run")
    }

    /// A merge that fails leaves neither its staging folder nor the parents it made; a staging folder
    /// of a process that is gone is removed by the next merge; a one-character --output works.
    @Test func mergeCleansUpAfterItself() throws {
        let folder = try Self.folderWithTrace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.sweep("base", in: folder)
        let fm = FileManager.default
        try fm.copyItem(at: folder.appendingPathComponent("base"), to: folder.appendingPathComponent("bad"))
        let frames = folder.appendingPathComponent("bad/frames")
        let csv = try #require(try fm.contentsOfDirectory(atPath: frames.path).sorted().first)
        try fm.removeItem(at: frames.appendingPathComponent(csv))
        try fm.createDirectory(at: frames.appendingPathComponent(csv), withIntermediateDirectories: false)
        let failed = try BenchTool.run(["sweep", "merge", "bad", "--output", "deep/er/m"], in: folder)
        #expect(failed.status == 74, "\(failed.stderr)")
        #expect(
            !fm.fileExists(atPath: folder.appendingPathComponent("deep").path),
            "a failed merge left the folders it made")
        // No process has pid 2^22 + 1 (above Linux's pid_max of 2^22).
        try fm.createDirectory(
            at: folder.appendingPathComponent("m.partial-4194305"), withIntermediateDirectories: false)
        let merged = try BenchTool.run(["sweep", "merge", "base", "--output", "m"], in: folder)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(!fm.fileExists(atPath: folder.appendingPathComponent("m.partial-4194305").path))
        #expect(fm.fileExists(atPath: folder.appendingPathComponent("m/sweep.json").path))
    }

    // MARK: - Answers that were silently wrong

    /// A ramp of a trace with no samples reported "held to 200,000" points of a drawing with none.
    @Test func aRampOfAnEmptyDrawingIsRefused() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("strokebench-trace 2\ncanvas 100 80\nend 0 0\n", to: "empty.trace", in: folder)
        let outcome = try BenchTool.run(
            [
                "ramp", "--strategy", "dirty-rect", "--device", "iphone-6s", "--costs", "model", "--trace",
                "empty.trace",
            ], in: folder)
        #expect(outcome.status == 65)
        try expectOneLineNaming("empty.trace", line: nil, reason: "no samples", outcome)
        #expect(outcome.stdout.isEmpty)
    }

    /// A modelled study is the same bytes at --jobs 1 and 2: its records and summary.csv leave out
    /// the host's cpu_s and peak_memory_mb.
    @Test func aModelledStudyIsByteIdenticalAcrossJobs() throws {
        let folder = try Self.folderWithTrace()
        defer { try? FileManager.default.removeItem(at: folder) }
        for jobs in ["1", "2"] {
            let outcome = try BenchTool.run(
                [
                    "sweep", "--strategies", "null,naive,dirty-rect", "--devices", "iphone-6s", "--costs", "zero,model",
                    "--traces", "ok.trace", "--jobs", jobs, "--output", "j\(jobs)",
                ], in: folder)
            try #require(outcome.status == 0, "\(outcome.stderr)")
        }
        let fm = FileManager.default
        let files = try fm.subpathsOfDirectory(atPath: folder.appendingPathComponent("j1").path).sorted()
        #expect(files == (try fm.subpathsOfDirectory(atPath: folder.appendingPathComponent("j2").path).sorted()))
        #expect(files.filter { $0.hasSuffix(".json") }.count == 7)
        for file in files {
            var isFolder: ObjCBool = false
            let one = folder.appendingPathComponent("j1/" + file)
            guard fm.fileExists(atPath: one.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            #expect(
                try Data(contentsOf: one) == Data(contentsOf: folder.appendingPathComponent("j2/" + file)),
                "\(file) differs between --jobs 1 and 2")
            if file.hasPrefix("runs/") {
                let text = try String(contentsOf: one, encoding: .utf8)
                #expect(!text.contains("cpu_s") && !text.contains("peak_memory_mb"), "\(file) carries host figures")
            }
        }
    }

    /// A negative number is a value to refuse by range, not a missing one.
    @Test(arguments: [
        ["run", "--strategy", "dirty-rect", "--clock", "virtual", "--touch-hz", "-60"],
        ["run", "--strategy", "dirty-rect", "--clock", "virtual", "--present-queue-depth", "-1"],
        ["trace", "generate", "--seed", "-1", "--output", "g.trace"],
    ])
    func aNegativeNumberIsAValue(_ arguments: [String]) throws {
        let outcome = try BenchTool.run(arguments, in: FileManager.default.temporaryDirectory)
        #expect(outcome.status == 64)
        #expect(!outcome.stderr.lowercased().contains("missing value"), "\(outcome.stderr)")
    }

    /// With `bench` found on PATH, the report's provenance is the commit of bench's own checkout, never
    /// that of the folder it runs in.
    @Test func provenanceIsTheBinarysNotTheWorkingFolders() async throws {
        let folder = try Self.folderWithTrace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try BenchTool.run(quickRun + ["--trace", "ok.trace", "--format", "json"], in: folder)
        try #require(run.status == 0)
        try run.stdout.write(to: folder.appendingPathComponent("run.json"), atomically: true, encoding: .utf8)
        let repository = folder.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: false)
        func git(_ arguments: [String]) throws -> String {
            let process = Process()
            let pipe = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-c", "user.email=a@b", "-c", "user.name=x"] + arguments
            process.currentDirectoryURL = repository
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        _ = try git(["init", "-q"])
        _ = try git(["commit", "-q", "--allow-empty", "-m", "other"])
        let other = try git(["rev-parse", "--short=12", "HEAD"])
        try #require(other.count == 12, "git is needed for this test")
        let path =
            BenchTool.executable.deletingLastPathComponent().path + ":"
            + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        let report = try await Self.spawn(
            ["report", "../run.json", "--output", "../page.html"], in: repository, path: path)
        #expect(report.status == 0, "\(report.stderr)")
        let page = try String(contentsOf: folder.appendingPathComponent("page.html"), encoding: .utf8)
        #expect(!page.contains(other), "the provenance names the working folder's commit")
    }

    /// Markdown outputs carry no raw HTML or line break from a trace's name.
    @Test func markdownEscapesATracesName() throws {
        let folder = try Self.folderWithTrace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "<img src=x onerror=alert(1)>.trace"
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("ok.trace"), to: folder.appendingPathComponent(name))
        let sweep = try BenchTool.run(
            [
                "sweep", "--strategies", "null", "--devices", "iphone-6s", "--costs", "zero", "--traces", name,
                "--output", "h",
            ], in: folder)
        try #require(sweep.status == 0, "\(sweep.stderr)")
        let report = try BenchTool.run(["report", "h", "--format", "markdown"], in: folder)
        #expect(report.status == 0)
        #expect(!report.stdout.contains("<img"), "\(report.stdout)")
        #expect(report.stdout.contains("&lt;img src=x onerror=alert(1)&gt;"))
        let compare = try BenchTool.run(["compare", "h", "h", "--format", "markdown"], in: folder)
        #expect(compare.status == 0, "\(compare.stderr)")
        #expect(!compare.stdout.contains("<img"), "\(compare.stdout)")
    }
}
