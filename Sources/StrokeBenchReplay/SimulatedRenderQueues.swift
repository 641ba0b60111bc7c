import DequeModule
import Foundation
import StrokeBenchCanvas
import StrokeBenchDevice
import StrokeBenchStrategies

/// Background queues for the virtual clock: simulated workers whose busy time is the measured cost
/// of each step of each task. Steps run on the calling thread, one at a time, at their simulated
/// start time, so cancellation checks see exactly the main-thread state of that moment.
///
/// The serial queues are YYAsyncLayer's pool. The concurrent (global) queue runs as many tasks at
/// once as there are workers and queues the rest: that is what libdispatch does with CPU-bound work
/// on Linux, where its thread pool stays near the core count (on iOS it grows threads when work
/// blocks, which drawing does not).
final class SimulatedRenderQueues: RenderQueues, TimelineReporting {
    private struct Queued {
        var task: RenderTask
        var completion: ((any Sendable)?, TaskContext) -> Void
        var trace: TaskTrace
    }

    private let scheduler: VirtualScheduler
    private let mainQueue: MainQueue
    private let ledger: WorkLedger
    private let meter: any CostMeter
    private var serialQueues: [Deque<Queued>]
    private var busy: [Bool]
    private var globalBacklog: Deque<Queued> = []
    private var globalRunning = 0
    /// Simulated time the main thread is at, used as the submission time.
    var mainNow = ReplayInstant.zero
    private(set) var pending = 0
    private var running = 0
    private(set) var log = RenderQueueLog()
    /// Objects released "off the main thread": kept until the replay drops them between turns, so
    /// freeing them is never timed as main-thread work.
    private var released: [any Sendable] = []
    var timeline: any ReplayTimeline = NoTimeline()
    /// Which workers of the concurrent queue are drawing, so each task gets a lane of its own.
    private var globalLanes: [Bool]
    /// The meter prices a step from the work it counted (`CostMeter.price`): a run of strokes can be
    /// priced without running each step alone (`StrokeSteps.run`).
    private let pricesCountedWork: Bool

    /// - Parameter ledger: the main thread's ledger; a task's counters join it when its completion runs.
    init(count: Int, scheduler: VirtualScheduler, mainQueue: MainQueue, ledger: WorkLedger, meter: any CostMeter) {
        self.scheduler = scheduler
        self.mainQueue = mainQueue
        self.ledger = ledger
        self.meter = meter
        serialQueues = Array(repeating: [], count: count)
        busy = Array(repeating: false, count: count)
        globalLanes = Array(repeating: false, count: count)
        pricesCountedWork = meter.price(WorkCounters(), of: .backgroundStep(index: 0, lane: 0)) != nil
    }

    var count: Int { serialQueues.count }

    func submit(_ task: RenderTask, toQueue queue: Int, completion: @escaping ((any Sendable)?, TaskContext) -> Void) {
        pending += 1
        serialQueues[queue].append(Queued(task: task, completion: completion, trace: trace()))
        noteBacklog()
        if !busy[queue] { startNext(on: queue, at: mainNow) }
    }

    func submitConcurrent(_ task: RenderTask, completion: @escaping ((any Sendable)?, TaskContext) -> Void) {
        pending += 1
        globalBacklog.append(Queued(task: task, completion: completion, trace: trace()))
        noteBacklog()
        startGlobal(at: mainNow)
    }

    func release(_ object: any Sendable) { released.append(object) }

    /// Drops the tasks still queued when the replay ends. Their closures, and the steps the scheduler
    /// still holds, reach back to these queues; with `VirtualScheduler.discardPending` this breaks
    /// the cycle, so a replay that ends with renders queued (`async-global` has no cancellation)
    /// frees its strategy and bitmaps, which matters in a sweep of many runs in one process.
    func discardPending() {
        serialQueues = Array(repeating: [], count: serialQueues.count)
        globalBacklog.removeAll()
        released.removeAll()
    }

    /// Frees what was released; called by the replay outside any timed phase.
    func dropReleased() { released.removeAll(keepingCapacity: true) }

    private func noteBacklog() {
        log.backlogPeak = max(log.backlogPeak, waiting)
    }

    /// Tasks submitted and not yet started.
    private var waiting: Int { serialQueues.reduce(globalBacklog.count) { $0 + $1.count } }

    /// A new task's record for the timeline (the task is queued, not yet counted as waiting).
    private func trace() -> TaskTrace {
        TaskTrace(ticket: timeline.renderTaskSubmitted(at: mainNow, waiting: waiting + 1), submitted: mainNow)
    }

