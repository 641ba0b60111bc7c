import Foundation
import StrokeBenchCanvas
import StrokeBenchMetrics
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTraces
import StrokeBenchUnits
import Testing

@testable import StrokeBenchDevice
@testable import StrokeBenchReplay

/// The device cost model (docs/device-model.md): its data, its determinism, display-link input and
/// the counters it charges.
@Suite struct DeviceModelTests {
    @Test func everyDeviceProfileHasUnitCostsFromSourcedData() throws {
        let data = DeviceCostData.shipped
        for device in DeviceProfile.all {
            let costs = try data.unitCosts(of: device.name)
            #expect(costs.nanoseconds.values.allSatisfy { $0 >= 0 && $0.isFinite }, "\(device.name)")
            #expect(costs.nanoseconds.values.contains { $0 > 0 }, "\(device.name): every unit cost is zero")
            #expect(data.devices[device.name] != nil, "\(device.name)")
        }
        #expect(!data.host.source.isEmpty)
    }

    /// Every number of the device data carries a basis and a source, and exactly one is fitted (the model's
    /// one free factor); every memory-bound kind has its bytes.
    @Test func everyNumberInTheDeviceDataHasASource() throws {
        let data = DeviceCostData.shipped
        for (name, number) in data.sourcedNumbers {
            #expect(!number.source.isEmpty, "\(name)")
            #expect(
                ["measured", "fit", "published", "fact", "assumed"].contains(number.basis), "\(name): \(number.basis)")
            #expect(number.value.isFinite && number.value > 0, "\(name)")
            // An input without a source says so: its range is an assumption, and it has one.
            if number.basis == "assumed" { #expect(number.low != nil && number.high != nil, "\(name)") }
        }
        #expect(data.sourcedNumbers.filter { $0.1.basis == "fit" }.map(\.0) == ["memory_efficiency_factor"])
        for kind in WorkKind.allCases where kind.isMemoryBound { #expect(data.bytesPerPixel[kind] != nil, "\(kind)") }
        // Every number in the file is one of those: no figure hides outside a sourced field.
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: DeviceCostData.shippedURL))
        #expect(
            Self.numbersOutsideSourcedFields(json, path: "").isEmpty,
            "\(Self.numbersOutsideSourcedFields(json, path: ""))")
    }

    /// Paths of numbers that are not the value, low or high of an object with a source (or the host's
    /// measured unit costs, whose source is the host block's, a chip's published core counts, or the
    /// format version).
    static func numbersOutsideSourcedFields(_ json: Any, path: String) -> [String] {
        if let object = json as? [String: Any] {
            let sourced = object["source"] is String
            return object.flatMap { key, value -> [String] in
                if value is NSNumber, !(value is Bool) {
                    // The fitted figure is a published figure with its source: its rate and its fps.
                    let declared =
                        sourced && path == ".fitted_figure" && ["hz", "fps"].contains(key)
                        // A chip's core counts, with where they are published.
                        || sourced && path.hasSuffix(".cores") && ["performance", "efficiency"].contains(key)
                    return sourced && ["value", "low", "high"].contains(key) || declared || key == "format_version"
                        ? [] : ["\(path).\(key)"]
                }
                if key == "unit_costs_ns", sourced { return [] }
                return numbersOutsideSourcedFields(value, path: "\(path).\(key)")
            }
        }
        if let array = json as? [Any] { return array.flatMap { numbersOutsideSourcedFields($0, path: path + "[]") } }
        return []
    }

    /// The unit-cost table is indexed by a kind's position in `allCases`, without hashing.
    @Test func everyKindsIndexIsItsPosition() {
        for (position, kind) in WorkKind.allCases.enumerated() { #expect(kind.index == position, "\(kind)") }
    }

    /// No constant is tuned for one strategy: the only strategy the data names is the one its fitted
    /// figure was measured with, in the declaration of that figure.
    @Test func noStrategyIsNamedInTheDeviceCostDataButTheFittedFigures() throws {
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: DeviceCostData.shippedURL)) as? [String: Any])
        #expect(object.removeValue(forKey: "fitted_figure") != nil)
        let text = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self).lowercased()
        for name in StrategyCatalog.builtIn.names where name != "null" {
            #expect(!text.contains(name), "\(name)")
        }
        #expect(StrategyCatalog.builtIn.strategy(named: DeviceCostData.shipped.fittedFigure.strategy) != nil)
    }

    /// Memory-bound kinds scale with the inverse of the bandwidth one thread reaches (published peak
    /// times the chip's own share), the render server's composites with the peak alone, compute kinds
    /// with the single-core ratio.
    @Test func aDeviceDerivedFromAnotherScalesMemoryByBandwidthAndComputeByItsRatio() throws {
        let data = DeviceCostData.shipped
        let ipad = try data.unitCosts(of: "ipad-pro-11")
        let iphone = try data.unitCosts(of: "iphone-6s")
        let derivation = try #require(data.devices["iphone-6s"])
        let ipadBandwidth = try #require(data.devices["ipad-pro-11"]).bandwidthGBs.value
        let ipadShare = try data.singleThreadShare(of: "ipad-pro-11", at: .central)
        let iphoneShare = try #require(derivation.singleThreadShare).value
        #expect(try data.singleThreadShare(of: "iphone-6s", at: .central) == iphoneShare)
        for kind in WorkKind.allCases where (ipad.nanoseconds[kind] ?? 0) > 0 {
            let ratio =
                kind == .pixelComposited
                ? ipadBandwidth / derivation.bandwidthGBs.value
                : kind.isMemoryBound
                    ? ipadBandwidth * ipadShare / (derivation.bandwidthGBs.value * iphoneShare)
                    : derivation.compute.ratio.value
            #expect(abs(iphone.nanoseconds[kind]! / ipad.nanoseconds[kind]! - ratio) < 1e-9, "\(kind)")
        }
        // A memory kind's cost is its bytes over the bandwidth one thread reaches on the device: on the
        // fitted chip, the host's measured share times the fitted factor.
        let reached = ipadBandwidth * data.host.memoryEfficiency.value * data.memoryEfficiencyFactor.value
        #expect(abs(ipadShare - data.host.memoryEfficiency.value * data.memoryEfficiencyFactor.value) < 1e-15)
        #expect(abs(ipad.nanoseconds[.pixelBlended]! - data.bytesPerPixel[.pixelBlended]!.value / reached) < 1e-12)
        // A converted pixel is a copy's bytes times the conversion factor.
        let converted = data.bytesPerPixel[.pixelConverted]!.value / reached * data.conversionFactor.value
        #expect(abs(ipad.nanoseconds[.pixelConverted]! - converted) < 1e-12)
    }

    /// An extended-range pixel of a memory-bound kind moves twice a standard one's bytes (8 over 4); a
    /// stroked pixel, compute-bound, costs the same in either format.
    @Test func unitCostsChargeEachKindAndExtendedRangePixelsByTheirBytes() {
        let costs = UnitCosts(
            nanoseconds: [.pixelCleared: 1, .pixelBlended: 2, .pixelStroked: 3, .segmentStroked: 100],
            extendedBytesRatio: 2)
        var work = WorkCounters()
        work.pixelsCleared = 1000
        work.extendedCleared = 400
        work.pixelsBlended = 10
        work.pixelsStroked = 20
        work.extendedStroked = 20
        work.segmentsStroked = 3
        work.segmentsCulled = 1
        // 1000 cleared + 400 extended extra, 10 blended at 2, 20 stroked at 3, 2 drawn segments at 100.
        #expect(costs.cost(of: work) == ReplayDuration(nanoseconds: 1000 + 400 + 20 + 60 + 200))
    }

    /// An image drawn into a bitmap of another format is converted, not blended or copied: counted as such.
    @Test func drawingAcrossFormatsCountsConvertedPixels() throws {
        let ledger = WorkLedger()
        let standard = try Surface(width: 10, height: 10, counting: ledger)
        let extended = try Surface(width: 10, height: 10, format: .extendedRange, counting: ledger)
        let before = ledger.counters
        try Context(surface: extended, counting: ledger).draw(standard, in: extended.bounds)
        try Context(surface: extended, counting: ledger).draw(extended, in: extended.bounds)
        let work = ledger.counters - before
        #expect(work.pixelsConverted == 100 && work.pixelsBlended == 100 && work.extendedBlended == 100)
    }

    func spiralConfiguration(_ strategy: any DrawingStrategy.Type, points: Int = 300) -> ReplayConfiguration {
        let device = DeviceProfile.named("iphone-6s")!
        var spiral = SpiralTrace.make(
            canvas: CanvasSize(width: device.widthPoints, height: device.heightPoints),
            initialLength: device.idiom.spiralLength, refreshRate: device.refreshRate)
        spiral.strokes[0].samples.removeLast(spiral.strokes[0].samples.count - points)
        var configuration = ReplayConfiguration(
            input: ReplayInput(trace: spiral, device: device), traceName: "spiral",
            device: device, clock: .virtual, inputMode: .displayLink,
            strategy: strategy, costs: .model, deviceModel: .fittedForTests)
        configuration.comparePicture = false
        return configuration
    }

    @Test(arguments: ["naive", "flattened", "async-pool"])
    func modelledRunsAreTheSameFrameForFrame(strategyName: String) throws {
        let strategy = try #require(StrategyCatalog.builtIn.strategy(named: strategyName))
        let a = try Replay.run(spiralConfiguration(strategy))
        let b = try Replay.run(spiralConfiguration(strategy))
        #expect(FrameCSV.render(a.frames) == FrameCSV.render(b.frames))
        #expect(a.summary.displayLinkFps == b.summary.displayLinkFps)
        #expect(a.summary.renderMs.max > 0)  // drawing is charged, wherever it ran
    }

    @Test func displayLinkInputTakesOneSamplePerVsyncTurn() throws {
        let result = try Replay.run(spiralConfiguration(NaiveStrategy.self, points: 200))
        let delivering = result.frames.filter { $0.samples > 0 }
        #expect(delivering.count == 200)
        #expect(delivering.allSatisfy { $0.samples == 1 && $0.trigger == .vsync })
        // Each callback's turn costs the same modelled time, so it starts when the previous one ends
        // or at the next vsync, whichever is later: the fps follows from the turn.
        let turn = try #require(delivering.dropFirst(2).first).mainMs
        let period = 1000 / 60.0
        let expected = 1000 / max(period, turn)  // turns under a period wait for the vsync
        #expect(
            abs(result.summary.displayLinkFps - expected) / expected < 0.05,
            "\(result.summary.displayLinkFps) against \(expected)")
    }

    @Test func theSpiralIsTheCompanionAppsGeometry() {
        let canvas = CanvasSize(width: 834, height: 1194)
        let spiral = SpiralTrace.make(canvas: canvas, initialLength: 200, refreshRate: 120)
        let samples = spiral.strokes.flatMap(\.samples)
        #expect(spiral.strokes.count == 1 && samples.count == 15_001)
        func radius(_ s: Sample) -> Double { ((s.x - 417) * (s.x - 417) + (s.y - 597) * (s.y - 597)).squareRoot() }
        #expect(abs(radius(samples[0]) - 200 * 2.0.squareRoot()) < 1e-9)
        #expect(abs(radius(samples[15_000]) - 200 * pow(0.9999, 15_000) * 2.0.squareRoot()) < 1e-6)
        #expect(abs(samples[1].time - 1.0 / 120) < 1e-12)
    }
}

