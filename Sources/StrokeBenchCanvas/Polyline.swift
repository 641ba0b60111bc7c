/// A line a strategy keeps and strokes again and again: its points, and running totals of its segments
/// kept as points are added, so that counting a redraw's work does not walk every segment again.
///
/// `point-array` and the async strategies redraw every stored line on every change; counting that work
/// segment by segment grows with the square of the stroke (a 15,001-point spiral redrawn 15,001 times is
/// 112 million segments). The totals are kept per chunk of `PointChunk.capacity` points: a chunk whose
/// ink lies wholly inside the clip adds its total, one wholly outside is culled whole, and only a chunk
/// the clip's edge crosses is walked. The figures are the same as a walk's, exactly: ink is summed in
/// whole units of 1/256 pixel, whose sum does not depend on the grouping.
///
/// Full chunks are immutable and shared, so a copy (an async render's snapshot of the lines) costs a
/// reference per chunk, and appending to a line a snapshot holds copies at most one chunk's points.
public struct Polyline: Sendable, RandomAccessCollection {
    /// The ink radius the chunks' totals are for (`StrokeStyle.inkRadius`); a stroke in another style walks.
    public let inkRadius: Double
    /// Full chunks, oldest first.
    private var chunks: [PointChunk] = []
    /// The points after the full chunks (fewer than a chunk's capacity) and their segments' totals.
    private var tail: [Point] = []
    private var tailBlock = SegmentBlock()
    /// The first point `append` refused (`Point.isOutOfReach`), which the line does not hold: a
    /// context asked to stroke the line refuses it and records the misuse.
    public private(set) var refusedPoint: Point?
    /// The full chunks' blocks summed: a redraw whose clip holds all their ink (an async render of the
    /// whole picture), or misses all their rows, counts them at once instead of chunk by chunk.
    private var chunksBlock = SegmentBlock()

