import StrokeBenchCanvas
import StrokeBenchStrategies
import StrokeBenchTraces
import Testing

@testable import StrokeBenchReplay

/// An object a render task holds, counting how many are alive.
final class TaskPayload: @unchecked Sendable {  // the count is only touched by the replay's thread
    nonisolated(unsafe) static var alive = 0
    init() { Self.alive += 1 }
    deinit { Self.alive -= 1 }
}

/// Hands every commit to the global queue as a render that takes 100 simulated seconds: far past the
/// five seconds after the last sample at which a replay gives up waiting.
final class EndlessRenderStrategy: DrawingStrategy {
    static let name = "endless-render"
    static let summary = "test double"
    /// This test's own meter: `ScriptedStrategy.meter` belongs to the clock tests, which run in parallel.
    nonisolated(unsafe) static let meter = ScriptedMeter()
    private let queues: RenderQueues
    private var changed = false

    init(canvas: CanvasConfiguration, environment: StrategyEnvironment) { queues = environment.renderQueues! }

    func handle(_ event: TouchEvent) { if !event.points.isEmpty { changed = true } }

    var acceptedThrough: Int { -1 }

    func commit() -> LayerUpdate? {
        guard changed else { return nil }
        changed = false
        let payload = TaskPayload()
        queues.submitConcurrent(
            RenderTask(steps: [
                { _ in
                    EndlessRenderStrategy.meter.pending = 100
                    _ = payload
                    return .proceed
                },
                { _ in .stop },
            ])
        ) { _, _ in }
        return nil
    }

    func finalPicture() -> Surface? { nil }
}

@Suite(.serialized) struct PendingWorkTests {
    /// Work still scheduled when a replay ends is dropped with the replay: the scheduler's events and
    /// the queued tasks held closures over the simulated workers, which held the scheduler, so every
    /// such replay leaked its tasks and their bitmaps (LeakSanitizer found it with `async-global`).
    @Test func aReplayThatGivesUpOnRenderingFreesWhatTheRendersHeld() throws {
        let before = TaskPayload.alive
        var configuration = ReplayConfiguration(
            input: ReplayInput(trace: trace([[(0.0, 10, 10), (0.02, 20, 20), (0.04, 30, 30)]]), device: smallDevice),
            traceName: "three samples", device: smallDevice, clock: .virtual, strategy: EndlessRenderStrategy.self)
        configuration.meter = EndlessRenderStrategy.meter
        configuration.comparePicture = false
        let result = try Replay.run(configuration)
        #expect(result.summary.durationS < 10)  // it gave up: the renders never finished
        #expect(TaskPayload.alive == before)
    }
}
