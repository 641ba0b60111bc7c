import StrokeBenchCanvas
import Foundation
import StrokeBenchMetrics
import StrokeBenchStrategies

/// Everything the replay measures, turn by turn: frame records (each handed over one turn late, once
/// the render server has composited it), the running tally, what the screen showed when, each
/// sample's touch-to-screen latency, and when content became pending (for dropped frames).
struct FrameAccountant {
    private let configuration: ReplayConfiguration
    private let grid: VsyncGrid
    private let renderServer: RenderServer
    private(set) var tally = FrameTally()
    private(set) var frames: [FrameRecord] = []
    private(set) var presentations: [ScreenTimeline.Presentation] = []
    /// (due vsync of a turn, newest sample pending by its end), appended when it grows.
    private(set) var pending: [PendingContent] = []
    private var latencies: [Double]
    /// With display-link input, when each sample was taken (ns): its latency counts from the turn that
    /// took it, as the app's own touch-to-screen would, not from a recorded time it never had.
    private var deliveredAt: [Int64]?
    /// Newest sample on screen (or committed for it).
    private(set) var shown = -1
    /// The latest vsync a picture is presented at.
    private(set) var lastPresent = 0
    /// The newest turn's record waits one turn for its composite cost: in the realtime clock the
    /// render server finishes it on its own thread, before the next turn's fence.
    private var held: FrameRecord?

    init(configuration: ReplayConfiguration, grid: VsyncGrid, renderServer: RenderServer) {
        self.configuration = configuration
        self.grid = grid
        self.renderServer = renderServer
        latencies = [Double](repeating: .nan, count: configuration.input.count)
        if configuration.inputMode.takesSamplesByTurn { deliveredAt = [Int64](repeating: 0, count: configuration.input.count) }
    }

    /// Notes that samples `range` were delivered by the turn that started at `start`.
    mutating func noteDelivered(_ range: Range<Int>, at start: ReplayInstant) {
        guard deliveredAt != nil else { return }
        for i in range { deliveredAt![i] = start.nanoseconds }
    }

    /// When sample `i` counts as having happened: its recorded time, or the turn that took it.
    func instant(of i: Int) -> ReplayInstant {
        deliveredAt.map { ReplayInstant(nanoseconds: $0[i]) } ?? configuration.input.instant(of: i)
    }

    /// Sample latencies in ms at the end of a replay whose last vsync is at `end`: a sample never shown
    /// counts the time it waited until then, a lower bound, never 0 ms. Also how many were never shown.
    func sampleLatencies(endingAt end: ReplayInstant) -> (latenciesMs: [Double], neverShown: Int) {
        var neverShown = 0
        let all = latencies.indices.map { i in
            guard latencies[i].isNaN else { return latencies[i] }
            neverShown += 1
            return max(0, (end - instant(of: i)).milliseconds)
        }
        return (all, neverShown)
    }

    /// Accounts for `turn`, whose picture (if it committed one) is presented at `presentVsync`.
    mutating func account(_ turn: Turn, presentedAt presentVsync: Int?) throws {
        let deadline = grid.firstVsync(after: turn.start)
        notePending(turn.acceptedThrough, dueAt: deadline)
        var latency: (min: Double, max: Double)?
        if let update = turn.update, let presentVsync {
            lastPresent = max(lastPresent, presentVsync)
            presentations.append(.init(vsync: presentVsync, showsThrough: update.showsThrough, blank: update.isBlank))
            let firstNew = shown + 1
            latency = noteShown(update, at: presentVsync)
            configuration.timeline.presented(presentation(turn, update, at: presentVsync, deadline: deadline,
                                                          firstShown: latency.map { _ in (sample(firstNew), sample(update.showsThrough)) },
                                                          latency: latency))
        }
        if let previous = held { try handOver(previous) }
        held = record(turn, deadline: deadline, presentVsync: presentVsync, latency: latency)
    }

    /// Hands over the last frame; call once, after the render server is idle.
    mutating func finish() throws {
        if let last = held { try handOver(last) }
        held = nil
    }

    private mutating func notePending(_ through: Int, dueAt vsync: Int) {
        if through > (pending.last?.through ?? -1) { pending.append(PendingContent(vsync: vsync, through: through)) }
    }

    /// Latencies of the samples a presented picture shows for the first time; (newest, oldest) in ms.
    private mutating func noteShown(_ update: LayerUpdate, at vsync: Int) -> (min: Double, max: Double)? {
        guard update.showsThrough > shown && !update.isBlank else { return nil }
        // A fading-in picture counts as shown once the fade has finished.
        let presentTime = grid.time(of: vsync) + ReplayDuration(seconds: update.fadeIn)
        for i in (shown + 1)...update.showsThrough { latencies[i] = (presentTime - instant(of: i)).milliseconds }
        defer { shown = update.showsThrough }
        return (latencies[update.showsThrough], latencies[shown + 1])
    }

    private func record(_ turn: Turn, deadline: Int, presentVsync: Int?, latency: (min: Double, max: Double)?) -> FrameRecord {
        let deadlineTime = grid.time(of: deadline)
        let missed = presentVsync.map { $0 - deadline } ?? 0
        return FrameRecord(
            frame: turn.frame, trigger: turn.trigger,
            vsyncMs: grid.time(of: deadline - 1).milliseconds, startMs: turn.start.milliseconds, endMs: turn.end.milliseconds,
            deadlineMs: deadlineTime.milliseconds, presentMs: presentVsync.map { grid.time(of: $0).milliseconds },
            samples: turn.samples, mainMs: turn.mainCost.milliseconds, inputMs: turn.inputCost.milliseconds,
            observersMs: turn.observersCost.milliseconds, commitMs: turn.commitCost.milliseconds,
            renderMs: turn.renderCost.milliseconds, compositeMs: 0, overrunMs: (turn.end - deadlineTime).milliseconds,
            missedVsyncs: missed, hitchMs: grid.duration(ofVsyncs: missed).milliseconds,
            latencyMinMs: latency?.min, latencyMaxMs: latency?.max,
            counters: turn.counters, mainCounters: turn.mainCounters, pointsRetained: turn.pointsRetained)
    }

    private func sample(_ i: Int) -> TimelineSample { TimelineSample(index: i, time: instant(of: i)) }

    private func presentation(_ turn: Turn, _ update: LayerUpdate, at vsync: Int, deadline: Int,
                              firstShown: (oldest: TimelineSample, newest: TimelineSample)?, latency: (min: Double, max: Double)?) -> TimelinePresentation {
        TimelinePresentation(frame: turn.frame, vsync: vsync, time: grid.time(of: vsync), missedVsyncs: vsync - deadline,
                             hitch: grid.duration(ofVsyncs: vsync - deadline), fadeIn: update.fadeIn,
                             showsThrough: update.showsThrough, blank: update.isBlank, firstShown: firstShown,
                             latencyMaxMs: latency?.max, latencyMinMs: latency?.min)
    }

    /// Adds the composite cost, then tallies, keeps and streams the record.
    private mutating func handOver(_ record: FrameRecord) throws {
        var record = record
        let composite = renderServer.takeCost(ofFrame: record.frame)
        record.compositeMs = composite.cost.milliseconds
        record.counters.pixelsComposited += composite.pixels
        configuration.timeline.composited(frame: record.frame, commitEnd: ReplayInstant(nanoseconds: Int64((record.endMs * 1e6).rounded())),
                                          cost: composite.cost, pixels: composite.pixels)
        tally.add(record)
        if configuration.keepsFrames { frames.append(record) }
        try configuration.onFrame?(record)
    }
}
