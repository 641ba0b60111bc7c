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
    /// `LeavesOneSampleOut.missing`: the samples before it are shown, and none from it on, dry or
    /// rasterized, though the picture gains ink every turn (what the harness once took for enough).
    @Test(arguments: [false, true])
    func aSampleIsShownOnlyWhereItsSegmentIsDrawn(raster: Bool) throws {
        let s = try Self.replay(ClaimsWhatItDoesNotDraw.self, raster: raster)
        #expect(s.samples > 2 * LeavesOneSampleOut.missing)
        #expect(s.samplesNeverShown == s.samples - LeavesOneSampleOut.missing)
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

    /// A rasterized replay reads the screen's pixels, and they have the last word: a strategy whose
    /// pictures hold every segment but are composited only over the left part of the screen (its damage
    /// says so) shows nothing from the first sample right of it on. A dry replay has no pixels and
    /// takes the damage at its word: it shows every sample (docs/model.md, "Ink from what the display
    /// shows").
    @Test func aRasterizedReplayShowsOnlyWhatTheScreensPixelsHold() throws {
        var generator = TraceGenerator(seed: 3)
        generator.parameters.duration = 2
        let input = ReplayInput(trace: generator.generate(), device: Self.device)
        // The strategy composites left of the trace's median x.
        let xs = input.points.map(\.x).sorted()
        let middle = xs[xs.count / 2].rounded(.down)
        DamagesLeftPartOnly.width = Int(middle)
        let firstOnTheRight = try #require(input.points.firstIndex { $0.x >= middle })
        func replay(raster: Bool) throws -> RunSummary {
            var configuration = ReplayConfiguration(
                input: input, traceName: "generated", device: Self.device, clock: .virtual,
                strategy: CompositesLeftPartOnly.self, costs: .model, deviceModel: .fittedForTests)
            configuration.forcesRaster = raster
            configuration.comparePicture = false
            return try Replay.run(configuration).summary
        }
        #expect(firstOnTheRight > 0 && firstOnTheRight < input.count - 1)
        #expect(try replay(raster: false).samplesNeverShown == 0)
        #expect(try replay(raster: true).samplesNeverShown == input.count - firstOnTheRight)
    }

    /// A strategy that draws every turn shows new ink at most once a vsync, so its rate of ink updates
    /// while the pen moves is at most the refresh rate, and close to it.
    @Test func inkUpdatesAreCountedOverPenMovingVsyncs() throws {
        let s = try Self.replay("dirty-rect", raster: false)
        #expect(s.inkUpdatesPerS <= Self.device.refreshRate)
        #expect(s.inkUpdatesPerS > 0.9 * Self.device.refreshRate, "\(s.inkUpdatesPerS)")
    }
}

/// What a segment-stroking test double leaves out: segments it does not draw, or screen it does not
/// report as damaged.
protocol SegmentFlaw {
    static var name: String { get }
    static var summary: String { get }
    /// Whether the segment that ends at sample `index` is drawn.
    static func draws(_ index: Int) -> Bool
    /// The damage each picture reports on a canvas of `width` x `height`.
    static func damage(width: Int, height: Int) -> PixelRect
}

/// Strokes each sample's segment as it arrives, like dirty-rect, except where `Flaw` says, and says
/// every picture shows the newest sample it was handed.
final class StrokesSegments<Flaw: SegmentFlaw>: DrawingStrategy {
    static var name: String { Flaw.name }
    static var summary: String { Flaw.summary }

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
            if Flaw.draws(point.index) { context.stroke([segment], style: canvas.style) }
            last = point.location
            newest = point.index
            changed = true
        }
    }

    func commit() -> LayerUpdate? {
        guard changed else { return nil }
        changed = false
        let damage = Flaw.damage(width: canvas.width, height: canvas.height)
        return LayerUpdate(contents: context.surface, damage: [damage], showsThrough: newest)
    }

    func finalPicture() -> Surface? { context.surface }
}

/// Leaves out the two segments that meet at sample `missing`, and claims every sample.
enum LeavesOneSampleOut: SegmentFlaw {
    static let name = "claims-what-it-does-not-draw"
    static let summary = "leaves one sample out, and claims them all"
    static let missing = 20
    static func draws(_ index: Int) -> Bool { index != missing && index != missing + 1 }
    static func damage(width: Int, height: Int) -> PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }
}
typealias ClaimsWhatItDoesNotDraw = StrokesSegments<LeavesOneSampleOut>

/// Draws every segment, but reports only the screen's left `width` pixels as damaged: the render
/// server composites those, and the rest of every picture never reaches the screen.
enum DamagesLeftPartOnly: SegmentFlaw {
    static let name = "composites-left-part-only"
    static let summary = "draws every segment, damages only the left part"
    /// Set by the one test that uses it.
    nonisolated(unsafe) static var width = 0
    static func draws(_ index: Int) -> Bool { true }
    static func damage(width: Int, height: Int) -> PixelRect {
        PixelRect(x: 0, y: 0, width: Self.width, height: height)
    }
}
typealias CompositesLeftPartOnly = StrokesSegments<DamagesLeftPartOnly>
