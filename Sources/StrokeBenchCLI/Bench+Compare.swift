import ArgumentParser
import Foundation
import StrokeBenchMetrics
import StrokeBenchReports

extension Bench {
    /// `bench compare`: two sweeps (or two runs), configuration by configuration.
    struct Compare: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare a candidate sweep (or run) with a baseline, configuration by configuration.",
            discussion: """
                BASELINE and CANDIDATE are sweep folders (bench sweep --output) or per-frame CSVs of single \
                runs (bench run --csv). Ratios are candidate / baseline, and lower time is better: a verdict \
                says whether the candidate is better, worse or inconclusive against the baseline. Better or \
                worse needs both a Mann-Whitney U test on the per-frame main-thread times of active frames \
                with p < --alpha and a median change larger than --threshold; the same samples are equal.

                Configurations are matched on every field of their spec: strategy, device, hz, clock, delivery, \
                trace, strategy options, costs, input and workers. A field with one value on each side but a \
                different one (a sweep of naive against one of flattened, or --costs zero against --costs model) \
                is what is compared: it is named in the output and not matched on. A field that differs only in \
                part is matched on, so nothing is pooled across it, and named too. Repetitions are pooled. Timings measured on \
                different machines are not compared (verdict different-machines); counters are.

                Exit status: 0 success, 64 bad usage, 65 bad input data, 74 I/O error.
                """)

        @Argument(help: "The reference: a sweep folder or a per-frame CSV.")
        var baseline: String

        @Argument(help: "What is judged against it: a sweep folder or a per-frame CSV.")
        var candidate: String

        @Option(help: "table, csv, json or markdown.")
        var format: FormatOption<CompareFormats> = .init(.table)

        @Option(parsing: .unconditional, help: "Significance level of the Mann-Whitney U test.")
        var alpha: Double = ComparisonPolicy.standard.alpha

        @Option(
            parsing: .unconditional,
            help: "Smallest change of the median main-thread time that counts, as a fraction (0.05 = 5%).")
        var threshold: Double = ComparisonPolicy.standard.threshold

        func validate() throws {
            guard alpha > 0, alpha < 1 else { throw ValidationError("--alpha must be in (0, 1), not \(alpha)") }
            guard threshold >= 0, threshold < 10 else {
                throw ValidationError("--threshold must be a fraction >= 0, not \(threshold)")
            }
        }

        func run(with engine: EngineInputs) throws {
            let comparison = try Comparison(
                baselineName: baseline, baseline: try Self.load(baseline),
                candidateName: candidate, candidate: try Self.load(candidate),
                policy: ComparisonPolicy(alpha: alpha, threshold: threshold), strategies: engine.strategies)
            guard !comparison.configurations.isEmpty else {
                throw BenchFailure.data("\(candidate): no configuration matches one of \(baseline)")
            }
            print(try comparison.render(format.format))
            let unmatched = comparison.onlyInBaseline.count + comparison.onlyInCandidate.count
            if unmatched > 0 && format.format != .table && format.format != .markdown {
                printError("note: \(unmatched) configurations are on one side only and are not compared")
            }
        }

        /// The runs of a sweep folder, or the single run of a per-frame CSV.
        static func load(_ path: String) throws -> [ComparedRun] {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw BenchFailure.io("\(path): no such sweep folder or per-frame CSV")
            }
            guard isDirectory.boolValue else {
                // A bare run: no configuration and no machine recorded, so it matches the other side's.
                return [ComparedRun(spec: nil, summary: nil) { try SweepFolder.activeMainMs(csvAt: path) }]
            }
            let folder = SweepFolder(path: path)
            return try folder.readRuns().map { swept in
                ComparedRun(swept) {
                    try SweepFolder.activeMainMs(csvAt: path + "/" + swept.framesCSV, regularOnly: true)
                }
            }
        }
    }
}
