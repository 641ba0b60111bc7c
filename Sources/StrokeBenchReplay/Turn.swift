import StrokeBenchCanvas
import StrokeBenchMetrics
import StrokeBenchStrategies

/// One run-loop turn as the main thread lived it: when it ran, what it was given, what each phase
/// cost, and what it committed. The accountant turns it into a `FrameRecord` once it is presented.
struct Turn {
    /// The turn's number, from 0: the CSV's `frame`.
    var frame: Int
    var trigger: FrameRecord.Trigger
    var start: ReplayInstant
    /// When the commit finished.
    var end: ReplayInstant
    /// Samples delivered.
    var samples: Int
    var blocksCost: ReplayDuration
    var inputCost: ReplayDuration
    var observersCost: ReplayDuration
    var commitCost: ReplayDuration
    /// What the commit handed to the render server, if anything.
    var update: LayerUpdate?
    /// Work counted during the turn (and by background tasks whose completion ran in it).
    var counters: WorkCounters
    /// The main thread's own share of `counters`: what its phases were charged for.
    var mainCounters: WorkCounters
    /// The strategy's `acceptedThrough` and `pointsRetained` at the end of the turn.
    var acceptedThrough: Int
    var pointsRetained: Int

    /// Main-thread busy time: main-queue blocks, input, observers and commit.
    var mainCost: ReplayDuration { blocksCost + inputCost + observersCost + commitCost }

    /// Rasterization time of the frame's content: the background render's, or the turn's own drawing.
    var renderCost: ReplayDuration {
        guard let update else { return .zero }
        if let seconds = update.backgroundRenderSeconds { return ReplayDuration(seconds: seconds) }
        return inputCost + commitCost
    }
}
