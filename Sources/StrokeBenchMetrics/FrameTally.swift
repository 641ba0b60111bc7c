import StrokeBenchUnits

/// What a run summary needs from a replay's frames, gathered one frame at a time, so that a replay
/// need not keep its frames: an hour at 120 Hz is 432,000 of them.
///
/// It keeps four numbers per active frame (main, render, composite and overrun time), because exact
/// percentiles need every value, and running totals for everything else: 32 bytes per active frame
/// against the 250 or so of a `FrameRecord`.
public struct FrameTally: Sendable {
    /// Frames added.
    public private(set) var frames = 0
    /// Per active frame (`FrameRecord.isActive`), in frame order.
    package private(set) var activeMainMs: [Double] = []
    package private(set) var activeRenderMs: [Double] = []
    package private(set) var activeCompositeMs: [Double] = []
    package private(set) var activeOverrunMs: [Double] = []
    package private(set) var missedVsyncs = 0
    package private(set) var hitchTotalMs = 0.0
    /// Every frame's work counters, added up.
    package private(set) var counters = WorkCounters()
    /// Display-link callbacks and main-thread busy time while input was drawn.
    package private(set) var displayLink = DisplayLinkTally()
    /// Touch samples delivered so far: the points drawn, the x of the growth slope.
    private var drawnSoFar = 0
    private var growth = SlopeAccumulator()

    package init() {}

    /// The tally of `frames`, added in order.
    package init<Frames: Sequence>(_ frames: Frames) where Frames.Element == FrameRecord {
        for frame in frames { add(frame) }
    }

    /// Adds the next frame of the replay.
    package mutating func add(_ frame: FrameRecord) {
        frames += 1
        drawnSoFar += frame.samples
        missedVsyncs += frame.missedVsyncs
        hitchTotalMs += frame.hitchMs
        counters += frame.counters
        displayLink.add(frame)
        guard frame.isActive else { return }
        activeMainMs.append(frame.mainMs)
        activeRenderMs.append(frame.renderMs)
        activeCompositeMs.append(frame.compositeMs)
        activeOverrunMs.append(frame.overrunMs)
        growth.add(x: Double(drawnSoFar), y: frame.mainMs)
    }

    /// Active frames added.
    package var activeFrames: Int { activeMainMs.count }

    /// The least-squares slope of active frames' `main_ms` against the points drawn so far, in ms per point.
    package var mainMsPerPoint: Double { growth.slope }
}

/// A least-squares slope kept in one pass (Welford's updates for the means and co-moments), so no
/// point needs keeping. 0 when x does not vary.
struct SlopeAccumulator: Sendable {
    private var n = 0.0, meanX = 0.0, meanY = 0.0, coMoment = 0.0, squaresX = 0.0

    mutating func add(x: Double, y: Double) {
        n += 1
        let dx = x - meanX
        meanX += dx / n
        meanY += (y - meanY) / n
        coMoment += dx * (y - meanY)
        squaresX += dx * (x - meanX)
    }

    var slope: Double { n > 1 && squaresX > 0 ? coMoment / squaresX : 0 }
}
