import Testing

@testable import StrokeBenchCanvas

/// Counting without rasterizing: a dry surface counts what cairo's would, and a `Polyline`'s running
/// totals count what walking its segments one by one counts.
@Suite struct DryCountingTests {
    /// A small deterministic generator, so a failure names a case that can be replayed.
    struct LCG {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        mutating func point(in size: Double) -> Point { Point(x: next() * size - 20, y: next() * size - 20) }
    }

    /// Random lines (taps, short strokes, strokes of several chunks, some leaving the surface) and
    /// random clips: the chunked totals equal a segment-by-segment walk, field for field.
    @Test(arguments: 0..<40)
    func chunkTotalsEqualAWalk(seed: UInt64) {
        checkChunkTotals(seed: seed, clip: .random)
    }

    /// A clip that holds every chunk's ink, or shares no row with any, takes the line's summed blocks at
    /// once (`Polyline.chunksBlock`): still the walk's figures, field for field.
    @Test(arguments: 0..<20, [ClipKind.holdsAll, .missesAllRows])
    func summedChunksEqualAWalk(seed: UInt64, clip: ClipKind) {
        checkChunkTotals(seed: seed, clip: clip)
    }

    enum ClipKind: Sendable { case random, holdsAll, missesAllRows }

    func checkChunkTotals(seed: UInt64, clip kind: ClipKind) {
        var random = LCG(state: seed)
        let style = StrokeStyle(lineWidth: 1 + random.next() * 20)
        let count = [1, 2, 63, 64, 65, 129, 300][Int(random.next() * 7)]
        var line = Polyline(style: style)
        var points: [Point] = []
        var at = random.point(in: 400)
        for _ in 0..<count {
            at = Point(x: at.x + random.next() * 30 - 15, y: at.y + random.next() * 30 - 15)
            points.append(at)
            line.append(at)
        }
        let clip =
            switch kind {
            case .random:
                PixelRect(
                    x: Int(random.next() * 300) - 50, y: Int(random.next() * 300) - 50,
                    width: Int(random.next() * 400), height: Int(random.next() * 400))
            case .holdsAll: PixelRect(x: -100_000, y: -100_000, width: 200_000, height: 200_000)
            case .missesAllRows: PixelRect(x: -100_000, y: 50_000, width: 200_000, height: 100)
            }
        var chunked = StrokeTally()
        var walked = StrokeTally()
        line.count(into: &chunked, clip: clip, radius: style.inkRadius)
        let segments =
            points.count == 1 ? [Segment(points[0], points[0])] : zip(points, points.dropFirst()).map(Segment.init)
        for segment in segments { walked.add(segment, clip: clip, radius: style.inkRadius) }
        walked.segments = segments.count
        for point in points { walked.extents.add(point) }
        #expect(chunked.segments == walked.segments)
        #expect(chunked.culled == walked.culled)
        #expect(chunked.inkUnits == walked.inkUnits)
        #expect(chunked.edgeRows == walked.edgeRows)
        #expect(chunked.extents.box == walked.extents.box)
        #expect(Array(line) == points)
    }

