import StrokeBenchMetrics
import StrokeBenchReplay

/// One per-frame figure over the active frames of one run: its percentiles, and its mean and total
/// where those mean something.
///
/// Every number in it is in the figure's own unit, so that scaling the figure (in a test, or by hand
/// in a baseline file) scales every number that describes it.
package struct FrameDistribution: Hashable, Sendable, Codable {
    /// Nearest-rank percentiles, as `bench run` reports them.
    package var p50, p90, p95, p99, max: Double
    /// Mean over active frames (nil where the run summary keeps only percentiles).
    package var mean: Double?
    /// Sum over all frames: for times, the busy time of the whole replay, the steadiest figure a run has.
    package var total: Double?

    /// Creates a distribution from figures already computed.
    package init(
        p50: Double, p90: Double, p95: Double, p99: Double, max: Double, mean: Double? = nil, total: Double? = nil
    ) {
        self.p50 = p50
        self.p90 = p90
        self.p95 = p95
        self.p99 = p99
        self.max = max
        self.mean = mean
        self.total = total
    }

    /// The percentiles of a run summary, with the mean and (when `withTotal`) the total of `values`.
    package init(_ percentiles: Percentiles, values: [Double], withTotal: Bool) {
        let sum = values.reduce(0, +)
        self.init(
            p50: percentiles.p50, p90: percentiles.p90, p95: percentiles.p95, p99: percentiles.p99,
            max: percentiles.max, mean: values.isEmpty ? 0 : sum / Double(values.count),
            total: withTotal ? sum : nil)
    }
}

/// The timing figures of one replay: what a baseline keeps of each of its repeated runs.
///
/// Everything here depends on the measured costs, so it varies from run to run; the work counters,
/// which do not, are kept once per configuration in `BaselineEntry.counters`.
package struct TimingRun: Hashable, Sendable, Codable {
    /// Main-thread busy time per active frame (input + observers + commit), in ms; `total` is the sum.
    package var mainMs: FrameDistribution
    /// Rasterization time per active frame, wherever it ran, in ms.
    package var renderMs: FrameDistribution
    /// Render-server compositing time per active frame, in ms.
    package var compositeMs: FrameDistribution
    /// Completion minus deadline per active frame, in ms (negative: early).
    package var overrunMs: FrameDistribution
    /// Touch-to-screen latency over every sample shown, in ms.
    package var latencyMs: FrameDistribution
    /// Hitch ms per second of replay (Apple's hitch-time ratio).
    package var hitchRatioMsPerS: Double
    /// Share of vsyncs with input waiting and no new picture, in percent.
    package var droppedPct: Double
    /// Run-loop turns, and those that did something (the ones the percentiles are over).
    package var frames: Int
    package var activeFrames: Int
    /// Every figure of the run's summary, so that a budget may name any of them. Absent in runs
    /// recorded by baseline format 2, which kept only the fields above.
    package var figures: RunFigures?

    enum CodingKeys: String, CodingKey {
        case mainMs = "main_ms"
        case renderMs = "render_ms"
        case compositeMs = "composite_ms"
        case overrunMs = "overrun_ms"
        case latencyMs = "latency_ms"
        case hitchRatioMsPerS = "hitch_ratio_ms_per_s"
        case droppedPct = "dropped_pct"
        case frames
        case activeFrames = "active_frames"
        case figures
    }

    /// Creates a run from figures already computed (tests, and readers of other formats).
    package init(
        mainMs: FrameDistribution, renderMs: FrameDistribution, compositeMs: FrameDistribution,
        overrunMs: FrameDistribution, latencyMs: FrameDistribution, hitchRatioMsPerS: Double,
        droppedPct: Double, frames: Int, activeFrames: Int, figures: RunFigures? = nil
    ) {
        self.mainMs = mainMs
        self.renderMs = renderMs
        self.compositeMs = compositeMs
        self.overrunMs = overrunMs
        self.latencyMs = latencyMs
        self.hitchRatioMsPerS = hitchRatioMsPerS
        self.droppedPct = droppedPct
        self.frames = frames
        self.activeFrames = activeFrames
        self.figures = figures
    }

    /// The timing figures of a finished replay.
    package init(_ result: ReplayResult) {
        let s = result.summary
        let tally = result.tally
        self.init(
            mainMs: FrameDistribution(s.mainMs, values: tally.activeMainMs, withTotal: true),
            renderMs: FrameDistribution(s.renderMs, values: tally.activeRenderMs, withTotal: true),
            compositeMs: FrameDistribution(s.compositeMs, values: tally.activeCompositeMs, withTotal: true),
            overrunMs: FrameDistribution(s.overrunMs, values: tally.activeOverrunMs, withTotal: false),
            latencyMs: FrameDistribution(
                p50: s.latencyMs.p50, p90: s.latencyMs.p90, p95: s.latencyMs.p95,
                p99: s.latencyMs.p99, max: s.latencyMs.max),
            hitchRatioMsPerS: s.hitchRatioMsPerS, droppedPct: s.droppedPct,
            frames: s.frames, activeFrames: tally.activeFrames, figures: RunFigures(s))
    }
}

