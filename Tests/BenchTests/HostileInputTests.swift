import BenchTestSupport
import Foundation
import Testing

/// Issue 21, inputs and options: a long number is read, not a trap; a pipe or device is read with a
/// bound; a generator that would pass the reader's limit is refused first; impossible times, repeated
/// options and a negative `end` are said as such. Each within a few seconds and a few hundred MB.
@Suite struct HostileInputTests {
    /// The numbers that trapped the fast sample path (19 digits or more), in every field: read, or
    /// refused by name when the value is out of bounds, as any such number is (exit 132 before).
    @Test(
        arguments: [
            ("0.10000000000000000555 10 15", nil),
            ("0.5 10 15 0.12345678901234567890", nil),
            ("0.5 10 15 12345678901234567890", "force 1.2345678901234567e+19 is outside 0...1000"),
            (
                "0 99999999999999999999999 -0.000000000000000000001",
                "coordinate (99999999999999999999999, -0.000000000000000000001) is absurdly large (beyond ±1000000 points)"
            ),
        ] as [(String, String?)])
    func aLongNumberIsReadNotATrap(_ sample: String, _ refusal: String?) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("strokebench-trace 2\ncanvas 100 80\nstroke\n\(sample)\nend 1 1\n", to: "long.trace", in: folder)
        let outcome = try BenchTool.run(["trace", "info", "long.trace"], in: folder)
        if let refusal {
            #expect(outcome.status == 65)
            #expect(outcome.stderr == "bench: long.trace:4: \(refusal)\n")
        } else {
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stdout.hasPrefix("trace long.trace: 1 stroke, 1 samples"))
        }
    }

    @Test func aDeviceTraceIsRefusedAtItsFirstNulByte() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let started = Date()
        let outcome = try BenchTool.run(quickRun + ["--trace", "/dev/zero"], in: folder)
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr
                == "bench: /dev/zero: a NUL byte at byte 0: not text, so not a trace (a device such as /dev/zero?)\n")
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func anImportedFolderLinkingToADeviceIsRefused() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("om"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("om/zero.txt").path, withDestinationPath: "/dev/zero")
        let outcome = try BenchTool.run(
            ["trace", "import", "--format", "omniglot", "om", "--output", "om.trace"], in: folder)
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr
                == "bench: om/zero.txt: a NUL byte at byte 0: not text, so not a trace (a device such as /dev/zero?)\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("om.trace").path))
    }

    /// A trace through a FIFO (a pipe with a name) is read as any other, with the stream's cap.
    @Test func aTraceThroughAPipeIsRead() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe.trace").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let (process, out, err) = try await BenchTool.start(["trace", "info", "pipe.trace"], in: folder)
        // Opening the FIFO waits for bench to open it: on a thread of its own.
        try await offPool {
            guard let writer = FileHandle(forWritingAtPath: fifo) else { throw CocoaError(.fileWriteUnknown) }
            try writer.write(contentsOf: Data(smallTraceV2.utf8))
            try writer.close()
        }
        let outcome = try await BenchTool.outcome(of: process, out, err)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.hasPrefix("trace pipe.trace: 1 stroke, 3 samples"))
    }

    @Test func aGeneratorPastTheReadersLimitIsRefusedUpFront() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let started = Date()
        let outcome = try BenchTool.run(
            ["trace", "generate", "--seed", "1", "--duration", "86400", "--rate", "1000", "--output", "g.trace"],
            in: folder)
        #expect(outcome.status == 64)
        #expect(
            outcome.stderr
                == "bench: --duration 86400 s at 1000 Hz could make up to 86400000 samples, more than the 20000000 a trace may hold; at this rate --duration may be at most 20000 s (--help shows the usage)\n"
        )
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("g.trace").path))
    }

    @Test(arguments: ["-1e308", "-0.5", "inf", "nan"])
    func compareRefusesAnImpossibleTime(_ time: String) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(smallTraceV2, to: "ok.trace", in: folder)
        #expect(try BenchTool.run(quickRun + ["--trace", "ok.trace", "--csv", "base.csv"], in: folder).status == 0)
        var lines = try String(contentsOf: folder.appendingPathComponent("base.csv"), encoding: .utf8).components(
            separatedBy: "\r\n")
        let header = lines[0].split(separator: ",").map(String.init)
        let column = try #require(header.firstIndex(of: "main_ms"))
        let samples = try #require(header.firstIndex(of: "samples"))
        let active = try #require(
            lines.indices.dropFirst().first {
                lines[$0].split(separator: ",", omittingEmptySubsequences: false).count > samples
                    && lines[$0].split(separator: ",", omittingEmptySubsequences: false)[samples] != "0"
            })
        var fields = lines[active].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        fields[column] = time
        lines[active] = fields.joined(separator: ",")
        try write(lines.joined(separator: "\r\n"), to: "bad.csv", in: folder)
        let outcome = try BenchTool.run(["compare", "base.csv", "bad.csv"], in: folder)
        #expect(outcome.status == 65)
        let reason =
            Double(time) == nil
            ? "main_ms '\(time)' is not a number"
            : "main_ms \(time) is not a possible time (a time is a finite number of ms, 0 or more)"
        #expect(outcome.stderr == "bench: bad.csv:\(active + 1): \(reason)\n")
    }

    @Test(arguments: [
        (
            ["--graver-fade-in", "0.2", "--graver-fade-in", "0.3"],
            "--graver-fade-in is given twice (0.2, then 0.3); give it once"
        ),
        (["--csv", "a.csv", "--csv=b.csv"], "--csv is given twice (a.csv, then b.csv); give it once"),
        (["--device", "iphone-6s"], "--device is given twice (iphone-6s, then iphone-6s); give it once"),
    ])
    func aRepeatedOptionIsRefused(_ extra: [String], _ message: String) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(smallTraceV2, to: "ok.trace", in: folder)
        let outcome = try BenchTool.run(
            ["run", "--strategy", "async-graver", "--device", "iphone-6s", "--clock", "virtual", "--trace", "ok.trace"]
                + extra, in: folder)
        #expect(outcome.status == 64)
        #expect(outcome.stderr == "bench: \(message) (--help shows the usage)\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("a.csv").path))
    }

    @Test func repeatableOptionsMayRepeat() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(smallTraceV2, to: "ok.trace", in: folder)
        let outcome = try BenchTool.run(
            [
                "baseline", "record", "--strategy", "naive", "--clock", "virtual", "--costs", "zero", "--trace",
                "ok.trace",
                "--repeat", "1", "--budget", "hitch-ratio=off", "--budget", "latency-p95=off", "--output", "b.json",
            ], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
    }

    @Test(arguments: [
        ("end -1 -1", "'end' needs counts of 0 or more, not -1 -1"),
        (
            "end 1 1",
            "'end' counts 1 samples in 1 strokes, but the file holds 3 in 1: the file holds more than its 'end' record says (lines added, or the record edited)"
        ),
        ("end 9 1", "'end' counts 9 samples in 1 strokes, but the file holds 3 in 1: part of the file is missing"),
    ])
    func anEndRecordSaysWhatIsWrong(_ end: String, _ reason: String) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(smallTraceV2.replacingOccurrences(of: "end 3 1", with: end), to: "e.trace", in: folder)
        let outcome = try BenchTool.run(["trace", "info", "e.trace"], in: folder)
        #expect(outcome.status == 65)
        #expect(outcome.stderr == "bench: e.trace:7: \(reason)\n")
    }
}
