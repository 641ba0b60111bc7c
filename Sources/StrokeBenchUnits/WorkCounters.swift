/// Deterministic work counted where it is done (in `Context`, `Surface` and `Compositor`), never
/// estimated from time. For a given trace, device and strategy these are the same on every run of
/// the virtual clock, which is what makes noise-free regression checks possible.
public struct WorkCounters: Hashable, Sendable, Codable {
    /// Pixels a drawing operation could write: the operation's extents clipped to the clip and the surface.
    public var pixelsRasterized: Int = 0
    /// Bytes moved by image copies (drawing one bitmap into another).
    public var bytesCopied: Int = 0
    /// Line segments handed to the stroker (a single-point stroke, a dot, counts as one).
    public var segmentsStroked: Int = 0
    /// Bitmaps (image surfaces) created.
    public var bitmapsAllocated: Int = 0
    /// Background render tasks started (they passed their first cancellation check).
    public var tasksStarted: Int = 0
    /// Background render tasks cancelled by a newer one before their picture was finished.
    public var tasksCancelled: Int = 0
    /// Background render tasks that finished drawing and whose picture was thrown away.
    public var tasksSuperseded: Int = 0
    /// Pixels the render server composited into the framebuffer.
    public var pixelsComposited: Int = 0

    // The kinds of work the device cost model charges separately (docs/device-model.md). Each is
    // counted from geometry where the work is done, so a dry replay that skips the raster could count
    // them too.

    /// Pixels of new bitmaps, allocated and cleared (cairo zero-fills, CoreGraphics clears).
    public var pixelsCleared: Int = 0
    /// Pixels filled with a colour.
    public var pixelsFilled: Int = 0
    /// Pixels of images with alpha drawn into a bitmap: `UIImage.draw(in:)`, a source-over blend.
    public var pixelsBlended: Int = 0
    /// Pixels of opaque images drawn into a bitmap: `UIImage.draw(in:)` of an image made opaque
    /// (`UIGraphicsBeginImageContextWithOptions(size, true, scale)`), which a normal blend copies.
    public var pixelsCopied: Int = 0
    /// Of the pixels drawn from images, those whose image was of another format than the bitmap's
    /// (`PixelFormat`): converted as they were drawn. Counted instead of blended or copied.
    public var pixelsConverted: Int = 0
    /// Pixels of ink laid by stroked paths inside the clip, estimated per segment (`StrokeInk`).
    public var pixelsStroked: Int = 0
    /// Pixels of stroked paths' bounding boxes inside the clip: the span the scan converter sweeps.
    public var pixelsSwept: Int = 0
    /// Of the segments stroked, those whose ink lies wholly above or below the clip: culled, not drawn. A
    /// segment beside the clip, in its rows, is not culled: the rasterizer still takes its edges.
    public var segmentsCulled: Int = 0
    /// Rows of the clip the segments not culled run through, segment by segment (each segment's box, in whole
    /// rows, within the clip's rows): the scan converter steps a segment's two edges through every row they
    /// cross, so a steep segment costs more than a flat one of the same length. Measured with cairo on
    /// spirals of 200 and 1,000 segments, 2 to 16 px long, 4 to 24 px wide: these rows, the segments and
    /// `joinRadii` explain the stroke's time to 2% (median); the ink laid adds nothing to the fit.
    public var edgeRows: Int = 0
    /// The ink radius of every segment not culled, summed, in whole pixels: a round join's (or cap's) arc has
    /// more vertices, spanning more rows, the wider the line.
    public var joinRadii: Int = 0
    /// Paths handed to the stroker (`strokePath()` calls that drew anything): each has a cost of its own,
    /// whatever its length (the stroker's and rasterizer's set-up), which a strategy stroking hundreds of
    /// one-segment layers pays hundreds of times.
    public var pathsStroked: Int = 0
    /// Fill and image-drawing calls (`Context.fill`, `Context.draw`), whatever they cover: each has a cost
    /// of its own (cairo's and pixman's set-up, a scanline's start), which a small clipped redraw pays in
    /// full for a few hundred pixels.
    public var drawCalls: Int = 0
    /// Pixels of images handed to the render server as a layer's new contents at a commit: CoreAnimation
    /// prepares the whole image, however little of it changed.
    public var pixelsUploaded: Int = 0
    /// Of the pixels cleared, filled, blended, stroked, uploaded and copied, those in extended-range bitmaps
    /// (`PixelFormat.extendedRange`: 8 bytes a pixel where the device's API picks it), by kind.
    public var extendedCleared: Int = 0
    public var extendedFilled: Int = 0
    public var extendedBlended: Int = 0
    public var extendedStroked: Int = 0
    public var extendedUploaded: Int = 0
    public var extendedCopied: Int = 0
    /// All extended-range pixels, of every kind.
    package var extendedRangePixels: Int {
        extendedCleared + extendedFilled + extendedBlended + extendedStroked + extendedUploaded + extendedCopied
    }

    /// A pixel counter whose extended-range share is kept apart (`extendedCleared` and the rest); stroked
    /// pixels are added with the rest of a stroke's work (`addStroke`).
    @usableFromInline package enum PixelCounter: Sendable { case cleared, filled, blended, uploaded, copied }

    /// Adds `pixels` to `counter`, and to its extended-range share when they are `extended`. A switch over
    /// the fields rather than key paths, which a dry replay built and compared for every bitmap it made.
    @inlinable
    package mutating func add(_ pixels: Int, to counter: PixelCounter, extended: Bool) {
        let share = extended ? pixels : 0
        switch counter {
        case .cleared:
            pixelsCleared += pixels
            extendedCleared += share
        case .filled:
            pixelsFilled += pixels
            extendedFilled += share
        case .blended:
            pixelsBlended += pixels
            extendedBlended += share
        case .uploaded:
            pixelsUploaded += pixels
            extendedUploaded += share
        case .copied:
            pixelsCopied += pixels
            extendedCopied += share
        }
    }

