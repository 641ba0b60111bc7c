import Foundation

/// One `bench history add`: where the figures came from (commit, branch, date, machine) and what
/// kind of file held them.
package struct HistoryRun: Hashable, Sendable, Codable {
    /// What was added: a sweep folder, a baseline file, or a check report.
    package enum Source: String, Sendable, Codable, CaseIterable {
        /// A sweep folder: its `summary.csv`, each row's configuration named by its run record.
        case study
        /// A baseline file: its counters and every timing run's figures.
        case baseline
        /// A check report (`bench check --format json`): the candidate's counters and timing figures.
        case check
    }

    /// The commit the figures were measured at (any text a user's version control names it by).
    package var commit: String
    /// The branch, when the caller says.
    package var branch: String?
    /// When, ISO 8601 (UTC): the order of the history's points, ties broken by the order of adding.
    package var date: String
    /// The machine that ran the figures (measured figures compare only on like machines).
    package var machine: String
    /// What kind of file the figures came from.
    package var source: Source

    /// Creates a run; see the properties.
    package init(commit: String, branch: String?, date: String, machine: String, source: Source) {
        self.commit = commit
        self.branch = branch
        self.date = date
        self.machine = machine
        self.source = source
    }
}

/// One figure of one configuration, as `bench history add` stores it.
package struct HistoryFigure: Hashable, Sendable {
    /// The configuration's `id` (the same as `bench check` names it).
    package var configuration: String
    /// The metric's name (a `summary.csv` column: `pixels_rasterized`, `main_ms_p95`).
    package var metric: String
    /// The metric's unit.
    package var unit: String
    /// The value.
    package var value: Double
    /// True for a figure that is the same on every replay of the same input: a work counter, or any
    /// figure of a modelled or zero-cost replay on the virtual clock. Its series' changes are exact.
    package var exact: Bool

    /// Creates a figure; see the properties.
    package init(configuration: String, metric: String, unit: String, value: Double, exact: Bool) {
        self.configuration = configuration
        self.metric = metric
        self.unit = unit
        self.value = value
        self.exact = exact
    }
}

/// One stored point of a series: a figure with the run it came from.
package struct HistoryPoint: Hashable, Sendable, Codable {
    /// The add it came from, in the order of adding.
    package var run: Int64
    /// See `HistoryRun.commit`.
    package var commit: String
    /// See `HistoryRun.branch`.
    package var branch: String?
    /// See `HistoryRun.date`.
    package var date: String
    /// See `HistoryRun.machine`.
    package var machine: String
    /// See `HistoryFigure.configuration`.
    package var configuration: String
    /// See `HistoryFigure.metric`.
    package var metric: String
    /// See `HistoryFigure.unit`.
    package var unit: String
    /// See `HistoryFigure.value`.
    package var value: Double
    /// See `HistoryFigure.exact`.
    package var exact: Bool

    /// Creates a point; see `HistoryRun` and `HistoryFigure`.
    package init(
        run: Int64, commit: String, branch: String?, date: String, machine: String, configuration: String,
        metric: String, unit: String, value: Double, exact: Bool
    ) {
        self.run = run
        self.commit = commit
        self.branch = branch
        self.date = date
        self.machine = machine
        self.configuration = configuration
        self.metric = metric
        self.unit = unit
        self.value = value
        self.exact = exact
    }
}

/// Why a history could not be read or written; each names the file.
package enum HistoryError: Error, CustomStringConvertible, Equatable {
    /// The file does not exist (exit 66).
    case noInput(String)
    /// The file is not a history this bench reads, or an input is not what `add` takes (exit 65).
    case data(String, String)
    /// The file could not be read or written (exit 74).
    case io(String, String)

    /// One line: `file: what is wrong`.
    package var description: String {
        switch self {
        case .noInput(let file): "\(file): no such history (bench history add creates one)"
        case .data(let file, let reason), .io(let file, let reason): "\(file): \(reason)"
        }
    }
}
