import StrokeBench
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchReplay
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTraces
import Testing

/// Ink counts as shown only where the composited picture holds the sample's segment (docs/model.md, "Ink
/// from what the display shows"): a strategy's word that a picture shows a sample is not enough.
@Suite struct InkShownTests {
    static let device = DeviceProfile.named("iphone-6s")!

    static func replay(_ name: String, raster: Bool) throws -> RunSummary {
        try replay(StrategyCatalog.builtIn.strategy(named: name)!, raster: raster)
    }

    static func replay(_ strategy: any DrawingStrategy.Type, raster: Bool) throws -> RunSummary {
        var generator = TraceGenerator(seed: 3)
        generator.parameters.duration = 2
        var configuration = ReplayConfiguration(
            input: ReplayInput(trace: generator.generate(), device: device), traceName: "generated", device: device,
            clock: .virtual, strategy: strategy, costs: .model, deviceModel: .fittedForTests)
        configuration.forcesRaster = raster
        configuration.comparePicture = strategy != ClaimsWhatItDoesNotDraw.self
        return try Replay.run(configuration).summary
    }

    /// A strategy that says every picture shows the newest sample but never draws through sample
    /// `ClaimsWhatItDoesNotDraw.missing`: the samples before it are shown, and none from it on, dry or
    /// rasterized, though the picture gains ink every turn (what the harness once took for enough).
    @Test(arguments: [false, true])
    func aSampleIsShownOnlyWhereItsSegmentIsDrawn(raster: Bool) throws {
        let s = try Self.replay(ClaimsWhatItDoesNotDraw.self, raster: raster)
        #expect(s.samples > 2 * ClaimsWhatItDoesNotDraw.missing)
        #expect(s.samplesNeverShown == s.samples - ClaimsWhatItDoesNotDraw.missing)
    }

    /// `null` commits every turn and says the picture shows the newest sample, but draws nothing: no
    /// sample is shown, no ink update counted, and its verdict is "no ink".
    @Test func aStrategyThatDrawsNothingShowsNoInk() throws {
        let s = try Self.replay("null", raster: false)
        #expect(s.samples > 40)
        #expect(s.samplesNeverShown == s.samples)
        #expect(s.inkUpdatesPerS == 0)
        #expect(s.penToPixel == nil)
        #expect(s.judgement.verdict == .noInk)
        // Nothing it is handed becomes pending, so nothing is dropped.
        #expect(s.droppedFrames == 0)
    }

    /// A dry replay (counted) and a rasterized one (pixels) credit the same samples as shown, at the
    /// same vsyncs, for every strategy: the stamps are set by the same drawing calls.
    @Test(arguments: StrategyCatalog.builtIn.names)
    func dryAndRasterizedReplaysShowTheSameInk(strategy: String) throws {
        let dry = try Self.replay(strategy, raster: false)
        let raster = try Self.replay(strategy, raster: true)
        #expect(dry.samplesNeverShown == raster.samplesNeverShown)
        #expect(dry.inkUpdatesPerS == raster.inkUpdatesPerS)
        #expect(dry.latencyMs == raster.latencyMs)
        #expect(dry.judgement == raster.judgement)
    }

    /// A strategy that draws every turn shows new ink at most once a vsync, so its rate of ink updates
    /// while the pen moves is at most the refresh rate, and close to it.
    @Test func inkUpdatesAreCountedOverPenMovingVsyncs() throws {
        let s = try Self.replay("dirty-rect", raster: false)
        #expect(s.inkUpdatesPerS <= Self.device.refreshRate)
        #expect(s.inkUpdatesPerS > 0.9 * Self.device.refreshRate, "\(s.inkUpdatesPerS)")
    }
}

/// Strokes each sample's segment as it arrives, like dirty-rect, except the two segments that meet at
/// sample `missing`, and says every picture shows the newest sample it was handed.
final class ClaimsWhatItDoesNotDraw: DrawingStrategy {
    static let name = "claims-what-it-does-not-draw"
    static let summary = "leaves one sample out, and claims them all"
    static let missing = 20

    private let canvas: CanvasConfiguration
    private let context: Context
    private var last: Point?
    private var newest = -1
    private var changed = false
    var acceptedThrough: Int { newest }

    init(canvas: CanvasConfiguration, environment: StrategyEnvironment) throws {
        self.canvas = canvas
        let surface = try Surface(width: canvas.width, height: canvas.height, counting: environment.ledger)
        context = try Context(surface: surface, counting: environment.ledger)
        context.fill(canvas.bounds, with: canvas.background)
    }

    func handle(_ event: TouchEvent) {
        for (i, point) in event.points.enumerated() {
            let starts = event.phase == .began && i == 0
            let segment = starts ? [point.location] : [last ?? point.location, point.location]
            if point.index != Self.missing && point.index != Self.missing + 1 {
                context.stroke([segment], style: canvas.style)
            }
            last = point.location
            newest = point.index
            changed = true
        }
    }

    func commit() -> LayerUpdate? {
        guard changed else { return nil }
        changed = false
        return LayerUpdate(contents: context.surface, damage: [canvas.bounds], showsThrough: newest)
    }

    func finalPicture() -> Surface? { context.surface }
}
