import BenchTestSupport
import StrokeBenchMetrics
import StrokeBenchRegression
import StrokeBenchReplay
import StrokeBenchSpec
import StrokeBenchStrategies
import Testing

/// The work counters every strategy does on the fixed traces, pinned exactly.
///
/// They come from the counting replay (`Recorder.count`: virtual clock, every cost zero), so they do not
/// depend on the machine or its load. A change to a strategy, the stroker's counting or the run loop that
/// moves any of them fails here with the figure named; if the change is intended, update the row.
///
/// Adding a strategy: add its rows to `table` (the failure of `everyRegisteredStrategyIsPinned` prints them).
struct CounterPin: CustomTestStringConvertible, Sendable {
    var strategy: String
    var delivery: Delivery
    var pixelsRasterized, bytesCopied, segmentsStroked, bitmapsAllocated, tasksStarted: Int
    var tasksCancelled = 0, tasksSuperseded = 0
    var pixelsComposited: Int

    var testDescription: String { "\(strategy) \(delivery.rawValue)" }

    /// The counters of `strategy` on `Fixtures.crossing` (111 samples, 200 x 150 px, 100 Hz).
    ///
    /// Worked by hand where it is simple. Coalesced, the first stroke (samples 50...296 ms) is delivered in
    /// the turns at 50, 60, ..., 300 ms: a began event alone at 50 ms, then 25 turns with moved samples;
    /// the second (600...804 ms) in 22 turns, 21 of them with moved samples; the tap in one turn. So
    /// `naive` makes 25 + 21 + 1 = 47 images of 200 x 150 px, copying the previous one (120,000 bytes)
    /// into all but the first: 5,520,000 bytes; per sample it makes one per moved sample, 59 + 49 + 1 = 109
    /// images and 108 copies. Both stroke 59 + 49 segments and the tap's dot: 109. Both commit the
    /// whole layer in 47 turns: 47 x 30,000 pixels composited. `point-array` commits in every turn with
    /// input, 26 + 22 + 1 = 49 (x 30,000 composited), clearing 30,000 pixels and stroking every stored
    /// segment each time; delivery does not change what it draws. Strategies with a retained backing store
    /// (`point-array`, `dirty-rect`, `flattened`, `sublayer`) allocate it and fill its 30,000 pixels up
    /// front, counted in the first frame. `null` draws and composites nothing.
    /// The stroke extents in `pixelsRasterized` are cairo's and are pinned as measured.
    static let table: [CounterPin] = [
        CounterPin(
            strategy: "null", delivery: .coalesced, pixelsRasterized: 0, bytesCopied: 0, segmentsStroked: 0,
            bitmapsAllocated: 0, tasksStarted: 0, pixelsComposited: 0),
        CounterPin(
            strategy: "naive", delivery: .coalesced, pixelsRasterized: 1_418_633, bytesCopied: 5_520_000,
            segmentsStroked: 109,
            bitmapsAllocated: 47, tasksStarted: 0, pixelsComposited: 1_410_000),
        CounterPin(
            strategy: "naive", delivery: .perSample, pixelsRasterized: 3_280_734, bytesCopied: 12_960_000,
            segmentsStroked: 109, bitmapsAllocated: 109, tasksStarted: 0, pixelsComposited: 1_410_000),
        CounterPin(
            strategy: "point-array", delivery: .coalesced, pixelsRasterized: 2_136_733, bytesCopied: 0,
            segmentsStroked: 2723,
            bitmapsAllocated: 1, tasksStarted: 0, pixelsComposited: 1_470_000),
        CounterPin(
            strategy: "point-array", delivery: .perSample, pixelsRasterized: 2_136_733, bytesCopied: 0,
            segmentsStroked: 2723,
            bitmapsAllocated: 1, tasksStarted: 0, pixelsComposited: 1_470_000),
        CounterPin(
            strategy: "async-global", delivery: .coalesced, pixelsRasterized: 2_106_733, bytesCopied: 0,
            segmentsStroked: 2723,
            bitmapsAllocated: 49, tasksStarted: 49, pixelsComposited: 1_470_000),
        CounterPin(
            strategy: "async-global", delivery: .perSample, pixelsRasterized: 2_106_733, bytesCopied: 0,
            segmentsStroked: 2723,
            bitmapsAllocated: 49, tasksStarted: 49, pixelsComposited: 1_470_000),
        CounterPin(
            strategy: "async-graver", delivery: .coalesced, pixelsRasterized: 2_106_733, bytesCopied: 0,
            segmentsStroked: 2723,
            bitmapsAllocated: 49, tasksStarted: 49, pixelsComposited: 2_910_000),
        CounterPin(
            strategy: "async-graver", delivery: .perSample, pixelsRasterized: 2_106_733, bytesCopied: 0,
            segmentsStroked: 2723,
            bitmapsAllocated: 49, tasksStarted: 49, pixelsComposited: 2_910_000),
        CounterPin(
            strategy: "async-pool", delivery: .coalesced, pixelsRasterized: 2_242_855, bytesCopied: 0,
            segmentsStroked: 2723,
            bitmapsAllocated: 49, tasksStarted: 49, pixelsComposited: 1_470_000),
        CounterPin(
            strategy: "async-pool", delivery: .perSample, pixelsRasterized: 2_242_855, bytesCopied: 0,
            segmentsStroked: 2723,
            bitmapsAllocated: 49, tasksStarted: 49, pixelsComposited: 1_470_000),
        CounterPin(
            strategy: "dirty-rect", delivery: .coalesced, pixelsRasterized: 47522, bytesCopied: 0,
            segmentsStroked: 2357,
            bitmapsAllocated: 1, tasksStarted: 0, pixelsComposited: 8761),
        CounterPin(
            strategy: "dirty-rect", delivery: .perSample, pixelsRasterized: 47522, bytesCopied: 0,
            segmentsStroked: 2357,
            bitmapsAllocated: 1, tasksStarted: 0, pixelsComposited: 8761),
        CounterPin(
            strategy: "flattened", delivery: .coalesced, pixelsRasterized: 171902, bytesCopied: 256688,
            segmentsStroked: 1010,
            bitmapsAllocated: 4, tasksStarted: 0, pixelsComposited: 8761),
        CounterPin(
            strategy: "flattened", delivery: .perSample, pixelsRasterized: 171902, bytesCopied: 256688,
            segmentsStroked: 1010,
            bitmapsAllocated: 4, tasksStarted: 0, pixelsComposited: 8761),
        CounterPin(
            strategy: "sublayer", delivery: .coalesced, pixelsRasterized: 128761, bytesCopied: 360000,
            segmentsStroked: 111,
            bitmapsAllocated: 4, tasksStarted: 0, pixelsComposited: 547981),
        CounterPin(
            strategy: "sublayer", delivery: .perSample, pixelsRasterized: 130862, bytesCopied: 360000,
            segmentsStroked: 111, bitmapsAllocated: 4, tasksStarted: 0, pixelsComposited: 573675),
    ]
}

