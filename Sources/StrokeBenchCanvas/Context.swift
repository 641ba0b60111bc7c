import CCairo

/// A drawing context on one `Surface`, counting the work it does in a `WorkLedger`: cairo on a surface
/// with pixels, counting alone on a dry one (`Surface.isDry`). Every figure is counted from geometry,
/// the same either way, so a dry replay's counters equal a rasterized one's.
///
/// Keeps its surface alive. Not thread-safe: use a context from one thread at a time.
public final class Context {
    /// cairo's context; nil on a dry surface.
    let handle: OpaquePointer?
    /// The surface drawn into; held so it outlives the context.
    public let surface: Surface
    let ledger: WorkLedger?
    /// The clip's extents inside the surface. Clips are whole-pixel rects, so this is exactly the
    /// intersection of the rects clipped to, and what `cairo_clip_extents` reports (tested).
    private(set) var clipExtents: PixelRect
    /// Clips and graphics states saved by `withSavedState` or `saveGState()`, innermost last.
    private var savedStates: [(clip: PixelRect, graphics: GraphicsState)] = []
    /// The path being built by `move(to:)` and `addLine(to:)`, one subpath per `move(to:)`.
    var currentPath: [[Point]] = []
    /// Line width, cap and colour for `strokePath()`, and the colour for `fill(_:)`: CoreGraphics'
    /// defaults (1 pixel, butt caps, black) until set.
    var graphics = GraphicsState()

    /// - Parameters:
    ///   - surface: The bitmap to draw into; the context keeps it alive.
    ///   - ledger: Where pixels rasterized, bytes copied and segments stroked are counted.
    public init(surface: Surface, counting ledger: WorkLedger? = nil) throws(CanvasError) {
        if let target = surface.handle {
            let context = cairo_create(target)!
            do { try check(cairo_status(context)) } catch {
                cairo_destroy(context)
                throw error
            }
            handle = context
        } else {
            handle = nil
        }
        self.surface = surface
        self.ledger = ledger
        clipExtents = surface.bounds
    }

    deinit { if let handle { cairo_destroy(handle) } }

    /// Records a call this context refused, as CoreGraphics logs and ignores one (`Misuse`).
    private func refuse(_ reason: String) { ledger?.misuse.record(reason) }

    /// True for a rect a drawing can have; otherwise records the misuse (`what` names the rect).
    private func accepts(_ rect: PixelRect, _ what: String) -> Bool {
        guard rect.isOutOfReach else { return true }
        refuse(
            "gave \(what) of \(rect.width)x\(rect.height) at (\(rect.x), \(rect.y)) (a rect lies within \(Int(Point.maxMagnitude)) pixels of the canvas)"
        )
        return false
    }

