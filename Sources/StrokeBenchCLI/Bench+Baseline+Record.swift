import ArgumentParser
import Foundation
import StrokeBenchMetrics
import StrokeBenchRegression
import StrokeBenchReplay
import StrokeBenchStrategies

extension Bench.Baseline {
    /// `bench baseline record`: replay a configuration once to count its work and K times to time it,
    /// and write (or add to) a baseline file.
    struct Record: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "record",
                abstract: "Record exact counters and a timing range of repeated runs into a baseline file.",
                discussion: """
                    One counting replay (the virtual clock with every cost zero, so the counters and the final \
                    picture depend on the trace and strategy alone), then --repeat timing runs in the chosen clock, \
                    whose range is the baseline for the timing checks. The file is written atomically; --append adds \
                    this configuration to an existing baseline (replacing the same configuration), so one file can hold \
                    several strategies or devices. Exit status: 0 success, 64 bad usage, 65 bad input data, 70 a strategy's mistake, 74 I/O error.
                    """)
        }

        @OptionGroup var options: RunOptions

        @OptionGroup var modes: ReplayModeOptions

        @OptionGroup(title: "Strategy options") var strategyOptions: StrategyOptionArguments

        @Option(help: "The baseline file to write.")
        var output: String

        @Option(
            name: .customLong("repeat"), parsing: .unconditional,
            help: "Timing runs to record; the range needs several, and a timing regression at least 3.")
        var repeatCount: Int = 3

        @Flag(help: "Add this configuration to the baseline in --output instead of starting a new one.")
        var append = false

        @Option(help: "A name for the baseline (main, v2.1), kept in the file and printed by bench baseline diff.")
        var name: String?

        @Option(
            name: .customLong("budget"),
            help: ArgumentHelp(
                "A budget: NAME=LIMIT, NAME=+PCT% (against the baseline) or NAME=off; repeatable. NAME is a summary.csv column, with @pN for a percentile over the runs (ink_updates_per_s@p50), or a default: hitch-ratio (ms/s, 5), overrun-p99 (ms, 0), latency-p95 (ms, 50).",
                valueName: "name=limit"))
        var budgetSettings: [String] = []

        func validate() throws {
            try options.validate(with: modes, strategyOptions)
            guard (1...100).contains(repeatCount) else {
                throw ValidationError("--repeat must be 1...100, not \(repeatCount)")
            }
            do { _ = try Budgets.defaults.applying(budgetSettings) } catch { throw ValidationError(error.description) }
        }

        func run(with engine: EngineInputs) throws {
            try refuseOverwriting(options.inputs, with: [NamedPath(name: "--output", path: output)])
            if append {
                try refuseNonRegular(
                    output, option: "--output", because: "--append reads the baseline and writes it whole again")
            }
            try checkWritable(output, option: "--output")
            var baseline: StrokeBenchRegression.Baseline
            if append && FileManager.default.fileExists(atPath: output) {
                baseline = try readBaseline(output)
            } else {
                baseline = StrokeBenchRegression.Baseline(
                    recorded: ISO8601DateFormatter().string(from: Date()), machine: Machine.current.description,
                    budgets: try Budgets.defaults.applying(budgetSettings), configurations: [])
            }

            if let name { baseline.name = name }
            let configuration = try options.configuration(with: modes, strategyOptions, engine: engine)
            var entry = try Recorder.measure(configuration, repeats: repeatCount) { printError($0) }
            if !entry.configuration.trace.isBuiltIn {
                entry.configuration.trace.path = BaselineTracePath.stored(
                    entry.configuration.trace.path, baseline: output)
            }
            let id = entry.configuration.id(strategies: engine.strategies)
            // This configuration's own budgets: those it had when recorded before, or the defaults, with
            // this command's settings on top; no other configuration's change.
            let recorded = baseline.configurations.first { $0.configuration.id(strategies: engine.strategies) == id }
            let budgets = try (recorded?.budgets ?? Budgets.defaults).applying(budgetSettings)
            entry.budgets = budgets
            baseline.add(entry, strategies: engine.strategies)
            do { try baseline.write(to: output) } catch let error as BaselineError {
                throw BenchFailure.io(error.description)
            }

            print(RecordSummary.render(entry, budgets: budgets, file: output, strategies: engine.strategies))
            if repeatCount < 3 {
                printError(
                    "note: with \(repeatCount) timing run(s), no timing difference can be significant; check will report timings as pass or inconclusive only"
                )
            }
            // A budget the baseline's own runs miss will fail every check: say so now, not in CI.
            for (budget, limit) in budgets.active {
                let check = Checker.budgetCheck(
                    configuration: id, budget: budget, limit: limit,
                    baseline: entry.runs, candidate: entry.runs)
                if check.verdict != .unchanged {
                    printError(
                        "warning: \(id): budget \(budget.key) (\(check.baseline)) is not met by the recorded runs: "
                            + "\(check.reason); bench check will not pass it until it is met or changed with --budget \(budget.key)=LIMIT|off"
                    )
                }
            }
        }
    }
}

/// Reads a baseline, turning its errors into the exit statuses of docs/model.md section 6.
func readBaseline(_ path: String) throws -> StrokeBenchRegression.Baseline {
    do { return try StrokeBenchRegression.Baseline.read(from: path) } catch let error as BaselineError {
        switch error {
        case .io: throw BenchFailure.io(error.description)
        case .data: throw BenchFailure.data(error.description)
        }
    }
}

/// What `bench baseline record` prints: the counters and the timing ranges it kept.
enum RecordSummary {
    static func render(_ entry: BaselineEntry, budgets: Budgets, file: String, strategies: StrategyCatalog) -> String {
        var lines = [
            "recorded \(entry.configuration.id(strategies: strategies)) into \(file): \(entry.runs.count) timing runs"
        ]
        let c = entry.counters
        lines.append(
            "  counters: pixels_rasterized \(c.pixelsRasterized), bytes_copied \(c.bytesCopied), "
                + "segments_stroked \(c.segmentsStroked), bitmaps_allocated \(c.bitmapsAllocated), tasks_started \(c.tasksStarted)"
        )
        for metric in Metric.timing {
            let values = entry.runs.map { $0.value(of: metric) ?? 0 }
            let lo = values.min() ?? 0
            let hi = values.max() ?? 0
            lines.append(
                "  \(metric.name.padding(toLength: 22, withPad: " ", startingAt: 0)) "
                    + String(format: "%.3f .. %.3f %@", lo, hi, metric.unit))
        }
        return lines.joined(separator: "\n")
    }
}
