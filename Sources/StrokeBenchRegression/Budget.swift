import StrokeBenchMetrics

/// An absolute limit on a figure that matters to a user, checked on the simulated clock: the second
/// layer of `bench check`, independent of any baseline's timings.
///
/// Each budget limits one `Metric`, which gives it its unit and its direction: a figure is *within*
/// its budget when it is no worse than the limit. It also has a name people type
/// (`--budget hitch-ratio=10`), a key in the baseline file and a documented default.
public enum Budget: String, CaseIterable, Sendable, Codable {
    /// The hitch-time ratio, in ms of hitch per second of replay. Default 5: the top of Apple's WWDC20
    /// "good" band (5-10 is a warning, over 10 critical).
    case hitchRatio = "hitch_ratio_ms_per_s"
    /// The p99 of frame overrun (completion minus the next vsync), in ms. Default 0: 99% of the frames
    /// that did something finished before their vsync.
    case overrunP99 = "overrun_p99_ms"
    /// The p95 of touch-to-screen latency, in ms. Default 50: three 60 Hz frames (a sample waits for a
    /// turn, is drawn, and is shown at the next vsync) with room for one late frame; drawing that lags
    /// the pen by more is plainly visible.
    case latencyP95 = "latency_p95_ms"

    /// The figure the budget limits. The raw value stays the key baselines were recorded with, which
    /// for the percentiles predates the metric's name (`overrun_p99_ms`, not `overrun_ms_p99`):
    /// renaming it would make every recorded baseline unreadable.
    public var metric: Metric {
        switch self {
        case .hitchRatio: .hitchRatio
        case .overrunP99: .overrunMsP99
        case .latencyP95: .latencyMsP95
        }
    }

    /// The name on the command line.
    public var optionName: String {
        switch self {
        case .hitchRatio: "hitch-ratio"
        case .overrunP99: "overrun-p99"
        case .latencyP95: "latency-p95"
        }
    }

    /// The limit a new baseline gets unless told otherwise.
    public var defaultLimit: Double {
        switch self {
        case .hitchRatio: 5
        case .overrunP99: 0
        case .latencyP95: 50
        }
    }

    /// The figure's unit, for reports.
    public var unit: String { metric.unit }

    /// The budget with this command-line name or file key.
    public init?(name: String) {
        guard let budget = Budget.allCases.first(where: { $0.optionName == name || $0.rawValue == name }) else { return nil }
        self = budget
    }

    /// The budgeted figure in one run. Every budget's metric is one a timing run keeps (a test reads
    /// each), so there is always a value.
    public func value(in run: TimingRun) -> Double {
        guard let value = run.value(of: metric) else { preconditionFailure("a timing run does not keep \(metric)") }
        return value
    }

    /// True when `value` is beyond `limit` in the metric's worse direction.
    public func value(_ value: Double, exceeds limit: Double) -> Bool { metric.isWorse(value, than: limit) }

    /// True when `run`'s figure is beyond `limit`.
    public func run(_ run: TimingRun, exceeds limit: Double) -> Bool { value(value(in: run), exceeds: limit) }

    /// The verdict over repeated runs. Noise can push a figure near the limit either way, so a budget is
    /// exceeded (`regression`) only when every run exceeds it, met (`pass`) when every run meets it, and
    /// `inconclusive` otherwise.
    public func verdict(limit: Double, runs: [TimingRun]) -> Verdict {
        let over = runs.filter { run($0, exceeds: limit) }.count
        if over == 0 { return .pass }
        return over == runs.count ? .regression : .inconclusive
    }
}

/// The budgets a baseline checks, each with its limit or off.
///
/// In the file, an object with every budget's key: a number, or null for off. A key the reader does not
/// know is an error, not something to skip: a budget silently ignored is a check that never fails.
public struct Budgets: Hashable, Sendable, Codable {
    /// Limits of the budgets that are on.
    public var limits: [Budget: Double]

    /// Every budget at its default limit.
    public static let defaults = Budgets(limits: Dictionary(uniqueKeysWithValues: Budget.allCases.map { ($0, $0.defaultLimit) }))
    /// No budgets.
    public static let none = Budgets(limits: [:])

    /// Creates a set of budgets from limits (budgets absent are off).
    public init(limits: [Budget: Double]) { self.limits = limits }

    /// Applies `name=value` or `name=off` settings, as typed after `--budget`, on top of these budgets.
    ///
    /// - Throws: `BudgetSettingError` naming the setting for an unknown budget or a value that is not a number.
    public func applying(_ settings: [String]) throws -> Budgets {
        var result = self
        for setting in settings {
            let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let budget = Budget(name: parts[0]) else {
                throw BudgetSettingError(setting: setting, reason: "expected NAME=LIMIT or NAME=off with NAME one of "
                    + Budget.allCases.map(\.optionName).joined(separator: ", "))
            }
            if parts[1] == "off" {
                result.limits[budget] = nil
            } else if let limit = Double(parts[1]), limit.isFinite {
                result.limits[budget] = limit
            } else {
                throw BudgetSettingError(setting: setting, reason: "the limit must be a number or 'off'")
            }
        }
        return result
    }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads the object form: every budget's key, with a number or null (off). An unknown key is an
    /// error, and so is a missing one: deleting a key would otherwise turn its budget off unseen.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        var limits: [Budget: Double] = [:]
        for key in container.allKeys where Budget(rawValue: key.stringValue) == nil {
            throw DecodingError.dataCorruptedError(forKey: key, in: container,
                debugDescription: "unknown budget '\(key.stringValue)'")
        }
        for budget in Budget.allCases {
            let key = Key(stringValue: budget.rawValue)
            guard container.contains(key) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container,
                    debugDescription: "missing; every budget is written, with a limit or null for off")
            }
            limits[budget] = try container.decodeIfPresent(Double.self, forKey: key)
        }
        self.limits = limits
    }

    /// Writes every budget, null for those that are off, so the file shows what is not checked too.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for budget in Budget.allCases { try container.encode(limits[budget], forKey: Key(stringValue: budget.rawValue)) }
    }
}

/// A `--budget` setting that could not be understood.
public struct BudgetSettingError: Error, CustomStringConvertible {
    /// The setting as typed.
    public var setting: String
    /// What is wrong with it.
    public var reason: String
    /// One line for people.
    public var description: String { "--budget \(setting): \(reason)" }
}
