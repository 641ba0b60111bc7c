import StrokeBenchMetrics
import StrokeBenchSpec

/// A limit on one figure that matters to a user, checked on the candidate's runs: the second layer of
/// `bench check`, beside the baseline's recorded ranges.
///
/// As package-benchmark's thresholds do, a budget may name any `Metric` (summary.csv's columns) at any
/// percentile over the repeated runs, with an absolute limit or one relative to the baseline. The metric
/// gives it its unit and its direction: a figure is *within* its budget when it is no worse than the
/// limit, and a figure with no better direction (`frames`) cannot be budgeted.
///
/// Its key, in a baseline file and after `--budget`, is the metric's name, with `@pN` for a percentile
/// over the runs: `ink_updates_per_s@p50`. The three default budgets keep the keys baselines were first
/// recorded with (`overrun_p99_ms`, not `overrun_ms_p99`), and their short names (`hitch-ratio`).
package struct Budget: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The figure the budget limits.
    package let metric: Metric
    /// Which of the runs it judges.
    package let statistic: RunStatistic

    /// The hitch-time ratio of each run, in ms of hitch per second of replay. Default 5: the top of
    /// Apple's WWDC20 "good" band (5-10 is a warning, over 10 critical).
    package static let hitchRatio = Budget(.hitchRatio)
    /// The p99 of frame overrun (completion minus the next vsync) of each run, in ms. Default 0: 99% of
    /// the frames that did something finished before their vsync.
    package static let overrunP99 = Budget(.overrunMsP99)
    /// The p95 of touch-to-screen latency of each run, in ms. Default 50: three 60 Hz frames (a sample
    /// waits for a turn, is drawn, and is shown at the next vsync) with room for one late frame; drawing
    /// that lags the pen by more is plainly visible.
    package static let latencyP95 = Budget(.latencyMsP95)

    /// The budgets every new baseline has, with their limits, in the order files write them.
    package static let defaults: [(budget: Budget, limit: Double)] = [
        (hitchRatio, 5), (overrunP99, 0), (latencyP95, 50),
    ]

    /// A budget on `metric` over `statistic` of the runs.
    package init(_ metric: Metric, _ statistic: RunStatistic = .eachRun) {
        self.metric = metric
        self.statistic = statistic
    }

    /// The key in a baseline file and the report (`ink_updates_per_s@p50`; the defaults' first keys).
    package var key: String {
        switch self {
        case .overrunP99: "overrun_p99_ms"
        case .latencyP95: "latency_p95_ms"
        default: metric.name + statistic.suffix
        }
    }

    /// The short name the defaults also answer to on the command line (`hitch-ratio`).
    package var shortName: String? {
        switch self {
        case .hitchRatio: "hitch-ratio"
        case .overrunP99: "overrun-p99"
        case .latencyP95: "latency-p95"
        default: nil
        }
    }

    package var description: String { key }

    /// True for the three budgets every baseline writes, on or off.
    package var isDefault: Bool { Self.defaults.contains { $0.budget == self } }

    /// The budget with this key or short name: a default's name, or `METRIC` or `METRIC@pN` with METRIC
    /// a column of summary.csv that has a better direction and N in 0...100.
    ///
    /// - Throws: `BudgetSettingError` saying what is wrong with the name (with `setting` empty).
    package init(name: String) throws(BudgetSettingError) {
        if let known = Self.defaults.first(where: { $0.budget.key == name || $0.budget.shortName == name }) {
            self = known.budget
            return
        }
        let parts = name.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let metric = Metric.named(parts[0]) else {
            throw BudgetSettingError(
                setting: "",
                reason: "'\(parts[0])' is not a figure a budget can name: use a column of "
                    + "summary.csv (hitch_ratio_ms_per_s, ink_updates_per_s, main_ms_p95, ...) or "
                    + Self.defaults.compactMap(\.budget.shortName).joined(separator: ", "))
        }
        guard metric.polarity != .neither else {
            throw BudgetSettingError(
                setting: "", reason: "\(metric.name) has no better direction, so it cannot be budgeted")
        }
        var statistic = RunStatistic.eachRun
        if parts.count == 2 {
            guard let parsed = RunStatistic(parts[1]) else {
                throw BudgetSettingError(
                    setting: "",
                    reason: "'@\(parts[1])' is not a percentile over the runs: use @p0 to @p100 (@p50 is the median)")
            }
            statistic = parsed
        }
        self.init(metric, statistic)
    }

    /// The figure in each of `runs`; nil when a run does not keep it (one recorded by baseline format 2,
    /// which kept only the default budgets' and the timing checks' figures).
    package func values(in runs: [TimingRun]) -> [Double]? {
        let values = runs.compactMap { $0.value(of: metric) }
        return values.count == runs.count ? values : nil
    }

    /// The limit as a value of the metric: an absolute limit as it is, a relative one applied to
    /// `statistic` of the baseline's runs (their median for `eachRun`), in the worse direction.
    /// Nil when a relative limit has no baseline figure to apply to.
    package func threshold(_ limit: BudgetLimit, baseline: [Double]?) -> Double? {
        switch limit {
        case .absolute(let value): return value
        case .relative(let fraction):
            guard let baseline, !baseline.isEmpty else { return nil }
            let reference = statistic.value(of: baseline)
            let allowance = abs(reference) * fraction
            return metric.polarity == .higherIsBetter ? reference - allowance : reference + allowance
        }
    }

    /// True when `value` is beyond `threshold` in the metric's worse direction.
    package func value(_ value: Double, exceeds threshold: Double) -> Bool { metric.isWorse(value, than: threshold) }

    /// The verdict on the candidate's `values` against `threshold`.
    ///
    /// For `eachRun`, noise can push a figure near the limit either way, so the budget is exceeded
    /// (`regression`) only when every run exceeds it, met (`pass`) when every run meets it, and
    /// `inconclusive` otherwise. A percentile over the runs is one number: beyond, or not.
    package func verdict(_ values: [Double], threshold: Double) -> ChangeVerdict {
        switch statistic {
        case .eachRun:
            let over = values.filter { value($0, exceeds: threshold) }.count
            if over == 0 { return .unchanged }
            return over == values.count ? .worse : .inconclusive
        case .percentile:
            return value(statistic.value(of: values), exceeds: threshold) ? .worse : .unchanged
        }
    }

    package static func < (a: Budget, b: Budget) -> Bool { a.key < b.key }
}

