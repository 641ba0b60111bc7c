import Foundation
import StrokeBenchCanvas
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTraces
import Testing

@testable import StrokeBenchReplay

/// Predicted touches (docs/latency.md): the predictors on paths whose future is known, perceived
/// latency worked out by hand, and provisional ink that buys latency and never stays in the picture.
@Suite struct PredictionTests {
    /// A pen moving at constant velocity: both predictors reach where it will be.
    @Test(arguments: [Prediction.linear, .kalman])
    func aStraightStrokeIsPredictedWhereItGoes(kind: Prediction) throws {
        var predictor = try #require(kind.makePredictor())
        for i in 0..<60 { predictor.add(Point(x: 100 + 2 * Double(i), y: 50 + Double(i)), at: Double(i) / 240) }
        let ahead = try #require(predictor.predict(ahead: 1.0 / 120))
        // At sample 59 + 2 samples' time: (100 + 2 * 61, 50 + 61).
        #expect(abs(ahead.x - 222) < 0.05 && abs(ahead.y - 111) < 0.05, "\(ahead)")
    }

    @Test func aPredictorNeedsTwoSamples() {
        var linear = LinearPredictor()
        var kalman = KalmanPredictor()
        #expect(linear.predict(ahead: 0.01) == nil && kalman.predict(ahead: 0.01) == nil)
        linear.add(Point(x: 0, y: 0), at: 0)
        kalman.add(Point(x: 0, y: 0), at: 0)
        #expect(linear.predict(ahead: 0.01) == nil && kalman.predict(ahead: 0.01) == nil)
    }

    /// The Kalman filter follows a turning pen more closely than carrying its velocity forward does
    /// (a circle of radius 100 px at 2 turns a second, sampled at 240 Hz, a frame ahead).
    @Test func theKalmanFilterFollowsATurnBetterThanALine() throws {
        var linear = LinearPredictor()
        var kalman = KalmanPredictor()
        var linearError = 0.0
        var kalmanError = 0.0
        let omega = 4 * Double.pi
        let h = 1.0 / 120
        func at(_ t: Double) -> Point { Point(x: 300 + 100 * cos(omega * t), y: 300 + 100 * sin(omega * t)) }
        for i in 0..<240 {
            let t = Double(i) / 240
            linear.add(at(t), at: t)
            kalman.add(at(t), at: t)
            guard i >= 60, let l = linear.predict(ahead: h), let k = kalman.predict(ahead: h) else { continue }
            linearError += Distance.between(l, at(t + h))
            kalmanError += Distance.between(k, at(t + h))
        }
        #expect(kalmanError < linearError, "kalman \(kalmanError) linear \(linearError)")
    }

    /// Three samples on a line 1 px apart; the screen shows sample 0 at 10 ms, a provisional segment
    /// reaching past sample 2 at 12 ms, and sample 2 for real at 20 ms.
    @Test func perceivedLatencyIsTheFirstPictureWhoseInkReachesThePen() {
        let points = [Point(x: 0, y: 0), Point(x: 5, y: 0), Point(x: 10, y: 0)]
        let segment = PredictedInk.Shown(time: 12_000_000, base: 0, tip: Point(x: 11, y: 0))
        let changes = [
            PerceivedLatency.Change(time: 10_000_000, realTip: 0, segment: nil),
            PerceivedLatency.Change(time: 12_000_000, realTip: nil, segment: segment),
            PerceivedLatency.Change(time: 20_000_000, realTip: 2, segment: nil),
        ]
        let times: [Int64] = [1_000_000, 5_000_000, 9_000_000]
        let withSegment = PerceivedLatency.compute(
            times: times, points: points, stroke: [0, 0, 0], shown: [true, true, true],
            changes: changes, within: 1)
        #expect(withSegment == [9_000_000, 7_000_000, 3_000_000])
        // Without the segment, samples 1 and 2 wait for the real ink at 20 ms.
        let without = PerceivedLatency.compute(
            times: times, points: points, stroke: [0, 0, 0], shown: [true, true, true],
            changes: [changes[0], changes[2]], within: 1)
        #expect(without == [9_000_000, 15_000_000, 11_000_000])
        // Within 6 px, the real ink's end at sample 0 already reaches sample 1 when it is shown.
        let near = PerceivedLatency.compute(
            times: times, points: points, stroke: [0, 0, 0], shown: [true, true, true],
            changes: [changes[0], changes[2]], within: 6)
        #expect(near == [9_000_000, 5_000_000, 11_000_000])
    }

