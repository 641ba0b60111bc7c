import BenchTestSupport
import Foundation
import StrokeBenchDevice
import StrokeBenchReplay
import Testing

/// Issue 7's classes of bad input, each fed to the `bench` executable: exit status 65, one line on
/// stderr naming the file and (where there is one) the line, and no crash or stack trace.
/// `docs/bad-input.md` shows the exact message of every class; these pin the contract.
@Suite struct BadInputTests {
    /// A bad native trace: its bytes, the line the error must name (nil: the file as a whole) and
    /// words the reason must contain.
    struct NativeCase: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var line: Int?
        var reason: String
        var testDescription: String { name }
        init(_ name: String, _ text: String, line: Int?, _ reason: String) {
            self.name = name
            bytes = Array(text.utf8)
            self.line = line
            self.reason = reason
        }
        init(_ name: String, bytes: [UInt8], line: Int?, _ reason: String) {
            self.name = name
            self.bytes = bytes
            self.line = line
            self.reason = reason
        }
    }

    static let header = "strokebench-trace 1\ncanvas 100 80\nstroke\n"

    static let nativeCases: [NativeCase] = [
        NativeCase("empty file", "", line: nil, "empty file"),
        NativeCase("truncated after the header", "strokebench-trace 1\n", line: nil, "no 'canvas' line"),
        NativeCase("truncated after 'stroke'", header + "0.0 1 1\nstroke\n", line: 5, "stroke with no samples"),
        NativeCase("truncated inside a sample", header + "0.0 1 1\n0.01 2", line: 5, "found 2 fields"),
        NativeCase("binary garbage", bytes: [0xFF, 0xFE, 0x00, 0x9C, 0x80, 0x01, 0xC3], line: nil, "not UTF-8"),
        NativeCase("another file's text", "name,x,y\n", line: 1, "not a StrokeBench trace"),
        NativeCase(
            "future format version", "strokebench-trace 3\ncanvas 10 10\n", line: 1,
            "trace format_version 3 is not one this bench reads (1...2)"),
        NativeCase(
            "wrong format version", "strokebench-trace 0\ncanvas 10 10\n", line: 1,
            "trace format_version 0 is not one this bench reads (1...2)"),
        NativeCase("missing format version", "strokebench-trace\ncanvas 10 10\n", line: 1, "missing format version"),
        NativeCase("missing canvas height", "strokebench-trace 1\ncanvas 100\n", line: 2, "needs a width and a height"),
        NativeCase("missing sample field", header + "0.0 1\n", line: 4, "found 2 fields"),
        NativeCase("non-numeric coordinate", header + "0.0 ten 1\n", line: 4, "x 'ten' is not a finite number"),
        NativeCase("non-numeric time", header + "0,5 1 1\n", line: 4, "time '0,5' is not a finite number"),
        NativeCase("NaN coordinate", header + "0.0 nan 1\n", line: 4, "not a finite number"),
        NativeCase("infinite coordinate", header + "0.0 1 inf\n", line: 4, "not a finite number"),
        NativeCase("absurdly large coordinate", header + "0.0 5e7 1\n", line: 4, "absurdly large"),
        NativeCase("NaN time", header + "nan 1 1\n", line: 4, "not a finite number"),
        NativeCase("infinite time", header + "inf 1 1\n", line: 4, "not a finite number"),
        NativeCase("absurdly large time", header + "1e9 1 1\n", line: 4, "outside 0...604800 s"),
        NativeCase("time going backwards", header + "0.5 1 1\n0.4 2 2\n", line: 5, "time goes backwards"),
        NativeCase(
            "time going backwards across strokes", header + "0.5 1 1\nstroke\n0.2 2 2\n", line: 6, "time goes backwards"
        ),
        NativeCase("canvas of zero size", "strokebench-trace 1\ncanvas 0 80\n", line: 2, "positive size"),
        NativeCase("canvas of negative size", "strokebench-trace 1\ncanvas 100 -80\n", line: 2, "positive size"),
        NativeCase(
            "sample before any stroke", "strokebench-trace 1\ncanvas 100 80\n0.0 1 1\n", line: 3,
            "sample before any 'stroke' line"),
        NativeCase("unknown record", header + "0.0 1 1\nstrk\n", line: 5, "unknown record 'strk'"),
    ]

    @Test(arguments: nativeCases)
    func nativeTraceIsRejectedWithFileAndLine(_ bad: NativeCase) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(bad.bytes).write(to: folder.appendingPathComponent("bad.trace"))
        let outcome = try BenchTool.run(quickRun + ["--trace", "bad.trace", "--csv", "frames.csv"], in: folder)
        #expect(outcome.status == 65)
        try expectOneLineNaming("bad.trace", line: bad.line, reason: bad.reason, outcome)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("frames.csv").path))
    }

    /// The sample-count limit is 20 million (a 120 MB file); the parser's own test lowers the limit,
    /// and this one checks that a file past the size limit is refused before it is read.
    @Test func aFileTooLargeToHoldIsRefusedUnread() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("huge.trace").path
        try Data("strokebench-trace 1\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(truncate(path, 1 << 30 + 1) == 0)  // sparse: no disk is used
        let outcome = try BenchTool.run(quickRun + ["--trace", "huge.trace"], in: folder)
        #expect(outcome.status == 65)
        try expectOneLineNaming("huge.trace", line: nil, reason: "too large to replay", outcome)
    }

    struct ImportCase: CustomTestStringConvertible, Sendable {
        var format: String, file: String, text: String, line: Int?, reason: String
        var testDescription: String { "\(format): \(file)" }
    }

    static let importCases: [ImportCase] = [
        ImportCase(format: "dollar1", file: "empty.xml", text: "", line: nil, reason: "empty file"),
        ImportCase(
            format: "dollar1", file: "truncated.xml",
            text: "<?xml version=\"1.0\"?>\n<Gesture Name=\"x\">\n<Point X=\"1\" Y=\"2\" T=\"0\" />\n<Point X=\"3\"",
            line: 4, reason: "not well-formed XML"),
        ImportCase(
            format: "dollar1", file: "nan.xml",
            text: "<Gesture Name=\"x\">\n<Point X=\"NaN\" Y=\"2\" T=\"0\" />\n</Gesture>\n",
            line: 2, reason: "not a finite number"),
        // The logs are UTF-8; another declared encoding is refused before libxml2 reads (and prints a
        // complaint about) one it cannot convert.
        ImportCase(
            format: "dollar1", file: "ebcdic.xml",
            text:
                "<?xml version=\"1.0\" encoding=\"EBCDIC-US\"?>\n<Gesture><Point X=\"1\" Y=\"2\" T=\"3\"/></Gesture>\n",
            line: 1, reason: "the XML declaration names encoding 'EBCDIC-US': $1 gesture logs are UTF-8"),
        ImportCase(
            format: "dollar1", file: "entity.xml",
            text: "<Gesture Name=\"&e;\">\n<Point X=\"1\" Y=\"2\" T=\"3\" />\n</Gesture>\n",
            line: 1, reason: "an entity other than XML's predefined &amp; &lt; &gt; &quot; &apos;"),
        ImportCase(
            format: "dollar1", file: "garbage.xml", text: "\u{1}\u{2}binary", line: 1, reason: "not well-formed XML"),
        ImportCase(format: "omniglot", file: "empty.txt", text: "", line: nil, reason: "not an Omniglot stroke file"),
        ImportCase(
            format: "omniglot", file: "word.txt", text: "START\n1,-1,zero\nBREAK\n", line: 2,
            reason: "t 'zero' is not a finite number"),
        ImportCase(
            format: "omniglot", file: "missing.txt", text: "START\n1,-1\nBREAK\n", line: 2,
            reason: "expected START, BREAK or 'x,y,t'"),
        ImportCase(
            format: "omniglot", file: "big.txt", text: "START\n1,-1e12,0\nBREAK\n", line: 2, reason: "absurdly large"),
    ]

    @Test(arguments: importCases)
    func importersRejectBadFilesWithFileAndLine(_ bad: ImportCase) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(bad.text, to: bad.file, in: folder)
        let outcome = try BenchTool.run(
            ["trace", "import", "--format", bad.format, bad.file, "--output", "out.trace"], in: folder)
        #expect(outcome.status == 65)
        try expectOneLineNaming(bad.file, line: bad.line, reason: bad.reason, outcome)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.trace").path))
    }

    /// Issue 15: a 250 KB $1 log declaring one 100 KB entity and using it 50,000 times in one
    /// attribute of a `<Point>` (which the importer reads, so libxml2 expands it) ran for minutes,
    /// its memory growing past 600 MB. Its DTD is now refused before
    /// libxml2 reads it: at once, exit 65, one line, nothing written.
    @Test(.timeLimit(.minutes(1)))
    func anEntityExpansionLogIsRefusedAtOnce() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let entity = String(repeating: "a", count: 100_000)
        let uses = String(repeating: "&e;", count: 50_000)
        try write(
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!DOCTYPE Gesture [\n<!ENTITY e \"\(entity)\">\n]>\n"
                + "<Gesture Name=\"x\" NumPts=\"1\">\n<Point X=\"\(uses)\" Y=\"2\" T=\"3\"/>\n</Gesture>\n",
            to: "bomb.xml", in: folder)
        let before = try snapshot(of: folder)
        let started = Date()
        let outcome = try BenchTool.run(
            ["trace", "import", "--format", "dollar1", "bomb.xml", "--output", "out.trace"], in: folder)
        // Without the guard this ran for more than 95 s; refused, it takes well under a second.
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr
                == "bench: bomb.xml:2: a DTD (<!DOCTYPE ...>) is refused: $1 gesture logs declare no entities\n")
        #expect(try snapshot(of: folder) == before)
    }

    /// Issue 25: every format that is read back says the same sentence about a version it does not
    /// read (`FormatVersionError`), naming the file (and the line, where the file has lines), with exit
    /// status 65: a trace, a baseline, a sweep's sweep.json, its run records, the run summary inside
    /// one and its per-frame CSV, and the device cost data. The timeline is only written by bench.
    @Test func anUnknownVersionReadsTheSameInEveryFormat() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sentence = "format_version 99 is not one this bench reads"
        func expectRefused(
            _ arguments: [String], _ file: String, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let outcome = try BenchTool.run(arguments, in: folder)
            #expect(outcome.status == 65, sourceLocation: sourceLocation)
            #expect(outcome.stderrLines.count == 1, "stderr: \(outcome.stderr)", sourceLocation: sourceLocation)
            #expect(
                outcome.stderr.hasPrefix("bench: \(file)") && outcome.stderr.contains(reason),
                "stderr: \(outcome.stderr)",
                sourceLocation: sourceLocation)
        }
        try write("strokebench-trace 99\ncanvas 10 10\n", to: "v99.trace", in: folder)
        try expectRefused(quickRun + ["--trace", "v99.trace"], "v99.trace:1: ", "trace " + sentence)
        try write(#"{"kind": "strokebench-baseline", "format_version": 99}"#, to: "b.json", in: folder)
        try expectRefused(["check", "--baseline", "b.json"], "b.json: ", "format_version: baseline " + sentence)

        try write("strokebench-trace 2\ncanvas 100 80\nstroke\n0.0 1 1\n0.01 2 2\nend 2 1\n", to: "t.trace", in: folder)
        let sweep = try BenchTool.run(
            [
                "sweep", "--strategies", "naive", "--traces", "t.trace", "--clock", "virtual",
                "--costs", "zero", "--output", "sw",
            ], in: folder)
        try #require(sweep.status == 0, "\(sweep.stderr)")
        let fm = FileManager.default
        func edited(_ name: String, _ edit: (URL) throws -> Void) throws -> String {
            try fm.copyItem(at: folder.appendingPathComponent("sw"), to: folder.appendingPathComponent(name))
            try edit(folder.appendingPathComponent(name))
            return name
        }
        func onlyFile(in url: URL) throws -> URL {
            url.appendingPathComponent(try fm.contentsOfDirectory(atPath: url.path)[0])
        }
        func editJSON(_ url: URL, _ change: (inout [String: Any]) -> Void) throws {
            var object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
            change(&object)
            try JSONSerialization.data(withJSONObject: object).write(to: url)
        }
        let manifest = try edited("manifest") {
            try editJSON($0.appendingPathComponent("sweep.json")) {
                var plan = $0["plan"] as! [String: Any]
                plan["format_version"] = 99
                $0["plan"] = plan
            }
        }
        try expectRefused(
            ["sweep", "merge", manifest, "--output", "merged"], "manifest/sweep.json: ", "sweep.json " + sentence)
        let record = try edited("record") {
            try editJSON(try onlyFile(in: $0.appendingPathComponent("runs"))) { $0["format_version"] = 99 }
        }
        try expectRefused(["compare", record, "sw"], "record/runs/", "sweep run " + sentence)
        let summary = try edited("summary") {
            try editJSON(try onlyFile(in: $0.appendingPathComponent("runs"))) {
                var s = $0["summary"] as! [String: Any]
                s["format_version"] = 99
                $0["summary"] = s
            }
        }
        try expectRefused(["compare", summary, "sw"], "summary/runs/", "run summary " + sentence)
        let frames = try edited("frames") { sweep in
            let csv = try onlyFile(in: sweep.appendingPathComponent("frames"))
            let rows = try String(contentsOf: csv, encoding: .utf8).components(separatedBy: "\r\n")
            // format_version is the last column: each row's last field becomes 99.
            let versioned = rows.enumerated().map { index, row in
                index == 0 || row.isEmpty ? row : row[..<row.lastIndex(of: ",")!] + ",99"
            }
            try versioned.joined(separator: "\r\n").write(to: csv, atomically: true, encoding: .utf8)
        }
        try expectRefused(["compare", frames, "sw"], "frames/frames/", "per-frame CSV " + sentence)

        #expect(throws: DeviceCostError.self) {
            try DeviceCostData.load(Data(#"{"format_version": 99}"#.utf8), file: "d.json")
        }
        do { _ = try DeviceCostData.load(Data(#"{"format_version": 99}"#.utf8), file: "d.json") } catch {
            #expect("\(error)".hasPrefix("d.json: device-costs.json " + sentence))
        }
    }

    /// Valid but unusual input is replayed, not refused.
    @Test(arguments: [
        ("a single-point stroke (a tap)", "strokebench-trace 1\ncanvas 100 80\nstroke\n0.0 50 40\n"),
        (
            "a stroke that leaves the canvas",
            "strokebench-trace 1\ncanvas 100 80\nstroke\n0.0 50 40\n0.01 500 -300\n0.02 -90 40\n"
        ),
        ("no strokes at all", "strokebench-trace 1\ncanvas 100 80\n"),
        (
            "a byte order mark, CRLF and comments",
            "\u{FEFF}strokebench-trace 1\r\n# hand-made\r\ncanvas 100 80\r\nstroke\r\n0.0 1 1\r\n0.01 2 2\r\n"
        ),
    ])
    func unusualButValidInputReplays(_ name: String, _ text: String) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(text, to: "odd.trace", in: folder)
        let outcome = try BenchTool.run(quickRun + ["--trace", "odd.trace", "--format", "json"], in: folder)
        #expect(outcome.status == 0, "\(name): \(outcome.stderr)")
        let summary = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        #expect((summary?["frames"] as? Int ?? 0) >= 1)
    }
}

/// Checks `outcome` failed with exactly one stderr line `bench: FILE[:LINE]: ...REASON...`, with no
/// crash report or stack trace.
func expectOneLineNaming(
    _ file: String, line: Int?, reason: String, _ outcome: BenchOutcome,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let lines = outcome.stderrLines
    #expect(lines.count == 1, "stderr: \(outcome.stderr)", sourceLocation: sourceLocation)
    let first = String(lines.first ?? "")
    let prefix = line.map { "bench: \(file):\($0): " } ?? "bench: \(file): "
    #expect(first.hasPrefix(prefix), "\(first) does not start with \(prefix)", sourceLocation: sourceLocation)
    #expect(first.contains(reason), "\(first) does not say \(reason)", sourceLocation: sourceLocation)
    #expect(
        !outcome.stderr.contains("Fatal error") && !outcome.stderr.contains("Stack dump"),
        sourceLocation: sourceLocation)
}
