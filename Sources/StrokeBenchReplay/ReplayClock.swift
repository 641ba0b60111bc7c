import StrokeBenchCanvas
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchStrategies

/// How time passes in a replay: the one thing `--clock realtime` and `--clock virtual` do
/// differently, behind one interface, as swift-nio's `EventLoop` fronts both its real loop and
/// `EmbeddedEventLoop`. The run loop never asks which clock it has.
///
/// Every call comes from the replay's own thread (the simulated main thread).
protocol ReplayClock: AnyObject {
    /// The background queues the strategy submits its renders to: simulated workers or real Dispatch queues.
    var renderQueues: any RenderQueues { get }
    /// The render server, compositing inline (virtual) or on its own thread (realtime).
    var renderServer: RenderServer { get }

    /// Waits for the next run-loop turn: until `due` (a vsync, or the moment the main thread is free),
    /// or until an earlier main-queue block wakes the main thread. Returns when the turn starts and why.
    func nextTurn(due: ReplayInstant) -> (start: ReplayInstant, trigger: FrameRecord.Trigger)

    /// The main-queue blocks a turn starting at `start` runs, in posting order.
    func takeMainQueueBlocks(turnStart start: ReplayInstant) -> [() -> Void]

    /// Runs one main-thread phase of the turn that started at `start`, charges its cost to the main
    /// thread, and lets background work catch up to the phase's end. Returns the result and the cost.
    func runPhase<T>(_ phase: CostPhase, _ body: () throws -> T) rethrows -> (T, ReplayDuration)

    /// Where the main thread is now: the end of the last phase run.
    var now: ReplayInstant { get }

    /// Background tasks queued or running.
    var backgroundPending: Int { get }
    /// True when nothing is scheduled to happen later on its own (always true in realtime, where
    /// background work is counted by `backgroundPending`).
    var isQuiet: Bool { get }
    /// What the background queues saw.
    var queueLog: RenderQueueLog { get }

    /// Between turns, outside every timed phase: free what background work released.
    func betweenTurns()
    /// At the end of the replay: drop work it gave up on, so nothing keeps the strategy alive.
    func discardPending()
}
