import StrokeBenchCanvas
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTraces
import Testing

@testable import StrokeBenchReplay

/// Background steps cost what the test says (`costs[step index]`); input costs `inputCost` in every
/// turn; everything else is free.
///
/// Steps of an async-pool task: 0 start check, 1 new bitmap, then per stroke a check and the stroke,
/// then the check after drawing (and making the image), then the check after the image.
/// async-global and async-graver: 0 start, 1 draw, 2 hand over.
final class StepMeter: CostMeter {
    let costs: [Int: Double], inputCost: Double
    init(costs: [Int: Double], inputCost: Double = 0) {
        self.costs = costs
        self.inputCost = inputCost
    }
    /// Drawing at step 1 (async-global, async-graver).
    convenience init(draw: Double) { self.init(costs: [1: draw]) }
    func measure<T>(_ phase: CostPhase, counting ledger: WorkLedger, _ body: () throws -> T) rethrows -> (
        T, ReplayDuration
    ) {
        let result = try body()
        switch phase {
        case .backgroundStep(let index, _): return (result, ReplayDuration(seconds: costs[index] ?? 0))
        case .input: return (result, ReplayDuration(seconds: inputCost))
        default: return (result, .zero)
        }
    }
}

/// YYAsyncLayer's sentinel and YYTransaction's coalescing, with scripted costs on one queue.
/// Vsyncs every 10 ms (100 Hz).
@Suite struct AsyncPoolTests {
    func run(_ t: Trace, meter: StepMeter, workers: Int = 1, delivery: Delivery = .coalesced) throws -> ReplayResult {
        var configuration = ReplayConfiguration(
            input: ReplayInput(trace: t, device: smallDevice), traceName: "t", device: smallDevice, clock: .virtual,
            delivery: delivery, strategy: AsyncPoolStrategy.self, workers: workers)
        configuration.meter = meter
        return try Replay.run(configuration)
    }

    @Test func aBurstOfInvalidationsInOneTurnMakesOneTask() throws {
        // Five samples, delivered as five events in the 10 ms turn: one transaction, one task.
        let points = (0..<5).map { (i: Int) -> (Double, Double, Double) in
            (0.001 + 0.001 * Double(i), 20 + 5 * Double(i), 20)
        }
        let r = try run(trace([points]), meter: StepMeter(costs: [2: 0.001]), delivery: .perSample)
        #expect(r.summary.counters.tasksStarted == 1)
        #expect(r.summary.counters.tasksCancelled == 0)
        #expect(r.summary.picture?.matchesReference == true)
    }

    @Test func aNewerInvalidationCancelsATaskBeforeItStarts() throws {
        // Samples at 5, 15, 25 ms reach the turns at 10, 20, 30 ms; each makes a task on the one queue.
        // A (10 ms) draws for 30 ms. B (20 ms) waits behind it; C (30 ms) moves the sentinel on, so
        // B is cancelled when it finally starts at 40 ms. A, drawn by then, is superseded; C draws
        // 40...70 ms and is shown.
        let t = trace([[(0.005, 20, 20), (0.015, 40, 20), (0.025, 60, 20)]])
        let c = try run(t, meter: StepMeter(costs: [2: 0.030])).summary.counters
        #expect(c.tasksStarted == 2)
        #expect(c.tasksCancelled == 1)
        #expect(c.tasksSuperseded == 1)
    }

    @Test func aNewerInvalidationCancelsATaskBetweenStrokes() throws {
        // A tap at 5 ms and a stroke from 6 ms reach the 10 ms turn: A has two strokes to draw. The
        // first costs 15 ms; the invalidation at 20 ms (the sample at 15 ms) is seen by the check
        // before the second stroke, at 25 ms: A never finishes its picture. B draws and is shown.
        let t = trace([[(0.005, 100, 100)], [(0.006, 20, 20), (0.015, 40, 20)]])
        let r = try run(t, meter: StepMeter(costs: [2: 0.015]))
        #expect(r.summary.counters.tasksStarted == 2)
        #expect(r.summary.counters.tasksCancelled == 1)
        #expect(r.summary.counters.tasksSuperseded == 0)
        #expect(r.summary.picture?.matchesReference == true)
    }

    @Test func aNewerInvalidationSupersedesATaskAfterItDraws() throws {
        // A (10 ms) draws until 25 ms; B's invalidation at 20 ms is seen by the check after drawing.
        let t = trace([[(0.005, 20, 20), (0.015, 40, 20)]])
        let r = try run(t, meter: StepMeter(costs: [2: 0.015]))
        #expect(r.summary.counters.tasksStarted == 2)
        #expect(r.summary.counters.tasksSuperseded == 1)
        #expect(r.summary.picture?.matchesReference == true)
    }

