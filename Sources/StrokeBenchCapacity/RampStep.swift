import StrokeBenchCanvas
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchReplay
import StrokeBenchSpec
import StrokeBenchUnits

/// One step of a ramp (docs/capacity.md, "A step"): the canvas already holds `points` points of the
/// drawing, handed to the strategy in one burst at the start; after a pause the pen writes for one
/// second, and that second is judged.
///
/// History grows between steps, not within one, so a step's one-second window is the sliding window
/// at that history: what MotionMark does by holding a scene's complexity while it measures a frame rate.
package enum RampStep {
    /// From the burst of history to the window: time for the history to be drawn and shown.
    package static let settleSeconds = 1.0
    /// The measured second.
    package static let windowSeconds = 1.0
    /// "Keeps up": the window's run judgement (`RunJudgement`, the one every output prints) keeps up,
    /// and ink updates on at least this share of the vsyncs at which the pen moved: a capacity is a
    /// rate the ink keeps, stricter than a run's "at least once a second" (docs/capacity.md).
    package static let inkShare = 0.9

    /// The step at `value` on `axis`: the history at time 0, then the window stroke at the device's
    /// digitizer rate from `settleSeconds`.
    package static func input(_ drawing: RampDrawing, axis: RampAxis, value: Int, device: DeviceProfile) -> ReplayInput
    {
        switch axis {
        case .history: input(history: drawing.history(value), window: drawing.window, device: device)
        case .penSpeed(let history):
            input(history: drawing.history(history), window: drawing.window(speed: Double(value)), device: device)
        }
    }

    /// `history` at time 0, then `window` at the device's digitizer rate from `settleSeconds`.
    static func input(history: [[Point]], window: [Point], device: DeviceProfile) -> ReplayInput {
        var times: [Double] = []
        var all: [Point] = []
        var starts: [Bool] = []
        var ends: [Bool] = []
        func add(_ stroke: [Point], time: (Int) -> Double) {
            for (i, p) in stroke.enumerated() {
                times.append(time(i))
                all.append(p)
                starts.append(i == 0)
                ends.append(i == stroke.count - 1)
            }
        }
        for stroke in history { add(stroke) { _ in 0 } }
        add(window) { settleSeconds + Double($0) / device.touchRate }
        return ReplayInput(times: times, points: all, isStrokeStart: starts, isStrokeEnd: ends)
    }

    /// The window, in ms of replay time.
    static var windowMs: Range<Double> { settleSeconds * 1000..<(settleSeconds + windowSeconds) * 1000 }

    /// The window's vsyncs at `hz`: those whose time lies in `windowMs`.
    static func windowVsyncs(hz: Double) -> ClosedRange<Int> {
        let first = Int((windowMs.lowerBound * hz / 1000).rounded(.up))
        let end = Int((windowMs.upperBound * hz / 1000).rounded(.up))
        return first...max(first, end - 1)
    }
}

/// What a ramp grows.
package enum RampAxis: Hashable, Sendable {
    /// Retained points, the pen writing at the drawing's speed.
    case history
    /// The pen's speed in points a second, at the digitizer's rate (so the ink each frame adds), with
    /// `history` points already on the canvas.
    case penSpeed(history: Int)

    /// How reports name the axis.
    package var name: String { self == .history ? "history" : "pen speed" }
    /// The unit of the axis's values.
    package var unit: String { self == .history ? "points" : "pt/s" }
}

/// What a step's window showed, at one set of costs.
package struct StepOutcome: Hashable, Sendable {
    /// The step's value on the ramp's axis: retained points before the window, or the pen's speed.
    package var points: Int
    /// The window's verdict keeps up and its ink share is at least `RampStep.inkShare`.
    package var keepsUp: Bool
    /// The window's verdict, by the one judgement of a run (`RunJudgement`).
    package var verdict: DrawingVerdict
    /// Summed hitches over the window, per second; nil where the step was priced, not replayed
    /// (`PricedSteps`: a priced step either keeps every turn before its deadline, with no hitch, or not).
    package var hitchRatioMsPerS: Double?
    /// Vsyncs that showed new ink, as a percentage of those at which the pen moved.
    package var inkUpdatesPct: Double
    /// The step's frame cost: the longer of the main thread's mean turn while the pen moved and the
    /// mean background render finished in the window (what an async strategy spends).
    package var frameCostMs: Double
    /// The longest main-thread turn in the window.
    package var longestTurnMs: Double
    /// Why the step fails: the verdict and its reasons, worst first; nil when it keeps up.
    package var failure: String?
}

