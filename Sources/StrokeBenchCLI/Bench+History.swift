import ArgumentParser
import Foundation
import StrokeBenchHistory
import StrokeBenchMetrics
import StrokeBenchReplay
import StrokeBenchReports
import StrokeBenchStrategies

extension Bench {
    /// `bench history`: every run's figures by commit, in one SQLite file; their trend and change points.
    struct History: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Keep a results history by commit, show its trend and find where it changed.",
            discussion: """
                One SQLite file (WAL: two CI jobs may add at once; each add is one transaction). Exact series \
                (work counters, modelled or zero-cost figures) change at the commit that changed them; measured \
                series are tested with e-divisive means and a permutation test. Exit status: 0 success; 64 bad \
                usage, 65 a file that is not a bench history or an input bench did not write, 66 no such \
                history, 74 I/O error.
                """,
            subcommands: [Add.self, Show.self, Changes.self])
    }
}

/// The history file, shared by every `bench history` subcommand.
struct HistoryFileOptions: ParsableArguments {
    @Option(
        name: [.customLong("history"), .customLong("db")],
        help: ArgumentHelp("The history file (SQLite).", valueName: "file.sqlite"))
    var history: String = "bench-history.sqlite"

    func open(create: Bool) throws -> HistoryStore {
        do { return try HistoryStore(path: history, create: create) } catch { throw BenchFailure(error) }
    }
}

/// What `bench history show` and `changes` keep of the history.
struct HistoryFilterOptions: ParsableArguments {
    @Option(name: .customLong("config"), help: "Only this configuration id.")
    var configuration: String?

    @Option(help: "Only this metric (a summary.csv column: pixels_rasterized, main_ms_p95).")
    var metric: String?

    func validate() throws {
        if let metric, Metric.named(metric) == nil {
            throw ValidationError("--metric: '\(metric)' is not a metric bench keeps (see summary.csv's columns)")
        }
    }
}

extension BenchFailure {
    /// A history error with its exit status: 65 data, 66 no input, 74 I/O.
    init(_ error: HistoryError) {
        switch error {
        case .noInput: self.init(status: .noInput, message: error.description)
        case .data: self.init(status: .data, message: error.description)
        case .io: self.init(status: .io, message: error.description)
        }
    }
}

