import StrokeBenchCanvas
import StrokeBenchMetrics
import StrokeBenchStrategies

/// What a replay tells a timeline as it runs: each turn's main-thread phases, each background render
/// and its fate, each composite, each presentation and the samples it showed first. The run loop,
/// the frame accountant, the render queues and the render server's accounting call it at the steps
/// they already have; `bench run --timeline` writes it as Chrome trace-event JSON (`ChromeTimeline`).
///
/// Every requirement has a documented default that does nothing (`NoTimeline`), so a replay without
/// a timeline pays one dynamic call per step and keeps nothing; a turn's and a presentation's
/// descriptions are passed as autoclosures, built only by a timeline that reads them.
///
/// Threading: `renderTaskStarted(at:waiting:)` may be called from a render queue's own thread (the
/// realtime clock's Dispatch queues); everything else comes from the replay's thread. Times are the
/// replay's own: simulated time in the virtual clock, wall-clock time since the start in realtime.
package protocol ReplayTimeline: AnyObject {
    /// A run-loop turn ran: its phases, laid end to end from its start, sum to its `main_ms`.
    func turnRan(_ turn: @autoclosure () -> TimelineTurn)
    /// A turn's commit is presented at a vsync (called in frame order, before `composited`).
    func presented(_ presentation: @autoclosure () -> TimelinePresentation)
    /// The render server composited frame `frame`'s update, for `cost`, starting when the commit ended.
    func composited(frame: Int, commitEnd: ReplayInstant, cost: ReplayDuration, pixels: Int)
    /// A render task was queued; returns the ticket the queue hands back with the task's end.
    /// `waiting` is the backlog after queueing: tasks submitted and not yet started.
    func renderTaskSubmitted(at time: ReplayInstant, waiting: Int) -> TimelineTicket
    /// A render task left the backlog and started on a worker; `waiting` is the backlog now.
    func renderTaskStarted(at time: ReplayInstant, waiting: Int)
    /// A render task's whole life, once its completion has run on the main thread and its fate is known.
    func renderTaskEnded(_ task: TimelineTask)
    /// Every shown sample's latency, stage by stage, in sample order: told once, at the end of a replay
    /// that works them out (`ReplayConfiguration.analysesLatency`).
    func latencyStages(_ samples: [TimelineLatency])
}

extension ReplayTimeline {
    package func turnRan(_ turn: @autoclosure () -> TimelineTurn) {}
    package func presented(_ presentation: @autoclosure () -> TimelinePresentation) {}
    package func composited(frame: Int, commitEnd: ReplayInstant, cost: ReplayDuration, pixels: Int) {}
    package func renderTaskSubmitted(at time: ReplayInstant, waiting: Int) -> TimelineTicket {
        TimelineTicket(id: 0, frame: 0)
    }
    package func renderTaskStarted(at time: ReplayInstant, waiting: Int) {}
    package func renderTaskEnded(_ task: TimelineTask) {}
    package func latencyStages(_ samples: [TimelineLatency]) {}
}

/// The timeline of a replay nobody watches: every call does nothing.
package final class NoTimeline: ReplayTimeline {
    package init() {}
}

extension ReplayTimeline {
    /// Someone watches the replay: without, what a timeline is told is not built (the model's draws,
    /// and most runs, every turn of every replay).
    var watches: Bool { !(self is NoTimeline) }
}

/// One main-thread phase of a turn.
package struct TimelinePhase: Sendable {
    /// The run-loop step (docs/model.md section 1).
    package enum Kind: String, Sendable {
        case mainQueueBlocks = "main-queue blocks"
        case input, observers, commit
    }
    package var kind: Kind
    /// The call the strategy was in: `touchesMoved`, `beforeWaiting`, `commit`; the input phase names
    /// every kind of event it delivered (`touchesBegan+touchesMoved`).
    package var name: String
    package var duration: ReplayDuration
    /// Touch events delivered (input) or blocks run (main-queue blocks); 0 otherwise.
    package var items: Int
}