    private func startNext(on queue: Int, at time: ReplayInstant) {
        guard !serialQueues[queue].isEmpty else {
            busy[queue] = false
            return
        }
        busy[queue] = true
        var item = serialQueues[queue].removeFirst()
        item.trace.lane = .serial(queue)
        run(item, at: time) { [unowned self] end in self.startNext(on: queue, at: end) }
    }

    private func startGlobal(at time: ReplayInstant) {
        while globalRunning < count, !globalBacklog.isEmpty {
            globalRunning += 1
            var item = globalBacklog.removeFirst()
            let lane = globalLanes.firstIndex(of: false)!
            globalLanes[lane] = true
            item.trace.lane = .concurrent(lane)
            run(item, at: time) { [unowned self] end in
                globalRunning -= 1
                globalLanes[lane] = false
                startGlobal(at: end)
            }
        }
    }

    /// Runs `item`'s steps from `time` on, each at its simulated start; calls `done` with the end time.
    /// A step that is due before anything else scheduled runs straight after the one before it
    /// (`VirtualScheduler.runsNext`), as the scheduler would have run it.
    private func run(_ item: Queued, at time: ReplayInstant, done: @escaping (ReplayInstant) -> Void) {
        let context = TaskContext(ledger: ledger.sibling())
        var trace = item.trace
        // Only a timeline shows the checks and the task's record: a replay without one (the model's
        // draws) keeps neither.
        let keepsChecks = timeline.watches
        // A run of strokes is priced from the work each counts, where the meter prices so and no
        // timeline wants each check (`StrokeSteps.run`): the same steps, work and times, at once.
        let strokes = keepsChecks || !pricesCountedWork ? nil : item.task.strokes
        func steps(from first: Int) {
            var index = first
            while true {
                if let strokes, strokes.repeatedSteps.contains(index), let deadline = scheduler.lastEndRunningNext {
                    // The workers running and the lane: what a step's price depends on besides its work
                    // (`ModelCostMeter`; the step's index enters none, so the batch's first stands for all).
                    let lane = trace.lane.index
                    let (next, end, putOff) = strokes.run(
                        from: index, task: context, start: scheduler.now, deadline: deadline,
                        priceKey: running &* 64 &+ lane
                    ) { work in meter.price(work, of: .backgroundStep(index: index, lane: lane))! }
                    index = next
                    if putOff {
                        scheduler.schedule(at: end) { [index] in steps(from: index) }
                        return
                    }
                    _ = scheduler.runsNext(at: end)
                }
                let (outcome, end) = step(index)
                switch outcome {
                case .proceed where index + 1 < item.task.stepCount:
                    guard scheduler.runsNext(at: end) else {
                        scheduler.schedule(at: end) { [index] in steps(from: index + 1) }
                        return
                    }
                    index += 1
                case .proceed, .stop: return finish(nil, at: end)
                case .finish(let output): return finish(output, at: end)
                }
            }
        }
        // Step `index` at the scheduler's time: its outcome and when it ends.
        func step(_ index: Int) -> (StepOutcome, ReplayInstant) {
            if index == 0 {
                running += 1
                log.threadsPeak = max(log.threadsPeak, running)
                meter.workersRunning(running)
                timeline.renderTaskStarted(at: scheduler.now, waiting: waiting)
            }
            let (outcome, cost) = meter.measure(
                .backgroundStep(index: index, lane: trace.lane.index), counting: context.ledger
            ) {
                item.task.step(index, context)
            }
            trace.noteStep(startingAt: scheduler.now, context: context, first: index == 0, keepsChecks: keepsChecks)
            context.elapsed += cost.seconds
            return (outcome, scheduler.now + cost)
        }
        func finish(_ output: (any Sendable)?, at end: ReplayInstant) {
            scheduler.schedule(at: end) { [unowned self] in
                running -= 1
                meter.workersRunning(running)
                pending -= 1
                // One cast per task, read twice: a cast to a protocol looks the conformance up each time.
                let showsThrough = (output as? RenderedPicture)?.showsThrough
                if let showsThrough { log.finished.append((end.seconds, showsThrough)) }
                trace.end = end
                let trace = trace
                mainQueue.post(at: end) { [ledger, unowned self] in
                    log.ended += 1
                    let counted = context.ledger.take().all
                    ledger.absorb(counted)
                    // Without a timeline (the model's draws) the completion runs alone: the task's
                    // record, its checks and fate, would be built for nobody.
                    guard keepsChecks else { return item.completion(output, context) }
                    timeline.renderTaskEnded(
                        trace.finish(
                            at: mainNow, showsThrough: showsThrough, context: context, counted: counted,
                            ledger: ledger
                        ) { item.completion(output, context) })
                }
                done(end)
            }
        }
        scheduler.schedule(at: time) { steps(from: 0) }
    }
}
