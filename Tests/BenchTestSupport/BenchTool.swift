import Foundation
import StrokeBenchCLI

/// What one `bench` invocation did.
package struct BenchOutcome {
    package var status: Int32
    package var stdout: String
    package var stderr: String
    /// The non-empty lines `bench` wrote to stderr.
    package var stderrLines: [Substring] { stderr.split(whereSeparator: \.isNewline) }
}

/// Runs the `bench` executable that `swift test` built beside the test bundle, in `folder`, the way
/// a user or a script would: its exit status and both streams, with stdin closed.
package enum BenchTool {
    /// `.build/<configuration>/bench`: the test bundle and the products share one folder.
    package static let executable: URL = {
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("bench")
            }
            fatalError("no .xctest bundle")
        #else
            return Bundle.main.bundleURL.appendingPathComponent("bench")
        #endif
    }()

    /// The release build CI makes before the end-to-end suites (`STROKEBENCH_RELEASE_BENCH`, set by
    /// `.ci/run`): commands that replay minutes of modelled work run there at a user's speed, where
    /// the debug build takes fifteen times as long. Nil elsewhere: then the debug `executable`.
    package static let release: URL? = ProcessInfo.processInfo.environment["STROKEBENCH_RELEASE_BENCH"]
        .map { URL(fileURLWithPath: $0) }
        .flatMap { FileManager.default.isExecutableFile(atPath: $0.path) ? $0 : nil }

    /// Starts `bench` with `arguments` in `folder`, its output going to files there; the caller waits.
    package static func start(_ arguments: [String], in folder: URL, using binary: URL? = nil) throws -> (
        Process, stdout: URL, stderr: URL
    ) {
        let started = try prepare(arguments, in: folder, using: binary)
        try started.0.run()
        return started
    }

    /// `start`'s process, its output files made, not yet run.
    package static func prepare(_ arguments: [String], in folder: URL, using binary: URL? = nil) throws -> (
        Process, stdout: URL, stderr: URL
    ) {
        let process = Process()
        process.executableURL = binary ?? executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let out = folder.appendingPathComponent(".stdout-\(UUID().uuidString)")
        let err = folder.appendingPathComponent(".stderr-\(UUID().uuidString)")
        try Data().write(to: out)
        try Data().write(to: err)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        return (process, out, err)
    }

    /// Runs a `bench` command line in this process, through the entry point the binary uses
    /// (`Bench.run`), in `folder`: its exit status and what it wrote to each stream.
    ///
    /// One command at a time, since the working folder is the process's: a command reads and writes
    /// relative paths as a user's shell would give them.
    package static func run(_ arguments: [String], in folder: URL) throws -> BenchOutcome {
        inProcess.lock()
        defer { inProcess.unlock() }
        do {
            let here = FileManager.default.currentDirectoryPath
            guard FileManager.default.changeCurrentDirectoryPath(folder.path) else { throw CocoaError(.fileNoSuchFile) }
            defer { _ = FileManager.default.changeCurrentDirectoryPath(here) }
            let console = Console()
            let status = Bench.run(arguments, console: console, toolName: "bench")
            return BenchOutcome(status: status, stdout: console.standardOutput, stderr: console.standardError)
        }
    }

    private static let inProcess = NSLock()

    /// Runs a command line whose every path is absolute in this process, beside other commands: it
    /// needs no working folder, so it takes no turn.
    package static func run(absolute arguments: [String]) -> BenchOutcome {
        let console = Console()
        let status = Bench.run(arguments, console: console, toolName: "bench")
        return BenchOutcome(status: status, stdout: console.standardOutput, stderr: console.standardError)
    }

    /// Runs the `bench` executable to the end, for what only a process shows: signals, the environment,
    /// standard input and output streams, memory. Output goes through files, not pipes, so a chatty
    /// run cannot fill a pipe and stall; the files are removed afterwards.
    package static func spawn(_ arguments: [String], in folder: URL, using binary: URL? = nil) throws -> BenchOutcome {
        let (process, out, err) = try start(arguments, in: folder, using: binary)
        process.waitUntilExit()
        return try collect(process, out, err)
    }

    package static func collect(_ process: Process, _ out: URL, _ err: URL) throws -> BenchOutcome {
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        // FileHandle rather than Data(contentsOf:), which leaks its buffer on an empty file.
        func text(_ url: URL) throws -> String {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        }
        return BenchOutcome(status: process.terminationStatus, stdout: try text(out), stderr: try text(err))
    }
}

/// A fresh temporary folder, removed by the caller's `defer`.
package func scratchFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("strokebench-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Writes `text` to `name` in `folder`.
@discardableResult
package func write(_ text: String, to name: String, in folder: URL) throws -> URL {
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url
}

/// The names in `folder` that an atomic write leaves behind if it is cut short.
package func partialFiles(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".partial-") }
}

/// The temporary files of writes under way in `folder`: `partialFiles` without the probe bench makes
/// and removes at once while it checks that an output can be written (`.NAME.partial-PID-0`, serial
/// 0). A test that signals bench once a write is under way waits on these: waiting on the probe raced
/// the signal against a write not yet begun.
package func writesUnderWay(in folder: URL) throws -> [String] {
    try partialFiles(in: folder).filter { !$0.hasSuffix("-0") }
}

/// A small valid trace: two strokes on a 100 x 80 point canvas.
package let smallTrace = """
    strokebench-trace 1
    canvas 100 80
    stroke
    0.00 10 10
    0.01 20 15
    0.02 30 20
    stroke
    0.10 50 50
    0.11 60 40

    """

/// `bench run` options that replay a trace quickly and deterministically.
package let quickRun = ["run", "--strategy", "naive", "--device", "iphone-6s", "--clock", "virtual", "--costs", "zero"]

/// Every path under `folder` and its bytes (nil for a folder): taken before and after a command, to
/// show that it replaced nothing and left nothing behind.
package func snapshot(of folder: URL) throws -> [String: Data?] {
    var entries: [String: Data?] = [:]
    for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
        let url = folder.appendingPathComponent(path)
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        entries[path] = isDirectory.boolValue ? .some(nil) : try FileHandle(forReadingFrom: url).readToEnd() ?? Data()
    }
    return entries
}

/// A small valid trace in the current format (version 2, with its `end` record).
package let smallTraceV2 = """
    strokebench-trace 2
    canvas 100 80
    stroke
    0.00 10 10
    0.01 20 15
    0.02 30 20
    end 3 1

    """