/// A run-loop turn as the timeline shows it.
package struct TimelineTurn: Sendable {
    /// The CSV's `frame`.
    package var frame: Int
    package var trigger: FrameRecord.Trigger
    package var start: ReplayInstant
    package var end: ReplayInstant
    /// Blocks, input, observers, commit, in order; their durations sum to the turn's main-thread time.
    package var phases: [TimelinePhase]
    /// Samples delivered.
    package var samples: Int
    /// Those samples, each with the instant its latency counts from.
    package var delivered: [TimelineSample]
    /// Whether the commit handed an update to the render server.
    package var committed: Bool
    /// The strategy's `pointsRetained` and the bytes of live bitmaps at the end of the turn.
    package var pointsRetained: Int
    package var liveBitmapBytes: Int
}

/// A presented frame.
package struct TimelinePresentation: Sendable {
    package var frame: Int
    /// The vsync it is presented at, and when that is.
    package var vsync: Int
    package var time: ReplayInstant
    package var missedVsyncs: Int
    package var hitch: ReplayDuration
    /// Seconds the picture fades in; its samples count as shown at `time` plus this.
    package var fadeIn: Double
    /// The newest sample the picture reflects (-1 for none), and whether it leaves its area blank.
    package var showsThrough: Int
    package var blank: Bool
    /// The samples this picture shows for the first time, oldest and newest: the ones the CSV's
    /// `latency_max_ms` and `latency_min_ms` name; nil when it shows nothing new.
    package var firstShown: (oldest: TimelineSample, newest: TimelineSample)?
    /// Those latencies in ms (max: the oldest's, min: the newest's).
    package var latencyMaxMs: Double?
    package var latencyMinMs: Double?
}

/// A touch sample: its index in the trace and the instant its latency counts from: when it was
/// recorded, or with display-link input the turn that took it.
package struct TimelineSample: Sendable {
    package var index: Int
    package var time: ReplayInstant
}

/// A shown sample's way from the pen to its first pixels (docs/latency.md).
package struct TimelineLatency: Sendable {
    /// Its index in the trace, and the instant its latency counts from.
    package var sample: Int
    package var time: ReplayInstant
    /// Its stages, which add up to its end-to-end latency.
    package var stages: SampleStages
}

/// What a queue remembers of a render task between its submission and its end.
package struct TimelineTicket: Sendable {
    /// The task's number, from 0, in submission order.
    package var id: Int
    /// The frame whose turn submitted it.
    package var frame: Int
    package init(id: Int, frame: Int) {
        self.id = id
        self.frame = frame
    }
}

/// A background render task's whole life.
package struct TimelineTask: Sendable {
    /// What became of the task (docs/model.md section 3's counters).
    package enum Fate: String, Sendable {
        /// Its picture was set as the layer's contents.
        case shown
        /// A check stopped it before its picture was finished (`tasks_cancelled`).
        case cancelled
        /// It finished its picture, which was thrown away (`tasks_superseded`).
        case superseded
        /// It stopped without a cancellation (a bitmap could not be made).
        case stopped
        /// The replay ended (gave up) before its completion ran.
        case unfinished
    }

    /// Where it ran: serial queue `n` of the pool, or worker `n` of the concurrent (global) queue.
    package enum Lane: Hashable, Sendable {
        case serial(Int)
        case concurrent(Int)

        /// The lane's number: the serial queue's, or the concurrent queue's slot.
        package var index: Int {
            switch self {
            case .serial(let queue): queue
            case .concurrent(let slot): slot
            }
        }
    }

    /// A cancellation check, timed at the start of the step that made it.
    package struct Check: Sendable {
        package var time: ReplayInstant
        /// True where the check found the task cancelled.
        package var cancelled: Bool
        /// Made on the main thread, in the completion block, rather than on the worker.
        package var onMain: Bool
    }

    package var ticket: TimelineTicket
    package var lane: Lane
    package var submitted: ReplayInstant
    /// First step's start and last step's end on the worker.
    package var start: ReplayInstant
    package var end: ReplayInstant
    /// When its completion ran on the main thread (the start of that turn).
    package var delivered: ReplayInstant
    package var checks: [Check]
    package var fate: Fate
    /// Whether it passed its first check (`tasks_started`).
    package var started: Bool
    /// The newest sample of its picture, if it finished one.
    package var showsThrough: Int?
}

