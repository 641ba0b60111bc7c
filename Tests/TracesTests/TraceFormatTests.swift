import Foundation
import StrokeBenchTraces
import Testing

@Suite struct TraceFormatTests {
    @Test func roundTripKeepsEverythingTheFileStores() throws {
        var generator = TraceGenerator(seed: 42)
        generator.parameters.duration = 5
        let original = TraceFormat.rounded(generator.generate())
        let text = TraceFormat.serialize(original)
        let read = try TraceFormat.parse(Data(text.utf8), file: "t.trace")
        #expect(read == original)
        #expect(read.sampleCount == original.sampleCount)
        #expect(read.metadata("seed") == "42")
    }

    @Test func writeThenReadFromDisk() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-\(getpid()).trace").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let trace = Trace(
            canvas: CanvasSize(width: 100, height: 50), metadata: [("source", "hand-made")],
            strokes: [Stroke(samples: [Sample(time: 0, x: 1, y: 2, force: 0.5), Sample(time: 0.01, x: 3, y: 4)])])
        try TraceFormat.write(trace, to: path)
        #expect(try TraceFormat.read(contentsOf: path) == trace)
    }

    /// Issue 21: only a regular file is renamed over. A link is followed (the link kept), and a
    /// character device is written in place (one made with mknod when root, else /dev/null).
    @Test func writeFollowsLinksAndWritesDevicesInPlace() throws {
        let folder = NSTemporaryDirectory() + "strokebench-write-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let trace = Trace(
            canvas: CanvasSize(width: 100, height: 50), metadata: [],
            strokes: [Stroke(samples: [Sample(time: 0, x: 1, y: 2)])])
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.trace", withDestinationPath: "target.trace")
        try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/target.trace"))
        try TraceFormat.write(trace, to: folder + "/link.trace")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.trace") == "target.trace")
        #expect(try TraceFormat.read(contentsOf: folder + "/target.trace") == trace)

        let device = mknod(folder + "/null", S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 ? folder + "/null" : "/dev/null"
        try TraceFormat.write(trace, to: device)
        var status = stat()
        #expect(lstat(device, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    }

    @Test(arguments: [
        ("", 0, "empty file"),
        ("strokebench-trace 3\ncanvas 10 10\n", 1, "trace format_version 3 is not one this bench reads (1...2)"),
        ("hello\n", 1, "not a StrokeBench trace"),
        ("strokebench-trace 1\ncanvas 0 10\n", 2, "positive size"),
        ("strokebench-trace 1\ncanvas 10 10\nstroke\n0.1 1 1\n0.05 2 2\n", 5, "time goes backwards"),
        ("strokebench-trace 1\ncanvas 10 10\nstroke\n0.1 nan 1\n", 4, "not a finite number"),
        ("strokebench-trace 1\ncanvas 10 10\nstroke\n0.1 1e300 1\n", 4, "absurdly large"),
        ("strokebench-trace 1\ncanvas 10 10\nstroke\n0.1 1\n", 4, "found 2 fields"),
        ("strokebench-trace 1\ncanvas 10 10\nstroke\n", 3, "stroke with no samples"),
    ])
    func badInputNamesTheLine(text: String, line: Int, reason: String) {
        #expect {
            _ = try TraceFormat.parse(Data(text.utf8), file: "bad.trace")
        } throws: { error in
            guard let e = error as? TraceError else { return false }
            return e.file == "bad.trace" && e.line == line && e.reason.contains(reason)
        }
    }

    /// A copy interrupted or a disk filled leaves a prefix of the file: every proper prefix, cut at
    /// a line boundary or mid-line, must be refused, never read as a shorter trace.
    @Test func everyCutOfAVersion2FileIsRefused() {
        let trace = Trace(
            canvas: CanvasSize(width: 100, height: 50), metadata: [("source", "hand-made")],
            strokes: [
                Stroke(samples: [Sample(time: 0, x: 1, y: 2), Sample(time: 0.01, x: 3, y: 4)]),
                Stroke(samples: [Sample(time: 0.02, x: 12, y: 14, force: 0.5)]),
            ])
        let bytes = Array(TraceFormat.serialize(trace).utf8)
        #expect((try? TraceFormat.parse(Data(bytes), file: "whole.trace")) == trace)
        for cut in 0..<bytes.count - 1 {  // dropping only the final newline leaves the whole file
            #expect(throws: TraceError.self, "cut after \(cut) bytes") {
                _ = try TraceFormat.parse(Data(bytes[..<cut]), file: "cut.trace")
            }
        }
    }

    @Test func aCutAtALineBoundaryNamesWhatIsMissing() {
        let text = "strokebench-trace 2\ncanvas 10 10\nstroke\n0.1 1 1\n0.2 2 2\n"
        #expect {
            _ = try TraceFormat.parse(Data(text.utf8), file: "cut.trace")
        } throws: { error in
            guard let e = error as? TraceError else { return false }
            return e.file == "cut.trace" && e.reason.contains("cut short")
        }
    }

    @Test func version1FilesWithoutAnEndRecordStillRead() throws {
        let text = "strokebench-trace 1\ncanvas 10 10\nstroke\n0.1 1 1\n0.2 2 2\n"
        let (trace, version) = try TraceFormat.parseVersioned(Data(text.utf8), file: "old.trace")
        #expect(version == 1)
        #expect(trace.sampleCount == 2)
    }

    @Test(arguments: [
        ("strokebench-trace 2\ncanvas 10 10\nstroke\n0.1 1 1\nend 2 1\n", 5, "part of the file is missing"),
        ("strokebench-trace 2\ncanvas 10 10\nstroke\n0.1 1 1\nend 1\n", 5, "needs the sample and stroke counts"),
        ("strokebench-trace 2\ncanvas 10 10\nstroke\n0.1 1 1\nend 1 1\nstroke\n", 6, "after the 'end' record"),
    ])
    func endRecordMistakesNameTheLine(text: String, line: Int, reason: String) {
        #expect {
            _ = try TraceFormat.parse(Data(text.utf8), file: "bad.trace")
        } throws: { error in
            guard let e = error as? TraceError else { return false }
            return e.line == line && e.reason.contains(reason)
        }
    }

    /// A stroke's samples are reserved once, from a count of the lines ahead, so reading a large
    /// one-stroke file never holds an array's old and doubled storage at once (up to three times
    /// the samples, the most of the 1.14 GB a 10-million-sample trace once took).
    @Test func aStrokesSamplesAreReservedOnceNotGrownByDoubling() throws {
        let n = 10_000
        var text = "strokebench-trace 2\ncanvas 10 10\nstroke\n"
        for i in 0..<n { text += "\(Double(i) / 1000) 1 1\n" }
        text += "# a comment\nstroke\n20 2 2\n21 3 3\nend \(n + 2) 2\n"
        let trace = try TraceFormat.parse(Data(text.utf8), file: "long.trace")
        #expect(trace.strokes.map(\.samples.count) == [n, 2])
        // Doubling from empty would end at 16,384; a reservation at n plus the allocator's rounding.
        #expect(trace.strokes[0].samples.capacity < n + n / 10)
        #expect(trace.strokes[1].samples.capacity < 16)
    }

    @Test func generationIsDeterministicPerSeed() {
        #expect(TraceGenerator(seed: 7).generate() == TraceGenerator(seed: 7).generate())
        #expect(TraceGenerator(seed: 7).generate() != TraceGenerator(seed: 8).generate())
    }

    @Test func theDefaultTraceIsALongSessionAt240Hz() {
        let t = TraceGenerator.default
        #expect(t.duration >= 20)
        #expect(t.strokes.count >= 24)
        let intervals = t.strokes.flatMap { s in zip(s.samples.dropFirst(), s.samples).map { $0.time - $1.time } }
            .sorted()
        let median = intervals[intervals.count / 2]
        #expect(abs(median - 1.0 / 240) < 0.0005)
    }
}
