import CCairo

/// An ARGB32 bitmap owned by cairo: a backing store, a layer's contents or a flattened image.
///
/// Strategies draw into surfaces with `Context`; the render server reads them with `Compositor`.
public final class Surface {
    /// cairo's image surface; nil for a dry surface, which has a size and a format but no pixels.
    let handle: OpaquePointer?
    /// Size in pixels.
    public let width: Int
    public let height: Int
    /// Bytes per row, as cairo lays the pixels out (or would, for a dry surface).
    public let stride: Int
    /// The pixel format the modelled device's API would allocate. cairo draws ARGB32 whatever it is;
    /// the device cost model charges extended-range pixels as such (`WorkCounters.extendedRangePixels`).
    public let format: PixelFormat
    /// True for a bitmap made opaque (`UIGraphicsBeginImageContextWithOptions(size, true, scale)`): it has
    /// no alpha, so drawing it with the normal blend mode copies its pixels rather than blending them.
    /// cairo holds it as RGB24, which pixman draws with a copy too; the picture drawn from it is the
    /// same as from an ARGB32 bitmap of the same opaque pixels.
    public let isOpaque: Bool
    /// The strokes these pixels hold (`InkRecord`): those drawn into them, and those of every image drawn
    /// into them. The harness counts a presented picture as showing a sample only where one of them, or
    /// one of the render server's layers, passes through it (docs/model.md, "Ink from what the display
    /// shows"); dry and rasterized surfaces record alike, by the same calls.
    package internal(set) var ink = InkSet()
    /// Strokes recorded into these pixels so far (`InkRecord.record`): where the next one stands in
    /// this bitmap's order of strokes.
    var strokesRecorded = 0
    /// The replay's record of strokes, when the surface was made with its ledger: where a context with
    /// no ledger of its own records a stroke into this surface.
    let inkRecord: InkRecord?
    /// True when the pixels belong to someone else and are not counted as a live bitmap.
    private var borrowed = false
    /// Where this bitmap's bytes are counted while it lives; nil when it is not counted.
    private let accounting: BitmapAccounting?
    /// The replay's record of refused values, when the surface was made with its ledger: where a
    /// context with no ledger of its own records a misuse of this surface (a dry one drawn into pixels).
    let misuse: Misuse?
    /// Keeps bitmaps on glibc's heap, once per process. By default a large bitmap is sometimes mapped
    /// afresh (every page faulted in and zeroed by the kernel on first touch) and sometimes carved from
    /// reused heap (cleared with memset), depending on what was freed before, so the same allocation
    /// cost up to three times as much from one frame to the next. On the heap, and never trimmed back
    /// to the system, every allocation after the first few is a reuse and a clear: the same work costs
    /// the same time, which is what a cost model fitted to this host needs.
    private static let allocatorConfigured: Void = strokebench_keep_bitmaps_on_heap()

    /// Creates a bitmap filled with transparent black (cairo zero-fills new image surfaces), or, when
    /// `ledger` does not rasterize, a dry surface with no pixels that counts the same work.
    ///
    /// - Parameters:
    ///   - width: Width in pixels, 1 to 32767.
    ///   - height: Height in pixels, 1 to 32767.
    ///   - format: Standard 8-bit sRGB or extended range (counted at its own cost).
    ///   - opaque: Made without alpha, as an image context made opaque is: drawing it is a copy. Whoever
    ///     makes it fills it with an opaque colour first, as the drawing APIs' callers do.
    ///   - ledger: Counts the allocation as one bitmap allocated, its pixels as cleared and its
    ///     bytes as live, when given.
    /// - Throws: `CanvasError` if the size is not positive or cairo cannot allocate it.
    public init(
        width: Int, height: Int, format: PixelFormat = .standard, opaque: Bool = false,
        counting ledger: WorkLedger? = nil
    ) throws(CanvasError) {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw .invalidSize(width: width, height: height)
        }
        if ledger?.rasterizes ?? true {
            Self.allocatorConfigured
            let surface = cairo_image_surface_create(
                opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
            do { try check(cairo_surface_status(surface)) } catch {
                cairo_surface_destroy(surface)
                throw error
            }
            handle = surface
            stride = Int(cairo_image_surface_get_stride(surface))
        } else {
            handle = nil
            stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        }
        self.width = width
        self.height = height
        self.format = format
        isOpaque = opaque
        accounting = ledger?.bitmaps ?? .process
        misuse = ledger?.misuse
        inkRecord = ledger?.ink
        ledger?.counters.bitmapsAllocated += 1
        ledger?.count(.cleared, width * height, in: format)
        accounting?.allocated(stride * height)
    }