/// The model's joint uncertainty: a modelled run is priced again at every draw of a seeded Latin
/// hypercube over the ranged inputs, with the free factor refitted in each, and reports each figure's
/// 5-95% range and the share of draws in each band.
@Suite struct ModelUncertaintyTests {
    func spiral(on deviceName: String, points: Int = 200, strategy: String = "naive") -> ReplayConfiguration {
        let device = DeviceProfile.named(deviceName)!
        var spiral = SpiralTrace.make(
            canvas: CanvasSize(width: device.widthPoints, height: device.heightPoints),
            initialLength: device.idiom.spiralLength, refreshRate: device.refreshRate)
        spiral.strokes[0].samples.removeLast(spiral.strokes[0].samples.count - points)
        var configuration = ReplayConfiguration(
            input: ReplayInput(trace: spiral, device: device), traceName: "spiral",
            device: device, clock: .virtual, inputMode: .displayLink,
            strategy: StrategyCatalog.builtIn.strategy(named: strategy)!, costs: .model,
            deviceModel: .fittedForTests)
        configuration.comparePicture = false
        return configuration
    }

    /// Compute-bound work moves with the compute link and the calibration, memory-bound work with the
    /// bytes and the extended-range factor: point-array's busy share on the iPad has a real range.
    @Test func aModelledRunReportsItsRange() throws {
        let s = try Replay.run(spiral(on: "ipad-pro-11", points: 600, strategy: "point-array")).summary
        let low = try #require(s.mainThreadBusyPctLow)
        let high = try #require(s.mainThreadBusyPctHigh)
        #expect(low < s.mainThreadBusyPct && s.mainThreadBusyPct < high, "\(low) \(s.mainThreadBusyPct) \(high)")
        #expect(try #require(s.displayLinkFpsLow) <= (try #require(s.displayLinkFpsHigh)))
        #expect(try #require(s.droppedPctLow) <= (try #require(s.droppedPctHigh)))
        let shares = try #require(s.bandProbabilities)
        #expect(abs(shares.good + shares.warning + shares.critical - 1) < 1e-9)
    }

