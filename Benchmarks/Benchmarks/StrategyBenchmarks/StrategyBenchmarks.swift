// What each drawing strategy costs per input event and per frame, in wall-clock time and malloc calls,
// measured by package-benchmark outside the replay harness: the strategy alone, driven turn by turn on a
// small fixed trace. Thresholds for `swift package benchmark thresholds check` are in ../../Thresholds/.

import Benchmark
import StrokeBenchCanvas
import StrokeBenchReplay
import StrokeBenchSpec
import Foundation
import StrokeBenchStrategies
import StrokeBenchTraces
import StrokeBenchDevice
import StrokeBenchModelFit

/// Every benchmark measures exactly this many passes over the fixture, so that its distribution (and so
/// its malloc-count percentiles, which `Thresholds/` pins exactly) does not depend on how fast the
/// machine is. Whatever the warm-up, a window of whole passes holds every turn equally often.
let passes = 3

// Names carry no spaces or slashes: `thresholds update` writes them with underscores but `thresholds
// check` looks them up as they are, so a name with a space never finds its thresholds file.
let benchmarks: @Sendable () -> Void = {
    // Wall-clock time moves with the machine's load: against a baseline run, the median may grow by half;
    // against the static p90 in Thresholds/ (what `thresholds check` compares), it may double, because a
    // shared two-core machine does that to a p90. Strategy regressions worth catching are larger factors.
    // Malloc counts are deterministic for a fixed number of passes: any change fails.
    let timeThresholds = BenchmarkThresholds(relative: [.p50: 50, .p90: 100], absolute: [:])
    Benchmark.defaultConfiguration = .init(
        // CPU time is left out: rusage's resolution is coarser than one iteration.
        metrics: [.wallClock, .mallocCountTotal],
        warmupIterations: 20,
        thresholds: [.wallClock: timeThresholds, .mallocCountTotal: .strict])

    for strategy in StrategyCatalog.builtIn.all {
        // Input phase only: `touchesMoved` and friends, one event per sample (per-sample delivery). naive
        // does its drawing here; point-array only stores points.
        let events = Fixture.turns(.perSample).reduce(0) { $0 + $1.count }
        Benchmark("\(strategy.name).per-input-event",
                  configuration: .init(maxDuration: .seconds(60), maxIterations: passes * events)) { benchmark in
            try Driver.shared(strategy, delivery: .perSample).measureNextEvent(benchmark)
        }
        // A whole run-loop turn with coalesced delivery (about two 240 Hz samples per 120 Hz frame): input,
        // observers and the commit, plus any background work the turn starts, run inline.
        let frames = Fixture.turns(.coalesced).count
        Benchmark("\(strategy.name).per-frame",
                  configuration: .init(maxDuration: .seconds(60), maxIterations: passes * frames)) { benchmark in
            try Driver.shared(strategy, delivery: .coalesced).measureNextFrame(benchmark)
        }
        // A whole dry replay with the device cost model (what `bench sweep --costs model` runs): the run
        // loop, queues and accountant over counted work, no pixels. Its time per frame is what a modelled
        // study costs; a counting step that grew with the stroke again would show here first.
        Benchmark("\(strategy.name).dry-model-replay",
                  configuration: .init(metrics: [.wallClock, .mallocCountTotal, Fixture.timePerFrame],
                                       maxDuration: .seconds(60), maxIterations: 20,
                                       // A whole replay's mallocs move by one or two from run to run (hash
                                       // tables' growth); time per frame may double on a busy machine, as above.
                                       thresholds: [.wallClock: timeThresholds, Fixture.timePerFrame: timeThresholds,
                                                    .mallocCountTotal: BenchmarkThresholds(relative: [.p90: 5], absolute: [:])])) { benchmark in
            var configuration = ReplayConfiguration(input: Fixture.modelledInput, traceName: "fixture",
                                                    device: Fixture.modelledDevice, hz: 120, clock: .virtual,
                                                    strategy: strategy, costs: .model,
                                                    deviceModel: try Fixture.deviceModel())
            configuration.keepsFrames = false
            configuration.comparePicture = false
            let start = ContinuousClock.now
            let result = try Replay.run(configuration)
            let elapsed = ContinuousClock.now - start
            let frames = max(1, result.tally.frames)
            let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
            benchmark.measurement(Fixture.timePerFrame, Int(nanoseconds / Double(frames)))
        }
    }
}

/// The fixed input: 2 s of the seeded generator on an iPhone 6s screen (750 x 1334 px, 120 Hz turns).
enum Fixture {
    /// Nanoseconds of wall-clock time per frame of a whole replay.
    static let timePerFrame = BenchmarkMetric.custom("ns per frame", polarity: .prefersSmaller, useScalingFactor: false)
    static let device = DeviceProfile(name: "bench-iphone", width: 750, height: 1334, scale: 2, refreshRate: 120,
                                      touchRate: 240, cores: 2)
    static let trace: Trace = {
        var parameters = TraceGenerator.Parameters()
        parameters.duration = 2
        return TraceGenerator(seed: 7, parameters: parameters).generate()
    }()
    static let input = ReplayInput(trace: trace, device: device)
    /// The device cost model prices a profile it has sourced unit costs for: the iPhone 6s, the same screen.
    static let modelledDevice = DeviceProfile.named("iphone-6s")!
    static let modelledInput = ReplayInput(trace: trace, device: modelledDevice)
    /// The shipped device data, fitted as `bench` fits it once per process (a dry spiral replay): the
    /// fit stays out of what each dry-model-replay iteration measures.
    static let fitted = Result { try ModelFitting.fitted(.shipped, strategies: .builtIn) }
    static func deviceModel() throws -> DeviceModel { try fitted.get() }
    static let canvas = CanvasConfiguration(width: device.width, height: device.height, scale: device.scale,
                                            style: StrokeStyle(lineWidth: DeviceProfile.lineWidthPoints * device.scale))

