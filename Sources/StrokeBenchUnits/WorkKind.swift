/// The kinds of counted work the device cost model charges, each with a unit cost per device.
///
/// *Memory* kinds move whole pixels through memory (a clear, a fill, a blend, a copy, an upload, a composite)
/// and scale between devices with memory bandwidth; *compute* kinds are the stroker's geometry and
/// per-object overhead and scale with single-core speed.
package enum WorkKind: String, CaseIterable, Codable, Sendable, CodingKeyRepresentable {
    case pixelCleared = "pixel_cleared"
    case pixelFilled = "pixel_filled"
    case pixelBlended = "pixel_blended"
    case pixelStroked = "pixel_stroked"
    case pixelSwept = "pixel_swept"
    case segmentStroked = "segment_stroked"
    case segmentCulled = "segment_culled"
    case pixelUploaded = "pixel_uploaded"
    case bitmapAllocated = "bitmap_allocated"
    case pixelComposited = "pixel_composited"
    case pathStroked = "path_stroked"
    case drawCall = "draw_call"
    case edgeRow = "edge_row"
    case joinRadius = "join_radius"
    case pixelCopied = "pixel_copied"
    /// A pixel drawn from an image of another format (`PixelFormat`) into a bitmap: converted as it is
    /// drawn, not only copied or blended.
    case pixelConverted = "pixel_converted"

    /// The kind's name in the per-frame CSV's columns, after `main_` or `task_` (`main_pixels_cleared`):
    /// the counter's name, which predates the kind's.
    package var columnName: String {
        switch self {
        case .pixelCleared: "pixels_cleared"
        case .pixelFilled: "pixels_filled"
        case .pixelBlended: "pixels_blended"
        case .pixelStroked: "pixels_stroked"
        case .pixelSwept: "pixels_swept"
        case .segmentStroked: "segments_drawn"
        case .segmentCulled: "segments_culled"
        case .pixelUploaded: "pixels_uploaded"
        case .bitmapAllocated: "bitmaps_allocated"
        case .pixelComposited: "pixels_composited"
        case .pathStroked: "paths_stroked"
        case .drawCall: "draw_calls"
        case .edgeRow: "edge_rows"
        case .joinRadius: "join_radii"
        case .pixelCopied: "pixels_copied"
        case .pixelConverted: "pixels_converted"
        }
    }

    /// The unit of the kind's count in reports: `px` for pixels, none for objects.
    package var unit: String {
        switch self {
        case .pixelCleared, .pixelFilled, .pixelBlended, .pixelStroked, .pixelSwept, .pixelUploaded, .pixelComposited,
            .joinRadius, .pixelCopied, .pixelConverted:
            "px"
        case .segmentStroked, .segmentCulled, .bitmapAllocated, .pathStroked, .drawCall, .edgeRow: ""
        }
    }

    /// True for the kinds a background render does itself; uploads happen at a commit, on the main
    /// thread, and compositing in the render server.
    package var isDoneInBackground: Bool { self != .pixelUploaded && self != .pixelComposited }

    /// True for the kinds that scale with memory bandwidth.
    @inlinable
    package var isMemoryBound: Bool {
        switch self {
        case .pixelCleared, .pixelFilled, .pixelBlended, .pixelCopied, .pixelUploaded, .pixelComposited,
            .pixelConverted:
            true
        case .pixelStroked, .pixelSwept, .segmentStroked, .segmentCulled, .edgeRow, .joinRadius, .bitmapAllocated,
            .pathStroked, .drawCall:
            false
        }
    }

    /// How many of those units are extended-range pixels (0 for kinds that are not pixels of a
    /// bitmap): the extended share `WorkCounters` keeps beside this kind's counter.
    @inlinable
    package func extendedCount(in counters: WorkCounters) -> Int {
        switch self {
        case .pixelCleared: counters.extendedCleared
        case .pixelFilled: counters.extendedFilled
        case .pixelBlended: counters.extendedBlended
        case .pixelCopied: counters.extendedCopied
        case .pixelStroked: counters.extendedStroked
        case .pixelUploaded: counters.extendedUploaded
        // A converted pixel's bytes already say which format it is written in (`bytes_per_pixel`).
        case .pixelSwept, .segmentStroked, .segmentCulled, .edgeRow, .joinRadius, .bitmapAllocated, .pixelComposited,
            .pathStroked, .drawCall, .pixelConverted:
            0
        }
    }

    /// How many units of this kind `counters` hold.
    @inlinable
    package func count(in counters: WorkCounters) -> Int {
        switch self {
        case .pixelCleared: counters.pixelsCleared
        case .pixelFilled: counters.pixelsFilled
        case .pixelBlended: counters.pixelsBlended
        case .pixelCopied: counters.pixelsCopied
        case .pixelStroked: counters.pixelsStroked
        case .pixelSwept: counters.pixelsSwept
        // The stroker's segments include the culled ones, which are charged as their own kind.
        case .segmentStroked: counters.segmentsStroked - counters.segmentsCulled
        case .segmentCulled: counters.segmentsCulled
        case .pixelUploaded: counters.pixelsUploaded
        case .bitmapAllocated: counters.bitmapsAllocated
        case .pixelComposited: counters.pixelsComposited
        case .pathStroked: counters.pathsStroked
        case .drawCall: counters.drawCalls
        case .edgeRow: counters.edgeRows
        case .joinRadius: counters.joinRadii
        case .pixelConverted: counters.pixelsConverted
        }
    }
}
