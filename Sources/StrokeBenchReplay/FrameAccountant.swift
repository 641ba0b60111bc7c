import Foundation
import StrokeBenchCanvas
import StrokeBenchDevice
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
    /// The replay's strokes, and which samples they pass through.
    private let ink: InkRecord
    /// The strokes of the layer contents on screen (`Surface.ink`): an update without contents or
    /// damage leaves them there.
    private var displayedStrokes = InkSet()
    /// The latest vsync a picture is presented at.
    private(set) var lastPresent = 0
    /// The newest turn's record waits one turn for its composite cost: in the realtime clock the
    /// render server finishes it on its own thread, before the next turn's fence.
    private var held: FrameRecord?
    /// The samples the held record's picture showed first, whose render-server stage its composite sets.
    private var heldShown: Range<Int>?
    /// Each sample's way to the screen, for its latency stages (ns): the start of the turn that delivered
    /// it, the end of the commit that first held it, the time it was presented, and the render server's
    /// cost for that commit. Zero until known.
    private var turnStartNs: [Int64]
    private var commitEndNs: [Int64]
    private var presentNs: [Int64]
    private var compositeNs: [Int64]
    /// A timeline watches the replay (`ReplayTimeline.watches`).
    private let watched: Bool

    init(configuration: ReplayConfiguration, grid: VsyncGrid, renderServer: RenderServer, ink: InkRecord) {
        self.configuration = configuration
        self.ink = ink
        self.grid = grid
        self.renderServer = renderServer
        watched = configuration.timeline.watches
        latencies = [Double](repeating: .nan, count: configuration.input.count)
        turnStartNs = [Int64](repeating: 0, count: configuration.input.count)
        commitEndNs = turnStartNs
        presentNs = turnStartNs
        compositeNs = turnStartNs
        if configuration.inputMode.takesSamplesByTurn {
            deliveredAt = [Int64](repeating: 0, count: configuration.input.count)
        }
    }

    /// Notes that samples `range` were delivered by the turn that started at `start`.
    mutating func noteDelivered(_ range: Range<Int>, at start: ReplayInstant) {
        for i in range { turnStartNs[i] = start.nanoseconds }
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

    /// Whether each sample has been shown.
    var samplesShown: [Bool] { latencies.map { !$0.isNaN } }

    /// Each sample's latency, stage by stage (nil for a sample never shown) (docs/latency.md): the device's own stages from
    /// `device`, then the app's from the replay. The app's stages add up to the sample's latency exactly,
    /// in ns: the wait for its turn, the work until the commit, and the time to the presenting vsync,
    /// of which the render server's composite takes what fits.
    func stagesBySample(device: DeviceLatency) -> [SampleStages?] {
        latencies.indices.map { i -> SampleStages? in
            guard !latencies[i].isNaN else { return nil }
            let sampled = instant(of: i).nanoseconds
            let toVsync = presentNs[i] - commitEndNs[i]
            let server = min(max(0, compositeNs[i]), max(0, toVsync))
            return SampleStages(ns: [
                device.digitizerNs, turnStartNs[i] - sampled, commitEndNs[i] - turnStartNs[i],
                server, toVsync - server, device.scanOutAndPanelNs,
            ])
        }
    }

    /// Each sample's end-to-end latency in ns (nil for a sample never shown): its `stagesBySample`
    /// summed, which telescope to the device's stages and the time from the sample to its picture.
    func endToEndNs(device: DeviceLatency) -> [Int64?] {
        latencies.indices.map { i -> Int64? in
            guard !latencies[i].isNaN else { return nil }
            return device.digitizerNs + (presentNs[i] - instant(of: i).nanoseconds) + device.scanOutAndPanelNs
        }
    }

    /// Accounts for `turn`, whose picture (if it committed one) is presented at `presentVsync`.
    mutating func account(_ turn: Turn, presentedAt presentVsync: Int?) throws {
        let deadline = grid.firstVsync(after: turn.start)
        // A picture is due at the vsync after its turn, and a present queue deeper than one frame adds
        // its frames: a deeper queue is latency, not a hitch (each picture is late only past that).
        let due = deadline + configuration.pipeline.presentQueueDepth.frames - 1
        notePending(turn.acceptedThrough, dueAt: due)
        var latency: (min: Double, max: Double)?
        var shownNow: Range<Int>?
        if let committed = turn.update, let presentVsync {
            let update = credited(committed)
            lastPresent = max(lastPresent, presentVsync)
            presentations.append(.init(vsync: presentVsync, showsThrough: update.showsThrough, blank: update.isBlank))
            let firstNew = shown + 1
            latency = noteShown(update, at: presentVsync, commitEnd: turn.end)
            if latency != nil { shownNow = firstNew..<(update.showsThrough + 1) }
            if watched {
                configuration.timeline.presented(
                    presentation(
                        turn, update, at: presentVsync, deadline: due,
                        firstShown: latency.map { _ in (sample(firstNew), sample(update.showsThrough)) },
                        latency: latency))
            }
        }
        if let previous = held { try handOver(previous, shown: heldShown) }
        held = record(turn, deadline: deadline, due: due, presentVsync: presentVsync, latency: latency)
        heldShown = shownNow
    }

    /// Hands over the last frame; call once, after the render server is idle.
    mutating func finish() throws {
        if let last = held { try handOver(last, shown: heldShown) }
        held = nil
    }

    /// `update` with the samples it shows cut back to the newest one the composited picture holds, with
    /// every sample before it: a sample is shown when a stroke of the layer's contents or one of its
    /// sublayers passes through it (`InkRecord`), and, in a rasterized replay, where the screen's pixel at
    /// its point shows ink. A strategy's word that a picture shows a sample is believed only where the
    /// picture holds the sample's segment, so one that draws nothing (`null`) shows no ink (docs/model.md,
    /// "Ink from what the display shows"). Dry and rasterized surfaces record strokes by the same calls,
    /// so for a strategy whose pictures are composited as they say, the two replays credit the same samples.
    private mutating func credited(_ update: LayerUpdate) -> LayerUpdate {
        if let contents = update.contents {
            displayedStrokes = contents.ink
        } else if !update.damage.isEmpty {
            displayedStrokes = InkSet()
        }
        guard update.showsThrough > shown else { return update }
        var held = update
        held.showsThrough = ink.lastHeld(
            after: shown, through: update.showsThrough, ink: displayedStrokes, layers: update.overlays ?? [])
        // A rasterized replay has the screen's pixels too, and they have the last word: a sample counts
        // only where the composited screen shows ink at its point (off the screen, its stroke is taken at
        // its word). A picture composited short of its damage, or ink drawn and covered, is caught here.
        guard configuration.rasterizes else { return held }
        let points = configuration.input.points
        var next = shown + 1
        while next <= held.showsThrough, renderServer.showsInk(at: points[next]) != false { next += 1 }
        held.showsThrough = next - 1
        return held
    }

    private mutating func notePending(_ through: Int, dueAt vsync: Int) {
        if through > (pending.last?.through ?? -1) { pending.append(PendingContent(vsync: vsync, through: through)) }
    }

    /// Latencies of the samples a presented picture shows for the first time; (newest, oldest) in ms.
    private mutating func noteShown(_ update: LayerUpdate, at vsync: Int, commitEnd: ReplayInstant) -> (
        min: Double, max: Double
    )? {
        guard update.showsThrough > shown && !update.isBlank else { return nil }
        // A fading-in picture counts as shown once the fade has finished.
        let presentTime = grid.time(of: vsync) + ReplayDuration(seconds: update.fadeIn)
        for i in (shown + 1)...update.showsThrough {
            latencies[i] = (presentTime - instant(of: i)).milliseconds
            commitEndNs[i] = commitEnd.nanoseconds
            presentNs[i] = presentTime.nanoseconds
        }
        defer { shown = update.showsThrough }
        return (latencies[update.showsThrough], latencies[shown + 1])
    }

    /// The turn's record: its overrun against `deadline`, the vsync after it, and its missed vsyncs
    /// against `due`, the vsync its picture was due at.
    private func record(_ turn: Turn, deadline: Int, due: Int, presentVsync: Int?, latency: (min: Double, max: Double)?)
        -> FrameRecord
    {
        let deadlineTime = grid.time(of: deadline)
        let missed = presentVsync.map { $0 - due } ?? 0
        return FrameRecord(
            frame: turn.frame, trigger: turn.trigger,
            vsyncMs: grid.time(of: deadline - 1).milliseconds, startMs: turn.start.milliseconds,
            endMs: turn.end.milliseconds,
            deadlineMs: deadlineTime.milliseconds, presentMs: presentVsync.map { grid.time(of: $0).milliseconds },
            samples: turn.samples, mainMs: turn.mainCost.milliseconds, inputMs: turn.inputCost.milliseconds,
            observersMs: turn.observersCost.milliseconds, commitMs: turn.commitCost.milliseconds,
            renderMs: turn.renderCost.milliseconds, compositeMs: 0, overrunMs: (turn.end - deadlineTime).milliseconds,
            missedVsyncs: missed, hitchMs: grid.duration(ofVsyncs: missed).milliseconds,
            latencyMinMs: latency?.min, latencyMaxMs: latency?.max,
            counters: turn.counters, mainCounters: turn.mainCounters, pointsRetained: turn.pointsRetained)
    }

    private func sample(_ i: Int) -> TimelineSample { TimelineSample(index: i, time: instant(of: i)) }

    private func presentation(
        _ turn: Turn, _ update: LayerUpdate, at vsync: Int, deadline: Int,
        firstShown: (oldest: TimelineSample, newest: TimelineSample)?, latency: (min: Double, max: Double)?
    ) -> TimelinePresentation {
        TimelinePresentation(
            frame: turn.frame, vsync: vsync, time: grid.time(of: vsync), missedVsyncs: vsync - deadline,
            hitch: grid.duration(ofVsyncs: vsync - deadline), fadeIn: update.fadeIn,
            showsThrough: update.showsThrough, blank: update.isBlank, firstShown: firstShown,
            latencyMaxMs: latency?.max, latencyMinMs: latency?.min)
    }

    /// Adds the composite cost (to the record, and to the render-server stage of the samples it first
    /// showed), then tallies, keeps and streams the record.
    private mutating func handOver(_ record: FrameRecord, shown: Range<Int>?) throws {
        var record = record
        let composite = renderServer.takeCost(ofFrame: record.frame)
        for i in shown ?? 0..<0 { compositeNs[i] = composite.cost.nanoseconds }
        record.compositeMs = composite.cost.milliseconds
        record.counters.pixelsComposited += composite.pixels
        if watched {
            configuration.timeline.composited(
                frame: record.frame, commitEnd: ReplayInstant(nanoseconds: Int64((record.endMs * 1e6).rounded())),
                cost: composite.cost, pixels: composite.pixels)
        }
        tally.add(record)
        if configuration.keepsFrames { frames.append(record) }
        try configuration.onFrame?(record)
    }
}