/// Which of a configuration's repeated runs a budget judges.
package enum RunStatistic: Hashable, Sendable {
    /// Every run on its own (a key without `@`).
    case eachRun
    /// The nearest-rank percentile over the runs (`@p50` the median, `@p0` the smallest, `@p100` the
    /// largest), as `Percentiles` defines it.
    case percentile(Int)

    /// `p50` as `.percentile(50)`; nil for anything else.
    init?(_ text: String) {
        guard text.hasPrefix("p"), let rank = Int(text.dropFirst()), (0...100).contains(rank),
            String(rank) == text.dropFirst()
        else { return nil }
        self = .percentile(rank)
    }

    /// `@p50` in a key, empty for each run.
    var suffix: String {
        switch self {
        case .eachRun: ""
        case .percentile(let rank): "@p\(rank)"
        }
    }

    /// The statistic over `values` (for `eachRun`, the median: the one number that stands for them,
    /// and what a relative limit is measured from).
    package func value(of values: [Double]) -> Double {
        switch self {
        case .eachRun: median(values)
        case .percentile(let rank): Percentiles.rank(Double(rank), values.sorted())
        }
    }
}

/// A budget's limit.
package enum BudgetLimit: Hashable, Sendable, CustomStringConvertible {
    /// At most (lower is better) or at least (higher is better) this value, in the metric's unit.
    case absolute(Double)
    /// No worse than the baseline's own figure by more than this fraction of it (`0.1` is 10%):
    /// package-benchmark's relative threshold.
    case relative(Double)

    /// `5` or `+10%`: as typed after `--budget NAME=` and as written in a baseline file.
    package var description: String {
        switch self {
        case .absolute(let value): value.plainText
        case .relative(let fraction): "+" + (fraction * 100).plainText + "%"
        }
    }

    /// `5` (absolute) or `+10%` / `10%` (relative); nil for anything else, or a limit that is not finite
    /// or, for a relative one, negative.
    init?(_ text: String) {
        if text.hasSuffix("%") {
            let digits = text.dropLast().drop { $0 == "+" }
            guard let percent = Double(digits), percent.isFinite, percent >= 0 else { return nil }
            self = .relative(percent / 100)
        } else {
            guard let value = Double(text), value.isFinite else { return nil }
            self = .absolute(value)
        }
    }
}

/// A `--budget` setting that could not be understood.
package struct BudgetSettingError: Error, CustomStringConvertible {
    /// The setting as typed.
    package var setting: String
    /// What is wrong with it.
    package var reason: String
    /// One line for people.
    package var description: String { "--budget \(setting): \(reason)" }
}