    public init() {}

    /// A stroked path's work, added in one go (`Context.stroke`): its swept box (also what it rasterized),
    /// its ink, in the extended share too for an extended-range bitmap, its segments, the culled among them,
    /// and the path.
    @inlinable
    package mutating func addStroke(
        swept: Int, ink: Int, segments: Int, culled: Int, edgeRows rows: Int, joinRadii radii: Int, extended: Bool
    ) {
        pixelsRasterized += swept
        pixelsSwept += swept
        pixelsStroked += ink
        if extended { extendedStroked += ink }
        segmentsStroked += segments
        segmentsCulled += culled
        edgeRows += rows
        joinRadii += radii
        pathsStroked += 1
    }

    /// Every counter, once, for tests that check `combine` names every one.
    package static let fields: [WritableKeyPath<WorkCounters, Int> & Sendable] = [
        \.pixelsRasterized, \.bytesCopied, \.segmentsStroked, \.bitmapsAllocated, \.tasksStarted,
        \.tasksCancelled, \.tasksSuperseded, \.pixelsComposited, \.pixelsCleared, \.pixelsFilled,
        \.pixelsBlended, \.pixelsStroked, \.segmentsCulled, \.edgeRows, \.joinRadii, \.pathsStroked, \.pixelsSwept,
        \.pixelsUploaded, \.drawCalls,
        \.extendedCleared, \.extendedFilled, \.extendedBlended, \.extendedStroked, \.extendedUploaded,
        \.pixelsCopied, \.extendedCopied, \.pixelsConverted,
    ]

    /// True when nothing was counted: every counter zero. Field by field, as `combine` is: comparing with
    /// `WorkCounters()` made and compared a whole zero tally, for every phase of every turn.
    @inlinable
    package var isZero: Bool {
        var any = pixelsRasterized | bytesCopied | segmentsStroked | bitmapsAllocated | tasksStarted
        any |= tasksCancelled | tasksSuperseded | pixelsComposited | pixelsCleared | pixelsFilled
        any |= pixelsBlended | pixelsStroked | pixelsSwept | segmentsCulled | edgeRows
        any |= joinRadii | pathsStroked | pixelsUploaded | drawCalls | extendedCleared
        any |= extendedFilled | extendedBlended | extendedStroked | extendedUploaded | pixelsCopied
        any |= extendedCopied | pixelsConverted
        return any == 0
    }

    /// The difference of two tallies: the work counted between two readings of a ledger.
    @inlinable
    package static func - (lhs: WorkCounters, rhs: WorkCounters) -> WorkCounters { combine(lhs, rhs, -) }

    @inlinable
    package static func += (lhs: inout WorkCounters, rhs: WorkCounters) { lhs = combine(lhs, rhs, +) }

    /// Every counter of `a` and `b` combined by `op`: the one place that names each field, so a new counter
    /// is added here (`WorkCountersTests` checks it against `fields`). Field by field rather than through
    /// key paths, which cost a dictionary-like lookup each: a dry replay combines counters several times a
    /// frame, and key paths made up a third of its time.
    @inlinable @inline(__always)
    static func combine(_ a: WorkCounters, _ b: WorkCounters, _ op: (Int, Int) -> Int) -> WorkCounters {
        var r = WorkCounters()
        r.pixelsRasterized = op(a.pixelsRasterized, b.pixelsRasterized)
        r.bytesCopied = op(a.bytesCopied, b.bytesCopied)
        r.segmentsStroked = op(a.segmentsStroked, b.segmentsStroked)
        r.bitmapsAllocated = op(a.bitmapsAllocated, b.bitmapsAllocated)
        r.tasksStarted = op(a.tasksStarted, b.tasksStarted)
        r.tasksCancelled = op(a.tasksCancelled, b.tasksCancelled)
        r.tasksSuperseded = op(a.tasksSuperseded, b.tasksSuperseded)
        r.pixelsComposited = op(a.pixelsComposited, b.pixelsComposited)
        r.pixelsCleared = op(a.pixelsCleared, b.pixelsCleared)
        r.pixelsFilled = op(a.pixelsFilled, b.pixelsFilled)
        r.pixelsBlended = op(a.pixelsBlended, b.pixelsBlended)
        r.pixelsStroked = op(a.pixelsStroked, b.pixelsStroked)
        r.pixelsSwept = op(a.pixelsSwept, b.pixelsSwept)
        r.segmentsCulled = op(a.segmentsCulled, b.segmentsCulled)
        r.edgeRows = op(a.edgeRows, b.edgeRows)
        r.joinRadii = op(a.joinRadii, b.joinRadii)
        r.pathsStroked = op(a.pathsStroked, b.pathsStroked)
        r.pixelsUploaded = op(a.pixelsUploaded, b.pixelsUploaded)
        r.drawCalls = op(a.drawCalls, b.drawCalls)
        r.extendedCleared = op(a.extendedCleared, b.extendedCleared)
        r.extendedFilled = op(a.extendedFilled, b.extendedFilled)
        r.extendedBlended = op(a.extendedBlended, b.extendedBlended)
        r.extendedStroked = op(a.extendedStroked, b.extendedStroked)
        r.extendedUploaded = op(a.extendedUploaded, b.extendedUploaded)
        r.pixelsCopied = op(a.pixelsCopied, b.pixelsCopied)
        r.extendedCopied = op(a.extendedCopied, b.extendedCopied)
        r.pixelsConverted = op(a.pixelsConverted, b.pixelsConverted)
        return r
    }
}
