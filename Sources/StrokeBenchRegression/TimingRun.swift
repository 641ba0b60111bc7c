import StrokeBenchReplay
import StrokeBenchMetrics

/// One per-frame figure over the active frames of one run: its percentiles, and its mean and total
/// where those mean something.
///
/// Every number in it is in the figure's own unit, so that scaling the figure (in a test, or by hand
/// in a baseline file) scales every number that describes it.
public struct FrameDistribution: Hashable, Sendable, Codable {
    /// Nearest-rank percentiles, as `bench run` reports them.
    public var p50, p90, p95, p99, max: Double
    /// Mean over active frames (nil where the run summary keeps only percentiles).
    public var mean: Double?
    /// Sum over all frames: for times, the busy time of the whole replay, the steadiest figure a run has.
    public var total: Double?

    /// Creates a distribution from figures already computed.
    public init(p50: Double, p90: Double, p95: Double, p99: Double, max: Double, mean: Double? = nil, total: Double? = nil) {
        self.p50 = p50; self.p90 = p90; self.p95 = p95; self.p99 = p99; self.max = max; self.mean = mean; self.total = total
    }

    /// The percentiles of a run summary, with the mean and (when `withTotal`) the total of `values`.
    public init(_ percentiles: Percentiles, values: [Double], withTotal: Bool) {
        let sum = values.reduce(0, +)
        self.init(p50: percentiles.p50, p90: percentiles.p90, p95: percentiles.p95, p99: percentiles.p99,
                  max: percentiles.max, mean: values.isEmpty ? 0 : sum / Double(values.count),
                  total: withTotal ? sum : nil)
    }
}

/// The timing figures of one replay: what a baseline keeps of each of its repeated runs.
///
/// Everything here depends on the measured costs, so it varies from run to run; the work counters,
/// which do not, are kept once per configuration in `BaselineEntry.counters`.
public struct TimingRun: Hashable, Sendable, Codable {
    /// Main-thread busy time per active frame (input + observers + commit), in ms; `total` is the sum.
    public var mainMs: FrameDistribution
    /// Rasterization time per active frame, wherever it ran, in ms.
    public var renderMs: FrameDistribution
    /// Render-server compositing time per active frame, in ms.
    public var compositeMs: FrameDistribution
    /// Completion minus deadline per active frame, in ms (negative: early).
    public var overrunMs: FrameDistribution
    /// Touch-to-screen latency over every sample shown, in ms.
    public var latencyMs: FrameDistribution
    /// Hitch ms per second of replay (Apple's hitch-time ratio).
    public var hitchRatioMsPerS: Double
    /// Share of vsyncs with input waiting and no new picture, in percent.
    public var droppedPct: Double
    /// Run-loop turns, and those that did something (the ones the percentiles are over).
    public var frames: Int
    public var activeFrames: Int

    enum CodingKeys: String, CodingKey {
        case mainMs = "main_ms", renderMs = "render_ms", compositeMs = "composite_ms", overrunMs = "overrun_ms"
        case latencyMs = "latency_ms", hitchRatioMsPerS = "hitch_ratio_ms_per_s", droppedPct = "dropped_pct"
        case frames, activeFrames = "active_frames"
    }

    /// Creates a run from figures already computed (tests, and readers of other formats).
    public init(mainMs: FrameDistribution, renderMs: FrameDistribution, compositeMs: FrameDistribution,
                overrunMs: FrameDistribution, latencyMs: FrameDistribution, hitchRatioMsPerS: Double,
                droppedPct: Double, frames: Int, activeFrames: Int) {
        self.mainMs = mainMs; self.renderMs = renderMs; self.compositeMs = compositeMs; self.overrunMs = overrunMs
        self.latencyMs = latencyMs; self.hitchRatioMsPerS = hitchRatioMsPerS; self.droppedPct = droppedPct
        self.frames = frames; self.activeFrames = activeFrames
    }

    /// The timing figures of a finished replay.
    public init(_ result: ReplayResult) {
        let s = result.summary
        let tally = result.tally
        self.init(
            mainMs: FrameDistribution(s.mainMs, values: tally.activeMainMs, withTotal: true),
            renderMs: FrameDistribution(s.renderMs, values: tally.activeRenderMs, withTotal: true),
            compositeMs: FrameDistribution(s.compositeMs, values: tally.activeCompositeMs, withTotal: true),
            overrunMs: FrameDistribution(s.overrunMs, values: tally.activeOverrunMs, withTotal: false),
            latencyMs: FrameDistribution(p50: s.latencyMs.p50, p90: s.latencyMs.p90, p95: s.latencyMs.p95,
                                         p99: s.latencyMs.p99, max: s.latencyMs.max),
            hitchRatioMsPerS: s.hitchRatioMsPerS, droppedPct: s.droppedPct,
            frames: s.frames, activeFrames: tally.activeFrames)
    }
}

extension TimingRun {
    /// `metric`'s figure in this run; nil for a figure a baseline does not keep (counters are kept once
    /// per configuration, most summary figures not at all).
    public func value(of metric: Metric) -> Double? {
        if let (distribution, rank) = metric.percentile {
            let d: FrameDistribution = switch distribution {
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
        default: return nil
        }
    }
}

/// A timing figure that `bench check` compares with its baseline, relative to the recorded range.
///
/// Lower is better for all of them. Signed figures (overrun) are not here: a relative tolerance means
/// nothing around zero, so they are checked as budgets instead.
public enum TimingFigure: String, CaseIterable, Sendable, Codable {
    case mainP50 = "main_ms.p50", mainP95 = "main_ms.p95", mainP99 = "main_ms.p99"
    /// The mean and the total over the replay: the figures least disturbed by a single preempted frame.
    case mainMean = "main_ms.mean", mainTotal = "main_ms.total"
    case renderP50 = "render_ms.p50", renderP95 = "render_ms.p95", renderP99 = "render_ms.p99"
    case compositeP50 = "composite_ms.p50", compositeP95 = "composite_ms.p95"
    case latencyP50 = "latency_ms.p50", latencyP95 = "latency_ms.p95", latencyP99 = "latency_ms.p99"
    case hitchRatio = "hitch_ratio_ms_per_s"

    /// The unit a figure is in, which picks its noise floor.
    public enum Unit: String, Sendable, Codable {
        case ms
        /// ms of hitch per second of replay.
        case msPerS = "ms/s"
    }

    /// The figure's unit.
    public var unit: Unit { self == .hitchRatio ? .msPerS : .ms }

    /// Which way is better: every timing figure is a time or a hitch ratio, so lower.
    public var polarity: Polarity { .lowerIsBetter }

    /// The figure's value in one run (0 for a mean or total the run does not have).
    public func value(in run: TimingRun) -> Double {
        switch self {
        case .mainP50: run.mainMs.p50
        case .mainP95: run.mainMs.p95
        case .mainP99: run.mainMs.p99
        case .mainMean: run.mainMs.mean ?? 0
        case .mainTotal: run.mainMs.total ?? 0
        case .renderP50: run.renderMs.p50
        case .renderP95: run.renderMs.p95
        case .renderP99: run.renderMs.p99
        case .compositeP50: run.compositeMs.p50
        case .compositeP95: run.compositeMs.p95
        case .latencyP50: run.latencyMs.p50
        case .latencyP95: run.latencyMs.p95
        case .latencyP99: run.latencyMs.p99
        case .hitchRatio: run.hitchRatioMsPerS
        }
    }
}