    /// A line with `points`, whose totals are kept for strokes in `style` (a style out of reach keeps
    /// them for a hairline; a context refuses to stroke with it).
    public init(_ points: some Sequence<Point> = [], style: StrokeStyle) {
        inkRadius = style.isOutOfReach ? StrokeStyle(lineWidth: 0).inkRadius : style.inkRadius
        append(contentsOf: points)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { chunks.count * PointChunk.capacity + tail.count }
    public subscript(position: Int) -> Point {
        let full = chunks.count * PointChunk.capacity
        return position < full
            ? chunks[position / PointChunk.capacity].points[position % PointChunk.capacity] : tail[position - full]
    }

    /// Adds one point at the end.
    public mutating func append(_ point: Point) {
        guard !point.isOutOfReach else {
            if refusedPoint == nil { refusedPoint = point }
            return
        }
        // The tail's last point when it has one: the collection's `last` goes through the index arithmetic
        // of the subscript for every point of every stroke of every replay.
        if let previous = tail.last ?? chunks.last?.points.last {
            tailBlock.add(Segment(previous, point), radius: inkRadius)
        }
        tail.append(point)
        if tail.count == PointChunk.capacity {
            chunks.append(PointChunk(points: tail, block: tailBlock))
            chunksBlock.add(tailBlock)
            tail.removeAll(keepingCapacity: true)
            tailBlock = SegmentBlock()
        }
    }

    /// Adds points at the end, in order.
    public mutating func append(contentsOf newPoints: some Sequence<Point>) {
        for point in newPoints { append(point) }
    }

    /// Where the line's points are held: two lines with the same storage hold the same points for as
    /// long as either keeps that storage alive, since storage a copy shares is never written again
    /// (`append` copies it first). What `InkRecord` keeps a line it has seen before under.
    var storage: Storage {
        Storage(
            chunks: chunks.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) },
            tail: tail.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }, count: count)
    }

    /// The addresses of a line's two buffers, and how many points it holds of them (`storage`).
    struct Storage: Hashable {
        let chunks: UnsafeRawPointer?
        let tail: UnsafeRawPointer?
        let count: Int

        /// One word hashed, not three: a whole-picture render looks every stored line up. The tail's
        /// buffer tells most lines apart, and the count the versions of one line that share it.
        func hash(into hasher: inout Hasher) {
            hasher.combine(Int(bitPattern: tail) &+ count &* 0x9E37_79B9 &+ Int(bitPattern: chunks) &>> 4)
        }
    }

    /// Segments the stroker is handed: one per line between points, one for a dot, none when empty.
    public var segmentCount: Int { count == 1 ? 1 : Swift.max(0, count - 1) }

    /// Adds this line's work, stroked with `radius` inside `clip`, to `tally`.
    @inline(__always)
    func count(into tally: inout StrokeTally, clip: PixelRect, radius: Double) {
        // The line's fields read one by one, never the line whole: a caller reading the line where it
        // lies (a buffer of shape layers) would copy it for any use of the whole value.
        let total = chunks.count * PointChunk.capacity + tail.count
        guard total > 0 else { return }
        if total == 1 {
            let first = chunks.isEmpty ? tail[0] : chunks[0].points[0]
            tally.segments += 1
            tally.add(Segment(first, first), clip: clip, radius: radius)
            tally.extents.add(first)
            return
        }
        guard radius == inkRadius else { return countWalking(into: &tally, clip: clip, radius: radius) }
        var before: Point? = nil
        if let last = chunks.last, clip.contains(chunksBlock.inkBounds) || !clip.sharesRows(with: chunksBlock.inkBounds)
        {
            // Every chunk would be added whole, or culled whole: the same sums, at once.
            Self.count(chunksBlock, points: [], after: nil, into: &tally, clip: clip, radius: radius)
            before = last.points.last
        } else {
            for chunk in chunks {
                Self.count(chunk.block, points: chunk.points, after: before, into: &tally, clip: clip, radius: radius)
                before = chunk.points.last
            }
        }
        Self.count(tailBlock, points: tail, after: before, into: &tally, clip: clip, radius: radius)
    }

    /// Counts the segments that end at `points` (the first starting at `before`, or at the first point when
    /// the line starts here), summed in `block`. Static, handed only what it reads: a method would be handed
    /// the whole line, which a caller reading the line where it lies (a buffer of shape layers) must copy.
    private static func count(
        _ block: SegmentBlock, points: [Point], after before: Point?, into tally: inout StrokeTally,
        clip: PixelRect, radius: Double
    ) {
        assert(block.count == points.count - (before == nil ? 1 : 0) || points.isEmpty)
        guard block.count > 0 else { return }
        tally.extents.add(block.extents)
        tally.segments += block.count
        if clip.contains(block.inkBounds) {
            tally.inkUnits += block.inkUnits
            tally.edgeRows += block.edgeRows
        } else if !clip.sharesRows(with: block.inkBounds) {
            tally.culled += block.count
        } else {
            // The segments one by one, straight from the chunk's points (a redraw into a clip walks the chunks
            // beside it, in its rows, every time).
            var start = before ?? points[0]
            for i in (before == nil ? 1 : 0)..<points.count {
                tally.add(Segment(start, points[i]), clip: clip, radius: radius)
                start = points[i]
            }
        }
    }

    /// What `count(into:clip:radius:)` adds inside any clip that holds `inkBounds`, and those bounds: the
    /// line's totals, the same in every such clip. Nil for a dot or an empty line, or for a radius other
    /// than the totals' (each counted segment by segment, against its clip).
    func whole(radius: Double) -> (tally: StrokeTally, inkBounds: PixelRect)? {
        guard radius == inkRadius, chunks.count * PointChunk.capacity + tail.count > 1 else { return nil }
        let inkBounds = chunksBlock.inkBounds.union(tailBlock.inkBounds)
        var tally = StrokeTally()
        count(into: &tally, clip: inkBounds, radius: radius)
        return (tally, inkBounds)
    }

    /// `count(into:clip:radius:)` for a radius other than the one the totals are for: point by point.
    private func countWalking(into tally: inout StrokeTally, clip: PixelRect, radius: Double) {
        for point in self { tally.extents.add(point) }
        tally.segments += count - 1
        walk(1..<count, into: &tally, clip: clip, radius: radius)
    }

    /// Adds the ink of the segments ending at the points `ends`, one by one.
    private func walk(_ ends: Range<Int>, into tally: inout StrokeTally, clip: PixelRect, radius: Double) {
        for i in ends { tally.add(Segment(self[i - 1], self[i]), clip: clip, radius: radius) }
    }
}