    @Test func aNewerInvalidationSupersedesATaskAfterItMakesTheImage() throws {
        // A draws 10...15 ms (the check after drawing passes), makes its image until 25 ms; the
        // check after the image sees B's invalidation at 20 ms.
        let t = trace([[(0.005, 20, 20), (0.015, 40, 20)]])
        let c = try run(t, meter: StepMeter(costs: [2: 0.005, 3: 0.010])).summary.counters
        #expect(c.tasksStarted == 2)
        #expect(c.tasksSuperseded == 1)
    }

    @Test func theMainQueueCheckCatchesWhatTheWorkerChecksMissed() throws {
        // Input costs 5 ms a turn. A is submitted at 15 ms and finishes at 23 ms, before the next
        // invalidation (observers of the 20 ms turn run at 25 ms), so every worker check passes; its
        // block was posted while the main thread was busy and runs at 25 ms, after the invalidation:
        // the last check, on the main queue, throws the picture away.
        let t = trace([[(0.005, 20, 20), (0.015, 40, 20)]])
        let r = try run(t, meter: StepMeter(costs: [2: 0.008], inputCost: 0.005))
        #expect(r.summary.counters.tasksStarted == 2)
        #expect(r.summary.counters.tasksSuperseded == 1)
        #expect(r.frames.contains { $0.trigger == .mainQueue })
    }

    @Test func aLayerSmallerThanOnePixelGetsNilContentsAndNoTask() throws {
        final class CountingQueues: RenderQueues {
            var submitted = 0
            var count: Int { 1 }
            var pending: Int { 0 }
            func submit(
                _ task: RenderTask, toQueue queue: Int, completion: @escaping ((any Sendable)?, TaskContext) -> Void
            ) { submitted += 1 }
            func submitConcurrent(_ task: RenderTask, completion: @escaping ((any Sendable)?, TaskContext) -> Void) {
                submitted += 1
            }
            func release(_ object: any Sendable) {}
        }
        let queues = CountingQueues()
        let canvas = CanvasConfiguration(width: 0, height: 0, scale: 1, style: StrokeStyle(lineWidth: 5))
        let strategy = try AsyncPoolStrategy(
            canvas: canvas, environment: StrategyEnvironment(ledger: WorkLedger(), renderQueues: queues))
        strategy.handle(TouchEvent(phase: .began, points: [TouchPoint(location: Point(x: 0, y: 0), index: 0)]))
        strategy.beforeWaiting()
        let update = strategy.commit()
        #expect(queues.submitted == 0)
        #expect(update != nil && update?.contents == nil)
    }

    /// A modelled replay runs a render's strokes many at a time, priced from the work each counted
    /// (`StrokeSteps.run`); a meter that prices nothing ahead makes it run each alone. The two replays are
    /// the same frame for frame, on a canvas large enough that renders are put off between strokes and
    /// cancelled.
    @Test func strokesRunAtOnceAreTheStepsRunAlone() throws {
        /// The model's meter, measuring each step: no price ahead (`CostMeter.price` is nil).
        final class OneStepAtATime: CostMeter {
            let inner: ModelCostMeter
            init(_ inner: ModelCostMeter) { self.inner = inner }
            func workersRunning(_ count: Int) { inner.workersRunning(count) }
            func measure<T>(_ phase: CostPhase, counting ledger: WorkLedger, _ body: () throws -> T) rethrows -> (
                T, ReplayDuration
            ) { try inner.measure(phase, counting: ledger, body) }
        }
        let device = DeviceProfile.named("ipad-pro-12.9")!
        var generator = TraceGenerator(seed: 5)
        generator.parameters.duration = 4
        var configuration = ReplayConfiguration(
            input: ReplayInput(trace: generator.generate(), device: device), traceName: "generated", device: device,
            clock: .virtual, strategy: AsyncPoolStrategy.self, costs: .model, deviceModel: .fittedForTests)
        let model = try #require(configuration.meter as? ModelCostMeter)
        var priced = try RunLoopSimulation(configuration)
        let atOnce = try priced.run(progress: nil)
        configuration.meter = OneStepAtATime(ModelCostMeter(unitCosts: model.unitCosts))
        var measured = try RunLoopSimulation(configuration)
        let alone = try measured.run(progress: nil)
        let counters = alone.summary.counters
        #expect(counters.tasksCancelled > 100 && counters.tasksStarted > 100, "\(counters)")
        #expect(atOnce.frames == alone.frames)
        var (a, b) = (atOnce.summary, alone.summary)
        (a.cpuS, b.cpuS, a.peakMemoryMB, b.peakMemoryMB) = (0, 0, 0, 0)
        #expect(a == b)
    }

    @Test func realThreadsDrawTheSamePicture() throws {
        // The realtime clock: real Dispatch queues beside the main thread (run under
        // `swift test --sanitize=thread` to check for data races).
        let r = try Replay.run(
            ReplayConfiguration(
                input: ReplayInput(trace: PictureTests.crossing, device: smallDevice), traceName: "crossing",
                device: smallDevice, clock: .realtime, strategy: AsyncPoolStrategy.self, workers: 2))
        #expect(r.summary.counters.tasksStarted >= 1)
        #expect(r.summary.picture?.matchesReference == true)
    }
}
