import Canvas
import Foundation
import Strategies

/// Background queues for the realtime clock: real serial Dispatch queues (and the global concurrent
/// queue), running truly in parallel with the main thread.
final class DispatchRenderQueues: RenderQueues, @unchecked Sendable {
    // `pending`, `running` and `threadsPeak` are guarded by `lock`; the queues themselves are immutable.
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

    /// - Parameter ledger: the main thread's ledger; a task's counters join it when its completion runs
    ///   (on the main thread).
    init(count: Int, mainQueue: MainQueue, origin: Double, ledger: WorkLedger) {
        self.ledger = UncheckedBox(ledger)
        queues = (0..<count).map { DispatchQueue(label: "strokebench.render.\($0)", qos: .userInitiated) }
        self.mainQueue = mainQueue
        self.origin = origin
    }

    var count: Int { queues.count }
    var pending: Int { lock.lock(); defer { lock.unlock() }; return _pending }
    var log: RenderQueueLog { lock.lock(); defer { lock.unlock() }; return _log }

    func submit(_ task: RenderTask, toQueue queue: Int, completion: @escaping ((any Sendable)?, TaskContext) -> Void) {
        enqueue(task, on: queues[queue], completion: completion)
    }

    func submitConcurrent(_ task: RenderTask, completion: @escaping ((any Sendable)?, TaskContext) -> Void) {
        enqueue(task, on: .global(qos: .userInitiated), completion: completion)
    }

    func release(_ object: any Sendable) {
        releaseQueue.async { _ = object }
    }

    private func enqueue(_ task: RenderTask, on queue: DispatchQueue, completion: @escaping ((any Sendable)?, TaskContext) -> Void) {
        lock.lock(); _pending += 1; waiting += 1; _log.backlogPeak = max(_log.backlogPeak, waiting); lock.unlock()
        // The completion is not Sendable (it touches main-thread state); it only ever runs on the
        // main thread, through `mainQueue`, so carrying it across is safe.
        let carried = UncheckedBox(completion)
        queue.async { [self] in
            lock.lock(); waiting -= 1; running += 1; _log.threadsPeak = max(_log.threadsPeak, running); lock.unlock()
            let context = TaskContext()
            var output: (any Sendable)? = nil
            for step in task.steps {
                let (outcome, cost) = Stopwatch.measure { step(context) }
                context.elapsed += cost
                if case .proceed = outcome { continue }
                if case let .finish(value) = outcome { output = value }
                break
            }
            let finishedAt = ReplayInstant(seconds: Stopwatch.now() - origin)
            lock.lock()
            running -= 1; _pending -= 1
            if let picture = output as? RenderedPicture { _log.finished.append((finishedAt.seconds, picture.showsThrough)) }
            lock.unlock()
            let finished = UncheckedBox(output)
            mainQueue.post(at: finishedAt) { [ledger] in
                ledger.value.absorb(context.ledger.take().all)
                carried.value(finished.value, context)
            }
        }
    }
}

/// Carries a value to another thread where the caller guarantees it is used safely.
struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
