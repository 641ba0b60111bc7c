/// Which way a figure is better.
package enum Polarity: String, Sendable {
    /// Time, hitches, dropped frames, work: less is better.
    case lowerIsBetter
    /// Frame rate, ink updates: more is better.
    case higherIsBetter
    /// A figure that describes the run rather than judges it (frames, samples, duration).
    case neither

    /// True when `candidate` is worse than `baseline` this way round (never for `neither`).
    package func isWorse(_ candidate: Double, than baseline: Double) -> Bool {
        switch self {
        case .lowerIsBetter: candidate > baseline
        case .higherIsBetter: candidate < baseline
        case .neither: false
        }
    }

    /// True when `candidate` is better than `baseline` this way round (never for `neither`).
    package func isBetter(_ candidate: Double, than baseline: Double) -> Bool {
        self != .neither && candidate != baseline && !isWorse(candidate, than: baseline)
    }
}

/// A figure of a run summary with its name (the column and JSON key), unit and polarity, and how to
/// read it from a `RunSummary`: what summary.csv, comparisons, checks and budgets name instead of a
/// string key. The figures are `Metric+Summary.swift`'s constants.
package struct Metric: Hashable, Sendable, CustomStringConvertible {
    /// The column of `summary.csv` (`main_ms_p99`).
    package let name: String
    /// `ms`, `%`, `px`; what a report prints beside the number.
    package let unit: String
    package let polarity: Polarity
    /// A count, written as an integer; otherwise a measure, written to four decimals.
    package let isWhole: Bool
    /// The distribution and rank of a percentile figure, so that readers of other shapes (a
    /// baseline's timing runs) can find the same figure; nil for the others.
    package let percentile: (distribution: Distribution, rank: PercentileRank)?
    /// Where a work counter sits in `CounterSummary`, so that readers holding only the counters (a
    /// baseline's entry) find the same figure; nil for the others.
    package let counter: (KeyPath<CounterSummary, Int> & Sendable)?
    private let read: @Sendable (RunSummary) -> Double?

    /// A figure that `read` takes from a summary; nil there means the run does not have it.
    package init(
        _ name: String, unit: String, polarity: Polarity = .lowerIsBetter, isWhole: Bool = false,
        read: @escaping @Sendable (RunSummary) -> Double?
    ) {
        self.name = name
        self.unit = unit
        self.polarity = polarity
        self.isWhole = isWhole
        self.read = read
        percentile = nil
        counter = nil
    }

    /// The work counter at `path` of a summary's counters: a count, lower is better unless `polarity` says.
    package init(
        _ name: String, unit: String, polarity: Polarity = .lowerIsBetter,
        counter path: KeyPath<CounterSummary, Int> & Sendable
    ) {
        self.name = name
        self.unit = unit
        self.polarity = polarity
        isWhole = true
        percentile = nil
        counter = path
        read = { Double($0.counters[keyPath: path]) }
    }

    /// `main_ms_p99`: the `rank` of `distribution`, in its unit, lower is better.
    package init(percentile rank: PercentileRank, of distribution: Distribution) {
        name = "\(distribution.rawValue)_\(rank.rawValue)"
        unit = "ms"
        polarity = .lowerIsBetter
        isWhole = false
        percentile = (distribution, rank)
        counter = nil
        read = { rank.value(in: distribution.percentiles(in: $0)) }
    }

    /// `Metric(percentile: rank, of: distribution)`.
    package static func percentile(_ distribution: Distribution, _ rank: PercentileRank) -> Metric {
        Metric(percentile: rank, of: distribution)
    }

    /// The figure in `summary`; nil when the run does not have it (a modelled figure's ends, for a
    /// run whose costs were not modelled).
    package func value(in summary: RunSummary) -> Double? { read(summary) }

    /// The figure as a CSV cell: a count as an integer, a measure to four decimals, empty when absent.
    package func csvCell(in summary: RunSummary) -> String {
        guard let value = read(summary) else { return "" }
        return isWhole ? String(Int(value)) : CSVWriter.number(value)
    }

    /// True when `candidate` is worse than `baseline` by this metric's polarity.
    package func isWorse(_ candidate: Double, than baseline: Double) -> Bool {
        polarity.isWorse(candidate, than: baseline)
    }

    package var description: String { name }
    package static func == (a: Metric, b: Metric) -> Bool { a.name == b.name }
    package func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

extension Metric {
    /// A per-frame distribution a summary keeps as percentiles, all in ms.
    package enum Distribution: String, CaseIterable, Sendable {
        case mainMs = "main_ms"
        case renderMs = "render_ms"
        case compositeMs = "composite_ms"
        case overrunMs = "overrun_ms"
        case latencyMs = "latency_ms"

        /// The distribution's percentiles in `summary`.
        package func percentiles(in s: RunSummary) -> Percentiles {
            switch self {
            case .mainMs: s.mainMs
            case .renderMs: s.renderMs
            case .compositeMs: s.compositeMs
            case .overrunMs: s.overrunMs
            case .latencyMs: s.latencyMs
            }
        }
    }

    /// A rank of `Percentiles`, in the order summary.csv writes them.
    package enum PercentileRank: String, CaseIterable, Sendable {
        case p50, p90, p95, p99, max

        /// This rank of `p`.
        package func value(in p: Percentiles) -> Double {
            switch self {
            case .p50: p.p50
            case .p90: p.p90
            case .p95: p.p95
            case .p99: p.p99
            case .max: p.max
            }
        }
    }
}
