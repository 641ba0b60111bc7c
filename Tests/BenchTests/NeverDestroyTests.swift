import BenchTestSupport
import Foundation
import Testing

/// Issue 21, outputs: nothing but a regular file is ever replaced. Standard output (`-`), a
/// character device and a FIFO are written in place; a symbolic link is followed (its target
/// replaced atomically, the link kept) and a dangling one refused; one-character and long names
/// work; a name the file system cannot hold is refused before any work. No temporary file is left.
@Suite struct NeverDestroyTests {
    /// A character device in `folder` like `/dev/null` (1, 3) or `/dev/full` (1, 7), made with
    /// mknod when the tests run as root (as in containers and CI); otherwise the real device, which
    /// a normal user could not replace anyway.
    static func device(_ name: String, minor: UInt32, in folder: URL) -> String {
        let path = folder.appendingPathComponent(name).path
        if mknod(path, S_IFCHR | 0o666, dev_t((1 << 8) | minor)) == 0 { return name }
        return minor == 3 ? "/dev/null" : "/dev/full"
    }

    static func isCharacterDevice(_ path: String, in folder: URL) -> Bool {
        var status = stat()
        let full = path.hasPrefix("/") ? path : folder.appendingPathComponent(path).path
        return lstat(full, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR
    }

    @Test(arguments: ["--csv", "--png", "--timeline"])
    func aNullDeviceIsWrittenInPlace(_ option: String) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(smallTraceV2, to: "ok.trace", in: folder)
        let null = Self.device("mynull", minor: 3, in: folder)
        let outcome = try BenchTool.run(quickRun + ["--trace", "ok.trace", option, null], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(Self.isCharacterDevice(null, in: folder))
        #expect(try partialFiles(in: folder).isEmpty)
    }

    @Test(arguments: [("--csv", "frames"), ("--png", "picture"), ("--timeline", "timeline")])
    func aFullDeviceFailsWith74AndStaysADevice(_ option: String, _ what: String) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(smallTraceV2, to: "ok.trace", in: folder)
        let full = Self.device("myfull", minor: 7, in: folder)
        let outcome = try BenchTool.run(quickRun + ["--trace", "ok.trace", option, full], in: folder)
        #expect(outcome.status == 74)
        #expect(outcome.stderr == "bench: \(full): cannot write the \(what) (no space left on device)\n")
        #expect(Self.isCharacterDevice(full, in: folder))
        #expect(try partialFiles(in: folder).isEmpty)
    }

    @Test func twoOutputsMayShareTheNullDevice() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(smallTraceV2, to: "ok.trace", in: folder)
        let null = Self.device("mynull", minor: 3, in: folder)
        let outcome = try BenchTool.run(
            quickRun + ["--trace", "ok.trace", "--csv", null, "--png", null, "--timeline", null], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(Self.isCharacterDevice(null, in: folder))
    }

