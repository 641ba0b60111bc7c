import Foundation
import StrokeBenchCanvas
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchReplay
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTraces
import Testing

/// Every strategy must end with the reference picture: the whole trace stroked once.
@Suite struct PictureTests {
    /// Three strokes that cross each other, with slow ends (close samples) and a tap.
    static let crossing: Trace = {
        var strokes: [[(Double, Double, Double)]] = []
        strokes.append(
            (0..<60).map { (i: Int) -> (Double, Double, Double) in
                let d = Double(i)
                return (0.05 + d / 240, 20 + 2.5 * d, 30 + 80 * sin(d / 12))
            })
        strokes.append(
            (0..<50).map { (i: Int) -> (Double, Double, Double) in
                let d = Double(i)
                return (0.6 + d / 240, 170 - 2.8 * d, 20 + 2.2 * d)
            })
        strokes.append([(1.0, 100, 75)])
        return trace(strokes)
    }()

    func run(_ strategy: any DrawingStrategy.Type, delivery: Delivery = .coalesced) throws -> ReplayResult {
        try Replay.run(
            ReplayConfiguration(
                input: ReplayInput(trace: Self.crossing, device: smallDevice), traceName: "crossing",
                device: smallDevice,
                clock: .virtual, delivery: delivery, strategy: strategy))
    }

    @Test func pointArrayEqualsTheReferenceExactly() throws {
        let r = try run(PointArrayStrategy.self)
        #expect(r.summary.picture?.differingPct == 0)
        #expect(r.summary.picture?.matchesReference == true)
    }

    @Test(arguments: [Delivery.coalesced, .perSample])
    func naiveMatchesTheReference(delivery: Delivery) throws {
        let r = try run(NaiveStrategy.self, delivery: delivery)
        #expect(r.summary.picture?.matchesReference == true)
        #expect(r.summary.picture?.stronglyDifferingPixels == 0)
    }

    @Test(arguments: ["dirty-rect", "flattened", "async-pool"], [Delivery.coalesced, .perSample])
    func everyStrategyMatchesTheReference(name: String, delivery: Delivery) throws {
        let r = try run(StrategyCatalog.builtIn.strategy(named: name)!, delivery: delivery)
        #expect(r.summary.picture?.matchesReference == true)
    }

    @Test(arguments: ["naive", "point-array", "dirty-rect", "flattened", "async-pool"])
    func aGeneratedSessionEndsWithTheReferencePicture(name: String) throws {
        // A 4 s generated session, scaled to fit a 2x screen: real curvature, speed and pauses.
        var generator = TraceGenerator(seed: 3)
        generator.parameters.duration = 4
        let device = DeviceProfile(
            name: "test-2x", width: 300, height: 400, scale: 2, refreshRate: 120, touchRate: 240, cores: 4)
        let r = try Replay.run(
            ReplayConfiguration(
                input: ReplayInput(trace: generator.generate(), device: device), traceName: "generated", device: device,
                clock: .virtual, strategy: StrategyCatalog.builtIn.strategy(named: name)!))
        #expect(r.summary.picture?.matchesReference == true)
        #expect(r.summary.picture?.stronglyDifferingPixels == 0)
    }

    @Test func theNullStrategyDoesNotMatch() throws {
        // Guards the comparison itself: a blank screen is not the reference.
        let r = try run(NullStrategy.self)
        #expect(r.summary.picture?.matchesReference == false)
    }

    @Test func aDroppedSegmentFailsTheComparison() throws {
        let input = ReplayInput(trace: Self.crossing, device: smallDevice)
        let canvas = ReplayConfiguration(input: input, traceName: "", device: smallDevice, strategy: NullStrategy.self)
            .canvas
        var lines = input.polylines
        let reference = try ReferencePicture.render(lines, canvas: canvas)
        lines[1].remove(at: 25)  // one sample gone: the segment either side of it is straightened
        lines[0] = Array(lines[0][0..<30])  // and the second half of the first stroke dropped
        let broken = try ReferencePicture.render(lines, canvas: canvas)
        let difference = PictureDifference(
            broken, reference: reference, background: canvas.background, ink: canvas.style.color)
        #expect(!difference.matches)
        #expect(difference.stronglyDifferingPixels > 100)
    }

    @Test func aMisplacedStrokeFailsTheComparison() throws {
        let input = ReplayInput(trace: Self.crossing, device: smallDevice)
        let canvas = ReplayConfiguration(input: input, traceName: "", device: smallDevice, strategy: NullStrategy.self)
            .canvas
        let lines = input.polylines
        let reference = try ReferencePicture.render(lines, canvas: canvas)
        let shifted = lines.enumerated().map { i, line in i == 2 ? line.map { Point(x: $0.x + 3, y: $0.y) } : line }
        let moved = try ReferencePicture.render(shifted, canvas: canvas)
        #expect(
            !PictureDifference(moved, reference: reference, background: canvas.background, ink: canvas.style.color)
                .matches)
    }
}

/// Work counters are exact for a given trace and strategy.
@Suite struct NaiveCounterTests {
    /// One stroke of 5 samples inside the first 10 ms vsync interval, 10 px apart horizontally.
    static let fiveSamples = trace([
        (0..<5).map { (i: Int) -> (Double, Double, Double) in
            (0.001 + 0.002 * Double(i), 20 + 10 * Double(i), 50)
        }
    ])

    func counters(_ delivery: Delivery) throws -> CounterSummary {
        try Replay.run(
            ReplayConfiguration(
                input: ReplayInput(trace: Self.fiveSamples, device: smallDevice), traceName: "five",
                device: smallDevice,
                clock: .virtual, delivery: delivery, strategy: NaiveStrategy.self)
        ).summary.counters
    }

    @Test func coalescedMakesOneImagePerTurn() throws {
        // One moved event: one new 200x150 image, the background filled (no previous image), one
        // polyline of 4 segments stroked.
        let c = try counters(.coalesced)
        #expect(c.bitmapsAllocated == 1)
        #expect(c.segmentsStroked == 4)
        #expect(c.bytesCopied == 0)
    }

    @Test func perSampleMakesOneImagePerSample() throws {
        // Four moved events: four images; the last three each copy the previous 200x150x4 bytes.
        let c = try counters(.perSample)
        #expect(c.bitmapsAllocated == 4)
        #expect(c.segmentsStroked == 4)
        #expect(c.bytesCopied == 3 * 200 * 150 * 4)
    }
}
