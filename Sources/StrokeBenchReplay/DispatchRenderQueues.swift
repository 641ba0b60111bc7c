import Foundation
import StrokeBenchCanvas
import StrokeBenchDevice
import StrokeBenchStrategies

/// Background queues for the realtime clock: real serial Dispatch queues (and the global concurrent
/// queue), running truly in parallel with the main thread.
final class DispatchRenderQueues: RenderQueues, TimelineReporting, @unchecked Sendable {
    // `pending`, `running`, `threadsPeak` and `globalLanes` are guarded by `lock`; the queues
    // themselves are immutable; `timeline` is set before the replay starts and then only read.
    private let queues: [DispatchQueue]
    private let releaseQueue = DispatchQueue(label: "strokebench.release", qos: .utility)
    private let mainQueue: MainQueue
    private let origin: Double
    private let lock = NSLock()
    private var _pending = 0
    private var running = 0
    private var waiting = 0
    private var _log = RenderQueueLog()

    private let ledger: UncheckedBox<WorkLedger>
    var timeline: any ReplayTimeline = NoTimeline()
    /// Which lanes of the global queue have a task drawing, so each running task gets a lane of its own.
    private var globalLanes: [Bool] = []

    /// - Parameter ledger: the main thread's ledger; a task's counters join it when its completion runs
    ///   (on the main thread).
    init(count: Int, mainQueue: MainQueue, origin: Double, ledger: WorkLedger) {
        self.ledger = UncheckedBox(ledger)
        queues = (0..<count).map { DispatchQueue(label: "strokebench.render.\($0)", qos: .userInitiated) }
        self.mainQueue = mainQueue
        self.origin = origin
    }

    var count: Int { queues.count }
    var pending: Int {
        lock.lock()
        defer { lock.unlock() }
        return _pending
    }
    var log: RenderQueueLog {
        lock.lock()
        defer { lock.unlock() }
        return _log
    }

    func submit(_ task: RenderTask, toQueue queue: Int, completion: @escaping ((any Sendable)?, TaskContext) -> Void) {
        enqueue(task, on: queues[queue], lane: queue, completion: completion)
    }

    func submitConcurrent(_ task: RenderTask, completion: @escaping ((any Sendable)?, TaskContext) -> Void) {
        enqueue(task, on: .global(qos: .userInitiated), lane: nil, completion: completion)
    }

    func release(_ object: any Sendable) {
        releaseQueue.async { _ = object }
    }

    /// - Parameter lane: the serial queue's index; nil for the global queue, whose tasks take the
    ///   first free lane when they start.
    private func enqueue(
        _ task: RenderTask, on queue: DispatchQueue, lane: Int?,
        completion: @escaping ((any Sendable)?, TaskContext) -> Void
    ) {
        lock.lock()
        _pending += 1
        waiting += 1
        _log.backlogPeak = max(_log.backlogPeak, waiting)
        let backlog = waiting
        lock.unlock()
        let submitted = now
        let trace = UncheckedBox(
            TaskTrace(ticket: timeline.renderTaskSubmitted(at: submitted, waiting: backlog), submitted: submitted))
        // The completion is not Sendable (it touches main-thread state); it only ever runs on the
        // main thread, through `mainQueue`, so carrying it across is safe.
        let carried = UncheckedBox(completion)
        queue.async { [self] in
            lock.lock()
            waiting -= 1
            running += 1
            _log.threadsPeak = max(_log.threadsPeak, running)
            let backlog = waiting
            let taskLane = lane.map(TimelineTask.Lane.serial) ?? .concurrent(takeGlobalLane())
            lock.unlock()
            var trace = trace.value
            trace.lane = taskLane
            timeline.renderTaskStarted(at: now, waiting: backlog)
            let context = TaskContext(ledger: ledger.value.sibling())
            var output: (any Sendable)? = nil
            for index in 0..<task.stepCount {
                let stepStart = now
                let (outcome, cost) = Stopwatch.measure { task.step(index, context) }
                trace.noteStep(startingAt: stepStart, context: context, first: index == 0, keepsChecks: true)
                context.elapsed += cost
                if case .proceed = outcome { continue }
                if case .finish(let value) = outcome { output = value }
                break
            }
            let finishedAt = now
            trace.end = finishedAt
            lock.lock()
            running -= 1
            _pending -= 1
            if case .concurrent(let n) = taskLane { globalLanes[n] = false }
            let showsThrough = (output as? RenderedPicture)?.showsThrough
            if let showsThrough { _log.finished.append((finishedAt.seconds, showsThrough)) }
            lock.unlock()
            let finished = UncheckedBox(output)
            let ended = UncheckedBox(trace)
            mainQueue.post(at: finishedAt) { [ledger, self] in
                lock.lock()
                _log.ended += 1
                lock.unlock()
                let counted = context.ledger.take().all
                ledger.value.absorb(counted)
                timeline.renderTaskEnded(
                    ended.value.finish(
                        at: now, showsThrough: showsThrough, context: context, counted: counted,
                        ledger: ledger.value
                    ) { carried.value(finished.value, context) })
            }
        }
    }

    /// Replay time now: wall-clock seconds since the replay started.
    private var now: ReplayInstant { ReplayInstant(seconds: Stopwatch.now() - origin) }

    /// The first free lane of the global queue, taken; the caller holds `lock`.
    private func takeGlobalLane() -> Int {
        let lane = globalLanes.firstIndex(of: false) ?? globalLanes.count
        if lane == globalLanes.count { globalLanes.append(true) } else { globalLanes[lane] = true }
        return lane
    }
}

/// Carries a value to another thread where the caller guarantees it is used safely.
struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
