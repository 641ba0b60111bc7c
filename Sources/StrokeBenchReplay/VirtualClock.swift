import StrokeBenchCanvas
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchStrategies

/// The virtual clock: never sleeps. Each phase's cost (measured, zero or modelled: the `CostMeter`)
/// advances a simulated main thread, and simulated workers run background steps at their simulated
/// times, catching up to the main thread after every phase so that each sees the state of that moment.
final class VirtualClock: ReplayClock {
    private let scheduler = VirtualScheduler()
    private let mainQueue: MainQueue
    private let meter: any CostMeter
    /// The main thread's ledger, whose work main-thread phases are charged for.
    private let ledger: WorkLedger
    private let queues: SimulatedRenderQueues
    let renderServer: RenderServer
    private(set) var now = ReplayInstant.zero

    /// - Parameter rasterizes: composite pixels, or only count them (a dry replay).
    init(
        workers: Int, mainQueue: MainQueue, ledger: WorkLedger, meter: any CostMeter, canvas: CanvasConfiguration,
        rasterizes: Bool
    ) throws {
        self.mainQueue = mainQueue
        self.meter = meter
        self.ledger = ledger
        queues = SimulatedRenderQueues(
            count: workers, scheduler: scheduler, mainQueue: mainQueue, ledger: ledger, meter: meter)
        renderServer = try RenderServer(
            width: canvas.width, height: canvas.height, background: canvas.background,
            style: canvas.style, threaded: false, meter: meter, rasterizes: rasterizes)
    }

    var renderQueues: any RenderQueues { queues }

    func nextTurn(due: ReplayInstant) -> (start: ReplayInstant, trigger: FrameRecord.Trigger) {
        // The fence: no turn starts before the render server has finished the last commit's composite,
        // as in the realtime clock (one transaction in flight; docs/device-model.md, "The render server").
        let fence = renderServer.freeAt
        let due = max(due, fence)
        // Background work runs up to the turn, stopping early if it posts to the main queue.
        scheduler.advance(to: due, stoppingWhen: { mainQueue.earliest != nil })
        let start: ReplayInstant
        let trigger: FrameRecord.Trigger
        if let posted = mainQueue.earliest, posted < due {
            (start, trigger) = (max(posted, now, fence), .mainQueue)
        } else {
            (start, trigger) = (due, .vsync)
        }
        now = start
        queues.mainNow = start
        return (start, trigger)
    }

    func takeMainQueueBlocks(turnStart start: ReplayInstant) -> [() -> Void] { mainQueue.take(postedBy: start) }

    func runPhase<T>(_ phase: CostPhase, _ body: () throws -> T) rethrows -> (T, ReplayDuration) {
        let (result, cost) = try meter.measure(phase, counting: ledger, body)
        now += cost
        scheduler.advance(to: now)
        queues.mainNow = now
        return (result, cost)
    }

    var backgroundPending: Int { queues.pending }
    var isQuiet: Bool { scheduler.isEmpty }
    var queueLog: RenderQueueLog { queues.log }

    func betweenTurns() { queues.dropReleased() }

    func discardPending() {
        queues.discardPending()
        scheduler.discardPending()
        mainQueue.discardPending()
    }
}
