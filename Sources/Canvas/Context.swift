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
        ledger?.counters.pixelsRasterized += rect.intersection(clipExtents).area
    }

    /// Draws `image` with its top-left corner at `rect`'s origin, within the clip (an image copy:
    /// `UIImage.draw(in:)`). Counts the copied pixels as rasterized and their bytes as copied.
    public func draw(_ image: Surface, in rect: PixelRect) {
        cairo_set_operator(handle, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(handle, image.handle, Double(rect.x), Double(rect.y))
        cairo_rectangle(handle, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        cairo_fill(handle)
        cairo_set_operator(handle, CAIRO_OPERATOR_OVER)
        let copied = rect.intersection(clipExtents).intersection(
            PixelRect(x: rect.x, y: rect.y, width: image.width, height: image.height)).area
        ledger?.counters.pixelsRasterized += copied
        ledger?.counters.bytesCopied += copied * 4
    }

    /// Strokes polylines as one path, with round caps and joins: `CGContext.strokePath()` after
    /// `move(to:)` / `addLine(to:)` for each polyline. A one-point polyline is a tap and draws a dot.
    ///
    /// Counts one segment per line (one for a dot) and, as pixels rasterized, the path's bounding box
    /// grown by the ink radius (half the width plus a pixel of antialiasing), inside the clip. The box
    /// comes from the path's points: `cairo_stroke_extents` would stroke the whole path a second time
    /// and so double the very cost being measured.
    public func stroke<Lines: Sequence>(_ polylines: Lines, style: StrokeStyle)
    where Lines.Element: Collection, Lines.Element.Element == Point {
        var segments = 0
        for line in polylines {
            guard let first = line.first else { continue }
            cairo_move_to(handle, first.x, first.y)
            var count = 0
            for point in line.dropFirst() {
                cairo_line_to(handle, point.x, point.y)
                count += 1
            }
            if count == 0 {
                // cairo draws a round dot for a zero-length segment with round caps.
                cairo_line_to(handle, first.x, first.y)
                count = 1
            }
            segments += count
        }
        guard segments > 0 else { return }
        cairo_set_source_rgb(handle, style.color.red, style.color.green, style.color.blue)
        cairo_set_line_width(handle, style.lineWidth)
        cairo_set_line_cap(handle, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(handle, CAIRO_LINE_JOIN_ROUND)
        if let ledger {
            var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
            cairo_path_extents(handle, &x0, &y0, &x1, &y1)
            let r = style.inkRadius
            let extents = PixelRect(enclosingMinX: x0 - r, minY: y0 - r, maxX: x1 + r, maxY: y1 + r)
            ledger.counters.pixelsRasterized += extents.intersection(clipExtents).area
            ledger.counters.segmentsStroked += segments
        }
        cairo_stroke(handle)
    }
}