/// A render task as the queue that runs it records it, step by step, for the timeline.
struct TaskTrace {
    var ticket: TimelineTicket
    var submitted: ReplayInstant
    var lane: TimelineTask.Lane = .serial(0)
    var start = ReplayInstant.zero
    var end = ReplayInstant.zero
    var checks: [TimelineTask.Check] = []

    init(ticket: TimelineTicket, submitted: ReplayInstant) {
        self.ticket = ticket
        self.submitted = submitted
    }

    /// Notes the checks a step made; they are timed at the step's start. With `keepsChecks` false (no
    /// timeline is told of them) they are only forgotten.
    mutating func noteStep(startingAt time: ReplayInstant, context: TaskContext, first: Bool, keepsChecks: Bool) {
        if first { start = time }
        guard keepsChecks else { return context.discardChecks() }
        context.drainChecks { cancelled in checks.append(.init(time: time, cancelled: cancelled, onMain: false)) }
    }

    /// Runs `completion` (on the main thread, at `time`) and tells the task's fate from the counters
    /// the task and its completion counted: the same counters the run reports.
    ///
    /// - Parameters:
    ///   - showsThrough: the newest sample of the picture the task finished (`RenderedPicture`), nil
    ///     when it finished none: the queue casts the task's output once, not once per reader.
    ///   - counted: what the task's steps counted (already added to the run's ledger).
    ///   - ledger: the main thread's ledger, which the completion counts into.
    func finish(
        at time: ReplayInstant, showsThrough: Int?, context: TaskContext, counted: WorkCounters,
        ledger: WorkLedger, completion: () -> Void
    ) -> TimelineTask {
        let supersededBefore = ledger.counters.tasksSuperseded
        completion()
        let fate: TimelineTask.Fate
        if counted.tasksCancelled > 0 {
            fate = .cancelled
        } else if counted.tasksSuperseded > 0 || ledger.counters.tasksSuperseded > supersededBefore {
            fate = .superseded
        } else if showsThrough != nil {
            fate = .shown
        } else {
            fate = .stopped
        }
        let onMain = context.takeChecks().map { TimelineTask.Check(time: time, cancelled: $0, onMain: true) }
        return TimelineTask(
            ticket: ticket, lane: lane, submitted: submitted, start: start, end: end, delivered: time,
            checks: checks + onMain, fate: fate, started: counted.tasksStarted > 0,
            showsThrough: showsThrough)
    }
}

/// Render queues and servers that report to a timeline.
protocol TimelineReporting: AnyObject {
    var timeline: any ReplayTimeline { get set }
}

extension ReplayClock {
    /// Lets the clock's render queues report to `timeline`.
    func attach(_ timeline: any ReplayTimeline) {
        (renderQueues as? any TimelineReporting)?.timeline = timeline
    }
}

extension TimelineTurn {
    /// The timeline's view of `turn`, which delivered `events`; `sampleTime` says when a sample happened,
    /// `liveBitmapBytes` what the replay's bitmaps held at the turn's end.
    init(_ turn: Turn, events: [TouchEvent], sampleTime: (Int) -> ReplayInstant, liveBitmapBytes: Int) {
        var kinds: [TouchEvent.Phase] = []
        for event in events where !kinds.contains(event.phase) { kinds.append(event.phase) }
        let input =
            kinds.isEmpty
            ? "input"
            : kinds.map { "touches" + $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst() }
                .joined(separator: "+")
        self.init(
            frame: turn.frame, trigger: turn.trigger, start: turn.start, end: turn.end,
            phases: [
                TimelinePhase(kind: .mainQueueBlocks, name: "main-queue blocks", duration: turn.blocksCost, items: 0),
                TimelinePhase(kind: .input, name: input, duration: turn.inputCost, items: events.count),
                TimelinePhase(kind: .observers, name: "beforeWaiting", duration: turn.observersCost, items: 0),
                TimelinePhase(kind: .commit, name: "commit", duration: turn.commitCost, items: 0),
            ],
            samples: turn.samples,
            delivered: events.flatMap { $0.points.map { TimelineSample(index: $0.index, time: sampleTime($0.index)) } },
            committed: turn.update != nil, pointsRetained: turn.pointsRetained,
            liveBitmapBytes: liveBitmapBytes)
    }
}
