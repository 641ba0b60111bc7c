import StrokeBenchCanvas
import StrokeBenchMetrics
import StrokeBenchStrategies
import StrokeBenchTraces
import Testing

@testable import StrokeBenchReplay

/// Exact work counters on a hand-made trace, worked out by hand.
///
/// The trace is one stroke of three samples inside the first vsync interval: (20, 20), (40, 20),
/// (60, 20) on the 200 x 150 px test screen at 1x, so the line is 5 px wide and its ink reaches
/// 2.5 + 1 = 3.5 px from the centre line. The dot at (20, 20) covers 16.5...23.5, whole pixels
/// 16...24: an 8 x 8 rect. The segments' box covers 16...64 x 16...24: 48 x 8 = 384 px.
@Suite struct StrategyCounterTests {
    static let threeSamples = trace([[(0.001, 20, 20), (0.002, 40, 20), (0.003, 60, 20)]])

    func run(_ strategy: any DrawingStrategy.Type, workers: Int? = nil) throws -> ReplayResult {
        try Replay.run(
            ReplayConfiguration(
                input: ReplayInput(trace: Self.threeSamples, device: smallDevice), traceName: "three",
                device: smallDevice,
                clock: .virtual, strategy: strategy, workers: workers))
    }

    @Test func dirtyRect() throws {
        // Up front: the backing store (1 bitmap) filled (30,000 px). The turn: the dirty rect is the
        // union of the dot's rect and the segments' box, 48 x 8; it is cleared (384 px) and the lines
        // stroked inside it (384 px, 2 segments).
        let c = try run(DirtyRectStrategy.self).summary.counters
        #expect(c.bitmapsAllocated == 1)
        #expect(c.pixelsRasterized == 30_000 + 384 + 384)
        #expect(c.segmentsStroked == 2)
        #expect(c.bytesCopied == 0)
        #expect(c.pixelsComposited == 384)
    }

    @Test func flattened() throws {
        // Up front as dirty-rect. Pen up flattens: a new bitmap, the background filled (30,000 px, no
        // earlier image) and the live line stroked (384 px, 2 segments). The commit draws the
        // flattened image inside the 48 x 8 dirty rect (384 px, 1,536 bytes copied); the live line is empty.
        let c = try run(FlattenedStrategy.self).summary.counters
        #expect(c.bitmapsAllocated == 2)
        #expect(c.pixelsRasterized == 30_000 + 30_000 + 384 + 384)
        #expect(c.segmentsStroked == 2)
        #expect(c.bytesCopied == 384 * 4)
    }

    @Test func asyncPool() throws {
        // One turn, one transaction, one task: a new bitmap filled (30,000 px) and the whole picture
        // stroked (384 px, 2 segments); it is set as contents and the whole layer composited.
        let r = try run(AsyncPoolStrategy.self)
        let c = r.summary.counters
        #expect(c.tasksStarted == 1 && c.tasksCancelled == 0 && c.tasksSuperseded == 0)
        #expect(c.bitmapsAllocated == 1)
        #expect(c.pixelsRasterized == 30_000 + 384)
        #expect(c.segmentsStroked == 2)
        #expect(c.pixelsComposited == 30_000)
        #expect(r.summary.picture?.differingPct == 0)
    }

    @Test func flattenedFlattensEvery200LivePoints() throws {
        // 450 samples, one per event: the live line passes 200 points at sample 200 (201 points) and
        // again at sample 400 (the kept point plus 200 new), and pen up flattens once more: 3 flattened
        // bitmaps besides the backing store.
        let long = trace([
            (0..<450).map { (i: Int) -> (Double, Double, Double) in
                (0.001 + Double(i) / 1000, 10 + 0.4 * Double(i), 75 + 40 * sin(Double(i) / 30))
            }
        ])
        let r = try Replay.run(
            ReplayConfiguration(
                input: ReplayInput(trace: long, device: smallDevice), traceName: "long", device: smallDevice,
                clock: .virtual, delivery: .perSample, strategy: FlattenedStrategy.self))
        #expect(r.summary.counters.bitmapsAllocated == 4)
        #expect(r.summary.picture?.matchesReference == true)
    }

    @Test(arguments: ["dirty-rect", "flattened", "async-pool"])
    func countersAreDeterministic(name: String) throws {
        let strategy = StrategyCatalog.builtIn.strategy(named: name)!
        let a = try run(strategy).summary.counters
        let b = try run(strategy).summary.counters
        #expect(a == b)
    }
}

#if canImport(Glibc)
    import Glibc
#endif