    /// Every draw refits the free factor to its own reading of the fitted figure, so the fitted
    /// strategy's own figure moves only as far as the reading does (its spread and the recording's
    /// overhead), and no longer reads as exact.
    @Test func theFittedFigureHoldsInEveryDraw() throws {
        let s = try Replay.run(spiral(on: "ipad-pro-11")).summary
        let low = try #require(s.displayLinkFpsLow)
        let high = try #require(s.displayLinkFpsHigh)
        let figure = DeviceCostData.shipped.fittedFigure
        let readLow = try #require(figure.reading.low)
        let readHigh = try #require(figure.reading.high) * (try #require(figure.recordingOverhead.high))
        #expect(
            low >= 0.95 * readLow && high <= 1.05 * readHigh && high - low > 0.01 * s.displayLinkFps,
            "\(low) \(s.displayLinkFps) \(high)")
    }

    /// The draws are a Latin hypercube: each input's 64 quantiles fall one in each of 64 strata, and
    /// the same seed gives the same draws.
    @Test func theDrawsStratifyEveryInput() throws {
        let draws = ModelDraw.standard
        #expect(draws.count == 64)
        for input in UncertainInput.allCases.indices {
            let strata = Set(draws.map { Int($0.quantiles[input] * 64) })
            #expect(strata == Set(0..<64), "input \(input)")
        }
        #expect(ModelDraw.latinHypercube() == draws)
        let data = DeviceCostData.shipped
        #expect(ModelDraw.central.value(.conversionFactor, in: data) == 7.5)
        // The extremes of the stated range are reached at the quantiles' ends.
        #expect(
            ModelDraw(quantiles: UncertainInput.allCases.map { _ in 0 }).value(.conversionFactor, in: data) == 3.67)
        #expect(ModelDraw(quantiles: UncertainInput.allCases.map { _ in 1 }).value(.conversionFactor, in: data) == 9)
        // Each chip's single-thread share moves within its own range.
        let share = try #require(data.devices["iphone-15-pro"]?.singleThreadShare)
        let low = ModelDraw(quantiles: UncertainInput.allCases.map { _ in 0 })
        #expect(try data.singleThreadShare(of: "iphone-15-pro", at: low) == share.low)
    }

    /// Pen-to-pixel latency and composite time are ranged too, each range holding its central figure,
    /// and a draw's end-to-end distribution, worked out alone, is the one the full analysis reports.
    @Test(arguments: ["async-pool", "sublayer"])
    func endToEndLatencyAndCompositeTimeHaveRanges(strategy: String) throws {
        let configuration = spiral(on: "ipad-pro-11", points: 200, strategy: strategy)
        let s = try Replay.run(configuration).summary
        let e2e = try #require(s.penToPixel?.endToEndMs)
        try expectEachHolds([
            (s.latencyE2eMsP50Low, e2e.p50, s.latencyE2eMsP50High),
            (s.latencyE2eMsP95Low, e2e.p95, s.latencyE2eMsP95High),
            (s.compositeMsP95Low, s.compositeMs.p95, s.compositeMsP95High),
        ])
        let (drawn, plain) = try replayedAsADraw(configuration)
        #expect(drawn.penToPixel == nil)
        #expect(drawn.drawnEndToEndMs == e2e)
        #expect(plain.endToEndMs == nil)
    }

    /// Perceived latency is ranged as end-to-end latency is, with prediction and without: each range
    /// holds its central figure, and a draw's perceived distribution, worked out beside its end-to-end
    /// one and nothing else, is the one the full analysis reports.
    @Test(arguments: [Prediction.kalman, .none])
    func perceivedLatencyHasRanges(predict: Prediction) throws {
        var configuration = spiral(on: "ipad-pro-11", points: 200, strategy: "async-pool")
        configuration.pipeline.predict = predict
        let s = try Replay.run(configuration).summary
        let perceived = try #require(s.penToPixel?.perceivedMs)
        #expect(s.penToPixel?.prediction?.predictor == (predict == .none ? nil : predict.rawValue))
        try expectEachHolds([
            (s.perceivedLatencyMsP50Low, perceived.p50, s.perceivedLatencyMsP50High),
            (s.perceivedLatencyMsP95Low, perceived.p95, s.perceivedLatencyMsP95High),
        ])
        let (drawn, plain) = try replayedAsADraw(configuration)
        #expect(drawn.penToPixel == nil)
        #expect(drawn.drawnPerceivedMs == perceived)
        #expect(drawn.perceivedMs == perceived)
        #expect(plain.perceivedMs == nil)
    }

    /// Each (low, central, high): both ends given, and the central figure between them.
    private func expectEachHolds(_ ranges: [(low: Double?, value: Double, high: Double?)]) throws {
        for (low, value, high) in ranges {
            let low = try #require(low)
            let high = try #require(high)
            #expect(low <= value && value <= high, "\(low) \(value) \(high)")
        }
    }

    /// `configuration` replayed as the model's draws replay it (latency worked out end to end alone),
    /// and with no latency worked out at all.
    private func replayedAsADraw(_ configuration: ReplayConfiguration) throws -> (drawn: RunSummary, plain: RunSummary)
    {
        var alone = configuration
        alone.analysesLatency = false
        alone.analysesEndToEnd = true
        var none = alone
        none.analysesEndToEnd = false
        var drawn = try RunLoopSimulation(alone)
        var plain = try RunLoopSimulation(none)
        return (try drawn.run(progress: nil).summary, try plain.run(progress: nil).summary)
    }

    /// A draw re-priced from the central replay's turns takes the central replay's latencies as its
    /// own (`CentralTurns.reprice`): replayed dry instead, each such draw works out the same perceived
    /// and end-to-end distributions. Without prediction: with predicted ink, `CentralTurns` re-prices
    /// no draw of this run (0 of 64), so each is replayed and works out its own.
    @Test func aRepricedDrawsPerceivedLatencyIsTheCentralReplays() throws {
        let configuration = spiral(on: "ipad-pro-11", points: 200, strategy: "dirty-rect")
        let turns = CentralTurns(configuration)
        var central = configuration
        central.meter = try #require(turns.meter)
        central.onFrame = { turns.add($0) }
        var loop = try RunLoopSimulation(central)
        let summary = try loop.run(progress: nil).summary
        let perceived = try #require(summary.penToPixel?.perceivedMs)
        let repriced = try ModelUncertainty.draws(of: configuration, central: summary, turns: turns)
        // Turns that cannot re-price anything (no model meter): every draw replayed dry.
        var unpriced = configuration
        unpriced.meter = ZeroCostMeter()
        let replayed = try ModelUncertainty.draws(of: configuration, central: summary, turns: CentralTurns(unpriced))
        #expect(repriced.count == replayed.count)
        // A re-priced draw is the central summary re-priced, pen-to-pixel figures and all.
        let pairs = zip(repriced, replayed).filter { $0.0.penToPixel != nil }
        #expect(pairs.count > repriced.count / 2, "\(pairs.count) of \(repriced.count) draws re-priced")
        for (_, dry) in pairs {
            #expect(dry.penToPixel == nil)
            #expect(dry.drawnPerceivedMs == perceived)
            #expect(dry.drawnEndToEndMs == summary.penToPixel?.endToEndMs)
        }
    }

    /// The model's own error on frames is one more input of the draws (docs/device-model.md,
    /// "Validation"): its factor is spread uniformly in its log over e^-S to e^S, one draw in each of
    /// the 64 strata, with median 1; a run drawn with it keeps its central figures and widens its ranges
    /// to hold them, and with S = 0 it is the run without it.
    @Test func theModelsOwnErrorIsDrawnIntoARunsRanges() throws {
        let s = 0.8
        let logs = ModelDraw.standard.map { log($0.structuralMultiplier(logError: s)) / s }
        #expect(Set(logs.map { Int((($0 + 1) / 2 * 64).rounded(.down)) }) == Set(0..<64))
        #expect(ModelDraw.central.structuralMultiplier(logError: s) == 1)
        #expect(ModelDraw.standard.allSatisfy { $0.structuralMultiplier(logError: 0) == 1 })

        let without = spiral(on: "ipad-pro-11", points: 600, strategy: "point-array")
        var with = without
        with.deviceModel.structuralError = s
        let plain = try Replay.run(without).summary
        let drawn = try Replay.run(with).summary
        #expect(drawn.mainThreadBusyPct == plain.mainThreadBusyPct)
        #expect(drawn.displayLinkFps == plain.displayLinkFps)
        let (low, high) = (try #require(drawn.mainThreadBusyPctLow), try #require(drawn.mainThreadBusyPctHigh))
        #expect(low <= drawn.mainThreadBusyPct && drawn.mainThreadBusyPct <= high)
        // The term's 5-95% alone spans about e^(0.9 S) either way: far more than the inputs' draws.
        #expect(high / low > exp(1.6 * s), "\(low) \(drawn.mainThreadBusyPct) \(high)")
        #expect(try #require(plain.mainThreadBusyPctHigh) / (try #require(plain.mainThreadBusyPctLow)) < high / low)
        var zero = with
        zero.deviceModel.structuralError = 0
        let again = try Replay.run(zero).summary
        #expect(again.mainThreadBusyPctLow == plain.mainThreadBusyPctLow)
        #expect(again.mainThreadBusyPctHigh == plain.mainThreadBusyPctHigh)
        #expect(again.displayLinkFpsLow == plain.displayLinkFpsLow)
        #expect(again.bandProbabilities == plain.bandProbabilities)
    }

    /// Other costs report no range, and a band is named only where 90% of the draws agree.
    @Test func onlyModelledRunsHaveARangeAndABandNeedsNinetyPercent() throws {
        var measured = spiral(on: "iphone-6s")
        measured.costs = .zero
        #expect(try Replay.run(measured).summary.displayLinkFpsLow == nil)
        var s = try Replay.run(spiral(on: "iphone-6s")).summary
        var good = s
        var critical = s
        good.hitchRatioMsPerS = 1
        critical.hitchRatioMsPerS = 20
        s.spread(over: Array(repeating: good, count: 9) + [critical])
        #expect(s.hitchBand == .good)
        #expect(s.bandProbabilities == BandProbabilities(ratios: Array(repeating: 1, count: 9) + [20]))
        s.spread(over: Array(repeating: good, count: 8) + [critical, critical])
        #expect(s.hitchBand == .uncertain)
        #expect(s.bandProbabilities?.description == "good 80%, critical 20%")
    }
}

