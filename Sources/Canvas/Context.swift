import CCairo

/// A cairo drawing context on one `Surface`, counting the work it does in a `WorkLedger`.
///
/// Keeps its surface alive. Not thread-safe: use a context from one thread at a time.
public final class Context {
    let handle: OpaquePointer
    /// The surface drawn into; held so it outlives the context.
    public let surface: Surface
    let ledger: WorkLedger?

    /// - Parameter ledger: where pixels rasterized, bytes copied and segments stroked are counted.
    public init(surface: Surface, counting ledger: WorkLedger? = nil) throws(CanvasError) {
        let context = cairo_create(surface.handle)!
        do { try check(cairo_status(context)) } catch {
            cairo_destroy(context)
            throw error
        }
        handle = context
        self.surface = surface
        self.ledger = ledger
    }

    deinit { cairo_destroy(handle) }

    /// The clip's extents, as whole pixels inside the surface.
    var clipExtents: PixelRect {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(handle, &x0, &y0, &x1, &y1)
        return PixelRect(enclosingMinX: x0, minY: y0, maxX: x1, maxY: y1).intersection(surface.bounds)
    }

    /// Restricts all further drawing to `rect` (intersected with any earlier clip).
    public func clip(to rect: PixelRect) {
        cairo_rectangle(handle, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        cairo_clip(handle)
    }

    /// Removes every clip.
    public func resetClip() { cairo_reset_clip(handle) }

    /// Runs `body` with the current clip and state saved, and restores them afterwards.
    public func withSavedState<R>(_ body: () throws -> R) rethrows -> R {
        cairo_save(handle)
        defer { cairo_restore(handle) }
        return try body()
    }

    /// Fills `rect` (within the clip) with an opaque colour, replacing what was there.
    public func fill(_ rect: PixelRect, with color: Color) {
        cairo_set_operator(handle, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgb(handle, color.red, color.green, color.blue)
        cairo_rectangle(handle, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        cairo_fill(handle)
        cairo_set_operator(handle, CAIRO_OPERATOR_OVER)
        let filled = rect.intersection(clipExtents).area
        ledger?.counters.pixelsRasterized += filled
        ledger?.count(\.pixelsFilled, filled, in: surface.format)
    }

    /// Draws `image` with its top-left corner at `rect`'s origin, within the clip: `UIImage.draw(in:)`,
    /// whose default blend mode is normal, so a non-opaque image (every bitmap here has alpha) is
    /// blended source-over, not copied. Counts the pixels as rasterized and blended, their bytes as copied.
    public func draw(_ image: Surface, in rect: PixelRect) {
        cairo_set_operator(handle, CAIRO_OPERATOR_OVER)
        cairo_set_source_surface(handle, image.handle, Double(rect.x), Double(rect.y))
        cairo_rectangle(handle, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        cairo_fill(handle)
        let copied = rect.intersection(clipExtents).intersection(
            PixelRect(x: rect.x, y: rect.y, width: image.width, height: image.height)).area
        ledger?.counters.pixelsRasterized += copied
        ledger?.counters.bytesCopied += copied * 4
        ledger?.count(\.pixelsBlended, copied, in: surface.format)
    }

    /// Strokes polylines as one path, with round caps and joins: `CGContext.strokePath()` after
    /// `move(to:)` / `addLine(to:)` for each polyline. A one-point polyline is a tap and draws a dot.
    ///
    /// Counts one segment per line (one for a dot) and, as pixels rasterized, the path's bounding box
    /// grown by the ink radius (half the width plus a pixel of antialiasing), inside the clip. The box
    /// comes from the path's points: `cairo_stroke_extents` would stroke the whole path a second time
    /// and so double the very cost being measured. For the device cost model it also counts, segment
    /// by segment from geometry alone, the segments whose ink lies wholly outside the clip (culled, far
    /// cheaper than drawn) and the ink the others lay inside it (`StrokeInk`).
    public func stroke<Lines: Sequence>(_ polylines: Lines, style: StrokeStyle)
    where Lines.Element: Collection, Lines.Element.Element == Point {
        var segments = 0
        var ink = ledger.map { _ in StrokeInk(clip: clipExtents, radius: style.inkRadius) }
        for line in polylines {
            guard let first = line.first else { continue }
            cairo_move_to(handle, first.x, first.y)
            var count = 0
            var previous = first
            for point in line.dropFirst() {
                cairo_line_to(handle, point.x, point.y)
                ink?.add(previous, point)
                previous = point
                count += 1
            }
            if count == 0 {
                // cairo draws a round dot for a zero-length segment with round caps.
                cairo_line_to(handle, first.x, first.y)
                ink?.add(first, first)
                count = 1
            }
            segments += count
        }
        guard segments > 0 else { return }
        cairo_set_source_rgb(handle, style.color.red, style.color.green, style.color.blue)
        cairo_set_line_width(handle, style.lineWidth)
        cairo_set_line_cap(handle, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(handle, CAIRO_LINE_JOIN_ROUND)
        if let ledger, let ink {
            var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
            cairo_path_extents(handle, &x0, &y0, &x1, &y1)
            let r = style.inkRadius
            let extents = PixelRect(enclosingMinX: x0 - r, minY: y0 - r, maxX: x1 + r, maxY: y1 + r)
            let swept = extents.intersection(ink.clip).area
            ledger.counters.pixelsRasterized += swept
            ledger.counters.pixelsSwept += swept
            ledger.count(\.pixelsStroked, Int(ink.pixels.rounded()), in: surface.format)
            ledger.counters.segmentsStroked += segments
            ledger.counters.segmentsCulled += ink.culled
        }
        cairo_stroke(handle)
    }
}

/// The ink of a stroke inside a clip, estimated segment by segment from geometry alone (so a dry
/// replay could count it without rasterizing): a segment of length `l` lays about `(l + 2r)·2r`
/// pixels of ink, a capsule's bounding strip, no more than its box inside the clip; a segment whose
/// box misses the clip is culled.
struct StrokeInk {
    let clip: PixelRect
    let radius: Double
    private(set) var pixels = 0.0
    private(set) var culled = 0

    init(clip: PixelRect, radius: Double) { self.clip = clip; self.radius = radius }

    mutating func add(_ a: Point, _ b: Point) {
        let box = PixelRect(enclosingMinX: min(a.x, b.x) - radius, minY: min(a.y, b.y) - radius,
                            maxX: max(a.x, b.x) + radius, maxY: max(a.y, b.y) + radius).intersection(clip)
        guard !box.isEmpty else { culled += 1; return }
        let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        pixels += min(Double(box.area), (length + 2 * radius) * 2 * radius)
    }
}
