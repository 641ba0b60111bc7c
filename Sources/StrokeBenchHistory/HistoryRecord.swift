import Foundation

/// One `bench history add`: where the figures came from (commit, branch, date, machine) and what
/// kind of file held them.
public struct HistoryRun: Hashable, Sendable, Codable {
    /// What was added: a sweep folder, a baseline file, or a check report.
    public enum Source: String, Sendable, Codable, CaseIterable {
        /// A sweep folder: its `summary.csv`, each row's configuration named by its run record.
        case study
        /// A baseline file: its counters and every timing run's figures.
        case baseline
        /// A check report (`bench check --format json`): the candidate's counters and timing figures.
        case check
    }

    /// The commit the figures were measured at (any text a user's version control names it by).
    public var commit: String
    /// The branch, when the caller says.
    public var branch: String?
    /// When, ISO 8601 (UTC): the order of the history's points, ties broken by the order of adding.
    public var date: String
    /// The machine that ran the figures (measured figures compare only on like machines).
    public var machine: String
    /// What kind of file the figures came from.
    public var source: Source

    /// Creates a run; see the properties.
    public init(commit: String, branch: String?, date: String, machine: String, source: Source) {
        self.commit = commit
        self.branch = branch
        self.date = date
        self.machine = machine
        self.source = source
    }
}

/// One figure of one configuration, as `bench history add` stores it.
public struct HistoryFigure: Hashable, Sendable {
    /// The configuration's `id` (the same as `bench check` names it).
    public var configuration: String
    /// The metric's name (a `summary.csv` column: `pixels_rasterized`, `main_ms_p95`).
    public var metric: String
    /// The metric's unit.
    public var unit: String
    /// The value.
    public var value: Double
    /// True for a figure that is the same on every replay of the same input: a work counter, or any
    /// figure of a modelled or zero-cost replay on the virtual clock. Its series' changes are exact.
    public var exact: Bool

    /// Creates a figure; see the properties.
    public init(configuration: String, metric: String, unit: String, value: Double, exact: Bool) {
        self.configuration = configuration
        self.metric = metric
        self.unit = unit
        self.value = value
        self.exact = exact
    }
}

/// One stored point of a series: a figure with the run it came from.
public struct HistoryPoint: Hashable, Sendable, Codable {
    /// The add it came from, in the order of adding.
    public var run: Int64
    /// See `HistoryRun.commit`.
    public var commit: String
    /// See `HistoryRun.branch`.
    public var branch: String?
    /// See `HistoryRun.date`.
    public var date: String
    /// See `HistoryRun.machine`.
    public var machine: String
    /// See `HistoryFigure.configuration`.
    public var configuration: String
    /// See `HistoryFigure.metric`.
    public var metric: String
    /// See `HistoryFigure.unit`.
    public var unit: String
    /// See `HistoryFigure.value`.
    public var value: Double
    /// See `HistoryFigure.exact`.
    public var exact: Bool

    /// Creates a point; see `HistoryRun` and `HistoryFigure`.
    public init(
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
public enum HistoryError: Error, CustomStringConvertible, Equatable {
    /// The file does not exist (exit 66).
    case noInput(String)
    /// The file is not a history this bench reads, or an input is not what `add` takes (exit 65).
    case data(String, String)
    /// The file could not be read or written (exit 74).
    case io(String, String)

    /// One line: `file: what is wrong`.
    public var description: String {
        switch self {
        case .noInput(let file): "\(file): no such history (bench history add creates one)"
        case .data(let file, let reason), .io(let file, let reason): "\(file): \(reason)"
        }
    }
}