    /// Restricts all further drawing to `rect` (intersected with any earlier clip).
    public func clip(to rect: PixelRect) {
        guard accepts(rect, "a clip") else { return }
        clipExtents = clipExtents.intersection(rect)
        guard let handle else { return }
        cairo_rectangle(handle, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        cairo_clip(handle)
    }

    /// Removes every clip.
    public func resetClip() {
        clipExtents = surface.bounds
        if let handle { cairo_reset_clip(handle) }
    }

    /// Runs `body` with the current clip and state saved, and restores them afterwards.
    public func withSavedState<R>(_ body: () throws -> R) rethrows -> R {
        saveGState()
        defer { restoreGState() }
        return try body()
    }

    /// Pushes the clip, line width, cap and colours: `CGContext.saveGState()`.
    public func saveGState() {
        savedStates.append((clipExtents, graphics))
        if let handle { cairo_save(handle) }
    }

    /// Pops what the matching `saveGState()` pushed: `CGContext.restoreGState()`. Unbalanced calls are ignored.
    public func restoreGState() {
        guard let saved = savedStates.popLast() else { return }
        if let handle { cairo_restore(handle) }
        clipExtents = saved.clip
        graphics = saved.graphics
    }

    /// Fills `rect` (within the clip) with an opaque colour, replacing what was there.
    public func fill(_ rect: PixelRect, with color: Color) {
        guard accepts(rect, "a fill") else { return }
        if let handle {
            cairo_set_operator(handle, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_rgb(handle, color.red, color.green, color.blue)
            cairo_rectangle(handle, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
            cairo_fill(handle)
            cairo_set_operator(handle, CAIRO_OPERATOR_OVER)
        }
        let filled = rect.intersection(clipExtents).area
        ledger?.counters.drawCalls += 1
        ledger?.counters.pixelsRasterized += filled
        ledger?.count(.filled, filled, in: surface.format)
    }

    /// Draws `image` with its top-left corner at `rect`'s origin, within the clip: `UIImage.draw(in:)`,
    /// whose default blend mode is normal, so an image with alpha is blended source-over and an opaque
    /// one (`Surface.isOpaque`) is copied. Counts the pixels as rasterized and as blended or copied (or,
    /// from an image of another format than the bitmap's, as converted), their bytes as copied.
    public func draw(_ image: Surface, in rect: PixelRect) {
        guard accepts(rect, "an image's rect") else { return }
        if let handle {
            guard image.handle != nil else {
                // A context made without the replay's ledger records on the image's, which has one.
                (ledger?.misuse ?? image.misuse)?.record(
                    "drew a dry image (made with a dry replay's ledger, no pixels) into a surface with pixels")
                return
            }
            cairo_set_operator(handle, CAIRO_OPERATOR_OVER)
            cairo_set_source_surface(handle, image.handle, Double(rect.x), Double(rect.y))
            cairo_rectangle(handle, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
            cairo_fill(handle)
        }
        let copied = rect.intersection(clipExtents).intersection(
            PixelRect(x: rect.x, y: rect.y, width: image.width, height: image.height)
        ).area
        ledger?.counters.drawCalls += 1
        ledger?.counters.pixelsRasterized += copied
        ledger?.counters.bytesCopied += copied * 4
        if image.format != surface.format {
            ledger?.counters.pixelsConverted += copied
        } else {
            ledger?.count(image.isOpaque ? .copied : .blended, copied, in: surface.format)
        }
        // The image's strokes are now in these pixels too.
        if copied > 0 { surface.ink.formUnion(image.ink) }
    }

    /// Strokes lines a caller builds for one stroke (a touch event's segment, a layer), as `stroke(_:style:)`
    /// of `Polyline`s; lines kept and stroked again should be kept as `Polyline`s, whose totals are kept.
    public func stroke<Lines: Sequence>(_ lines: Lines, style: StrokeStyle)
    where Lines.Element: Collection, Lines.Element.Element == Point {
        stroke(lines.map { Polyline($0, style: style) }, style: style)
    }

    /// Strokes polylines as one path, with round caps and joins: `CGContext.strokePath()` after
    /// `move(to:)` / `addLine(to:)` for each polyline. A one-point polyline is a tap and draws a dot.
    ///
    /// Counts one segment per line (one for a dot) and, as pixels rasterized and swept, the path's bounding
    /// box grown by the ink radius (half the width plus a pixel of antialiasing), inside the clip. The box
    /// comes from the path's points, as cairo holds them: `cairo_stroke_extents` would stroke the whole path
    /// a second time and so double the very cost being measured. For the device cost model it also
    /// counts the segments whose ink lies wholly above or below the clip (culled, far cheaper than drawn) and the
    /// ink the others lay inside it: a segment of length `l` lays about `(l + 2r)·2r` pixels, a capsule's
    /// bounding strip, no more than its box inside the clip.
    public func stroke(_ lines: [Polyline], style: StrokeStyle) {
        stroke(lines, then: nil, style: style)
    }

    /// Strokes one polyline, as `stroke([line], style:)` does, without making the array, and without
    /// making the line optional (`stroke(_:then:style:)`'s newest), which copied it: a retain and release
    /// of each of its buffers, for every touch event of `naive` and every line of an async render.
    public func stroke(_ line: Polyline, style: StrokeStyle) {
        if let refusal = refusal(of: style) ?? line.refusedPoint.map(refusal(of:)) { return refuse(refusal) }
        if let handle { addPath(CollectionOfOne(line), to: handle) }
        if let record = ledger?.ink ?? surface.inkRecord {
            record.record(line, into: &surface.ink, strokeNumber: surface.strokesRecorded)
            surface.strokesRecorded += 1
        }
        if ledger != nil {
            var tally = StrokeTally()
            line.count(into: &tally, clip: clipExtents, radius: style.inkRadius)
            record(tally, radius: style.inkRadius)
        }
        finishStroke(style)
    }

    /// Why a stroke in `style` is refused, nil where it is not.
    private func refusal(of style: StrokeStyle) -> String? {
        guard style.isOutOfReach else { return nil }
        return "stroked with a line width of \(style.lineWidth) (a width is 0...\(StrokeStyle.maxLineWidth) pixels)"
    }

    /// Why a stroke through `point`, a point a line refused, is refused.
    private func refusal(of point: Point) -> String {
        "stroked a point at (\(point.x), \(point.y)) (a point lies within \(Point.maxMagnitude) pixels of the canvas)"
    }

    /// `stroke(lines + [newest], style:)` without making that array: a background render strokes every
    /// stored line and the one still growing (`StoredLines.Snapshot`), and joining them into one array
    /// copied every line, for every render of every replay.
    public func stroke(_ lines: [Polyline], then newest: Polyline?, style: StrokeStyle) {
        if let refusal = refusal(of: style) { return refuse(refusal) }
        // By index, not `for line in lines`: each element bound by a loop is a copy of the line (a retain
        // and release of each of its buffers), for every line of every whole-picture render.
        let refused = lines.indices.lazy.compactMap { lines[$0].refusedPoint }.first ?? newest?.refusedPoint
        if let point = refused { return refuse(refusal(of: point)) }
        if let handle {
            addPath(lines, to: handle)
            if let newest { addPath(CollectionOfOne(newest), to: handle) }
        }
        if !lines.isEmpty || newest != nil { recordInk(lines, then: newest) }
        if ledger != nil {
            var tally = StrokeTally()
            for i in lines.indices { lines[i].count(into: &tally, clip: clipExtents, radius: style.inkRadius) }
            newest?.count(into: &tally, clip: clipExtents, radius: style.inkRadius)
            record(tally, radius: style.inkRadius)
        }
        finishStroke(style)
    }

    /// Strokes each of `lines` as a path of its own, as `stroke([line], style:)` would one line at a time,
    /// without an array per line: the render server strokes each shape layer alone, hundreds a frame.
    ///
    /// A dry context that keeps no record counts with `counts` where given: the layers it counted at an
    /// earlier composite, inside this clip too, are not counted again (`LayerCounts`).
    func strokeEach(_ lines: [Polyline], style: StrokeStyle, counts: LayerCounts? = nil) {
        // The render server's contexts keep no record: no line is copied for one.
        let recordsInk = ledger?.ink != nil || surface.inkRecord != nil
        if let ledger, handle == nil, !recordsInk {
            // A dry composite only counts: the layers' work summed here and added to the ledger once,
            // with the clip, the radius and the format read once, not for every layer.
            let (clip, radius, extended) = (clipExtents, style.inkRadius, surface.format == .extendedRange)
            if let counts {
                ledger.counters += counts.count(lines, clip: clip, radius: radius, extended: extended)
                return
            }
            var counters = WorkCounters()
            lines.withUnsafeBufferPointer { lines in
                for i in lines.indices {
                    Self.addStroke(of: lines[i], radius: radius, clip: clip, extended: extended, to: &counters)
                }
            }
            ledger.counters += counters
            return
        }
        // By index, each line read where it lies: a line bound by a loop, or passed on, is a copy (a
        // retain and release of each of its buffers). Read so, the compiler may lend it instead; it does
        // not always (a profile of the dry loop above still shows a copy a layer), hence `LayerCounts`.
        for i in lines.indices {
            if let handle { addPath(CollectionOfOne(lines[i]), to: handle) }
            if recordsInk { recordInk([], then: lines[i]) }
            if ledger != nil {
                var tally = StrokeTally()
                lines[i].count(into: &tally, clip: clipExtents, radius: style.inkRadius)
                record(tally, radius: style.inkRadius)
            }
            finishStroke(style)
        }
    }

    /// Counts a stroked path's work, as `stroke(_:style:)` describes, in one write to the ledger.
    /// Keeps a stroke's lines in the replay's record and their ids in the surface (`Surface.ink`).
    private func recordInk(_ lines: [Polyline], then newest: Polyline?) {
        guard let record = ledger?.ink ?? surface.inkRecord else { return }
        record.record(lines, then: newest, into: &surface.ink, strokeNumber: surface.strokesRecorded)
        surface.strokesRecorded += 1
    }

    private func record(_ tally: StrokeTally, radius: Double) {
        guard let ledger, tally.segments > 0 else { return }
        Self.add(
            tally, radius: radius, clip: clipExtents, extended: surface.format == .extendedRange, to: &ledger.counters)
        if let handle { assertExtentsMatchCairo(tally.extents, handle) }
    }

    /// What stroking `line` alone with `radius` inside `clip` adds to the ledger (`stroke(_:style:)`),
    /// added to `counters`.
    static func addStroke(
        of line: Polyline, radius: Double, clip: PixelRect, extended: Bool, to counters: inout WorkCounters
    ) {
        var tally = StrokeTally()
        line.count(into: &tally, clip: clip, radius: radius)
        add(tally, radius: radius, clip: clip, extended: extended, to: &counters)
    }

    /// What `record` adds to the ledger for `tally`, stroked with `radius` inside `clip`, added to `counters`.
    static func add(
        _ tally: StrokeTally, radius: Double, clip: PixelRect, extended: Bool, to counters: inout WorkCounters
    ) {
        guard tally.segments > 0 else { return }
        let e = tally.extents.box
        let swept = PixelRect(
            enclosingMinX: e.x0 - radius, minY: e.y0 - radius, maxX: e.x1 + radius, maxY: e.y1 + radius
        )
        .intersection(clip).area
        let radii = Int((Double(tally.segments - tally.culled) * radius).rounded())
        counters.addStroke(
            swept: swept, ink: tally.inkPixels, segments: tally.segments, culled: tally.culled,
            edgeRows: tally.edgeRows, joinRadii: radii, extended: extended)
    }

    /// Strokes the path built, in `style`: cairo's work, with pixels.
    private func finishStroke(_ style: StrokeStyle) {
        guard let handle else { return }
        cairo_set_source_rgb(handle, style.color.red, style.color.green, style.color.blue)
        cairo_set_line_width(handle, style.lineWidth)
        cairo_set_line_cap(handle, style.lineCap.cairo)
        cairo_set_line_join(handle, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke(handle)
    }

    /// Builds cairo's path: a `move_to` and `line_to`s for each polyline, a zero-length line for a dot
    /// (cairo draws a round dot for it with round caps).
    private func addPath<Lines: Sequence<Polyline>>(_ lines: Lines, to handle: OpaquePointer) {
        for line in lines {
            guard let first = line.first else { continue }
            cairo_move_to(handle, first.x, first.y)
            if line.count == 1 { cairo_line_to(handle, first.x, first.y) }
            for point in line.dropFirst() { cairo_line_to(handle, point.x, point.y) }
        }
    }

    /// Debug builds check that the extents counted from the points are cairo's own.
    private func assertExtentsMatchCairo(_ extents: FixedExtents, _ handle: OpaquePointer) {
        assert(
            {
                var x0 = 0.0
                var y0 = 0.0
                var x1 = 0.0
                var y1 = 0.0
                cairo_path_extents(handle, &x0, &y0, &x1, &y1)
                let e = extents.box
                return (x0, y0, x1, y1) == (e.x0, e.y0, e.x1, e.y1)
            }(), "path extents counted from the points differ from cairo's")
    }
}