    /// A pen drawing a straight line at 100 px per 10 ms; sample 0 is on screen from 5 ms. At the vsync
    /// at 15 ms the pen is at 150 px, 150 px from the ink's end; at 25 ms the screen also has a
    /// provisional segment to 240 px, 10 px short of the pen.
    @Test func spatialLagIsThePensDistanceFromTheInksEnd() throws {
        let points = (0..<4).map { Point(x: Double($0) * 100, y: 0) }
        let times: [Int64] = [0, 10_000_000, 20_000_000, 30_000_000]
        let segment = PredictedInk.Shown(time: 21_000_000, base: 1, tip: Point(x: 240, y: 0))
        let changes = [
            PerceivedLatency.Change(time: 5_000_000, realTip: 0, segment: nil),
            PerceivedLatency.Change(time: 21_000_000, realTip: 1, segment: segment),
        ]
        let measures = SpatialLagMeter.measure(
            vsyncs: [15_000_000, 25_000_000, 40_000_000], times: times, points: points,
            stroke: [0, 0, 0, 0], changes: changes, mmPerPixel: 0.1)
        #expect(measures.count == 2, "the pen is up at 40 ms")
        #expect(abs(measures[0].lagMm - 15) < 1e-9 && abs(measures[1].lagMm - 1) < 1e-9)
        #expect(measures.allSatisfy { $0.straight && abs($0.speedMmPerS - 1000) < 1e-9 })
        let lag = try #require(SpatialLag(measures))
        #expect(lag.straightMm.max == 15 && lag.curvedMm == .zero && lag.bySpeed.last?.vsyncs == 2)
    }

    static func replay(_ strategy: String, predict: Prediction) throws -> ReplayResult {
        let device = DeviceProfile.named("ipad-pro-11")!
        var configuration = ReplayConfiguration(
            input: ReplayInput(trace: PenToPixelTests.trace(), device: device), traceName: "two strokes",
            device: device, clock: .virtual, strategy: StrategyCatalog.builtIn.strategy(named: strategy)!,
            costs: .zero)
        configuration.forcesRaster = true
        configuration.pipeline.predict = predict
        return try Replay.run(configuration)
    }

    /// Provisional ink lowers perceived latency, costs the render server its segments, and is gone from
    /// the picture once the pen lifts: the final picture is the one without prediction, pixel for pixel.
    @Test(arguments: ["dirty-rect", "async-pool"])
    func predictedInkBuysLatencyAndNeverStays(strategy: String) throws {
        let plain = try Self.replay(strategy, predict: .none)
        let predicted = try Self.replay(strategy, predict: .kalman)
        let before = try #require(plain.summary.penToPixel?.perceivedMs)
        let after = try #require(predicted.summary.penToPixel?.perceivedMs)
        #expect(after.p50 < before.p50, "\(after.p50) vs \(before.p50)")
        let lagBefore = try #require(plain.summary.penToPixel?.spatialLag)
        let lagAfter = try #require(predicted.summary.penToPixel?.spatialLag)
        #expect(lagAfter.vsyncs == lagBefore.vsyncs && lagAfter.curvedMm.p50 < lagBefore.curvedMm.p50)
        let figures = try #require(predicted.summary.penToPixel?.prediction)
        #expect(figures.segments > 100 && figures.extraPixels > 0 && figures.horizonMs == 1000.0 / 120)
        #expect(plain.summary.penToPixel?.prediction == nil)
        #expect(predicted.summary.picture?.checksum == plain.summary.picture?.checksum)
        #expect(predicted.summary.picture?.matchesReference == true)
        // The strategy drew the same: predicted ink is on a layer of its own.
        #expect(predicted.summary.counters == plain.summary.counters)
    }
}