/// The companion app's Spiral (Max Speed) drive: a timer takes a sample every run-loop turn, turns
/// follow each other as fast as the main thread allows, and only a turn after a vsync runs the display
/// link's callback (what the app's FPS label counts).
@Suite struct MaxSpeedInputTests {
    func run(_ strategy: String, costs: CostMode, points: Int = 300) throws -> ReplayResult {
        let device = DeviceProfile.named("ipad-pro-11")!
        var spiral = SpiralTrace.companionApp(on: device)
        spiral.strokes[0].samples.removeLast(spiral.strokes[0].samples.count - points)
        var configuration = ReplayConfiguration(
            input: ReplayInput(trace: spiral, device: device), traceName: "spiral",
            device: device, clock: .virtual, inputMode: .maxSpeed,
            strategy: StrategyCatalog.builtIn.strategy(named: strategy)!, costs: costs, deviceModel: .fittedForTests)
        configuration.comparePicture = false
        return try Replay.run(configuration)
    }

    /// With no cost, the timer's 10 us interval paces the turns: every sample is taken in its own
    /// turn, many turns a frame, and most turns run no display-link callback.
    @Test func freeTurnsFollowTheTimer() throws {
        let result = try run("null", costs: .zero)
        let taking = result.frames.filter { $0.samples > 0 }
        #expect(taking.count == 300)
        #expect(taking.allSatisfy { $0.samples == 1 })
        #expect(taking.filter { $0.trigger == .timer }.count > 250)
        // Consecutive turns 10 us apart: 300 samples in about 3 ms.
        #expect(abs(taking[1].startMs - taking[0].startMs - 0.01) < 1e-9)
    }