@Suite struct CounterPinTests {
    static func measured(_ strategy: any DrawingStrategy.Type, _ delivery: Delivery) throws -> CounterSummary {
        try Recorder.count(Fixtures.configuration(strategy, delivery: delivery)).counters
    }

    static func row(_ name: String, _ delivery: Delivery, _ c: CounterSummary) -> String {
        "CounterPin(strategy: \"\(name)\", delivery: .\(delivery == .coalesced ? "coalesced" : "perSample"), "
            + "pixelsRasterized: \(c.pixelsRasterized), bytesCopied: \(c.bytesCopied), segmentsStroked: \(c.segmentsStroked), "
            + "bitmapsAllocated: \(c.bitmapsAllocated), tasksStarted: \(c.tasksStarted), "
            + (c.tasksCancelled != 0 ? "tasksCancelled: \(c.tasksCancelled), " : "")
            + (c.tasksSuperseded != 0 ? "tasksSuperseded: \(c.tasksSuperseded), " : "")
            + "pixelsComposited: \(c.pixelsComposited)),"
    }

    @Test(arguments: CounterPin.table)
    func countersAreExactlyThePinnedOnes(pin: CounterPin) throws {
        let strategy = try #require(
            StrategyCatalog.builtIn.strategy(named: pin.strategy), "no strategy \(pin.strategy)")
        let c = try Self.measured(strategy, pin.delivery)
        #expect(c.pixelsRasterized == pin.pixelsRasterized, "pixels_rasterized")
        #expect(c.bytesCopied == pin.bytesCopied, "bytes_copied")
        #expect(c.segmentsStroked == pin.segmentsStroked, "segments_stroked")
        #expect(c.bitmapsAllocated == pin.bitmapsAllocated, "bitmaps_allocated")
        #expect(c.tasksStarted == pin.tasksStarted, "tasks_started")
        #expect(c.tasksCancelled == pin.tasksCancelled, "tasks_cancelled")
        #expect(c.tasksSuperseded == pin.tasksSuperseded, "tasks_superseded")
        #expect(c.pixelsComposited == pin.pixelsComposited, "pixels_composited")
        if c.pixelsRasterized != pin.pixelsRasterized || c.segmentsStroked != pin.segmentsStroked
            || c.bytesCopied != pin.bytesCopied
        {
            Issue.record("measured: \(Self.row(pin.strategy, pin.delivery, c))")
        }
    }

    @Test func everyRegisteredStrategyIsPinned() throws {
        let pinned = Set(CounterPin.table.map(\.strategy))
        for strategy in StrategyCatalog.builtIn.all where !pinned.contains(strategy.name) {
            var rows: [String] = []
            for delivery in [Delivery.coalesced, .perSample] {
                rows.append(Self.row(strategy.name, delivery, try Self.measured(strategy, delivery)))
            }
            let text = rows.joined(separator: "\n")
            Issue.record(
                "\(strategy.name) has no pinned counters; after checking them, add to CounterPin.table:\n\(text)")
        }
    }

    @Test func theCountingReplayIsRepeatable() throws {
        // The premise of exact pinning: two counting replays agree on everything, the picture included.
        // On the pinned trace, whose replays start, cancel and supersede background renders: the long
        // one made point-array's quadratic redraw the slowest test of the suite, for no more evidence.
        for strategy in StrategyCatalog.builtIn.all {
            let configuration = Fixtures.configuration(strategy, Fixtures.crossing)
            let a = try Recorder.count(configuration)
            let b = try Recorder.count(configuration)
            #expect(a.counters == b.counters, "\(strategy.name)")
            #expect(a.pictureChecksum == b.pictureChecksum, "\(strategy.name)")
        }
    }
}