/// The figures of a replayed step's window, read from its frames and from what its screen showed:
/// the figures `RunJudgement` judges a whole run on, over the window's vsyncs and the samples the pen
/// took in it.
struct WindowFigures {
    var hitchMs = 0.0
    var penVsyncs = 0
    var inkVsyncs = Set<Double>()
    var mainMs: [Double] = []
    var renderMs: [Double] = []
    /// The window's dropped frames, as a share of its vsyncs that expected a picture (`DroppedFrames`).
    var droppedPct = 0.0
    /// The window's samples' touch-to-screen latencies, and how many of them were never shown.
    var latenciesMs: [Double] = []
    var neverShown = 0

    /// The window of a step replayed at `hz`, whose input is `input`.
    init(_ result: ReplayResult, input: ReplayInput, hz: Double) {
        let window = RampStep.windowMs
        for f in result.frames where window.contains(f.vsyncMs) {
            hitchMs += f.hitchMs
            if f.samples > 0 {
                penVsyncs += 1
                mainMs.append(f.mainMs)
            }
            if f.renderMs > 0 { renderMs.append(f.renderMs) }
            if let present = f.presentMs, f.latencyMaxMs != nil, window.contains(present) { inkVsyncs.insert(present) }
        }
        let shown = result.shown
        let vsyncs = RampStep.windowVsyncs(hz: hz)
        droppedPct =
            DroppedFrames(
                pending: shown.pending, presentations: shown.presentations.map { ($0.vsync, $0.showsThrough) },
                hz: hz, vsyncCount: shown.vsyncCount, counting: vsyncs
            ).percent
        // The window's samples are the pen's, taken from the start of the window; the history came before.
        for i in input.times.indices where input.times[i] * 1000 >= window.lowerBound && i < shown.latenciesMs.count {
            latenciesMs.append(shown.latenciesMs[i])
            if !shown.isShown[i] { neverShown += 1 }
        }
    }

    /// The share of the pen's vsyncs that showed new ink, in %.
    var inkPct: Double { penVsyncs == 0 ? 100 : 100 * Double(inkVsyncs.count) / Double(penVsyncs) }

    /// The window judged as a run is (`RunJudgement`), with `hitchRatio` as its hitch ratio: ink updates
    /// a second while the pen moved are the pen's vsyncs that showed new ink, at `hz`.
    func judgement(hitchRatio: Double, hz: Double) -> RunJudgement {
        RunJudgement(
            RunJudgement.Figures(
                samples: latenciesMs.count, samplesNeverShown: neverShown,
                inkUpdatesPerS: inkPct / 100 * hz,
                hitchRatioMsPerS: hitchRatio, hitchBand: HitchBand(ratio: hitchRatio), bandProbabilities: nil,
                droppedPct: droppedPct, latencyP95Ms: Percentiles(latenciesMs).p95))
    }

    func outcome(points: Int, hz: Double) -> StepOutcome {
        let hitchRatio = hitchMs / RampStep.windowSeconds
        let meanMain = mainMs.isEmpty ? 0 : mainMs.reduce(0, +) / Double(mainMs.count)
        let meanRender = renderMs.isEmpty ? 0 : renderMs.reduce(0, +) / Double(renderMs.count)
        let judgement = judgement(hitchRatio: hitchRatio, hz: hz)
        return StepOutcome(
            points: points, keepsUp: false, verdict: judgement.verdict, hitchRatioMsPerS: hitchRatio,
            inkUpdatesPct: inkPct, frameCostMs: max(meanMain, meanRender), longestTurnMs: mainMs.max() ?? 0,
            failure: nil
        ).judged(by: judgement)
    }
}

extension StepOutcome {
    /// The outcome with `keepsUp` and `failure` set from `judgement` and the ink share: the verdict and
    /// its reasons where it does not keep up, else an ink share under `RampStep.inkShare` (the one rule a
    /// step adds).
    func judged(by judgement: RunJudgement) -> StepOutcome {
        var outcome = self
        outcome.verdict = judgement.verdict
        if judgement.verdict != .keepsUp {
            outcome.failure = judgement.summary
        } else if inkUpdatesPct < RampStep.inkShare * 100 {
            outcome.failure = "ink on \(rounded(inkUpdatesPct))% of the pen's vsyncs"
        }
        outcome.keepsUp = outcome.failure == nil
        return outcome
    }
}

/// A figure to one decimal, for the few words of a failure.
func rounded(_ value: Double) -> String { ((value * 10).rounded() / 10).plainText }
