import StrokeBenchCanvas
import StrokeBenchMetrics
import StrokeBenchStrategies
import StrokeBenchTraces
import Testing

@testable import StrokeBenchReplay

/// The other systems of the seed articles, each with its tell-tale behaviour, on small traces with
/// scripted costs (vsyncs every 10 ms).
@Suite struct SeedSystemTests {
    /// A tap at 5 ms (drawn and shown while the pen is up), then one stroke with a sample in every
    /// 10 ms turn from 105 to 295 ms.
    static let steady = trace([
        [(0.005, 100, 120)],
        (0..<20).map { (i: Int) -> (Double, Double, Double) in
            (0.105 + 0.010 * Double(i), 10 + 9 * Double(i), 40 + Double(i % 5) * 8)
        },
    ])

    func run(_ name: String, draw: Double, options: [String: StrategyOptionValue] = [:], workers: Int = 2) throws
        -> ReplayResult
    {
        let strategy = StrategyCatalog.builtIn.strategy(named: name)!
        let settings = try StrategySettings.given(options, declared: strategy.options)
        var configuration = ReplayConfiguration(
            input: ReplayInput(trace: Self.steady, device: smallDevice), traceName: "steady", device: smallDevice,
            clock: .virtual, strategy: strategy, workers: workers, settings: settings)
        configuration.meter = StepMeter(draw: draw)
        return try Replay.run(configuration)
    }

    @Test func graverClearsContentsBeforeEachAsyncDrawAndShowsBlankFrames() throws {
        // Each turn's display sets contents to nil. A 12 ms draw cannot land before the next vsync,
        // and the next turn's invalidation interrupts it: the screen stays blank while the pen moves.
        // (A draw shorter than the frame lands before the vsync that would have shown the blank.)
        let r = try run("async-graver", draw: 0.012)
        #expect(r.summary.blankFrames > 10)
        #expect(r.summary.picture?.matchesReference == true)
    }

    @Test func graverKeepingContentsShowsNoBlankFrame() throws {
        let r = try run("async-graver", draw: 0.012, options: ["graver-keep-contents": .flag(true)])
        #expect(r.summary.blankFrames == 0)
        #expect(r.summary.picture?.matchesReference == true)
    }

    @Test func graverFadeInAddsToLatency() throws {
        let plain = try run("async-graver", draw: 0.004, options: ["graver-keep-contents": .flag(true)])
        let faded = try run(
            "async-graver", draw: 0.004,
            options: ["graver-keep-contents": .flag(true), "graver-fade-in": .seconds(0.2)])
        #expect(abs(faded.summary.latencyMs.p50 - plain.summary.latencyMs.p50 - 200) < 1e-6)
    }

    @Test func globalQueueDrawsEveryInvalidationAndDropsStaleResults() throws {
        // 25 ms draws, a new one every 10 ms, two workers: nothing is cancelled, every render is
        // drawn in full, and all but the newest at each arrival are thrown away by the flag check.
        let r = try run("async-global", draw: 0.025)
        let c = r.summary.counters
        #expect(c.tasksCancelled == 0)
        #expect(c.tasksStarted == 21)
        #expect(c.tasksSuperseded > 10)
        #expect(r.summary.threadsPeak == 2)
        #expect(r.summary.backlogPeak > 0)
        #expect(r.summary.staleFrames > 0)
        #expect(r.summary.picture?.matchesReference == true)
    }

    @Test func poolCancelsWhatTheGlobalQueueDrawsAndDiscards() throws {
        // The same load with one worker: YYAsyncLayer's serial queue cancels the renders that waited
        // behind a newer one before they draw; the global queue draws each of them and discards it.
        let pool = try run("async-pool", draw: 0.025, workers: 1).summary.counters
        let global = try run("async-global", draw: 0.025, workers: 1).summary.counters
        #expect(pool.tasksCancelled > 0)
        #expect(global.tasksSuperseded > 2 * pool.tasksSuperseded)
        #expect(global.bitmapsAllocated > pool.bitmapsAllocated)
    }

    @Test func sublayerMovesTheWorkToTheRenderServer() throws {
        // The main thread only adds a layer per event; the render server re-composites every layer
        // with each update, so the pixels it composites per frame grow with the layer count.
        let oneStroke = Trace(canvas: Self.steady.canvas, strokes: [Self.steady.strokes[1]])
        let r = try Replay.run(
            ReplayConfiguration(
                input: ReplayInput(trace: oneStroke, device: smallDevice), traceName: "one stroke", device: smallDevice,
                clock: .virtual, strategy: SublayerStrategy.self))
        let updates = r.frames.filter { $0.presentMs != nil }
        let composited = updates.map(\.counters.pixelsComposited)
        // First update: the whole base; then each adds one more layer until pen up flattens.
        let middle = Array(composited.dropFirst().dropLast())
        #expect(middle.count >= 10)
        #expect(zip(middle, middle.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(middle.last! > 3 * middle.first!)
        // Bitmaps: the base up front and one flattening at pen up.
        #expect(r.summary.counters.bitmapsAllocated == 2)
        #expect(r.summary.picture?.matchesReference == true)
    }

    @Test func sublayerFlattensPast400Layers() throws {
        let long = trace([
            (0..<450).map { (i: Int) -> (Double, Double, Double) in
                (0.001 + Double(i) / 1000, 10 + 0.4 * Double(i), 75 + 40 * sin(Double(i) / 30))
            }
        ])
        let r = try Replay.run(
            ReplayConfiguration(
                input: ReplayInput(trace: long, device: smallDevice), traceName: "long", device: smallDevice,
                clock: .virtual, delivery: .perSample, strategy: SublayerStrategy.self))
        // The base, one flattening when the 401st layer arrives, one at pen up.
        #expect(r.summary.counters.bitmapsAllocated == 3)
        #expect(r.summary.picture?.matchesReference == true)
    }
}

#if canImport(Glibc)
    import Glibc
    import StrokeBenchSpec
#endif