/// `capacity` consecutive points of a `Polyline`, full and never changed again, with the totals of the
/// segments that end at them.
final class PointChunk: Sendable {
    static let capacity = 64
    let points: [Point]
    let block: SegmentBlock
    init(points: [Point], block: SegmentBlock) {
        self.points = points
        self.block = block
    }
}

/// A straight piece of a stroked line, from `a` to `b` (the same point for a dot).
struct Segment {
    var a: Point, b: Point
    init(_ a: Point, _ b: Point) {
        self.a = a
        self.b = b
    }

    /// The whole pixels its ink can touch: its box grown by the ink radius.
    func inkBounds(radius r: Double) -> PixelRect {
        PixelRect(
            enclosingMinX: min(a.x, b.x) - r, minY: min(a.y, b.y) - r, maxX: max(a.x, b.x) + r, maxY: max(a.y, b.y) + r)
    }

    /// True when the rows of `inkBounds(radius:)` meet `clip`'s rows: `clip.sharesRows(with: inkBounds(radius:))`
    /// without building the box, for a clip that is not empty. The box's rows are `floor(top)` and `ceil(bottom)`;
    /// against a clip's whole-pixel edges `floor(top) < maxY` is `top < maxY` and `y < ceil(bottom)` is
    /// `y < bottom`, exactly, so no rounding is needed (a redraw into a clip tests most segments it walks
    /// here, and a libm `floor` and `ceil` for each was most of a dry dirty-rect replay's time).
    func meetsRows(of clip: PixelRect, radius r: Double) -> Bool {
        min(a.y, b.y) - r < Double(clip.maxY) && Double(clip.y) < max(a.y, b.y) + r
    }

    /// The rows of `clip` it runs through, from one end to the other (its box, without the ink's radius, in
    /// whole rows): the stroker's two edges along it are stepped through each.
    func edgeRows(in clip: PixelRect) -> Int {
        let top = Int(Swift.min(a.y, b.y).rounded(.down))
        let bottom = Int(Swift.max(a.y, b.y).rounded(.up))
        return Swift.max(0, Swift.min(bottom, clip.maxY) - Swift.max(top, clip.y))
    }

    /// The ink it lays inside `box` (its ink bounds, clipped), in units of 1/256 pixel: a capsule's bounding
    /// strip, `(length + 2r)·2r` pixels, no more than the box.
    func inkUnits(inside box: PixelRect, radius r: Double) -> Int {
        let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        return Int((min(Double(box.area), (length + 2 * r) * 2 * r) * StrokeTally.unitsPerPixel).rounded())
    }
}

/// Consecutive segments of a `Polyline`, with what counting them unclipped gives.
struct SegmentBlock: Sendable {
    /// Segments in the block.
    private(set) var count = 0
    /// The union of the segments' ink bounds.
    private(set) var inkBounds = PixelRect.zero
    /// The ink of every segment, none clipped, in units of 1/256 pixel.
    private(set) var inkUnits = 0
    /// The rows every segment runs through, none clipped (`Segment.edgeRows`).
    private(set) var edgeRows = 0
    /// The segments' end points, as cairo's path holds them.
    private(set) var extents = FixedExtents()

    /// Adds another block's segments: counts and ink summed, bounds and extents joined.
    mutating func add(_ other: SegmentBlock) {
        count += other.count
        inkBounds = inkBounds.union(other.inkBounds)
        inkUnits += other.inkUnits
        edgeRows += other.edgeRows
        extents.add(other.extents)
    }

    mutating func add(_ segment: Segment, radius: Double) {
        let bounds = segment.inkBounds(radius: radius)
        count += 1
        inkBounds = inkBounds.union(bounds)
        inkUnits += segment.inkUnits(inside: bounds, radius: radius)
        edgeRows += segment.edgeRows(in: bounds)
        extents.add(segment.a)
        extents.add(segment.b)
    }
}

