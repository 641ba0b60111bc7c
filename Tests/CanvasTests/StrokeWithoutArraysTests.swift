import Testing

@testable import StrokeBenchCanvas

/// The strokes that take no array (`stroke(_:then:style:)` for a background render's snapshot,
/// `stroke(_ line:style:)` for one line, and the render server's `strokeEach` for its shape layers)
/// draw and count exactly what the array forms do: the same pixels, the same counters, the same ink.
@Suite struct StrokeWithoutArraysTests {
    static let style = StrokeStyle(lineWidth: 6)

    /// Lines of every shape a stroke sees: a tap, short strokes, one of several chunks, one leaving the
    /// surface, made from a seeded generator so a failure can be replayed.
    static func lines(seed: UInt64) -> [Polyline] {
        var random = DryCountingTests.LCG(state: seed)
        return [1, 2, 5, 70, 130].map { count in
            var line = Polyline(style: style)
            var at = random.point(in: 200)
            for _ in 0..<count {
                at = Point(x: at.x + random.next() * 20 - 10, y: at.y + random.next() * 20 - 10)
                line.append(at)
            }
            return line
        }
    }

    /// A context on a new surface, counting into its own ledger, dry or with pixels, with an ink record.
    static func context(rasterizes: Bool) throws -> (Context, Surface, WorkLedger) {
        let ledger = WorkLedger(
            rasterizes: rasterizes, bitmaps: BitmapAccounting(), misuse: Misuse(),
            ink: InkRecord(samples: []))
        let surface = try Surface(width: 220, height: 180, counting: ledger)
        return (try Context(surface: surface, counting: ledger), surface, ledger)
    }

    @Test(arguments: 0..<8, [false, true])
    func strokingThenTheNewestIsStrokingTheJoinedArray(seed: UInt64, rasterizes: Bool) throws {
        let lines = Self.lines(seed: seed)
        let (joined, joinedSurface, joinedLedger) = try Self.context(rasterizes: rasterizes)
        joined.stroke(lines, style: Self.style)
        let (parts, partsSurface, partsLedger) = try Self.context(rasterizes: rasterizes)
        parts.stroke(Array(lines.dropLast()), then: lines.last, style: Self.style)
        #expect(partsLedger.counters == joinedLedger.counters)
        #expect(partsSurface.ink == joinedSurface.ink)
        if rasterizes { #expect(PictureChecksum.hex(of: partsSurface) == PictureChecksum.hex(of: joinedSurface)) }
    }

    @Test(arguments: 0..<8, [false, true])
    func oneLineIsAnArrayOfOne(seed: UInt64, rasterizes: Bool) throws {
        for line in Self.lines(seed: seed) {
            let (array, arraySurface, arrayLedger) = try Self.context(rasterizes: rasterizes)
            array.stroke([line], style: Self.style)
            let (single, singleSurface, singleLedger) = try Self.context(rasterizes: rasterizes)
            single.stroke(line, style: Self.style)
            #expect(singleLedger.counters == arrayLedger.counters)
            #expect(singleSurface.ink == arraySurface.ink)
            if rasterizes {
                #expect(PictureChecksum.hex(of: singleSurface) == PictureChecksum.hex(of: arraySurface))
            }
        }
    }

    /// The render server's dry composite sums its layers at once; with pixels it strokes them one by
    /// one. Both count what stroking each layer alone counts, in clips that hold the layers, cut them
    /// and miss them, and with a radius the lines' totals were not kept for.
    @Test(arguments: 0..<8)
    func shapeLayersCountAlikeDryAndWithPixels(seed: UInt64) throws {
        let layers = Self.lines(seed: seed)
        for clip in [
            PixelRect(x: 0, y: 0, width: 220, height: 180), PixelRect(x: 40, y: 30, width: 90, height: 60),
            PixelRect(x: 0, y: 170, width: 220, height: 10),
        ] {
            for style in [Self.style, StrokeStyle(lineWidth: 11)] {
                var counted: [WorkCounters] = []
                for rasterizes in [false, true] {
                    let ledger = WorkLedger(rasterizes: rasterizes)
                    let surface = try Surface(width: 220, height: 180, counting: WorkLedger(rasterizes: rasterizes))
                    let context = try Context(surface: surface, counting: ledger)
                    context.clip(to: clip)
                    context.strokeEach(layers, style: style)
                    counted.append(ledger.counters)
                }
                let alone = WorkLedger(rasterizes: false)
                let surface = try Surface(width: 220, height: 180, counting: WorkLedger(rasterizes: false))
                let context = try Context(surface: surface, counting: alone)
                context.clip(to: clip)
                for layer in layers { context.stroke([layer], style: style) }
                #expect(counted[0] == alone.counters, "dry, \(clip), width \(style.lineWidth)")
                #expect(counted[1] == alone.counters, "with pixels, \(clip), width \(style.lineWidth)")
            }
        }
    }

    /// A dry compositor keeps each layer's count from one composite to the next (`LayerCounts`). Over
    /// composites whose layers grow, are flattened away and change in the middle, in clips that hold,
    /// cut and miss them, and with the radius changing, each composite counts what counting every layer
    /// afresh does.
    @Test(arguments: 0..<8)
    func keptLayerCountsAreCountedAfresh(seed: UInt64) throws {
        var random = DryCountingTests.LCG(state: seed)
        let compositor = try Compositor(width: 220, height: 180, rasterizes: false)
        var layers: [Polyline] = []
        var kept = 0
        for step in 0..<80 {
            let style = step < 50 ? Self.style : StrokeStyle(lineWidth: 11)
            func segment() -> Polyline {
                let at = random.point(in: 240)
                let count = 2 + Int(random.next() * 2)
                return Polyline(
                    (0..<count).map { Point(x: at.x + Double($0) * random.next() * 9, y: at.y + random.next() * 9) },
                    style: Self.style)
            }
            switch random.next() {
            case ..<0.6: layers.append(segment())
            case ..<0.7: layers.removeAll(keepingCapacity: true)  // flattened into the base
            case ..<0.8 where !layers.isEmpty: layers[Int(random.next() * Double(layers.count))] = segment()
            default: layers += Self.lines(seed: seed &+ UInt64(step))
            }
            let grown = PixelRect(x: 0, y: 0, width: 40 + step * 3, height: 30 + step * 2)
            let clip = [
                PixelRect(x: 0, y: 0, width: 220, height: 180), grown, PixelRect(x: 40, y: 30, width: 90, height: 60),
            ][Int(random.next() * 3)]
            let ledger = WorkLedger(rasterizes: false)
            try compositor.drawLayers(layers, style: style, clip: clip, counting: ledger)
            let afresh = WorkLedger(rasterizes: false)
            let context = try Context(
                surface: try Surface(width: 220, height: 180, counting: WorkLedger(rasterizes: false)), counting: afresh
            )
            context.clip(to: clip)
            context.strokeEach(layers, style: style)
            #expect(ledger.counters == afresh.counters, "step \(step), \(layers.count) layers, clip \(clip)")
            if ledger.counters.segmentsStroked > 0 { kept += 1 }
        }
        #expect(kept > 40, "most composites have layers to count")
    }
}