    /// The events of each run-loop turn at 120 Hz, as the run loop delivers them with every cost zero:
    /// a turn at each vsync takes every sample up to it, through the run loop's own `InputCoalescer`.
    static func turns(_ delivery: Delivery) -> [[TouchEvent]] {
        var coalescer = InputCoalescer(input: input, delivery: delivery)
        let vsyncs = VsyncGrid(hz: device.refreshRate)
        var turns: [[TouchEvent]] = []
        var vsync = 0
        while !coalescer.isDone {
            let events = coalescer.events(through: vsyncs.time(of: vsync))
            if !events.isEmpty { turns.append(events) }
            vsync += 1
        }
        return turns
    }
}

/// Background queues that run each task inline when it is submitted and hand its completion to the next
/// turn, so that an async strategy's frame cost includes the drawing it sends off the main thread.
final class InlineRenderQueues: RenderQueues {
    let count = 1
    private(set) var completions: [() -> Void] = []
    var pending: Int { completions.count }

    func submit(_ task: RenderTask, toQueue queue: Int, completion: @escaping ((any Sendable)?, TaskContext) -> Void) {
        let context = TaskContext()
        var output: (any Sendable)?
        steps: for index in 0..<task.stepCount {
            switch task.step(index, context) {
            case .proceed: continue
            case .stop: break steps
            case .finish(let value): output = value; break steps
            }
        }
        completions.append { completion(output, context) }
    }

    func submitConcurrent(_ task: RenderTask, completion: @escaping ((any Sendable)?, TaskContext) -> Void) {
        submit(task, toQueue: 0, completion: completion)
    }

    func release(_ object: any Sendable) {}

    func takeCompletions() -> [() -> Void] {
        defer { completions = [] }
        return completions
    }
}

/// Drives one strategy through the fixture turn by turn, one turn (or one event) per benchmark iteration.
/// At the end of the trace it starts again with a new strategy, outside the measurement, so that
/// strategies whose cost grows with the points drawn are measured over the same range every cycle.
final class Driver {
    private let strategyType: any DrawingStrategy.Type
    private let turns: [[TouchEvent]]
    private var strategy: any DrawingStrategy
    private var queues: InlineRenderQueues
    private var turn = 0
    private var event = 0

    // Benchmarks run one at a time on one thread; the drivers are made once per strategy and delivery.
    nonisolated(unsafe) private static var drivers: [String: Driver] = [:]

    static func shared(_ strategy: any DrawingStrategy.Type, delivery: Delivery) throws -> Driver {
        let key = "\(strategy.name)/\(delivery.rawValue)"
        if let driver = drivers[key] { return driver }
        let driver = try Driver(strategy, turns: Fixture.turns(delivery))
        drivers[key] = driver
        return driver
    }

    private init(_ strategyType: any DrawingStrategy.Type, turns: [[TouchEvent]]) throws {
        self.strategyType = strategyType
        self.turns = turns
        (strategy, queues) = try Self.make(strategyType)
    }

    private static func make(_ type: any DrawingStrategy.Type) throws -> (any DrawingStrategy, InlineRenderQueues) {
        let queues = InlineRenderQueues()
        let environment = StrategyEnvironment(ledger: WorkLedger(), renderQueues: queues)
        return (try type.init(canvas: Fixture.canvas, environment: environment), queues)
    }

    private func restartIfDone() throws {
        if turn == turns.count { (strategy, queues) = try Self.make(strategyType); turn = 0; event = 0 }
    }

    /// Runs what the main thread does in a turn apart from input: main-queue blocks, observers, commit.
    private func finishTurn() throws {
        for block in queues.takeCompletions() { block() }
        try strategy.beforeWaiting()
        blackHole(try strategy.commit())
    }

    /// One iteration of "per frame": a whole turn.
    func measureNextFrame(_ benchmark: Benchmark) throws {
        try restartIfDone() // before the explicit start: a restart is not the strategy's per-frame cost
        benchmark.startMeasurement()
        for e in turns[turn] { try strategy.handle(e) }
        try finishTurn()
        benchmark.stopMeasurement()
        turn += 1
    }

    /// One iteration of "per input event": `handle` of one event; the rest of the turn is run unmeasured
    /// after its last event, so the strategy's state evolves as in a replay.
    func measureNextEvent(_ benchmark: Benchmark) throws {
        try restartIfDone()
        let e = turns[turn][event]
        benchmark.startMeasurement()
        try strategy.handle(e)
        benchmark.stopMeasurement()
        event += 1
        if event == turns[turn].count {
            try finishTurn()
            turn += 1; event = 0
        }
    }
}
