import Canvas
import Foundation
import Strategies

/// Background queues for the virtual clock: simulated workers whose busy time is the measured cost
/// of each step of each task. Steps run on the calling thread, one at a time, at their simulated
/// start time, so cancellation checks see exactly the main-thread state of that moment.
final class SimulatedRenderQueues: RenderQueues {
    private struct Queued {
        var task: RenderTask
        var completion: ((any Sendable)?, TaskContext) -> Void
    }

    private let scheduler: VirtualScheduler
    private let mainQueue: MainQueue
    private var serialQueues: [[Queued]]
    private var busy: [Bool]
    /// Simulated time the main thread is at, used as the submission time.
    var mainNow: Double = 0
    private(set) var pending = 0
    private var running = 0
    /// Most steps running at once in simulated time.
    private(set) var threadsPeak = 0

    private let ledger: WorkLedger
    private let meter: any CostMeter

    /// - Parameter ledger: the main thread's ledger; a task's counters join it when its completion runs.
    init(count: Int, scheduler: VirtualScheduler, mainQueue: MainQueue, ledger: WorkLedger, meter: any CostMeter) {
        self.meter = meter
        self.scheduler = scheduler
        self.ledger = ledger
        self.mainQueue = mainQueue
        serialQueues = Array(repeating: [], count: count)
        busy = Array(repeating: false, count: count)
    }

    var count: Int { serialQueues.count }

    func submit(_ task: RenderTask, toQueue queue: Int, completion: @escaping ((any Sendable)?, TaskContext) -> Void) {
        pending += 1
        serialQueues[queue].append(Queued(task: task, completion: completion))
        if !busy[queue] { startNext(on: queue, at: mainNow) }
    }

    func submitConcurrent(_ task: RenderTask, completion: @escaping ((any Sendable)?, TaskContext) -> Void) {
        // The global concurrent queue: every task gets a worker of its own at once.
        pending += 1
        run(Queued(task: task, completion: completion), at: mainNow) { _ in }
    }

    /// Objects released "off the main thread": kept until the replay drops them between turns, so
    /// freeing them is never timed as main-thread work.
    private var released: [any Sendable] = []

    func release(_ object: any Sendable) { released.append(object) }

    /// Frees what was released; called by the replay outside any timed phase.
    func dropReleased() { released.removeAll(keepingCapacity: true) }

    private func startNext(on queue: Int, at time: Double) {
        guard !serialQueues[queue].isEmpty else { busy[queue] = false; return }
        busy[queue] = true
        let item = serialQueues[queue].removeFirst()
        run(item, at: time) { [unowned self] end in self.startNext(on: queue, at: end) }
    }

    /// Runs `item`'s steps from `time` on, each at its simulated start; calls `done` with the end time.
    private func run(_ item: Queued, at time: Double, done: @escaping (Double) -> Void) {
        let context = TaskContext()
        func step(_ index: Int) {
            if index == 0 { running += 1; threadsPeak = max(threadsPeak, running) }
            let (outcome, cost) = meter.measure(.backgroundStep(index: index)) { item.task.steps[index](context) }
            context.elapsed += cost
            let end = scheduler.now + cost
            var finished: (any Sendable)?? = nil
            switch outcome {
            case .proceed where index + 1 < item.task.steps.count:
                scheduler.schedule(at: end) { step(index + 1) }
                return
            case .proceed, .stop: finished = .some(nil)
            case let .finish(output): finished = .some(output)
            }
            scheduler.schedule(at: end) { [unowned self] in
                running -= 1
                pending -= 1
                let output = finished!
                mainQueue.post(at: end) { [ledger] in
                    ledger.counters += context.ledger.take()
                    item.completion(output, context)
                }
                done(end)
            }
        }
        scheduler.schedule(at: time) { step(0) }
    }
}
