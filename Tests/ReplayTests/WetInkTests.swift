import Foundation
import StrokeBenchCanvas
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTimeline
import StrokeBenchTraces
import Testing

@testable import StrokeBenchReplay

/// The front-buffered wet-ink what-if (docs/latency.md): each sample lit when the scan-out reaches its
/// row, writes the scan passes through counted as torn, the picture the strategy's own, and the
/// stages, in the timeline too, adding up.
@Suite struct WetInkTests {
    static func replay(_ wetInk: WetInk, costs: CostMode = .zero, timeline: (any ReplayTimeline)? = nil) throws
        -> ReplayResult
    {
        let device = DeviceProfile.named("ipad-pro-11")!
        var configuration = ReplayConfiguration(
            input: ReplayInput(trace: PenToPixelTests.trace(), device: device), traceName: "two strokes",
            device: device, clock: .virtual, strategy: StrategyCatalog.builtIn.strategy(named: "dirty-rect")!,
            costs: costs)
        configuration.forcesRaster = true
        configuration.pipeline.wetInk = wetInk
        if let timeline { configuration.timeline = timeline }
        return try Replay.run(configuration)
    }

    /// With nothing costing anything, a sample is written into the front buffer at the start of the
    /// turn that delivers it (at a vsync, the scan at the top) and lit when the scan reaches its row.
    @Test func eachSampleIsLitWhenTheScanReachesItsRow() throws {
        let dry = try Self.replay(.off)
        let wet = try Self.replay(.on)
        let device = DeviceProfile.named("ipad-pro-11")!
        let latency = DeviceLatency(device: device, hz: 120)
        let input = ReplayInput(trace: PenToPixelTests.trace(), device: device)
        let panelNs = Int64((latency.panelResponse.value * 1e6).rounded())
        let refresh = 1e9 / 120
        #expect(wet.sampleStages.count == 240)
        for (i, stages) in wet.sampleStages.enumerated() {
            #expect(stages[.untilCommit] == 0 && stages[.renderServer] == 0 && stages[.waitForVsync] == 0)
            let scan = Double(stages[.scanOutAndPanel] - panelNs)
            let row = input.points[i].y / Double(device.height)
            #expect(abs(scan - row * refresh) <= 2, "sample \(i): scan \(scan) ns, row \(row)")
            #expect(stages.endToEndNs < dry.sampleStages[i].endToEndNs)
        }
        let figures = try #require(wet.summary.penToPixel?.wetInk)
        #expect(figures.writes == wet.summary.frames - wet.summary.blankFrames || figures.writes > 0)
        #expect(figures.tornWrites == 0, "a write that costs nothing never tears")
        #expect(figures.samplesFirstShown == 240)
        #expect(dry.summary.penToPixel?.wetInk == nil)
        // The dry layer replaces the wet ink: the picture is the strategy's own.
        #expect(
            wet.summary.picture?.checksum == dry.summary.picture?.checksum
                && wet.summary.picture?.matchesReference == true)
        #expect(wet.summary.counters == dry.summary.counters)
    }

    /// A meter that charges every composite-phase measurement `cost`.
    final class CompositeMeter: CostMeter {
        let cost: ReplayDuration
        init(_ cost: ReplayDuration) { self.cost = cost }
        func measure<T>(_ phase: CostPhase, counting ledger: WorkLedger, _ body: () throws -> T) rethrows -> (
            T, ReplayDuration
        ) {
            (try body(), phase == .composite ? cost : .zero)
        }
    }

    /// A 2 ms write starting at a vsync covers the scan's first quarter of the screen: a segment near
    /// the top is torn, one near the bottom is not, and its samples light where the scan next finds them.
    @Test func aWriteTheScanPassesThroughTears() throws {
        let device = DeviceProfile(
            name: "tall", width: 100, height: 1000, scale: 1, refreshRate: 100, touchRate: 1000, cores: 2)
        let trace = Trace(
            canvas: CanvasSize(width: 100, height: 1000),
            strokes: [
                Stroke(samples: [Sample(time: 0, x: 10, y: 100), Sample(time: 0.001, x: 20, y: 100)]),
                Stroke(samples: [Sample(time: 0.02, x: 10, y: 800), Sample(time: 0.021, x: 20, y: 800)]),
            ])
        let input = ReplayInput(trace: trace, device: device)
        let canvas = CanvasConfiguration(width: 100, height: 1000, scale: 1, style: StrokeStyle(lineWidth: 4))
        var layer = try WetInkLayer(.on, input: input, canvas: canvas, hz: 100, rasterizes: false)
        let meter = CompositeMeter(ReplayDuration(nanoseconds: 2_000_000))
        layer.turn(
            delivered: 0..<2, start: ReplayInstant(nanoseconds: 0), handled: ReplayInstant(nanoseconds: 0), meter: meter
        )
        layer.turn(
            delivered: 2..<4, start: ReplayInstant(nanoseconds: 20_000_000),
            handled: ReplayInstant(nanoseconds: 20_000_000), meter: meter)
        let figures = try #require(layer.figures(firstShown: 4))
        #expect(figures.writes == 2 && figures.tornWrites == 1 && figures.tornPct == 50)
        // Row 100 of 1000 is scanned 1 ms into a 10 ms refresh: after the 2 ms write, the next pass at 11 ms.
        #expect(layer.visibleNs[1] == 11_000_000)
        // Row 800 is scanned at 28 ms, after the write that ended at 22 ms.
        #expect(layer.visibleNs[3] == 28_000_000)
    }

    /// `--wet-ink` is a spec field written only when on, so every spec before it reads and writes as it did.
    @Test func theSpecWritesWetInkOnlyWhenOn() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let plain = ReplaySpec(strategy: "dirty-rect")
        let wet = ReplaySpec(strategy: "dirty-rect", pipeline: PipelineWhatIfs(wetInk: .on))
        let plainJSON = String(decoding: try encoder.encode(plain), as: UTF8.self)
        let wetJSON = String(decoding: try encoder.encode(wet), as: UTF8.self)
        #expect(!plainJSON.contains("wet_ink") && wetJSON.contains("\"wet_ink\":\"on\""))
        #expect(try JSONDecoder().decode(ReplaySpec.self, from: Data(wetJSON.utf8)) == wet)
        #expect(try JSONDecoder().decode(ReplaySpec.self, from: Data(plainJSON.utf8)) == plain)
    }

    /// The timeline's pen-to-pixel process has a counter track per stage with a value at every shown
    /// sample, and the slowest sample's stages as slices that add up to its latency.
    @Test func theTimelineHasALatencyTrackPerStage() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wet-ink-\(UUID().uuidString).json")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let device = DeviceProfile.named("ipad-pro-11")!
        let configuration = ReplayConfiguration(
            input: ReplayInput(trace: PenToPixelTests.trace(), device: device), traceName: "two strokes",
            device: device, clock: .virtual, strategy: StrategyCatalog.builtIn.strategy(named: "dirty-rect")!,
            costs: .zero)
        let timeline = try ChromeTimeline(path: path, configuration: configuration)
        let result = try Self.replay(.on, timeline: timeline)
        try timeline.finish()
        let document =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let events = try #require(document?["traceEvents"] as? [[String: Any]])
        for stage in LatencyStage.allCases {
            let track = events.filter {
                $0["ph"] as? String == "C" && $0["name"] as? String == "latency: \(stage.rawValue)"
            }
            #expect(track.count == result.sampleStages.count, "\(stage)")
        }
        let slowest = try #require(result.sampleStages.map(\.endToEndNs).max())
        let slices = events.filter { $0["ph"] as? String == "X" && $0["cat"] as? String == "latency" }
        let total = slices.compactMap { $0["args"] as? [String: Any] }.compactMap { $0["ms"] as? Double }.reduce(0, +)
        #expect(!slices.isEmpty && abs(total - Double(slowest) / 1e6) < 1e-6)
    }
}