    /// A dry surface standing for pixels owned by someone else (the compositor's framebuffer): a size,
    /// nothing to draw into, not counted as a live bitmap.
    init(dryBorrowingWidth width: Int, height: Int) {
        handle = nil
        self.width = width
        self.height = height
        stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, Int32(width)))
        format = .standard
        isOpaque = true
        borrowed = true
        accounting = nil
        misuse = nil
        inkRecord = nil
    }

    /// True for a surface with no pixels: a dry replay's, which counts its work without rasterizing.
    public var isDry: Bool { handle == nil }

    /// Wraps pixels owned by someone else (the compositor's framebuffer) as an opaque RGB24 surface.
    /// The owner must outlive the surface.
    init(borrowing pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) {
        handle = cairo_image_surface_create_for_data(
            pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24,
            Int32(width), Int32(height), Int32(stride))!
        self.width = width
        self.height = height
        self.stride = stride
        format = .standard
        isOpaque = true
        borrowed = true
        accounting = nil
        misuse = nil
        inkRecord = nil
    }

    deinit {
        if let handle { cairo_surface_destroy(handle) }
        if !borrowed { accounting?.freed(byteCount) }
    }

    /// The whole surface as a rect.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }
    /// Size of the pixel buffer in bytes.
    public var byteCount: Int { stride * height }

    /// Calls `body` with the pixels (premultiplied ARGB32, native endian; an opaque bitmap's are RGB24,
    /// whose alpha byte is undefined), after cairo has flushed pending drawing. The pointer is valid only inside `body`.
    /// A dry surface has none: asking is a programming error.
    public func withUnsafePixels<R, E: Error>(_ body: (UnsafeMutableRawPointer, _ stride: Int) throws(E) -> R) throws(E)
        -> R
    {
        let handle = pixelHandle
        cairo_surface_flush(handle)
        defer { cairo_surface_mark_dirty(handle) }
        return try body(cairo_image_surface_get_data(handle)!, stride)
    }

    /// The pixel at (x, y) as 0xAARRGGBB (premultiplied). For tests and picture comparison.
    public func pixel(x: Int, y: Int) -> UInt32 {
        let handle = pixelHandle
        cairo_surface_flush(handle)
        let row = cairo_image_surface_get_data(handle)! + y * stride
        let pixel = row.withMemoryRebound(to: UInt32.self, capacity: width) { $0[x] }
        // An opaque (RGB24) bitmap's alpha byte is undefined: every pixel is opaque.
        return isOpaque ? pixel | 0xFF00_0000 : pixel
    }

    /// Writes the surface as a PNG file.
    public func writePNG(to path: String) throws(CanvasError) {
        let handle = pixelHandle
        cairo_surface_flush(handle)
        try check(cairo_surface_write_to_png(handle, path))
    }

    /// cairo's surface, for the operations that need pixels.
    private var pixelHandle: OpaquePointer {
        guard let handle else { preconditionFailure("the pixels of a dry surface (a dry replay draws none)") }
        return handle
    }

    /// Counts this image as a layer's new contents, handed to the render server at a commit.
    public func countUpload(in ledger: WorkLedger) {
        ledger.count(.uploaded, width * height, in: format)
    }

    /// A new surface with the same pixels (one bitmap allocated, one full copy).
    public func copy(counting ledger: WorkLedger? = nil) throws(CanvasError) -> Surface {
        let result = try Surface(width: width, height: height, format: format, opaque: isOpaque, counting: ledger)
        let context = try Context(surface: result, counting: ledger)
        context.draw(self, in: bounds)
        return result
    }
}

/// The pixel format a device's drawing API allocates for a bitmap.
public enum PixelFormat: String, Hashable, Sendable {
    /// 8-bit sRGB with alpha, 4 bytes a pixel: `UIGraphicsBeginImageContextWithOptions` ("sRGB only",
    /// WWDC18 session 219), view backing stores drawn in sRGB, and every bitmap on an sRGB screen.
    case standard
    /// Extended-range sRGB, a 16-bit float per component, 8 bytes a pixel: what
    /// `UIGraphicsImageRenderer`'s automatic range picks on a wide-colour screen (`prefersExtendedRange`
    /// "is true on devices that natively support wide color").
    case extendedRange
}

extension WorkLedger {
    /// Adds `pixels` to `counter`, and to its extended-range share when they are in that format.
    func count(_ counter: WorkCounters.PixelCounter, _ pixels: Int, in format: PixelFormat) {
        counters.add(pixels, to: counter, extended: format == .extendedRange)
    }
}

// A surface may be handed to another thread (a render task's result, the render server's input)
// once its producer has stopped drawing into it; cairo image surfaces have no thread affinity,
// and StrokeBench never draws into one surface from two threads at once.
extension Surface: @unchecked Sendable {}