    /// `Segment.meetsRows` compares without rounding; it decides what the box's rounded rows decide, on
    /// random segments and on ends at whole and half pixels, where the rounding is exact.
    @Test(arguments: 0..<20)
    func rowsMetWithoutRoundingAreTheInkBoundsRows(seed: UInt64) {
        var random = LCG(state: seed)
        let clip = PixelRect(x: 40, y: 40 + Int(random.next() * 20), width: 30, height: 1 + Int(random.next() * 40))
        for _ in 0..<500 {
            let snap = random.next() < 0.5
            func coordinate() -> Double { snap ? (random.next() * 240).rounded() / 2 : random.next() * 120 }
            let segment = Segment(Point(x: coordinate(), y: coordinate()), Point(x: coordinate(), y: coordinate()))
            let radius = snap ? [0.5, 1, 6][Int(random.next() * 3)] : random.next() * 12
            #expect(
                segment.meetsRows(of: clip, radius: radius) == clip.sharesRows(with: segment.inkBounds(radius: radius)),
                "\(segment) radius \(radius) clip \(clip)")
        }
    }

    /// A 10 px line (ink radius 6) and a 40 px clip at (100, 100), for the two tests below.
    static let style = StrokeStyle(lineWidth: 10)
    static let clip = PixelRect(x: 100, y: 100, width: 40, height: 40)

    /// What stroking `points` as one line counts inside `clip`.
    func tally(_ points: [Point]) -> StrokeTally {
        var tally = StrokeTally()
        Polyline(points, style: Self.style).count(into: &tally, clip: Self.clip, radius: Self.style.inkRadius)
        return tally
    }

    /// A segment that misses the clip is culled only when its ink lies above or below the clip's rows: one
    /// beside the clip, in its rows, is handed to the rasterizer (cairo keeps its edges) and counts as
    /// stroked, with no ink. Whole chunks are classified the same way.
    @Test func onlySegmentsAboveOrBelowTheClipAreCulled() {
        // 99 segments left of the clip, in its rows; 99 above it; 99 to the left and wholly below it.
        let beside = tally((0..<100).map { Point(x: 10 + Double($0 % 2) * 20, y: 110 + Double($0) * 0.2) })
        let above = tally((0..<100).map { Point(x: 110 + Double($0 % 2) * 20, y: 60 + Double($0) * 0.2) })
        let below = tally((0..<100).map { Point(x: 10 + Double($0 % 2) * 20, y: 160 + Double($0) * 0.2) })
        #expect((beside.segments, beside.culled, beside.inkUnits) == (99, 0, 0))
        #expect((above.segments, above.culled, above.inkUnits) == (99, 99, 0))
        #expect((below.segments, below.culled, below.inkUnits) == (99, 99, 0))
        // Ink to row 100.5 (y 94.5 plus the ink radius) reaches the clip's first row, 100; ink to row 100 does not.
        #expect(tally([Point(x: 10, y: 94.5), Point(x: 30, y: 94.5)]).culled == 0)
        #expect(tally([Point(x: 10, y: 94), Point(x: 30, y: 94)]).culled == 1)
        #expect(tally([Point(x: 10, y: 80), Point(x: 30, y: 80)]).culled == 1)
    }

    /// A segment not culled counts the rows of the clip it runs through, end to end in whole rows, beside the
    /// clip as inside it; a culled one counts none. Each segment not culled counts its ink radius once.
    @Test func edgeRowsAreTheClipsRowsASegmentRunsThrough() throws {
        #expect(tally([Point(x: 120, y: 110), Point(x: 120, y: 130)]).edgeRows == 20)  // inside: rows 110 to 130
        #expect(tally([Point(x: 120, y: 80), Point(x: 120, y: 170)]).edgeRows == 40)  // through: the clip's 40 rows
        #expect(tally([Point(x: 20, y: 110.5), Point(x: 30, y: 119.5)]).edgeRows == 10)  // beside: rows 110 to 120
        #expect(tally([Point(x: 120, y: 20), Point(x: 120, y: 60)]).edgeRows == 0)  // above: culled
        #expect(tally([Point(x: 120, y: 115), Point(x: 130, y: 115)]).edgeRows == 0)  // flat on a row boundary
        let ledger = WorkLedger(rasterizes: false)
        let context = try Context(surface: Surface(width: 200, height: 200, counting: ledger), counting: ledger)
        context.clip(to: Self.clip)
        let line = Polyline(
            [Point(x: 120, y: 20), Point(x: 120, y: 60), Point(x: 120, y: 110), Point(x: 121, y: 120)],
            style: Self.style)
        context.stroke([line], style: Self.style)
        // Three segments, the first above the clip: two not culled, 6 px of radius each, rows 100 to 110 and 110 to 120.
        #expect((ledger.counters.segmentsCulled, ledger.counters.joinRadii, ledger.counters.edgeRows) == (1, 12, 20))
    }

    /// Drawing the same things on a surface with pixels and on a dry one counts the same work, clips and
    /// saved states included; cairo's own clip extents agree with the ones tracked.
    @Test func aDrySurfaceCountsWhatARasterizedOneDoes() throws {
        func draw(rasterizes: Bool) throws -> WorkCounters {
            let ledger = WorkLedger(rasterizes: rasterizes, bitmaps: BitmapAccounting())
            let surface = try Surface(width: 300, height: 200, format: .extendedRange, counting: ledger)
            #expect(surface.isDry == !rasterizes)
            let context = try Context(surface: surface, counting: ledger)
            context.fill(surface.bounds, with: .white)
            var random = LCG(state: 7)
            let lines = (0..<5).map { _ in
                Polyline((0..<90).map { _ in random.point(in: 320) }, style: StrokeStyle(lineWidth: 6))
            }
            context.withSavedState {
                context.clip(to: PixelRect(x: 40, y: 30, width: 120, height: 90))
                context.clip(to: PixelRect(x: 60, y: -10, width: 400, height: 80))
                #expect(context.clipExtents == PixelRect(x: 60, y: 30, width: 100, height: 40))
                context.fill(surface.bounds, with: .white)
                context.stroke(lines, style: StrokeStyle(lineWidth: 6))
            }
            #expect(context.clipExtents == surface.bounds)
            context.stroke(
                [[Point(x: 5, y: 5)], [Point(x: 10, y: 10), Point(x: 250, y: 190)]], style: StrokeStyle(lineWidth: 3))
            let copy = try surface.copy(counting: ledger)
            context.draw(copy, in: PixelRect(x: 10, y: 10, width: 300, height: 200))
            #expect(ledger.bitmaps.liveBytes == 2 * surface.byteCount)
            return ledger.counters
        }
        let rasterized = try draw(rasterizes: true)
        let dry = try draw(rasterizes: false)
        #expect(dry == rasterized)
        #expect(dry.segmentsStroked == 5 * 89 + 2)
        #expect(dry.segmentsCulled > 0 && dry.pixelsStroked > 0 && dry.extendedStroked == dry.pixelsStroked)
    }

    /// A dry compositor counts the pixels a rasterizing one moves.
    @Test func aDryCompositorCountsWhatARasterizingOneDoes() throws {
        func composite(rasterizes: Bool) throws -> (Int, WorkCounters) {
            let ledger = WorkLedger(rasterizes: rasterizes)
            let compositor = try Compositor(width: 120, height: 80, rasterizes: rasterizes)
            let contents = try Surface(width: 200, height: 50, counting: ledger)
            var pixels = try compositor.composite(contents, damage: [PixelRect(x: 100, y: 10, width: 50, height: 100)])
            pixels += compositor.clear([PixelRect(x: -5, y: -5, width: 20, height: 20)], to: .white)
            pixels += try compositor.drawLayers(
                [Polyline([Point(x: 3, y: 4), Point(x: 60, y: 70)], style: StrokeStyle(lineWidth: 4))],
                style: StrokeStyle(lineWidth: 4),
                clip: PixelRect(x: 0, y: 0, width: 50, height: 50), counting: ledger)
            return (pixels, ledger.counters)
        }
        let (rasterizedPixels, rasterized) = try composite(rasterizes: true)
        let (dryPixels, dry) = try composite(rasterizes: false)
        #expect(rasterizedPixels == dryPixels)
        #expect(rasterized == dry)
        #expect(dryPixels == 20 * 40 + 15 * 15 + 50 * 49)
    }

    /// Every fill and image draw is one call, whatever it covers (even nothing); strokes are paths, not calls.
    @Test func fillsAndDrawsAreCountedAsCalls() throws {
        let ledger = WorkLedger()
        let surface = try Surface(width: 64, height: 64, counting: ledger)
        let image = try Surface(width: 64, height: 64)
        let context = try Context(surface: surface, counting: ledger)
        context.fill(PixelRect(x: 0, y: 0, width: 8, height: 8), with: .white)
        context.clip(to: PixelRect(x: 0, y: 0, width: 4, height: 4))
        context.draw(image, in: PixelRect(x: 32, y: 32, width: 64, height: 64))  // wholly clipped away
        context.stroke(
            [Polyline([Point(x: 1, y: 1), Point(x: 3, y: 3)], style: StrokeStyle(lineWidth: 2))],
            style: StrokeStyle(lineWidth: 2))
        #expect(ledger.counters.drawCalls == 2)
        #expect(ledger.counters.pathsStroked == 1)
    }

    /// The render server's one-layer stroke counts exactly what stroking a one-element array does, in
    /// standard and extended-range bitmaps, with and without pixels.
    @Test(arguments: [PixelFormat.standard, .extendedRange], [true, false])
    func oneLineStrokesCountAsAnArrayOfOne(format: PixelFormat, rasterizes: Bool) throws {
        let style = StrokeStyle(lineWidth: 6)
        let line = Polyline((0..<100).map { Point(x: 10 + Double($0) * 3, y: 40 + Double($0 % 7) * 9) }, style: style)
        func counted(_ stroke: (Context) -> Void) throws -> WorkCounters {
            let ledger = WorkLedger(rasterizes: rasterizes)
            let context = try Context(
                surface: Surface(width: 200, height: 200, format: format, counting: ledger), counting: ledger)
            context.clip(to: PixelRect(x: 20, y: 50, width: 90, height: 20))
            let before = ledger.counters
            stroke(context)
            return ledger.counters - before
        }
        let single = try counted { $0.stroke(line, style: style) }
        #expect(single == (try counted { $0.stroke([line], style: style) }))
        #expect(single.segmentsStroked == 99 && single.segmentsCulled > 0 && single.pixelsStroked > 0)
        #expect((single.extendedStroked > 0) == (format == .extendedRange))
    }
}
