import StrokeBenchCanvas
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTraces
import Testing

@testable import StrokeBenchReplay

/// Pen-to-pixel latency by stage (docs/latency.md), checked where it can be worked out by hand: with
/// every cost zero, a sample waits for the vsync turn that delivers it, the commit ends where the turn
/// starts, and the picture is presented one vsync later.
@Suite struct PenToPixelTests {
    /// Two strokes sampled at 240 Hz from an odd start, so samples fall between vsyncs.
    static func trace() -> Trace {
        var strokes: [Stroke] = []
        for s in 0..<2 {
            var samples: [Sample] = []
            for i in 0..<120 {
                let time: Double = 0.0031 + Double(s) * 0.9 + Double(i) / 240
                let y: Double = 200 + Double(s) * 50 + Double(i % 7)
                samples.append(Sample(time: time, x: 100 + Double(i) * 2, y: y))
            }
            strokes.append(Stroke(samples: samples))
        }
        return Trace(canvas: CanvasSize(width: 834, height: 1194), strokes: strokes)
    }

    static func replay(_ strategy: String, queue: PresentQueueDepth = .one) throws -> ReplayResult {
        let device = DeviceProfile.named("ipad-pro-11")!
        var configuration = ReplayConfiguration(
            input: ReplayInput(trace: trace(), device: device), traceName: "two strokes",
            device: device, clock: .virtual, strategy: StrategyCatalog.builtIn.strategy(named: strategy)!,
            costs: .zero)
        configuration.comparePicture = false
        configuration.pipeline.presentQueueDepth = queue
        return try Replay.run(configuration)
    }

    @Test(arguments: ["dirty-rect", "point-array", "async-pool", "sublayer"])
    func theAppsStagesAddUpToEachSamplesLatencyExactly(strategy: String) throws {
        let result = try Self.replay(strategy)
        let device = DeviceLatency(device: DeviceProfile.named("ipad-pro-11")!, hz: 120)
        #expect(result.sampleStages.count == 240 && result.summary.samplesNeverShown == 0)
        // The four stages the replay measures add up, in ns, to the latency it has always reported.
        let app = result.sampleStages.map {
            Double($0.endToEndNs - device.digitizerNs - device.scanOutAndPanelNs) / 1e6
        }
        #expect(Percentiles(app) == result.summary.latencyMs)
        let period = 1e9 / 120
        for stages in result.sampleStages {
            #expect(stages[.digitizer] == device.digitizerNs && stages[.scanOutAndPanel] == device.scanOutAndPanelNs)
            // A sample waits at most a frame for its turn, which commits at once (nothing costs anything).
            #expect(stages[.waitForTurn] >= 0 && Double(stages[.waitForTurn]) <= period + 1)
            #expect(stages[.renderServer] == 0)
            if strategy != "async-pool" {
                #expect(stages[.untilCommit] == 0)
                #expect(abs(Double(stages[.waitForVsync]) - period) <= 1, "\(stages)")
            }
        }
    }

    /// A deeper present queue delays every picture by a refresh a frame queued, sample by sample, and
    /// is latency, not a hitch.
    @Test(arguments: [PresentQueueDepth.two, .three])
    func eachQueuedFrameAddsOneRefreshToEverySample(queue: PresentQueueDepth) throws {
        let shallow = try Self.replay("dirty-rect")
        let deep = try Self.replay("dirty-rect", queue: queue)
        #expect(deep.sampleStages.count == shallow.sampleStages.count)
        let refresh = 1e9 / 120 * Double(queue.frames - 1)
        for (a, b) in zip(shallow.sampleStages, deep.sampleStages) {
            #expect(b[.waitForTurn] == a[.waitForTurn] && b[.untilCommit] == a[.untilCommit])
            #expect(abs(Double(b[.waitForVsync] - a[.waitForVsync]) - refresh) <= 1)
        }
        #expect(deep.summary.hitchRatioMsPerS == 0 && deep.summary.droppedFrames == 0 && deep.summary.missedVsyncs == 0)
        #expect(deep.summary.counters == shallow.summary.counters)
    }

    /// A slower digitizer (`--touch-hz 60` on the iPad's 240 Hz pencil) keeps one sample in four of a
    /// 240 Hz recording and waits four times as long for a sample.
    @Test func aSlowerDigitizerReportsFewerSamplesAndWaitsLongerForThem() throws {
        let spec = ReplaySpec(
            strategy: "dirty-rect", device: "ipad-pro-11", clock: .virtual, costs: .zero,
            pipeline: PipelineWhatIfs(touchRate: .hz60))
        var configuration = try ReplayConfiguration(
            spec, trace: Self.trace(), strategies: .builtIn, deviceModel: .shipped)
        configuration.comparePicture = false
        let result = try Replay.run(configuration)
        #expect(configuration.device.touchRate == 60 && configuration.spec.pipeline.touchRate == .hz60)
        #expect(result.summary.samples == 60 + 2, "each stroke's 120 samples thinned to 30, its first and last kept")
        let sampling = try #require(result.sampleStages.first)[.digitizer] - DeviceLatency.transportCentralNs
        #expect(sampling == Int64((500 / 60.0 * 1e6).rounded()))
    }

    @Test func theDevicesOwnStagesAreItsHalfIntervalsAndItsRanges() {
        let ipad = DeviceLatency(device: DeviceProfile.named("ipad-pro-11")!, hz: 120)
        #expect(ipad.samplingMs == 500 / 240.0 && ipad.scanOutMs == 500 / 120.0)
        #expect(ipad.digitizerNs == Int64(((500 / 240.0 + 2) * 1e6).rounded()))
        #expect(ipad.panelResponse.low == 2 && ipad.panelResponse.high == 8)
        let phone = DeviceLatency(device: DeviceProfile.named("iphone-15-pro")!, hz: 60)
        #expect(phone.panelResponse.value == 0.5 && phone.scanOutMs == 500 / 60.0)
    }

    @Test func theFiguresAreTheStagesDistribution() throws {
        let result = try Self.replay("dirty-rect")
        let pen = try #require(result.summary.penToPixel)
        #expect(pen.samplesShown == 240)
        #expect(pen.endToEndMs == Percentiles(result.sampleStages.map { Double($0.endToEndNs) / 1e6 }))
        #expect(abs(pen.endToEndFrames.p50 - pen.endToEndMs.p50 / (1000 / 120)) < 1e-12)
        // With nothing costing anything, the vsync wait (a whole frame) is the largest stage.
        #expect(pen.dominantStage == .waitForVsync)
        let within50 = 100 * Double(result.sampleStages.filter { Double($0.endToEndNs) <= 50e6 }.count) / 240
        #expect(pen.withinPct.ms50 == within50 && pen.withinPct.ms50 == 100)
        #expect(pen.withinPct.ms9 == 0, "a digitizer, a frame's wait and a scan-out already pass 9 ms")
    }
}