    /// A turn longer than a frame runs one callback each: the label equals the turn rate, as the
    /// app's recording of naive shows (35 fps, one point a turn: the fitted figure).
    @Test func aSaturatedMainThreadShowsItsTurnRate() throws {
        let s = try run("naive", costs: .model).summary
        // Each turn waits for the render server's composite of the one before it.
        let turnMs = s.mainMs.p50 + s.compositeMs.p50
        #expect(
            abs(s.displayLinkFps - 1000 / turnMs) / s.displayLinkFps < 0.02, "\(s.displayLinkFps) vs \(1000 / turnMs)")
        #expect(abs(s.displayLinkFps - DeviceCostData.shipped.fittedFigure.fps) < 0.5)
    }
}

/// `ModelValidation`'s summary statistics, worked by hand.
@Suite struct ValidationStatisticsTests {
    /// Each kind of cost's structural error is sized by its own figures, leaving out the row's figure:
    /// two readings of one published figure give one residual (the larger), and leaving out either
    /// leaves out both, so neither sizes the other's term.
    @Test func theStructuralErrorIsSizedPerKindLeavingOutTheRowsFigure() {
        func figure(_ name: String, _ kind: ModelValidation.Workload, _ published: Double, reading: String? = nil)
            -> ModelValidation.Figure
        {
            .init(
                figure: name, source: "", role: .predicted, workload: kind, published: published, unit: "",
                readingOf: reading)
        }
        let frames = ModelValidation.Workload.spiral(
            strategy: "naive", wholeLayer: false, drive: .displayLink, device: "ipad-pro-11", metric: .displayLinkFps)
        let snapshot = ModelValidation.Workload.snapshot(device: "iphone-8", imageRenderer: true)
        let figures = [
            figure("17 as drawn", frames, 17, reading: "17"), figure("17 traced", frames, 17, reading: "17"),
            figure("98", frames, 98), figure("120", frames, 120), figure("150 ms", snapshot, 150),
        ]
        // Residuals ln 2, ln 3 (one figure: ln 3), ln(98 / 49) = ln 2 ... and a snapshot 20x off.
        let centrals = [34.0, 51, 49, 120, 7.5]
        let priced = centrals.map {
            ModelValidation.Priced(device: "", strategy: "", metric: "", low: $0, central: $0, high: $0)
        }
        let residuals = ModelValidation.Residuals(figures, priced)
        #expect(residuals.byKind[.drawing]?.count == 3)
        #expect(abs(residuals.byKind[.drawing]!["17"]! - log(3)) < 1e-12)
        // Leaving out either reading of 17 leaves out the figure: the largest of the others, ln 2.
        #expect(abs(residuals.term(.drawing, leavingOut: "17") - log(2)) < 1e-12)
        // The snapshot's 20x never widens a frame row, and a run draws the largest over every figure.
        #expect(abs(residuals.term(.drawing, leavingOut: "98") - log(3)) < 1e-12)
        #expect(abs(residuals.term(.drawing) - log(3)) < 1e-12)
        #expect(abs(residuals.term(.snapshot) - log(20)) < 1e-12)
        #expect(residuals.term(.snapshot, leavingOut: "150 ms") == 0)
    }

