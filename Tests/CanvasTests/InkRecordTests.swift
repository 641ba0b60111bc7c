import Testing

@testable import StrokeBenchCanvas

/// The replay's record of ink keeps a line once however often it is stroked again (an async render
/// strokes every stored line on every change), and tells which samples a picture holds as before.
@Suite struct InkRecordTests {
    static let style = StrokeStyle(lineWidth: 4)
    static let points = (0..<100).map { Point(x: Double($0), y: Double($0 % 7)) }

    @Test func aLineStrokedAgainKeepsItsIdAndAnExtendedOneGetsANewOne() {
        let record = InkRecord(samples: Self.points)
        var line = Polyline(Self.points.prefix(70), style: Self.style)
        let snapshot = line
        let id = record.record(line)
        #expect(record.record(snapshot) == id)
        line.append(Self.points[70])
        let extended = record.record(line)
        #expect(extended != id)
        #expect(record.record(snapshot) == id)
        #expect(record.record(line) == extended)
        // The same points in storage of their own are another line, kept apart.
        #expect(record.record(Polyline(Self.points.prefix(70), style: Self.style)) != id)
    }

    /// Two renders of the same lines, as an async strategy makes them, hold the same ids, and each holds
    /// every sample of its lines.
    @Test func rendersOfTheSameLinesHoldTheSameInkAndEverySample() throws {
        let ledger = WorkLedger(
            rasterizes: false, bitmaps: BitmapAccounting(), misuse: Misuse(), ink: InkRecord(samples: Self.points))
        let lines = [
            Polyline(Self.points.prefix(40), style: Self.style), Polyline(Self.points[40...], style: Self.style),
        ]
        var renders: [Surface] = []
        for _ in 0..<2 {
            let surface = try Surface(width: 120, height: 20, counting: ledger)
            let context = try Context(surface: surface, counting: ledger)
            for line in lines { context.stroke([line], style: Self.style) }
            renders.append(surface)
        }
        #expect(renders[0].ink == renders[1].ink)
        let record = try #require(ledger.ink)
        #expect(record.lastHeld(after: -1, through: 99, ink: renders[1].ink, layers: []) == 99)
        // A picture of the first line alone holds the samples up to its end.
        let first = try Surface(width: 120, height: 20, counting: ledger)
        try Context(surface: first, counting: ledger).stroke([lines[0]], style: Self.style)
        #expect(record.lastHeld(after: -1, through: 99, ink: first.ink, layers: []) == 39)
    }

    /// Lines stroked one at a time are known by their place among a bitmap's strokes (`InkRecord`'s
    /// `alone`), without a hash: each render, in the same order, in another order, with a line
    /// replaced or added, holds the ids the lines were kept under, and no other.
    @Test func linesStrokedOneByOneKeepTheirIdsInAnyOrder() throws {
        let ledger = WorkLedger(
            rasterizes: false, bitmaps: BitmapAccounting(), misuse: Misuse(), ink: InkRecord(samples: Self.points))
        let record = try #require(ledger.ink)
        let lines = (0..<5).map { Polyline(Self.points[($0 * 20)..<($0 * 20 + 20)], style: Self.style) }
        let ids = lines.map { record.record($0) }
        let extra = Polyline(Self.points.prefix(10), style: Self.style)
        let orders: [[Int]] = [
            [0, 1, 2, 3, 4], [0, 1, 2, 3, 4], [4, 3, 2, 1, 0], [0, 1, 5, 3, 4], [0, 1, 2, 3, 4, 5], [2],
        ]
        for order in orders {
            let surface = try Surface(width: 120, height: 20, counting: ledger)
            let context = try Context(surface: surface, counting: ledger)
            for i in order { context.stroke(i < lines.count ? lines[i] : extra, style: Self.style) }
            var expected = InkSet()
            for i in order { expected.insert(i < lines.count ? ids[i] : record.record(extra)) }
            #expect(surface.ink == expected, "\(order)")
        }
    }
}
