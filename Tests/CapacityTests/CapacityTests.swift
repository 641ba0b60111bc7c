import Foundation
import StrokeBenchCanvas
import StrokeBenchCapacity
import StrokeBenchDevice
import StrokeBenchModelFit
import StrokeBenchReplay
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTraces
import Testing

/// The ramp's parts against answers worked out by hand, and modelled ramps against the orders the
/// source article and the model agree on.
@Suite struct CapacityTests {
    /// The shipped device data, fitted once for this test process as `bench` fits what it loads.
    static let fitted: DeviceModel = {
        do { return try ModelFitting.fitted(.shipped, strategies: .builtIn) } catch {
            fatalError("the shipped device data does not fit: \(error)")
        }
    }()

    @Test func theGridDoublesEverySixteenStepsAndEndsAtTheLimit() {
        let grid = RampGrid(limit: 10_000)
        #expect(grid.points.first == 0)
        #expect(grid.points[1] == 500)
        #expect(grid.points[17] == 1000)
        #expect(grid.points.last == 10_000)
        #expect(grid.coarse.map { grid.points[$0] } == [0, 500, 1000, 2000, 4000, 8000, 10_000])
        #expect(zip(grid.points, grid.points.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test func theSpeedGridStartsAtItsFirstSpeed() {
        let grid = RampGrid(start: 50, limit: 8000, includesZero: false, rounding: 1)
        #expect(grid.points.first == 50)
        #expect(grid.coarse.map { grid.points[$0] } == [50, 100, 200, 400, 800, 1600, 3200, 6400, 8000])
        #expect(grid.search { $0 < 50 } == .failsAtFirstStroke)
        #expect(grid.search { $0 <= 1000 } == .found(points: grid.points.last { $0 <= 1000 }!))
    }

    /// On the pen-speed axis the history is fixed and the window's pen moves at the step's speed: at
    /// twice the speed, the same second of writing covers twice the path.
    @Test func aFasterPenCoversMoreOfThePathInTheSameSecond() {
        let device = DeviceProfile.named("ipad-pro-11")!
        let drawing = RampDrawing(.scribble, device: device, points: 1000, windowSeconds: 1)
        func length(_ path: [Point]) -> Double {
            zip(path, path.dropFirst()).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
        }
        let slow = drawing.window(speed: 500)
        let fast = drawing.window(speed: 1000)
        #expect(slow.count == fast.count)
        #expect(abs(length(fast) / length(slow) - 2) < 0.05)
        let input = RampStep.input(drawing, axis: .penSpeed(history: 700), value: 500, device: device)
        #expect(input.count == 700 + slow.count)
    }

    /// The search names the last grid point that keeps up, asking about as few histories as the coarse
    /// ramp and a bisection need.
    @Test func theSearchFindsTheLastGridPointThatKeepsUp() {
        let grid = RampGrid(limit: 200_000)
        for threshold in [0, 499, 500, 1234, 77_777, 199_999] {
            var asked = 0
            let capacity = grid.search {
                asked += 1
                return $0 <= threshold
            }
            let expected = grid.points.last { $0 <= threshold }!
            #expect(capacity == .found(points: expected))
            #expect(asked <= grid.coarse.count + 5)
        }
        #expect(grid.search { _ in false } == .failsAtFirstStroke)
        #expect(grid.search { _ in true } == .heldTo(points: 200_000))
    }

    @Test func theFitFindsTheBreakAndTheFirstSlope() throws {
        // Flat at 1 ms below 4,000 points; from there, 1.5 ms and 2 ms more per 1,000 points.
        let steps = [0, 1000, 2000, 3000, 4000, 5000, 6000, 7000].map { p in
            (points: p, costMs: p < 4000 ? 1.0 : 1.5 + 0.002 * Double(p - 4000))
        }
        let fit = try #require(ChangePointFit(steps))
        #expect(fit.changePoint == 4000)
        #expect(abs(fit.slopeUsPer1000Points) < 1e-9)
        #expect(abs(fit.interceptMs - 1) < 1e-12)
        let line = try #require(ChangePointFit([(0, 1.0), (1000, 1.5), (2000, 2.0)]))
        #expect(line.changePoint == nil)
        #expect(abs(line.slopeUsPer1000Points - 500) < 1e-9)
    }

    @Test func theHandwritingIsSeededAndCutExactly() {
        let device = DeviceProfile.named("ipad-pro-11")!
        let a = RampDrawing(.handwriting, device: device, points: 5000, windowSeconds: 1)
        let b = RampDrawing(.handwriting, device: device, points: 5000, windowSeconds: 1)
        #expect(a.strokes == b.strokes)
        #expect(a.history(1234).reduce(0) { $0 + $1.count } == 1234)
        #expect(a.window.count == 241, "one second at the pencil's 240 Hz, both ends")
        #expect(
            RampDrawing.minutes(of: 9993, on: device) > 0.99 && RampDrawing.minutes(of: 9993, on: device) < 1.01,
            "240 Hz x 0.694 of the time x 60 s is 9,993 points a minute")
        // Every sample inside the screen.
        #expect(
            a.strokes.joined().allSatisfy {
                $0.x >= 0 && $0.y >= 0 && $0.x <= Double(device.width) && $0.y <= Double(device.height)
            })
    }

    /// The orders docs/capacity.md and the source article agree on, modelled on the iPad at 120 Hz:
    /// naive fails at once, point-array holds less than dirty-rect, flattened holds to the limit.
    @Test func modelledRampsOrderTheStrategiesAsTheArticleDoes() throws {
        func ramp(_ strategy: String, limit: Int = 6000) throws -> RampResult {
            let spec = ReplaySpec(
                strategy: strategy, device: "ipad-pro-11", clock: .virtual, costs: .model,
                trace: TraceIdentity(path: "ramp"))
            var template = try ReplayConfiguration(
                spec, trace: Trace(canvas: CanvasSize(width: 1, height: 1), strokes: []), strategies: .builtIn,
                deviceModel: Self.fitted)
            template.comparePicture = false
            let device = template.device
            return try Ramp(
                template: template, drawing: RampDrawing(.handwriting, device: device, points: limit, windowSeconds: 1),
                grid: RampGrid(limit: limit)
            ).run()
        }
        #expect(try ramp("naive").capacity == .failsAtFirstStroke)
        let pointArray = try ramp("point-array")
        let dirtyRect = try ramp("dirty-rect")
        let flattened = try ramp("flattened")
        #expect(pointArray.capacity.isFound)
        #expect(pointArray.capacity.points < dirtyRect.capacity.points)
        #expect(flattened.capacity == .heldTo(points: 6000))
        let interval = try #require(pointArray.interval)
        #expect(interval.low <= pointArray.capacity.points && pointArray.capacity.points <= interval.high)
        #expect(pointArray.firstFailure.map { !$0.keepsUp } == true)
    }
}