    @Test func aFIFOIsStreamedToItsReaderAndKept() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(smallTraceV2, to: "ok.trace", in: folder)
        let fifo = folder.appendingPathComponent("fifo.csv").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let (process, out, err) = try await BenchTool.start(
            quickRun + ["--trace", "ok.trace", "--csv", "fifo.csv"], in: folder)
        // Opening the FIFO waits for bench to open it, and reading waits for bench to write: on a thread
        // of its own.
        let streamed = try await offPool {
            guard let reader = FileHandle(forReadingAtPath: fifo) else { throw CocoaError(.fileReadUnknown) }
            return String(decoding: try reader.readToEnd() ?? Data(), as: UTF8.self)
        }
        let outcome = try await BenchTool.outcome(of: process, out, err)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(streamed.hasPrefix("frame,vsync_ms,samples,main_ms,"))
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func aDashIsStandardOutputAndTheSummaryMovesToStderr() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(smallTraceV2, to: "ok.trace", in: folder)
        // A process: `-` is the process's own standard output.
        let outcome = try await BenchTool.spawn(quickRun + ["--trace", "ok.trace", "--csv", "-"], in: folder)
        #expect(outcome.status == 0)
        #expect(outcome.stdout.hasPrefix("frame,vsync_ms,samples,main_ms,"))
        #expect(outcome.stdout.split(separator: "\r\n").allSatisfy { $0.contains(",") })
        #expect(
            outcome.stderr.hasPrefix(
                "zero costs by request (--costs zero): work counted, not timed, on iphone-6s's display: strategy naive")
        )
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("-").path))
    }

    @Test func aSymbolicLinkIsFollowedAndKept() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(smallTraceV2, to: "ok.trace", in: folder)
        try write("old\n", to: "target.csv", in: folder)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("link.csv").path, withDestinationPath: "target.csv")
        let outcome = try BenchTool.run(quickRun + ["--trace", "ok.trace", "--csv", "link.csv"], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("link.csv").path)
                == "target.csv")
        #expect(
            try String(contentsOf: folder.appendingPathComponent("target.csv"), encoding: .utf8).hasPrefix("frame,"))
        #expect(try partialFiles(in: folder).isEmpty)
    }

    @Test func aDanglingSymbolicLinkIsRefusedBeforeAnyWork() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(smallTraceV2, to: "ok.trace", in: folder)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("link.csv").path, withDestinationPath: "nowhere.csv")
        let outcome = try BenchTool.run(quickRun + ["--trace", "ok.trace", "--csv", "link.csv"], in: folder)
        #expect(outcome.status == 74)
        #expect(
            outcome.stderr
                == "bench: link.csv: cannot write the --csv file: a symbolic link to nowhere.csv, which does not exist; bench follows links but does not create a file through one\n"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("nowhere.csv").path))
    }

    /// Every command with an output, given a one-character name (issue 21: exit 132 in checkWritable).
    @Test(arguments: [
        quickRun + ["--trace", "ok.trace", "--csv", "a"], quickRun + ["--trace", "ok.trace", "--png", "é"],
        quickRun + ["--trace", "ok.trace", "--timeline", "t"],
        ["trace", "generate", "--seed", "1", "--duration", "1", "--output", "g"],
        [
            "baseline", "record", "--strategy", "naive", "--clock", "virtual", "--costs", "zero", "--trace", "ok.trace",
            "--repeat", "1", "--output", "b",
        ],
        ["trace", "resample", "ok.trace", "--rate", "120", "--output", "r"],
        ["trace", "import", "--format", "omniglot", "s.txt", "--output", "i"],
    ])
    func aOneCharacterOutputNameIsWritten(_ arguments: [String]) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(smallTraceV2, to: "ok.trace", in: folder)
        try write("START\n1,-1,0\n2,-2,8\nBREAK\n", to: "s.txt", in: folder)
        let outcome = try BenchTool.run(arguments, in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let written = folder.appendingPathComponent(arguments.last!).path
        var status = stat()
        #expect(stat(written, &status) == 0 && status.st_size > 0)
        #expect(try partialFiles(in: folder).isEmpty)
    }

    /// 250 characters: the name fits the file system's 255, its `.NAME.partial-PID-N` would not, so
    /// the temporary file takes a shortened name (issue 21: cairo error 11 after the whole replay).
    @Test(arguments: ["--csv", "--png"])
    func aLongOutputNameIsWrittenThroughAShorterTemporaryName(_ option: String) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(smallTraceV2, to: "ok.trace", in: folder)
        let name = String(repeating: "x", count: 250)
        let outcome = try BenchTool.run(quickRun + ["--trace", "ok.trace", option, name], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path))
        #expect(try partialFiles(in: folder).isEmpty)
    }

    @Test func aNameTooLongForTheFileSystemIsRefusedBeforeAnyWork() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = String(repeating: "y", count: 256)
        let started = Date()
        let outcome = try BenchTool.run(
            ["run", "--strategy", "naive", "--clock", "virtual", "--png", name], in: folder)
        #expect(outcome.status == 74)
        #expect(
            outcome.stderr
                == "bench: \(name): cannot write the --png file: the file name is 256 bytes, more than the 255 this file system allows\n"
        )
        #expect(Date().timeIntervalSince(started) < 5)  // refused before the 30 s default trace is replayed
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".std") }.isEmpty)
    }
}
