import ArgumentParser
import StrokeBenchMetrics
import StrokeBenchRegression

extension Bench.Baseline {
    /// `bench baseline diff A.json B.json`: two recorded baselines, judged as `bench check` judges.
    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare two recorded baselines without replaying, with bench check's judgement.",
            discussion: """
                Each configuration of B is checked against the same configuration of A, layer by layer, as \
                bench check checks a new measurement: counters and the picture exactly, A's budgets on B's runs, \
                timing figures against A's range. Exit status: 0 pass, 2 regression, 3 inconclusive (or a \
                configuration B lacks), 4 improvement only; 64 bad usage, 65 bad input data, 74 I/O error.
                """)

        @Argument(help: "The reference baseline.")
        var old: String

        @Argument(help: "The baseline judged against it.")
        var new: String

        @Option(parsing: .unconditional, help: "Relative tolerance of timing figures beyond A's range: 0.25 or 25%.")
        var tolerance: String = "25%"

        @Option(
            name: .customLong("noise-floor"), parsing: .unconditional,
            help: "Differences of ms figures up to this many ms are never changes.")
        var noiseFloorMs: Double = Tolerance.default.noiseFloorMs

        @Option(parsing: .unconditional, help: "Largest one-sided Mann-Whitney p-value that counts as significant.")
        var alpha: Double = Tolerance.default.alpha

        @Option(
            name: .customLong("counter-tolerance"), parsing: .unconditional,
            help: "Relative change of a work counter that still passes.")
        var counterTolerance: String = "0"

        @Option(help: "table, csv, json, markdown, junit, github-benchmark, github-benchmark-bigger or summary.")
        var format: FormatOption<CheckFormats> = .init(.table)

        func validate() throws {
            let t = try parseTolerance()
            guard t.relative >= 0, t.noiseFloorMs >= 0, t.counterRelative >= 0 else {
                throw ValidationError("tolerances and noise floors must not be negative")
            }
            guard alpha > 0, alpha < 1 else { throw ValidationError("--alpha must be in (0, 1), not \(alpha)") }
        }

        func run(with engine: EngineInputs) throws {
            let (a, b) = (try readBaseline(old), try readBaseline(new))
            let results = BaselineDiff.compare(a, b, tolerance: try parseTolerance(), strategies: engine.strategies)
            let label = { (path: String, baseline: StrokeBenchRegression.Baseline) in
                baseline.name.map { "\(path) (\($0))" } ?? path
            }
            let report = CheckReport(
                baseline: "\(label(old, a)) -> \(label(new, b))", tolerance: try parseTolerance(),
                repeats: b.configurations.map(\.runs.count).max() ?? 0, checks: results)
            print(try report.render(format.format))
            if format.format != .table { printError(report.summaryLine()) }
            let status = report.verdict.exitStatus
            if status != 0 { throw ExitCode(status) }
        }

        private func parseTolerance() throws -> Tolerance {
            Tolerance(
                relative: try fraction(tolerance, option: "--tolerance"), noiseFloorMs: noiseFloorMs,
                noiseFloorHitchRatio: Tolerance.default.noiseFloorHitchRatio, alpha: alpha,
                counterRelative: try fraction(counterTolerance, option: "--counter-tolerance"))
        }
    }
}