/// What one `Context.stroke` call counts, from geometry alone: the same whether or not it rasterizes.
struct StrokeTally {
    /// Ink is summed in whole units of 1/256 pixel (cairo's own fixed-point step), so that a block's
    /// total added at once equals its segments added one by one.
    static let unitsPerPixel = 256.0
    var segments = 0
    /// Segments whose ink lies wholly above or below the clip: culled. A segment beside the clip, in its
    /// rows, lays no ink either but is not culled: cairo's polygon drops the edges outside the clip's rows
    /// and keeps those left or right of it, moved onto its side for the winding, so the scan converter
    /// still takes them. Timed, a segment in the clip's rows costs about what a drawn segment does,
    /// whatever its length, so it counts as a segment stroked (docs/device-model.md, "The host fit").
    var culled = 0
    var inkUnits = 0
    /// Rows of the clip the segments not culled run through, summed over segments (`Segment.edgeRows`).
    var edgeRows = 0
    /// Every point of the path, for the span the scan converter sweeps.
    var extents = FixedExtents()

    /// Ink laid, in whole pixels.
    var inkPixels: Int { Int((Double(inkUnits) / Self.unitsPerPixel).rounded()) }

    mutating func add(_ segment: Segment, clip: PixelRect, radius: Double) {
        // Rows first: most segments a clipped redraw walks lie above, below or beside it.
        guard !clip.isEmpty, segment.meetsRows(of: clip, radius: radius) else {
            culled += 1
            return
        }
        edgeRows += segment.edgeRows(in: clip)
        let box = segment.inkBounds(radius: radius).intersection(clip)
        guard !box.isEmpty else { return }
        inkUnits += segment.inkUnits(inside: box, radius: radius)
    }
}

/// The bounding box of points as cairo stores a path: each coordinate rounded to 24.8 fixed point.
/// `cairo_path_extents` reports this box, so counting it here gives the same figure without a path.
struct FixedExtents: Sendable {
    private var minX = Int32.max, minY = Int32.max, maxX = Int32.min, maxY = Int32.min

    var isEmpty: Bool { minX > maxX }

    mutating func add(_ point: Point) {
        let x = Self.fixed(point.x)
        let y = Self.fixed(point.y)
        minX = Swift.min(minX, x)
        minY = Swift.min(minY, y)
        maxX = Swift.max(maxX, x)
        maxY = Swift.max(maxY, y)
    }

    mutating func add(_ other: FixedExtents) {
        minX = Swift.min(minX, other.minX)
        minY = Swift.min(minY, other.minY)
        maxX = Swift.max(maxX, other.maxX)
        maxY = Swift.max(maxY, other.maxY)
    }

    /// The box in pixels, as `cairo_path_extents` returns it (zeros for an empty path).
    var box: (x0: Double, y0: Double, x1: Double, y1: Double) {
        isEmpty ? (0, 0, 0, 0) : (Double(minX) / 256, Double(minY) / 256, Double(maxX) / 256, Double(maxY) / 256)
    }

    /// cairo's `_cairo_fixed_from_double`: add 1.5·2^44 so the 24.8 value lands in the low 32 bits of the
    /// mantissa, rounded to nearest, ties to even, and wrapping as cairo's does far outside the surface.
    static func fixed(_ value: Double) -> Int32 {
        Int32(truncatingIfNeeded: (value + 26_388_279_066_624.0).bitPattern)
    }
}

extension PixelRect {
    /// True when `other` has a row of pixels in this rect's rows: it is in them, or beside them to the left or
    /// right. False when either is empty.
    func sharesRows(with other: PixelRect) -> Bool {
        !isEmpty && !other.isEmpty && other.y < maxY && y < other.maxY
    }

    /// True when `other` lies wholly inside this rect (an empty `other` is inside every rect).
    public func contains(_ other: PixelRect) -> Bool {
        other.isEmpty || (other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY)
    }
}
