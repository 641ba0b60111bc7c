import StrokeBenchCanvas
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTraces
import Testing

@testable import StrokeBenchReplay

/// The render server on the virtual clock (docs/device-model.md, "The render server"): a composite
/// starts when its commit ends and the server is free, a frame whose composite is not done by its
/// vsync misses it, and the next turn waits for the composite before it (the fence). At 100 Hz, so
/// that vsyncs fall every 10 ms; every figure is worked out by hand in the comments.
@Suite(.ownScript) struct RenderServerClockTests {
    /// Charges every commit that hands over an update `commit`, and every composite `composite`.
    final class Meter: CostMeter {
        let commit: ReplayDuration
        let composite: ReplayDuration
        init(commitMs: Int64, compositeMs: Int64) {
            commit = ReplayDuration(nanoseconds: commitMs * 1_000_000)
            composite = ReplayDuration(nanoseconds: compositeMs * 1_000_000)
        }
        func measure<T>(_ phase: CostPhase, counting ledger: WorkLedger, _ body: () throws -> T) rethrows -> (
            T, ReplayDuration
        ) {
            let result = try body()
            switch phase {
            case .composite: return (result, composite)
            // A commit that hands over an update (the scripted strategy's, after new input) costs `commit`.
            case .commit: return (result, (result as Any) is LayerUpdate ? commit : .zero)
            default: return (result, .zero)
            }
        }
    }

    func replay(commitMs: Int64, compositeMs: Int64) throws -> ReplayResult {
        ScriptedStrategy.meter = nil
        var configuration = ReplayConfiguration(
            input: ReplayInput(
                trace: trace([[(0.005, 10, 10), (0.015, 20, 10), (0.025, 30, 10)]]), device: smallDevice),
            traceName: "hand-made", device: smallDevice, clock: .virtual, strategy: ScriptedStrategy.self,
            comparePicture: false)
        configuration.meter = Meter(commitMs: commitMs, compositeMs: compositeMs)
        return try Replay.run(configuration)
    }

    /// Commits of 2 ms, composites of 12 ms. Turn 1 starts at 10 ms with sample 0 and commits at 12 ms;
    /// the server composites it from 12 to 24 ms, past vsync 2 (20 ms): shown at 30 ms, one vsync
    /// missed although the main thread was on time. The next turn waits for the server (the fence):
    /// it starts at 24 ms, not at vsync 2.
    @Test func aCompositeNotDoneByItsVsyncMissesIt() throws {
        let r = try replay(commitMs: 2, compositeMs: 12)
        let busy = r.frames.filter { $0.samples > 0 }
        #expect(busy[0].startMs == 10 && busy[0].endMs == 12 && busy[0].deadlineMs == 20)
        #expect(busy[0].presentMs == 30 && busy[0].missedVsyncs == 1 && busy[0].compositeMs == 12)
        #expect(busy[0].overrunMs < 0, "the main thread itself was on time")
        #expect(busy[1].startMs == 24)
        #expect(r.summary.missedVsyncs > 0 && r.summary.hitchTotalMs > 0)
        // The server was busy 12 ms of every turn's composite over the span input was drawn.
        #expect(try #require(r.summary.renderServerBusyPct) > 50)
    }

    /// The same replay with composites of 1 ms: every frame is on time, as without a render server.
    @Test func aQuickCompositeMissesNothing() throws {
        let r = try replay(commitMs: 2, compositeMs: 1)
        let busy = r.frames.filter { $0.samples > 0 }
        #expect(busy.map(\.startMs) == [10, 20, 30])
        #expect(busy.map(\.presentMs) == [20, 30, 40])
        #expect(r.summary.missedVsyncs == 0)
        #expect(try #require(r.summary.renderServerBusyPct) > 0)
    }

    /// `sublayer` on the iPad Pro 11's companion-app spiral, its first `points` points, at `input`.
    func sublayer(points: Int, input: InputMode) -> ReplayConfiguration {
        let device = DeviceProfile.named("ipad-pro-11")!
        var spiral = SpiralTrace.companionApp(on: device)
        spiral.strokes[0].samples.removeLast(spiral.strokes[0].samples.count - points)
        var configuration = ReplayConfiguration(
            input: ReplayInput(trace: spiral, device: device), traceName: "spiral",
            device: device, clock: .virtual, inputMode: input, strategy: SublayerStrategy.self, costs: .model,
            deviceModel: .fittedForTests)
        configuration.comparePicture = false
        return configuration
    }

    /// `sublayer` moves its drawing to the render server, which strokes every shape layer with each
    /// update: at max speed on the article's spiral (its first 3,000 points: past 400 layers several
    /// times) the server, not the main thread, sets the pace (well under the 37,000 points a second the
    /// main thread alone would allow), it is busier than the main thread, and composites that outlast
    /// their frame miss vsyncs where the main thread was on time. The central replay only: the draws
    /// add nothing this checks, and take minutes in a debug build.
    @Test func sublayerAtMaxSpeedIsBoundedByItsRenderServer() throws {
        var loop = try RunLoopSimulation(sublayer(points: 3000, input: .maxSpeed))
        let r = try loop.run(progress: nil)
        let s = r.summary
        #expect(Double(s.samples) / s.durationS < 10_000, "\(Double(s.samples) / s.durationS) points a second")
        #expect(try #require(s.renderServerBusyPct) > s.mainThreadBusyPct)
        #expect(r.frames.contains { $0.overrunMs < 0 && $0.missedVsyncs > 0 }, "a composite made a frame late")
    }

    /// The render server's busy share has a range over the model's draws, holding its central value.
    @Test func theRenderServersBusyShareHasARange() throws {
        let s = try Replay.run(sublayer(points: 300, input: .displayLink)).summary
        let server = try #require(s.renderServerBusyPct)
        let low = try #require(s.renderServerBusyPctLow)
        let high = try #require(s.renderServerBusyPctHigh)
        #expect(low <= server && server <= high && low < high, "\(low) \(server) \(high)")
    }
}