extension TimingRun {
    /// `metric`'s figure in this run; nil for a figure a baseline does not keep (counters are kept once
    /// per configuration, most summary figures not at all).
    package func value(of metric: Metric) -> Double? {
        if let (distribution, rank) = metric.percentile {
            let d: FrameDistribution =
                switch distribution {
                case .mainMs: mainMs
                case .renderMs: renderMs
                case .compositeMs: compositeMs
                case .overrunMs: overrunMs
                case .latencyMs: latencyMs
                }
            return rank.value(in: Percentiles(p50: d.p50, p90: d.p90, p95: d.p95, p99: d.p99, max: d.max))
        }
        switch metric {
        case .hitchRatio: return hitchRatioMsPerS
        case .droppedPct: return droppedPct
        case .mainMsMean: return mainMs.mean
        case .mainMsTotal: return mainMs.total
        default: return figures?.values[metric]
        }
    }
}

extension Metric {
    /// The mean main-thread time per active frame, in ms: kept by a baseline's timing runs (a
    /// run summary keeps percentiles only), and with the total the figure least disturbed by one
    /// preempted frame.
    package static let mainMsMean = Metric("main_ms_mean", unit: "ms") { _ in nil }
    /// The main-thread busy time of the whole replay, in ms: kept by a baseline's timing runs.
    package static let mainMsTotal = Metric("main_ms_total", unit: "ms") { _ in nil }
}

/// Every figure of one run's summary by its `Metric`: in a baseline file, an object keyed by
/// summary.csv's column names. A name the reader does not know is an error, as every unknown key of a
/// baseline is.
package struct RunFigures: Hashable, Sendable, Codable {
    /// The figures the run has (a modelled figure's ends only for modelled costs; never a NaN or an
    /// infinity, which JSON cannot hold).
    package var values: [Metric: Double]

    /// The figures given.
    package init(values: [Metric: Double]) { self.values = values }

    /// Every figure of `summary` that it has.
    package init(_ summary: RunSummary) {
        values = [:]
        for metric in Metric.all { if let value = metric.value(in: summary), value.isFinite { values[metric] = value } }
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: MetricKey.self)
        values = [:]
        for key in container.allKeys {
            guard let metric = Metric.named(key.stringValue) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container,
                    debugDescription: "unknown figure '\(key.stringValue)'; figures are summary.csv's column names")
            }
            values[metric] = try container.decode(Double.self, forKey: key)
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MetricKey.self)
        for (metric, value) in values { try container.encode(value, forKey: MetricKey(stringValue: metric.name)) }
    }
}

/// A metric's name as a JSON key.
struct MetricKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension Metric {
    /// The timing figures `bench check` compares with a baseline's recorded range, in report order.
    ///
    /// Lower is better for all of them. Signed figures (overrun) are not here: a relative tolerance
    /// means nothing around zero, so they are checked as budgets instead.
    package static let timing: [Metric] = [
        .percentile(.mainMs, .p50), .percentile(.mainMs, .p95), .mainMsP99, .mainMsMean, .mainMsTotal,
        .percentile(.renderMs, .p50), .percentile(.renderMs, .p95), .percentile(.renderMs, .p99),
        .percentile(.compositeMs, .p50), .percentile(.compositeMs, .p95),
        .percentile(.latencyMs, .p50), .latencyMsP95, .percentile(.latencyMs, .p99), .hitchRatio,
    ]
}