    @Test func spearmanRanksWithTies() {
        #expect(ModelValidation.ranks([10, 20, 20, 5]) == [2, 3.5, 3.5, 1])
        #expect(ModelValidation.spearman([1, 2, 3], [10, 20, 30]) == 1)
        #expect(ModelValidation.spearman([1, 2, 3], [30, 20, 10]) == -1)
    }
}

/// The fitted figure is checked where the device data is read (issue 48): each bad value is refused
/// by name, never trapped at the first modelled run.
@Suite struct FittedFigureCheckTests {
    @Test(arguments: [
        ("fps", 0.0, "fitted_figure.fps"), ("fps", 1e-300, "fitted_figure.fps"), ("fps", 500, "fitted_figure.fps"),
        ("hz", 0, "fitted_figure.hz"), ("hz", -120, "fitted_figure.hz"), ("hz", 1e9, "fitted_figure.hz"),
    ])
    func aFittedFigureNoDisplayShowsIsRefused(_ field: String, _ value: Double, _ named: String) throws {
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: DeviceCostData.shippedURL)) as? [String: Any])
        var figure = try #require(object["fitted_figure"] as? [String: Any])
        figure[field] = value
        object["fitted_figure"] = figure
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: DeviceCostError.self) { try DeviceCostData.load(data, file: "d.json") }
        do { _ = try DeviceCostData.load(data, file: "d.json") } catch {
            #expect(error.description.hasPrefix("d.json: \(named): "), "\(error)")
        }
    }

    @Test func aHostUnitCostAboveAMillisecondIsRefused() throws {
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: DeviceCostData.shippedURL)) as? [String: Any])
        var host = try #require(object["host"] as? [String: Any])
        var costs = try #require(host["unit_costs_ns"] as? [String: Any])
        costs["draw_call"] = 2e6
        host["unit_costs_ns"] = costs
        object["host"] = host
        let data = try JSONSerialization.data(withJSONObject: object)
        do {
            _ = try DeviceCostData.load(data, file: "d.json")
            Issue.record("accepted")
        } catch {
            #expect(error.description.hasPrefix("d.json: host.unit_costs_ns.draw_call: "), "\(error)")
        }
    }
}

