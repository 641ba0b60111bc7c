import CPixman

/// The render server's framebuffer: a screen-sized pixman image that layer contents are composited
/// into, limited to the damage each layer reports. A dry compositor has no framebuffer and counts the
/// same pixels without moving any (a dry replay's).
package final class Compositor {
    /// pixman's image; nil for a dry compositor.
    let framebuffer: OpaquePointer?
    /// Screen size in pixels.
    package let width: Int
    package let height: Int
    /// Pixels composited so far.
    package private(set) var pixelsComposited = 0

    /// - Parameters:
    ///   - width: The framebuffer's width in pixels.
    ///   - height: The framebuffer's height in pixels.
    ///   - rasterizes: Allocate the framebuffer and move pixels (true), or only count them.
    package init(width: Int, height: Int, rasterizes: Bool = true) throws(CanvasError) {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw .invalidSize(width: width, height: height)
        }
        if rasterizes {
            guard let image = pixman_image_create_bits(PIXMAN_x8r8g8b8, Int32(width), Int32(height), nil, 0) else {
                throw .pixmanImageCreationFailed(width: width, height: height)
            }
            framebuffer = image
        } else {
            framebuffer = nil
        }
        self.width = width
        self.height = height
    }

    /// A dry compositor's count of the shape layers it composited, kept from one composite to the next.
    private let layerCounts = LayerCounts()

    /// True when the compositor counts pixels without a framebuffer.
    package var isDry: Bool { framebuffer == nil }

    /// The framebuffer seen by cairo, for the sublayers the render server rasterizes itself.
    private lazy var framebufferSurface: Surface =
        framebuffer.map {
            Surface(
                borrowing: pixman_image_get_data($0)!, width: width, height: height,
                stride: Int(pixman_image_get_stride($0)))
        } ?? Surface(dryBorrowingWidth: width, height: height)

    deinit { if let framebuffer { pixman_image_unref(framebuffer) } }

    /// Whether the framebuffer's pixel at (`x`, `y`) shows `ink` rather than `background`: nearer the
    /// one than the other. Nil for a dry compositor, which has no pixels, or off the screen.
    package func showsInk(x: Int, y: Int, ink: Color, background: Color) -> Bool? {
        guard let framebuffer, x >= 0, y >= 0, x < width, y < height,
            let data = pixman_image_get_data(framebuffer)
        else { return nil }
        let stride = Int(pixman_image_get_stride(framebuffer)) / 4
        // x8r8g8b8, native-endian words.
        let word = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self)[y * stride + x]
        let pixel = (Double((word >> 16) & 0xFF) / 255, Double((word >> 8) & 0xFF) / 255, Double(word & 0xFF) / 255)
        func distance(_ c: Color) -> Double {
            let d = (pixel.0 - c.red, pixel.1 - c.green, pixel.2 - c.blue)
            return d.0 * d.0 + d.1 * d.1 + d.2 * d.2
        }
        return distance(ink) < distance(background)
    }

    /// Fills `damage` with an opaque colour: what the screen shows where a layer has no contents.
    @discardableResult
    package func clear(_ damage: [PixelRect], to color: Color) -> Int {
        func level(_ v: Double) -> UInt16 { UInt16((min(1, max(0, v)) * 65535).rounded()) }
        var fill = pixman_color_t(
            red: level(color.red), green: level(color.green), blue: level(color.blue), alpha: 65535)
        var total = 0
        let screen = PixelRect(x: 0, y: 0, width: width, height: height)
        for rect in damage {
            let r = rect.intersection(screen)
            guard !r.isEmpty else { continue }
            if let framebuffer {
                var box = pixman_rectangle16_t(
                    x: Int16(r.x), y: Int16(r.y), width: UInt16(r.width), height: UInt16(r.height))
                pixman_image_fill_rectangles(PIXMAN_OP_SRC, framebuffer, &fill, 1, &box)
            }
            total += r.area
        }
        pixelsComposited += total
        return total
    }

    /// Strokes each polyline as its own layer on top of the framebuffer, inside `clip`.
    /// - Parameters:
    ///   - layers: One polyline per layer (`CAShapeLayer`).
    ///   - style: The stroke style every layer shares.
    ///   - clip: The damaged area being composited.
    ///   - ledger: Where the strokes are counted (a fresh one when not given).
    /// - Returns: the pixels the layers' extents cover inside the clip.
    @discardableResult
    package func drawLayers(
        _ layers: [Polyline], style: StrokeStyle, clip: PixelRect,
        counting ledger: WorkLedger = WorkLedger()
    ) throws(CanvasError) -> Int {
        let before = ledger.counters.pixelsRasterized
        let context = try Context(surface: framebufferSurface, counting: ledger)
        context.clip(to: clip)
        context.strokeEach(layers, style: style, counts: isDry ? layerCounts : nil)
        if !isDry { framebufferSurface.withUnsafePixels { _, _ in } }  // flush cairo's writes before pixman reads
        let drawn = ledger.counters.pixelsRasterized - before
        pixelsComposited += drawn
        return drawn
    }

    /// Copies `damage` of `contents` (placed at the screen origin) into the framebuffer.
    /// - Returns: the pixels composited.
    @discardableResult
    package func composite(_ contents: Surface, damage: [PixelRect]) throws(CanvasError) -> Int {
        let screen = PixelRect(x: 0, y: 0, width: min(width, contents.width), height: min(height, contents.height))
        guard let framebuffer else {
            let total = damage.reduce(0) { $0 + $1.intersection(screen).area }
            pixelsComposited += total
            return total
        }
        let total = try contents.withUnsafePixels { (pixels, stride) throws(CanvasError) -> Int in
            // Wraps cairo's buffer without copying; pixman reads it in place.
            guard
                let source = pixman_image_create_bits(
                    contents.isOpaque ? PIXMAN_x8r8g8b8 : PIXMAN_a8r8g8b8, Int32(contents.width),
                    Int32(contents.height),
                    pixels.assumingMemoryBound(to: UInt32.self), Int32(stride))
            else {
                throw .pixmanImageCreationFailed(width: contents.width, height: contents.height)
            }
            defer { pixman_image_unref(source) }
            var total = 0
            for rect in damage {
                let r = rect.intersection(screen)
                guard !r.isEmpty else { continue }
                pixman_image_composite32(
                    PIXMAN_OP_SRC, source, nil, framebuffer,
                    Int32(r.x), Int32(r.y), 0, 0, Int32(r.x), Int32(r.y),
                    Int32(r.width), Int32(r.height))
                total += r.area
            }
            return total
        }
        pixelsComposited += total
        return total
    }

    /// The framebuffer as a new surface: the picture the display shows. A dry compositor has none.
    package func snapshot() throws(CanvasError) -> Surface {
        guard let framebuffer else { preconditionFailure("the picture of a dry compositor (a dry replay draws none)") }
        let result = try Surface(width: width, height: height)
        result.withUnsafePixels { pixels, stride in
            guard
                let destination = pixman_image_create_bits(
                    PIXMAN_a8r8g8b8, Int32(width), Int32(height), pixels.assumingMemoryBound(to: UInt32.self),
                    Int32(stride))
            else { return }
            defer { pixman_image_unref(destination) }
            // x8r8g8b8 -> a8r8g8b8 with SRC sets alpha to opaque.
            pixman_image_composite32(
                PIXMAN_OP_SRC, framebuffer, nil, destination, 0, 0, 0, 0, 0, 0,
                Int32(width), Int32(height))
        }
        return result
    }
}

// The render server owns its compositor and uses it from its own thread only; handing it to that
// thread once is safe because pixman images carry no thread affinity.
extension Compositor: @unchecked Sendable {}
