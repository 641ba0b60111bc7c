import Foundation
import StrokeBenchMetrics
import StrokeBenchReplay
import StrokeBenchUnits

/// A replay's timeline as Chrome trace-event JSON (ui.perfetto.dev, chrome://tracing), streamed to
/// a file as the replay runs: `bench run --timeline FILE`. The layout is docs/timeline.md's:
///
/// | process | threads (tracks) | events |
/// |---|---|---|
/// | touch digitizer | samples | an instant at each sample, when it was recorded (with display-link input: when a turn took it; args: the frame that delivered it); a slice at each sample a presented frame shows first (its oldest and newest), where the flow arrows start |
/// | app | main thread; render queue N or global queue worker N | one slice per main-thread phase of a turn; one slice per render task with its fate, its cancellation checks as instants; counters: points retained, live bitmap bytes, render backlog |
/// | render server | render server | one slice per composite |
/// | display | vsync; presented frames | an instant per vsync; one slice per presented frame, lasting while it is on screen |
/// | pen to pixel | slowest sample | counters: each latency stage and the end-to-end latency of every shown sample, at the sample's time; the slowest sample's stages as slices laid end to end |
///
/// Flow arrows go from a frame's oldest and newest newly shown sample to the frame (`touch to screen`).
///
/// Memory stays flat: besides the writer's block buffer it keeps the last presentation and sample
/// (their slices end where the next begins) and the render tasks in flight.
package final class ChromeTimeline: ReplayTimeline, @unchecked Sendable {  // state is guarded by `lock`
    /// The track of each kind of event: (pid, tid).
    enum Track {
        static let samples = (pid: 1, tid: 1)
        static let main = (pid: 2, tid: 1)
        static let renderServer = (pid: 3, tid: 1)
        static let vsync = (pid: 4, tid: 1)
        static let presented = (pid: 4, tid: 2)
        static let penToPixel = (pid: 5, tid: 1)
        static let unfinished = (pid: 2, tid: 300)
        static func lane(_ lane: TimelineTask.Lane) -> (pid: Int, tid: Int) {
            switch lane {
            case .serial(let n): (2, 100 + n)
            case .concurrent(let n): (2, 200 + n)
            }
        }
    }

    /// How long a sample's slice lasts (shorter when the next one comes sooner): long enough to see.
    static let sampleSlice = ReplayDuration(nanoseconds: 200_000)
    /// Flow ends sit this far inside the slice they bind to, so that no viewer has to break a tie
    /// between a slice's start and the flow's timestamp.
    static let flowInset = ReplayDuration(nanoseconds: 100)

    private let stream: TimelineEventStream
    private let grid: VsyncGrid
    private let lock = NSLock()
    private var namedLanes = Set<Int>()
    private var nextFrame = 0
    private var nextVsync = 0
    private var latest = ReplayInstant.zero
    private var nextTask = 0
    /// Render tasks submitted whose end has not been reported: (frame, submitted).
    private var openTasks: [Int: (frame: Int, submitted: ReplayInstant)] = [:]
    private var heldPresentation: TimelinePresentation?
    private var heldSample: (index: Int, time: ReplayInstant)?
    private var lastCompositeEnd = ReplayInstant.zero
    private var lastCounters: [String: Int] = [:]

    /// Starts a timeline of the replay `configuration` describes, writing to `path` (a temporary file
    /// of an `AtomicFile` write; `finish()` completes it).
    package init(path: String, configuration: ReplayConfiguration) throws {
        stream = try TimelineEventStream(
            path: path,
            metadata: [
                ("strategy", configuration.strategy.name), ("device", configuration.device.name),
                ("hz", String(configuration.hz)), ("clock", configuration.clock.rawValue),
                ("costs", configuration.costs.rawValue), ("delivery", configuration.delivery.rawValue),
                ("input", configuration.inputMode.rawValue),
                ("trace", configuration.traceName), ("workers", String(configuration.resolvedWorkers)),
                (
                    "time_base",
                    configuration.clock == .virtual ? "simulated time" : "wall-clock time since the replay started"
                ),
            ])
        grid = VsyncGrid(hz: configuration.hz)
        nameProcess(Track.samples.pid, "touch digitizer", order: 1)
        nameThread(Track.samples, "samples")
        nameProcess(Track.main.pid, "app: \(configuration.strategy.name)", order: 2)
        nameThread(Track.main, "main thread", order: 0)
        nameProcess(Track.renderServer.pid, "render server", order: 3)
        nameThread(Track.renderServer, "render server")
        nameProcess(Track.vsync.pid, "display", order: 4)
        nameThread(Track.vsync, "vsync", order: 0)
        nameThread(Track.presented, "presented frames", order: 1)
    }

    // MARK: ReplayTimeline

    package func turnRan(_ turn: @autoclosure () -> TimelineTurn) {
        let turn = turn()
        lock.lock()
        defer { lock.unlock() }
        nextFrame = turn.frame + 1
        var at = turn.start
        for phase in turn.phases {
            defer { at += phase.duration }
            let didWork = phase.items > 0 || (phase.kind == .commit && turn.committed)
            guard phase.duration > .zero || didWork else { continue }
            var args: [(String, TimelineEvent.Argument)] = [
                ("frame", .int(turn.frame)), ("phase", .string(phase.kind.rawValue)),
            ]
            if phase.kind == .input { args += [("events", .int(phase.items)), ("samples", .int(turn.samples))] }
            if phase.kind == .commit { args.append(("committed", .bool(turn.committed))) }
            slice(phase.name, on: Track.main, from: at, lasting: phase.duration, args: args)
        }
        for sample in turn.delivered {
            stream.append(
                TimelineEvent(
                    .instant, name: "sample", category: "input", pid: Track.samples.pid, tid: Track.samples.tid,
                    time: sample.time.nanoseconds, args: [("sample", .int(sample.index)), ("frame", .int(turn.frame))]))
        }
        vsyncs(through: turn.end)
        counter("points retained", "points", turn.pointsRetained, at: turn.end)
        counter("live bitmap bytes", "bytes", turn.liveBitmapBytes, at: turn.end)
    }

    package func presented(_ presentation: @autoclosure () -> TimelinePresentation) {
        let presentation = presentation()
        lock.lock()
        defer { lock.unlock() }
        if let held = heldPresentation { emit(held, onScreenUntil: presentation.time) }
        heldPresentation = presentation
        guard let shown = presentation.firstShown else { return }
        for (end, sample) in [(0, shown.oldest), (1, shown.newest)] {
            let id = 2 * presentation.frame + end
            let time = sample.time
            sampleSlice(sample.index, at: time)
            let args: [(String, TimelineEvent.Argument)] = [
                ("sample", .int(sample.index)), ("sample_ms", .double(time.milliseconds)),
                ("frame", .int(presentation.frame)),
            ]
            stream.append(
                TimelineEvent(
                    .flowStart, name: "touch to screen", category: "latency", pid: Track.samples.pid,
                    tid: Track.samples.tid, time: (time + Self.flowInset).nanoseconds, id: id, args: args))
            stream.append(
                TimelineEvent(
                    .flowEnd, name: "touch to screen", category: "latency", pid: Track.presented.pid,
                    tid: Track.presented.tid, time: (presentation.time + Self.flowInset).nanoseconds, id: id))
        }
    }

    package func composited(frame: Int, commitEnd: ReplayInstant, cost: ReplayDuration, pixels: Int) {
        guard cost > .zero || pixels > 0 else { return }
        lock.lock()
        defer { lock.unlock() }
        // The server composites one update at a time: a composite waits for the one before it.
        let start = max(commitEnd, lastCompositeEnd)
        lastCompositeEnd = start + cost
        slice(
            "composite", on: Track.renderServer, from: start, lasting: cost,
            args: [("frame", .int(frame)), ("pixels", .int(pixels))])
    }

    package func renderTaskSubmitted(at time: ReplayInstant, waiting: Int) -> TimelineTicket {
        lock.lock()
        defer { lock.unlock() }
        let ticket = TimelineTicket(id: nextTask, frame: nextFrame)
        nextTask += 1
        openTasks[ticket.id] = (ticket.frame, time)
        counter("render backlog", "tasks", waiting, at: time)
        return ticket
    }

    package func renderTaskStarted(at time: ReplayInstant, waiting: Int) {
        lock.lock()
        defer { lock.unlock() }
        counter("render backlog", "tasks", waiting, at: time)
    }

    package func renderTaskEnded(_ task: TimelineTask) {
        lock.lock()
        defer { lock.unlock() }
        openTasks[task.ticket.id] = nil
        let track = Track.lane(task.lane)
        nameLane(task.lane)
        var args: [(String, TimelineEvent.Argument)] = [
            ("task", .int(task.ticket.id)), ("frame", .int(task.ticket.frame)), ("fate", .string(task.fate.rawValue)),
            ("started", .bool(task.started)), ("submitted_ms", .double(task.submitted.milliseconds)),
            ("queued_ms", .double((task.start - task.submitted).milliseconds)),
            ("delivered_ms", .double(task.delivered.milliseconds)),
        ]
        if let showsThrough = task.showsThrough { args.append(("shows_through", .int(showsThrough))) }
        slice(
            "render (\(task.fate.rawValue))", category: "render", on: track, from: task.start,
            lasting: task.end - task.start,
            args: args)
        for check in task.checks {
            stream.append(
                TimelineEvent(
                    .instant, name: check.cancelled ? "check: cancelled" : "check", category: "check",
                    pid: check.onMain ? Track.main.pid : track.pid, tid: check.onMain ? Track.main.tid : track.tid,
                    time: check.time.nanoseconds,
                    args: [("task", .int(task.ticket.id)), ("cancelled", .bool(check.cancelled))]))
        }
    }

    /// One counter track per latency stage, and one for the end-to-end latency, each with a value at
    /// every shown sample's time; and the slowest sample's stages as slices, from its pen touch on.
    package func latencyStages(_ samples: [TimelineLatency]) {
        guard let slowest = samples.max(by: { $0.stages.endToEndNs < $1.stages.endToEndNs }) else { return }
        lock.lock()
        defer { lock.unlock() }
        nameProcess(Track.penToPixel.pid, "pen to pixel", order: 5)
        nameThread(Track.penToPixel, "slowest sample")
        for sample in samples {
            for (stage, ns) in zip(LatencyStage.allCases, sample.stages.ns) {
                stream.append(
                    TimelineEvent(
                        .counter, name: "latency: \(stage.rawValue)", pid: Track.penToPixel.pid,
                        tid: Track.penToPixel.tid,
                        time: sample.time.nanoseconds, args: [("ms", .double(Double(ns) / 1e6))]))
            }
            stream.append(
                TimelineEvent(
                    .counter, name: "latency: end to end", pid: Track.penToPixel.pid, tid: Track.penToPixel.tid,
                    time: sample.time.nanoseconds, args: [("ms", .double(Double(sample.stages.endToEndNs) / 1e6))]))
        }
        // The digitizer's stage comes before the instant the sample counts from (a sample at the very
        // start has its stages begin at 0, where the timeline does).
        var at = ReplayInstant(nanoseconds: max(0, slowest.time.nanoseconds - slowest.stages[.digitizer]))
        for (stage, ns) in zip(LatencyStage.allCases, slowest.stages.ns) {
            defer { at += ReplayDuration(nanoseconds: ns) }
            guard ns > 0 else { continue }
            slice(
                stage.label, category: "latency", on: Track.penToPixel, from: at,
                lasting: ReplayDuration(nanoseconds: ns),
                args: [
                    ("sample", .int(slowest.sample)), ("stage", .string(stage.rawValue)),
                    ("ms", .double(Double(ns) / 1e6)),
                ])
        }
    }

    // MARK: Finishing

    /// Writes what is still held (the last presented frame, the last sample, vsyncs to the end,
    /// tasks the replay gave up on), closes the JSON and the file.
    ///
    /// - Throws: `TimelineEventStream.WriteError` if any write failed.
    package func finish() throws {
        lock.lock()
        defer { lock.unlock() }
        if let held = heldPresentation {
            emit(held, onScreenUntil: held.time + grid.duration(ofVsyncs: 1))
            vsyncs(through: held.time)
        }
        heldPresentation = nil
        if let held = heldSample { emitSample(held, lasting: Self.sampleSlice) }
        heldSample = nil
        if !openTasks.isEmpty { nameThread(Track.unfinished, "renders the replay gave up on", order: 300) }
        for (id, task) in openTasks.sorted(by: { $0.key < $1.key }) {
            stream.append(
                TimelineEvent(
                    .instant, name: "render (unfinished)", category: "render", pid: Track.unfinished.pid,
                    tid: Track.unfinished.tid, time: task.submitted.nanoseconds,
                    args: [("task", .int(id)), ("frame", .int(task.frame)), ("fate", .string("unfinished"))]))
        }
        openTasks.removeAll()
        try stream.finish()
    }

    // MARK: Events

    private func slice(
        _ name: String, category: String? = nil, on track: (pid: Int, tid: Int), from start: ReplayInstant,
        lasting duration: ReplayDuration, args: [(String, TimelineEvent.Argument)]
    ) {
        stream.append(
            TimelineEvent(
                .complete, name: name, category: category, pid: track.pid, tid: track.tid,
                time: start.nanoseconds, duration: duration.nanoseconds, args: args))
    }

    /// A presented frame's slice: from its vsync until the next frame is presented.
    private func emit(_ p: TimelinePresentation, onScreenUntil end: ReplayInstant) {
        var args: [(String, TimelineEvent.Argument)] = [
            ("frame", .int(p.frame)), ("vsync", .int(p.vsync)), ("missed_vsyncs", .int(p.missedVsyncs)),
            ("hitch_ms", .double(p.hitch.milliseconds)), ("shows_through", .int(p.showsThrough)),
        ]
        if p.blank { args.append(("blank", .bool(true))) }
        if p.fadeIn > 0 { args.append(("fade_in_ms", .double(p.fadeIn * 1000))) }
        if let shown = p.firstShown {
            args += [("oldest_sample", .int(shown.oldest.index)), ("newest_sample", .int(shown.newest.index))]
        }
        if let max = p.latencyMaxMs, let min = p.latencyMinMs {
            args += [("latency_max_ms", .double(max)), ("latency_min_ms", .double(min))]
        }
        let name = p.missedVsyncs > 0 ? "frame \(p.frame) (late \(p.missedVsyncs))" : "frame \(p.frame)"
        slice(name, category: "frame", on: Track.presented, from: p.time, lasting: end - p.time, args: args)
    }

    /// A sample's slice; one per distinct time, each ending where the next begins if that is sooner.
    private func sampleSlice(_ index: Int, at time: ReplayInstant) {
        if let held = heldSample {
            guard time > held.time else { return }  // the same sample, or one recorded at the same instant
            emitSample(held, lasting: min(Self.sampleSlice, time - held.time))
        }
        heldSample = (index, time)
    }

    private func emitSample(_ sample: (index: Int, time: ReplayInstant), lasting duration: ReplayDuration) {
        slice(
            "sample \(sample.index)", category: "input", on: Track.samples, from: sample.time, lasting: duration,
            args: [("sample", .int(sample.index)), ("sample_ms", .double(sample.time.milliseconds))])
    }

    private func vsyncs(through time: ReplayInstant) {
        while grid.time(of: nextVsync) <= time {
            stream.append(
                TimelineEvent(
                    .instant, name: "vsync", pid: Track.vsync.pid, tid: Track.vsync.tid,
                    time: grid.time(of: nextVsync).nanoseconds, args: [("vsync", .int(nextVsync))]))
            nextVsync += 1
        }
    }

    /// A counter sample, written only when the value changed.
    private func counter(_ name: String, _ series: String, _ value: Int, at time: ReplayInstant) {
        guard lastCounters[name] != value else { return }
        lastCounters[name] = value
        stream.append(
            TimelineEvent(
                .counter, name: name, pid: Track.main.pid, tid: Track.main.tid, time: time.nanoseconds,
                args: [(series, .int(value))]))
    }

    // MARK: Names

    private func nameProcess(_ pid: Int, _ name: String, order: Int) {
        stream.append(TimelineEvent(.metadata, name: "process_name", pid: pid, tid: 0, args: [("name", .string(name))]))
        stream.append(
            TimelineEvent(.metadata, name: "process_sort_index", pid: pid, tid: 0, args: [("sort_index", .int(order))]))
    }

    private func nameThread(_ track: (pid: Int, tid: Int), _ name: String, order: Int? = nil) {
        stream.append(
            TimelineEvent(
                .metadata, name: "thread_name", pid: track.pid, tid: track.tid, args: [("name", .string(name))]))
        if let order {
            stream.append(
                TimelineEvent(
                    .metadata, name: "thread_sort_index", pid: track.pid, tid: track.tid,
                    args: [("sort_index", .int(order))]))
        }
    }

    private func nameLane(_ lane: TimelineTask.Lane) {
        let track = Track.lane(lane)
        guard namedLanes.insert(track.tid).inserted else { return }
        switch lane {
        case .serial(let n): nameThread(track, "render queue \(n)", order: track.tid)
        case .concurrent(let n): nameThread(track, "global queue worker \(n)", order: track.tid)
        }
    }
}
