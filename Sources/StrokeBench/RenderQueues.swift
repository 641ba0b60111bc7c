import StrokeBenchCanvas

/// A background task's output that is a picture: the queues log when each one finished, so a
/// replay can tell when the screen shows something older than the newest finished render.
public protocol RenderedPicture: Sendable {
    /// The newest trace sample the picture reflects.
    var showsThrough: Int { get }
}

/// A finished bitmap coming back from a render task.
public struct RenderedImage: RenderedPicture, @unchecked Sendable {
    // The surface is no longer drawn into once the task finishes, so handing it over is safe.
    public var image: Surface
    public var showsThrough: Int
    public init(image: Surface, showsThrough: Int) {
        self.image = image
        self.showsThrough = showsThrough
    }
}

/// What a background step decides.
public enum StepOutcome: Sendable {
    /// Go on with the next step.
    case proceed
    /// Stop here; the task's completion is called with `nil`.
    case stop
    /// Finish the task with this output, handed to the completion on the main queue.
    case finish(any Sendable)
}

/// What a background step can see: its own ledger, and time spent so far in this task.
public final class TaskContext: @unchecked Sendable {
    // One task runs on one queue at a time, so its context is never touched by two threads at once.
    /// Counters for this task; merged into the run's counters when the task ends.
    public let ledger: WorkLedger
    /// Measured seconds spent in this task's steps so far.
    public var elapsed: Double = 0
    /// Cancellation checks made since the queue last took them (true: found cancelled), for the timeline.
    private var checks: [Bool] = []
    /// - Parameter ledger: the task's own counters: a sibling of the replay's main ledger
    ///   (`WorkLedger.sibling()`), so that the task rasterizes, or not, as the replay does.
    public init(ledger: WorkLedger = WorkLedger()) { self.ledger = ledger }

    /// A cancellation check (YYAsyncLayer's `isCancelled()`), noted so that a timeline can show it.
    ///
    /// - Returns: `isCancelled()`.
    public func check(_ isCancelled: () -> Bool) -> Bool {
        let cancelled = isCancelled()
        checks.append(cancelled)
        return cancelled
    }

    /// The checks made since the last call, oldest first (true: found cancelled).
    public func takeChecks() -> [Bool] {
        defer { checks.removeAll(keepingCapacity: true) }
        return checks
    }

    /// Hands `body` each check made since the last call, oldest first, and forgets them. Unlike
    /// `takeChecks`, which hands over a copy of the list, it allocates nothing: the simulated queues
    /// drain the checks after every step of every render, millions of times in a modelled sweep.
    package func drainChecks(_ body: (Bool) -> Void) {
        for cancelled in checks { body(cancelled) }
        checks.removeAll(keepingCapacity: true)
    }

    /// Forgets the checks made since the last call: `drainChecks` for a replay no timeline watches,
    /// without walking them.
    package func discardChecks() {
        if !checks.isEmpty { checks.removeAll(keepingCapacity: true) }
    }
}

/// A render task: steps run in order on one background queue, with the time between them being
/// the places where a cancellation check can see newer work (YYAsyncLayer checks `isCancelled`
/// at the start, after drawing, and after making the image). The simulated queues give each step
/// its measured cost in simulated time, so a newer invalidation can land between two steps.
public struct RenderTask: Sendable {
    /// How many steps the task has.
    public var stepCount: Int
    /// Runs step `index` (0..<stepCount).
    public var step: @Sendable (_ index: Int, TaskContext) -> StepOutcome
    /// The steps that check for cancellation and stroke one line each, where the task has such a run:
    /// `step` must run them through `StrokeSteps.step`, and a queue pricing counted work may run several
    /// at once instead (`StrokeSteps.run`).
    package var strokes: StrokeSteps?

    /// A task of the given steps, in order.
    public init(steps: [@Sendable (TaskContext) -> StepOutcome]) {
        self.init(stepCount: steps.count) { index, context in steps[index](context) }
    }

    /// A task of `stepCount` steps made by one function of the step's index: a render with a step per
    /// stored line is made in constant time, however many lines, and only the steps that run cost anything.
    public init(stepCount: Int, step: @escaping @Sendable (_ index: Int, TaskContext) -> StepOutcome) {
        self.stepCount = stepCount
        self.step = step
    }
}

/// A pool of serial background queues and a way back to the main queue.
///
/// `--clock realtime` uses real Dispatch queues; `--clock virtual` simulated workers whose busy time
/// is each step's measured cost. Either way the completion runs on the main thread, in a later
/// run-loop turn, as `dispatch_async(dispatch_get_main_queue(), ...)` would.
public protocol RenderQueues: AnyObject {
    /// Number of serial queues in the pool.
    var count: Int { get }
    /// Queues `task` on serial queue `queue` (0..<count). `completion` runs on the main thread with the
    /// task's output (nil if a step stopped it) and its context.
    func submit(
        _ task: RenderTask, toQueue queue: Int,
        completion: @escaping (_ output: (any Sendable)?, _ context: TaskContext) -> Void)
    /// Queues `task` on a concurrent queue (the global queue): it may run beside every other task.
    func submitConcurrent(
        _ task: RenderTask, completion: @escaping (_ output: (any Sendable)?, _ context: TaskContext) -> Void)
    /// Releases `object` off the main thread (YYAsyncLayer releases old contents on a background queue).
    func release(_ object: any Sendable)
    /// Tasks queued or running.
    var pending: Int { get }
}

/// What the queues saw: when renders finished, how many threads drew at once, the longest backlog.
public struct RenderQueueLog: Sendable {
    /// (finish time in replay seconds, newest sample shown) for every task whose output was a `RenderedPicture`.
    public var finished: [(time: Double, showsThrough: Int)] = []
    /// Most tasks running at once.
    public var threadsPeak = 0
    /// Most tasks submitted but not yet started.
    public var backlogPeak = 0
    /// Tasks that ended, whatever their fate, and whose completion ran on the main thread.
    public var ended = 0
    public init() {}
}
