import StrokeBenchCanvas
import StrokeBenchDevice
import StrokeBenchModelFit
import StrokeBenchStrategies
import StrokeBenchTraces
import Testing

@testable import StrokeBenchReplay

extension DeviceModel {
    /// The shipped data, fitted once for this test process as `bench` fits the data it loads once per
    /// process: what a modelled replay's draws need.
    static let fittedForTests: DeviceModel = {
        do { return try ModelFitting.fitted(.shipped, strategies: .builtIn) } catch {
            fatalError("the shipped device data does not fit: \(error)")
        }
    }()
}

/// Costs written by the test: a commit that draws costs `drawCost`, everything else nothing.
final class ScriptedMeter: CostMeter {
    /// Set by `ScriptedStrategy` when the work being measured should cost something.
    var pending: Double = 0
    func measure<T>(_ phase: CostPhase, counting ledger: WorkLedger, _ body: () throws -> T) rethrows -> (
        T, ReplayDuration
    ) {
        pending = 0
        let result = try body()
        defer { pending = 0 }
        return (result, ReplayDuration(seconds: pending))
    }
}

/// A strategy that records the events it receives, strokes the new points into its layer at each
/// commit after new input (where they lie: a rasterized replay reads the screen's pixels there), and
/// charges `commitCost` for it.
final class ScriptedStrategy: DrawingStrategy {
    static let name = "scripted"
    static let summary = "test double"

    /// One test's settings and record of the strategy. Each test case that runs it has its own
    /// (`.ownScript`), so suites that replay it run side by side, and beside each other.
    final class Script: @unchecked Sendable {  // used by one test case's task at a time
        var meter: ScriptedMeter?
        var commitCost = 0.0
        var received: [TouchEvent] = []
    }

    @TaskLocal static var script: Script?

    static var meter: ScriptedMeter? {
        get { script?.meter }
        set { script?.meter = newValue }
    }
    static var commitCost: Double {
        get { script?.commitCost ?? 0 }
        set { script?.commitCost = newValue }
    }
    static var received: [TouchEvent] {
        get { script?.received ?? [] }
        set { script?.received = newValue }
    }

    private var newest = -1
    private var changed = false
    /// The points received since the last commit.
    private var fresh: [Point] = []
    /// The layer it strokes each turn's new points into, made with the replay's ledger: the harness
    /// credits a picture's samples as shown only where its contents hold their strokes.
    private let layer: Surface?

    private let style: StrokeStyle

    init(canvas: CanvasConfiguration, environment: StrategyEnvironment) {
        Self.received = []
        style = canvas.style
        layer = try? Surface(width: canvas.width, height: canvas.height, counting: environment.ledger)
        if let layer { (try? Context(surface: layer))?.fill(canvas.bounds, with: canvas.background) }
    }

    var acceptedThrough: Int { newest }

    func handle(_ event: TouchEvent) {
        Self.received.append(event)
        fresh += event.points.map(\.location)
        if let last = event.points.last {
            newest = last.index
            changed = true
        }
    }

    func commit() -> LayerUpdate? {
        guard changed else { return nil }
        changed = false
        Self.meter?.pending = Self.commitCost
        guard let layer, let context = try? Context(surface: layer) else { return nil }
        context.stroke([fresh], style: style)
        fresh = []
        return LayerUpdate(contents: layer, damage: [layer.bounds], showsThrough: newest)
    }

    func finalPicture() -> Surface? { nil }
}

/// A small screen, so picture tests stay fast: 200 x 150 px at 1x.
let smallDevice = DeviceProfile(
    name: "test-small", width: 200, height: 150, scale: 1, refreshRate: 100, touchRate: 1000, cores: 2)

/// A one-stroke trace on a canvas the size of `smallDevice`, from (time, x, y) triples.
func trace(_ strokes: [[(Double, Double, Double)]]) -> Trace {
    Trace(
        canvas: CanvasSize(width: 200, height: 150),
        strokes: strokes.map { Stroke(samples: $0.map { Sample(time: $0.0, x: $0.1, y: $0.2) }) })
}

/// Gives each test case its own `ScriptedStrategy.Script`, where the strategy's settings and record used
/// to be shared by every test, which therefore ran one at a time.
struct OwnScript: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func scopeProvider(for test: Test, testCase: Test.Case?) -> OwnScript? {
        testCase == nil ? nil : self
    }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await ScriptedStrategy.$script.withValue(ScriptedStrategy.Script()) { try await function() }
    }
}

extension Trait where Self == OwnScript {
    /// Each test case gets its own `ScriptedStrategy.Script`.
    static var ownScript: Self { OwnScript() }
}
