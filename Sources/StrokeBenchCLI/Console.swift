import Foundation

/// Where a command's output goes: data to standard output, diagnostics to standard error.
///
/// The binary writes to the process's own streams (`Console.standard`). A test runs the same entry
/// point in process (`Bench.run(_:console:)`) with a console that keeps what the command wrote, bound
/// for the duration of the command as `Console.current`; the sweep's worker threads bind the console
/// of the command that started them.
package final class Console: @unchecked Sendable {  // `output` and `errors` are guarded by `lock`
    /// The console of the command running here: the process's own unless a caller bound another.
    @TaskLocal package static var current: Console = .standard

    /// The process's standard output and standard error.
    package static let standard = Console(keeping: false)

    private let keeps: Bool
    private let lock = NSLock()
    private var output = ""
    private var errors = ""

    /// A console that keeps what is written to it, for a command run in process.
    package convenience init() { self.init(keeping: true) }

    private init(keeping: Bool) { keeps = keeping }

    /// What the command wrote to standard output (empty for `standard`).
    package var standardOutput: String { lock.withLock { output } }
    /// What the command wrote to standard error (empty for `standard`).
    package var standardError: String { lock.withLock { errors } }

    /// True when standard error is a terminal, where progress is redrawn in place.
    var errorsGoToTerminal: Bool { !keeps && isatty(STDERR_FILENO) != 0 }

    /// Writes `text` and `terminator` to standard output (buffered, as `print` is, for the process).
    func print(_ text: String, terminator: String = "\n") {
        guard keeps else {
            Swift.print(text, terminator: terminator)
            return
        }
        lock.withLock { output += text + terminator }
    }

    /// Writes `text` to standard error at once, one writer at a time, so that the line a signal ends
    /// bench with is the last one (`StandardError.writeLast`).
    func writeError(_ text: String) {
        guard keeps else {
            StandardError.write(text)
            return
        }
        lock.withLock { errors += text }
    }

    /// Flushes standard output; fails if any of it could not be written: `bench list > /dev/full` or
    /// a full disk is exit 74, as a failed `--csv -` is, never a silent 0.
    func finishOutput() throws {
        guard !keeps else { return }
        // fflush(nil) flushes every output stream, standard output included, and reports a failure of any.
        let flushed = fflush(nil) == 0
        let reason = flushed ? nil : String(cString: strerror(errno))
        guard flushed else {
            throw BenchFailure.io("standard output: cannot write (\(reason ?? "a write failed"))")
        }
    }
}

/// Writes data to the current console's standard output: what `print` is in the commands.
func print(_ text: String, terminator: String = "\n") {
    Console.current.print(text, terminator: terminator)
}

/// Diagnostics go to the current console's standard error; data to standard output.
func printError(_ text: String, terminator: String = "\n") {
    Console.current.writeError(text + terminator)
}
