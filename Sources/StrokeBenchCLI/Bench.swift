import ArgumentParser
import Foundation
import StrokeBenchStrategies

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
            try command.run()
        } catch let failure as BenchFailure {
            StandardError.write("\(Bench.toolName): \(failure.message)\n")
            Foundation.exit(failure.status.rawValue)
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

/// A failure people see: one line, and the exit status MODEL.md section 6 documents.
struct BenchFailure: Error {
    enum Status: Int32 {
        /// Bad usage: an unknown name, an impossible option (EX_USAGE).
        case usage = 64
        /// Bad input data: a malformed trace (EX_DATAERR).
        case data = 65
        /// A file could not be read or written (EX_IOERR).
        case io = 74
    }
    var status: Status
    var message: String

    static func usage(_ message: String) -> BenchFailure { BenchFailure(status: .usage, message: message) }
    static func data(_ message: String) -> BenchFailure { BenchFailure(status: .data, message: message) }
    static func io(_ message: String) -> BenchFailure { BenchFailure(status: .io, message: message) }
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
