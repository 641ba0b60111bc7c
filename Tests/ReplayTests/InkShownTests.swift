import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchReplay
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTraces
import Testing

/// Ink counts as shown only where the composited picture gained ink (docs/model.md, "Ink from what
/// the display shows"): a strategy's word that a picture shows a sample is not enough.
@Suite struct InkShownTests {
    static let device = DeviceProfile.named("iphone-6s")!

    static func replay(_ name: String, raster: Bool) throws -> RunSummary {
        var generator = TraceGenerator(seed: 3)
        generator.parameters.duration = 2
        var configuration = ReplayConfiguration(
            input: ReplayInput(trace: generator.generate(), device: device), traceName: "generated", device: device,
            clock: .virtual, strategy: StrategyCatalog.builtIn.strategy(named: name)!, costs: .model)
        configuration.forcesRaster = raster
        return try Replay.run(configuration).summary
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