/// The harness checks what it feeds a strategy: where a trace's samples land once scaled to a device.
@Suite struct PlacementTests {
    @Test func theFirstSampleBeyondReachIsFound() throws {
        let device = try #require(DeviceProfile.named("iphone-6s"))
        let near = Trace(
            canvas: CanvasSize(width: 100, height: 80), strokes: [Stroke(samples: [Sample(time: 0, x: 10, y: 10)])])
        #expect(ReplayInput.firstBeyondReach(of: near, on: device) == nil)
        let far = Trace(
            canvas: CanvasSize(width: 100, height: 80),
            strokes: [
                Stroke(samples: [Sample(time: 0, x: 10, y: 10)]),
                Stroke(samples: [Sample(time: 1, x: 10, y: 10), Sample(time: 2, x: 70_000, y: 10)]),
            ])
        let found = try #require(ReplayInput.firstBeyondReach(of: far, on: device))
        #expect(found.stroke == 1 && found.sample == 1)
        // 7.5 times as far on the iPhone 6s: 3.75 points a trace unit, 2 pixels a point.
        #expect(found.at.x > ReplayInput.maxPlacedMagnitude && abs(found.at.x - 525_000) < 1)
    }

    /// Spatial lag measures at most `maxVsyncs` vsyncs, evenly, however long the replay.
    @Test func spatialLagStreamsABoundedShareOfTheVsyncs() {
        let grid = VsyncGrid(hz: 120)
        #expect(Array(SpatialLagMeter.vsyncs(count: 5, on: grid)) == (0..<5).map { grid.time(of: $0).nanoseconds })
        let week = 604_800 * 120
        var count = 0
        var last: Int64 = -1
        var evenly = true
        for t in SpatialLagMeter.vsyncs(count: week, on: grid) {
            evenly = evenly && t > last
            last = t
            count += 1
        }
        #expect(evenly && count <= SpatialLagMeter.maxVsyncs && count > SpatialLagMeter.maxVsyncs / 2)
    }
}