extension Bench.History {
    /// `bench history add`: store a sweep folder's, a baseline's or a check report's figures as one run.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a sweep folder's, a baseline's or a check report's figures to the history, at a commit.",
            discussion: """
                A check report (bench check --format json) adds the candidate's counters and timing medians, keyed \
                as a baseline's figures are, so both make one series. Anything else is refused with exit 65, \
                and nothing is added.
                """)

        @Argument(
            help:
                "A sweep folder (bench sweep --output), a baseline (bench baseline record --output) or a check report (bench check --format json)."
        )
        var input: String

        @Option(help: "The commit the figures were measured at.")
        var commit: String

        @Option(help: "The branch.")
        var branch: String?

        @Option(help: "When, ISO 8601 (default: now); the history is ordered by it.")
        var date: String?

        @OptionGroup var file: HistoryFileOptions

        func validate() throws {
            guard !commit.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ValidationError("--commit must not be empty")
            }
            if let date, ISO8601DateFormatter().date(from: date) == nil {
                throw ValidationError("--date: '\(date)' is not an ISO 8601 date and time (2026-11-26T12:00:00Z)")
            }
        }

        func run(with engine: EngineInputs) throws {
            let (source, figures): (HistoryRun.Source, [HistoryFigure])
            do { (source, figures) = try HistoryImport.figures(at: input, strategies: engine.strategies) } catch {
                throw BenchFailure(error)
            }
            guard !figures.isEmpty else { throw BenchFailure.data("\(input): no figures to add") }
            let store = try file.open(create: true)
            let run = HistoryRun(
                commit: commit, branch: branch, date: date ?? ISO8601DateFormatter().string(from: Date()),
                machine: Machine.current.description, source: source)
            do { try store.add(run, figures: figures) } catch { throw BenchFailure(error) }
            let series = Set(figures.map { "\($0.configuration)\u{0}\($0.metric)" }).count
            printError("added \(figures.count) figures (\(series) series) of \(input) at \(commit) to \(file.history)")
        }
    }

    /// `bench history show`: the stored points, as a table, CSV or JSON (scripts/plot_history.py charts the CSV).
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Print the history's points: table, csv or json (scripts/plot_history.py draws the trend from the csv)."
        )

        @OptionGroup var file: HistoryFileOptions
        @OptionGroup var filter: HistoryFilterOptions

        @Option(help: "table, csv or json.")
        var format: FormatOption<HistoryFormats> = .init(.table)

        func run() throws {
            let store = try file.open(create: false)
            let points: [HistoryPoint]
            do { points = try store.points(configuration: filter.configuration, metric: filter.metric) } catch {
                throw BenchFailure(error)
            }
            print(try HistoryOutput.points(points, format: format.format))
        }
    }

    /// `bench history changes`: the change points of every series.
    struct Changes: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Find where each series changed: exactly for counters and modelled figures, by e-divisive means for measured ones."
        )

        @OptionGroup var file: HistoryFileOptions
        @OptionGroup var filter: HistoryFilterOptions

        @Option(parsing: .unconditional, help: "The false-alarm level of each permutation test (measured series).")
        var alpha: Double = ChangeDetector().alpha

        @Option(parsing: .unconditional, help: "Permutations per test; the least p-value is 1/(permutations+1).")
        var permutations: Int = ChangeDetector().permutations

        @Option(help: "table, csv or json.")
        var format: FormatOption<HistoryFormats> = .init(.table)

        func validate() throws {
            guard alpha > 0, alpha < 1 else { throw ValidationError("--alpha must be in (0, 1), not \(alpha)") }
            guard (19...100_000).contains(permutations) else {
                throw ValidationError("--permutations must be 19...100000, not \(permutations)")
            }
        }

        func run() throws {
            let store = try file.open(create: false)
            let points: [HistoryPoint]
            do { points = try store.points(configuration: filter.configuration, metric: filter.metric) } catch {
                throw BenchFailure(error)
            }
            let detector = ChangeDetector(alpha: alpha, permutations: permutations)
            let changes = detector.changes(in: points)
            print(try HistoryOutput.changes(changes, detector: detector, format: format.format))
            printError(
                "\(changes.count) change points in \(Set(points.map { "\($0.configuration)\u{0}\($0.metric)" }).count) series "
                    + "(measured series: e-divisive means, alpha \(alpha), \(permutations) permutations)")
        }
    }
}

/// The series `bench report --history` charts: the history's series of the study's configurations
/// (all of its series when it holds none of them), with their change points.
enum HistoryTrends {
    static func series(_ path: String, strategies: StrategyCatalog, study: Study) throws -> [TrendSeries] {
        let points: [HistoryPoint]
        do { points = try HistoryStore(path: path, create: false).points() } catch { throw BenchFailure(error) }
        let ids = Set(study.runs.compactMap { $0.spec?.id(strategies: strategies) })
        let mine = points.filter { ids.contains($0.configuration) }
        let chosen = mine.isEmpty ? points : mine
        let changes = ChangeDetector().changes(in: chosen)
        var series: [TrendSeries] = []
        var start = chosen.startIndex
        while start < chosen.endIndex {
            let first = chosen[start]
            let end =
                chosen[start...].firstIndex { $0.configuration != first.configuration || $0.metric != first.metric }
                ?? chosen.endIndex
            let slice = chosen[start..<end]
            series.append(
                TrendSeries(
                    configuration: first.configuration, metric: first.metric, unit: first.unit,
                    exact: slice.allSatisfy(\.exact),
                    points: slice.map { ($0.commit, $0.value) },
                    changes: changes.filter { $0.configuration == first.configuration && $0.metric == first.metric }.map
                    { ($0.commit, $0.change) }))
            start = end
        }
        return series
    }
}
