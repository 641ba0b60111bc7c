import Foundation
import StrokeBenchCanvas
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchStrategies

/// The realtime clock: the main thread sleeps until each vsync (or until a background queue posts
/// to the main queue), phases take what they take, and background renders run on real Dispatch
/// queues beside it. Instants are wall-clock time since the replay started.
final class WallClock: ReplayClock {
    private let mainQueue: MainQueue
    private let queues: DispatchRenderQueues
    let renderServer: RenderServer
    /// Monotonic seconds at the replay's start.
    private let origin: Double

    init(workers: Int, mainQueue: MainQueue, ledger: WorkLedger, canvas: CanvasConfiguration) throws {
        self.mainQueue = mainQueue
        renderServer = try RenderServer(
            width: canvas.width, height: canvas.height, background: canvas.background,
            style: canvas.style, threaded: true, meter: WallClockMeter())
        origin = Stopwatch.now()
        queues = DispatchRenderQueues(count: workers, mainQueue: mainQueue, origin: origin, ledger: ledger)
    }

    var renderQueues: any RenderQueues { queues }

    var now: ReplayInstant { ReplayInstant(seconds: Stopwatch.now() - origin) }

    func nextTurn(due: ReplayInstant) -> (start: ReplayInstant, trigger: FrameRecord.Trigger) {
        var trigger = FrameRecord.Trigger.vsync
        while true {
            let current = now
            if current >= due { break }
            if mainQueue.earliest != nil {
                trigger = .mainQueue
                break
            }
            _ = mainQueue.wakeUp.wait(timeout: .now() + (due - current).seconds)
        }
        renderServer.waitUntilIdle()  // the fence: the server may still read our backing store
        return (now, trigger)
    }

    /// Every block posted so far: they are all in the past.
    func takeMainQueueBlocks(turnStart start: ReplayInstant) -> [() -> Void] { mainQueue.take(postedBy: nil) }

    func runPhase<T>(_ phase: CostPhase, _ body: () throws -> T) rethrows -> (T, ReplayDuration) {
        let (result, seconds) = try Stopwatch.measure(body)
        return (result, ReplayDuration(seconds: seconds))
    }

    var backgroundPending: Int { queues.pending }
    var isQuiet: Bool { true }
    var queueLog: RenderQueueLog { queues.log }

    func betweenTurns() {}
    func discardPending() { mainQueue.discardPending() }
}
