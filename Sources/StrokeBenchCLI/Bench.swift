import ArgumentParser
import Foundation
import StrokeBenchDevice
import StrokeBenchReplay
import StrokeBenchReports
import StrokeBenchStrategies

/// `bench`: replays touch-stroke traces against a simulated display and measures each drawing strategy.
///
/// The commands live here; the root command is `Bench.Root`.
package enum Bench {
    /// The name usage lines and errors give the command: the executable's (a user's package calls its
    /// own `my-bench`), or the one a caller of `run(_:console:toolName:)` gives.
    @TaskLocal static var toolName =
        CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "bench") } ?? "bench"

    /// The command line.
    struct Root: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: toolName,
                abstract: "Measure how a painting canvas draws touch strokes against a 60/120 Hz display.",
                subcommands: [
                    Run.self, List.self, Trace.self, Sweep.self, Ramp.self, Compare.self, Baseline.self,
                    Check.self, Calibrate.self, Model.self, Report.self, History.self,
                ])
        }
    }

    /// The strategies this run of the command line knows, for the parser alone, for the duration of
    /// `run(_:console:toolName:strategies:)`: what it offers as strategy options (`StrategyOptionArguments`,
    /// which the parser builds by reflection, with no way to hand it an argument) and what `validate()`
    /// checks names against. A command's `run(with:)` gets the same catalog as a value (`EngineInputs`).
    @TaskLocal static var strategies = StrategyCatalog.builtIn

    /// Adds a user's strategies to the built-in ones, then runs the command line with them; a strategy
    /// that collides with a built-in name or one of bench's own options is refused in one line with
    /// exit 64.
    static func main(registering strategies: [any DrawingStrategy.Type]) -> Never {
        let catalog: StrategyCatalog
        // The reserved names come from the parser's description of every command: worth making only
        // when there is a strategy to check against them.
        do {
            catalog = try StrategyCatalog.builtIn.adding(
                strategies, reservedOptions: strategies.isEmpty ? [] : OwnOptions().names)
        } catch {
            printError("\(Bench.toolName): \(error.description)")
            Foundation.exit(BenchFailure.Status.usage.rawValue)
        }
        Interruption.shared.install()
        // A reader that goes away (`bench run --csv - | head`) is a failed write, said in one line
        // with exit 74, not a silent death by SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        // Through `run(_:console:toolName:strategies:)`, which hands the parser the catalog too: the
        // options and strategy names it checks are the catalog's, the user's strategies included.
        Foundation.exit(run(Array(CommandLine.arguments.dropFirst()), console: .standard, strategies: catalog))
    }

    /// Runs one command line (without the executable's name) with `strategies`, writing to `console`,
    /// and returns its exit status: what the binary does, minus signals and the exit, so a test can
    /// run a command in process.
    package static func run(
        _ arguments: [String], console: Console = .standard, toolName: String? = nil,
        strategies: StrategyCatalog = .builtIn
    ) -> Int32 {
        Bench.$toolName.withValue(toolName ?? Bench.toolName) {
            Console.$current.withValue(console) {
                Bench.$strategies.withValue(strategies) {
                    runCommand(arguments, strategies: strategies)
                }
            }
        }
    }

    /// Runs the command line with `strategies` (handed to the command in its `EngineInputs`), turning
    /// StrokeBench's errors into one line on stderr and a documented exit status.
    private static func runCommand(_ arguments: [String], strategies: StrategyCatalog) -> Int32 {
        if let problem = RepeatedOptions.problem(in: arguments) {
            printError("\(Bench.toolName): \(problem) (--help shows the usage)")
            return ExitCode.validationFailure.rawValue
        }
        do {
            var command = try Root.parseAsRoot(arguments)
            let engine = try EngineInputs.load(for: command, strategies: strategies)
            if let handed = command as? any BenchCommand {
                try handed.run(with: engine)
            } else {
                try command.run()
            }
            try Console.current.finishOutput()
            return 0
        } catch {
            guard let failure = BenchFailure(error) else { return report(error) }
            printError("\(Bench.toolName): \(failure.message)")
            return failure.status.rawValue
        }
    }

    /// What the parser's own errors, help and clean exits print, and their status. A usage error
    /// (EX_USAGE, 64) gets the same one-line form as every other failure (the parser's report adds the
    /// usage block, and scripts reading stderr expect one line); help goes to stdout.
    private static func report(_ error: any Error) -> Int32 {
        let code = Root.exitCode(for: error)
        if code == .validationFailure {
            let message = Root.message(for: error).split(whereSeparator: \.isNewline).joined(separator: " ")
            printError("\(Bench.toolName): \(message) (--help shows the usage)")
            return code.rawValue
        }
        let text = Root.fullMessage(for: error)
        if code.isSuccess {
            if !text.isEmpty { print(text) }
            do { try Console.current.finishOutput() } catch let failure as BenchFailure {
                printError("\(Bench.toolName): \(failure.message)")
                return failure.status.rawValue
            } catch { return BenchFailure.Status.io.rawValue }
        } else if !text.isEmpty {
            printError(text)
        }
        return code.rawValue
    }
}

extension Bench.List: BenchCommand {}
extension Bench.Compare: BenchCommand {}
extension Bench.Report: BenchCommand {}
extension Bench.Baseline.Diff: BenchCommand {}
extension Bench.Sweep.Merge: BenchCommand {}
extension Bench.History.Add: BenchCommand {}
extension Bench.Run: ReplayingCommand {
    var mayPriceWithModel: Bool { modes.pricesWithModel }
}
extension Bench.Sweep: ReplayingCommand {
    var mayPriceWithModel: Bool { modes.pricesWithModel }
}
extension Bench.Ramp: ReplayingCommand {
    var mayPriceWithModel: Bool { costs == .model }
}
extension Bench.Baseline.Record: ReplayingCommand {
    var mayPriceWithModel: Bool { modes.pricesWithModel }
}
extension Bench.Check: ReplayingCommand {}
extension Bench.Model.Validate: ReplayingCommand {}

/// A failure people see: one line, and the exit status docs/model.md section 6 documents.
struct BenchFailure: Error {
    enum Status: Int32 {
        /// Bad usage: an unknown name, an impossible option (EX_USAGE).
        case usage = 64
        /// Bad input data: a malformed trace (EX_DATAERR).
        case data = 65
        /// An input that does not exist (EX_NOINPUT): a history to show before anything was added.
        case noInput = 66
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

/// Every write to stderr, one at a time, so that the line a signal ends bench with is the last one
/// (`Interruption`): the main thread may be about to print progress when the signal comes.
enum StandardError {
    private static let lock = NSLock()

    static func write(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Writes `text` and keeps the lock, so nothing reaches stderr after it.
    /// - Important: only on the way to `_exit`.
    static func writeLast(_ text: String) {
        lock.lock()
        FileHandle.standardError.write(Data(text.utf8))
    }
}
