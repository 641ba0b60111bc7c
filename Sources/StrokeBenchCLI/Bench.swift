import ArgumentParser
import Foundation
import StrokeBenchStrategies
import StrokeBenchReports
import StrokeBenchReplay
import StrokeBenchDevice

/// `bench`: replays touch-stroke traces against a simulated display and measures each drawing strategy.
struct Bench: ParsableCommand {
    /// The executable's name: a user's package calls its own `my-bench`, and usage lines and errors say so.
    static let toolName = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "bench") } ?? "bench"

    static let configuration = CommandConfiguration(
        commandName: toolName,
        abstract: "Measure how a painting canvas draws touch strokes against a 60/120 Hz display.",
        subcommands: [Run.self, List.self, Trace.self, SweepGroup.self, Compare.self, Baseline.self, Check.self, Calibrate.self])

    /// Registers a user's strategies, then runs the command line; a strategy that collides with a
    /// built-in name or one of bench's own options is refused in one line with exit 64.
    static func main(registering strategies: [any DrawingStrategy.Type]) -> Never {
        do { try StrategyRegistry.register(strategies, reservedOptions: OwnOptions.names) }
        catch {
            StandardError.write("\(Bench.toolName): \(error.description)\n")
            Foundation.exit(BenchFailure.Status.usage.rawValue)
        }
        main()
        Foundation.exit(0)
    }

    /// Runs the command, turning StrokeBench's errors into one line on stderr and a documented exit status.
    static func main() {
        Interruption.shared.install()
        // A reader that goes away (`bench run --csv - | head`) is a failed write, said in one line
        // with exit 74, not a silent death by SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let problem = RepeatedOptions.problem(in: arguments) {
            StandardError.write("\(Bench.toolName): \(problem) (--help shows the usage)\n")
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        if SweepGroup.asksForSweepHelp(arguments) {
            print(helpMessage(for: Sweep.self))
            Foundation.exit(0)
        }
        do {
            var command = try parseAsRoot(arguments)
            try checkDeviceCosts()
            try command.run()
            try finishStandardOutput()
        } catch let failure as BenchFailure {
            StandardError.write("\(Bench.toolName): \(failure.message)\n")
            Foundation.exit(failure.status.rawValue)
        } catch let failure as StrategyFailure {
            StandardError.write("\(Bench.toolName): \(failure.description)\n")
            Foundation.exit(BenchFailure.Status.software.rawValue)
        } catch let failure as SweepFolder.Failure {
            let status: BenchFailure.Status = failure.cannotRead ? .io : .data
            StandardError.write("\(Bench.toolName): \(failure.description)\n")
            Foundation.exit(status.rawValue)
        } catch {
            // A usage error (EX_USAGE, 64) gets the same one-line form as every other failure; the
            // parser's own report adds the usage block, and scripts reading stderr expect one line.
            // Help, version and clean exits keep the parser's handling.
            if exitCode(for: error) == .validationFailure {
                let message = message(for: error).split(whereSeparator: \.isNewline).joined(separator: " ")
                StandardError.write("\(Bench.toolName): \(message) (--help shows the usage)\n")
                Foundation.exit(ExitCode.validationFailure.rawValue)
            }
            exit(withError: error)
        }
    }
}

/// The device cost data, loaded and checked once before any command runs: a bad
/// `STROKEBENCH_DEVICE_COSTS` is refused in one line now (65, or 74 when it cannot be read), never
/// half-way through a sweep with some runs written.
func checkDeviceCosts() throws {
    guard case .failure(let error) = DeviceCostData.current else { return }
    let origin = ProcessInfo.processInfo.environment["STROKEBENCH_DEVICE_COSTS"] == nil ? "" : "STROKEBENCH_DEVICE_COSTS: "
    throw BenchFailure(status: error.cannotRead ? .io : .data, message: origin + error.description)
}

/// Flushes what `print` buffered for standard output and fails if any of it could not be written:
/// `bench list > /dev/full` or a full disk is exit 74, as a failed `--csv -` is, never a silent 0.
func finishStandardOutput() throws {
    // fflush(nil) flushes every output stream, standard output included, and reports a failure of any.
    let flushed = fflush(nil) == 0
    let reason = flushed ? nil : String(cString: strerror(errno))
    guard flushed else {
        throw BenchFailure.io("standard output: cannot write (\(reason ?? "a write failed"))")
    }
}

/// A failure people see: one line, and the exit status docs/model.md section 6 documents.
struct BenchFailure: Error {
    enum Status: Int32 {
        /// Bad usage: an unknown name, an impossible option (EX_USAGE).
        case usage = 64
        /// Bad input data: a malformed trace (EX_DATAERR).
        case data = 65
        /// A file could not be read or written (EX_IOERR).
        case io = 74
        /// A strategy did something the library refuses (EX_SOFTWARE): threw, or handed it a value no
        /// drawing can have. The message names the strategy, the phase and the value.
        case software = 70
    }
    var status: Status
    var message: String

    static func usage(_ message: String) -> BenchFailure { BenchFailure(status: .usage, message: message) }
    static func data(_ message: String) -> BenchFailure { BenchFailure(status: .data, message: message) }
    static func io(_ message: String) -> BenchFailure { BenchFailure(status: .io, message: message) }
    static func software(_ message: String) -> BenchFailure { BenchFailure(status: .software, message: message) }
}

/// Diagnostics go to stderr; data to stdout.
func printError(_ text: String, terminator: String = "\n") {
    StandardError.write(text + terminator)
}

/// Every write to stderr, one at a time, so that the line a signal ends bench with is the last one
/// (`Interruption`): the main thread may be about to print progress when the signal comes.
enum StandardError {
    private static let lock = NSLock()

    static func write(_ text: String) {
        lock.lock(); defer { lock.unlock() }
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Writes `text` and keeps the lock, so nothing reaches stderr after it.
    /// - Important: only on the way to `_exit`.
    static func writeLast(_ text: String) {
        lock.lock()
        FileHandle.standardError.write(Data(text.utf8))
    }
}
