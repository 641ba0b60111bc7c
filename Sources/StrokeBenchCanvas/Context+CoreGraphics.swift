import CCairo

/// Line width, cap and colours: what `CGContext` keeps in its graphics state for stroking and filling.
struct GraphicsState {
    var lineWidth = 1.0
    var lineCap = LineCap.butt
    var strokeColor = Color.black
    var fillColor = Color.black

    var strokeStyle: StrokeStyle { StrokeStyle(lineWidth: lineWidth, color: strokeColor, lineCap: lineCap) }
}

extension LineCap {
    var cairo: cairo_line_cap_t {
        switch self {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
    }
}

/// The `CGContext` calls a UIKit `draw(_ rect:)` or `touchesMoved` body makes, so that such a body ports
/// by renaming types (`CGPoint` to `Point`, `CGRect` to `PixelRect`, `UIColor` to `Color`):
///
/// ```swift
/// context.setLineWidth(canvas.style.lineWidth)
/// context.setLineCap(.round)
/// context.setStrokeColor(.red)
/// context.move(to: first)
/// for point in rest { context.addLine(to: point) }
/// context.strokePath()
/// ```
///
/// Every call is counted as the lower-level calls it makes (`stroke(_:style:)`, `fill(_:with:)`), so
/// work drawn this way is priced by the device cost model like the built-in strategies' work.
extension Context {
    /// Starts a new subpath at `point`: `CGContext.move(to:)`.
    public func move(to point: Point) {
        currentPath.append([point])
    }

    /// Adds a straight line from the current point to `point`: `CGContext.addLine(to:)`. Without a
    /// current point it starts a subpath there, as CoreGraphics does.
    public func addLine(to point: Point) {
        if currentPath.isEmpty { currentPath.append([point]) } else { currentPath[currentPath.count - 1].append(point) }
    }

    /// Adds a subpath through `points`: `CGContext.addLines(between:)`.
    public func addLines(between points: [Point]) {
        guard !points.isEmpty else { return }
        currentPath.append(points)
    }

    /// Forgets the path being built: `CGContext.beginPath()`.
    public func beginPath() { currentPath.removeAll() }

    /// True when no path is being built: `CGContext.isPathEmpty`.
    public var isPathEmpty: Bool { currentPath.isEmpty }

    /// Strokes the path built so far with the current line width, cap and stroke colour, then empties
    /// it: `CGContext.strokePath()`. Joins are round.
    public func strokePath() {
        let style = graphics.strokeStyle
        let lines = currentPath.map { Polyline($0, style: style) }
        currentPath.removeAll()
        guard !lines.isEmpty else { return }
        stroke(lines, style: style)
    }

    /// `CGContext.setLineWidth(_:)`, in device pixels.
    public func setLineWidth(_ width: Double) { graphics.lineWidth = width }

    /// `CGContext.setLineCap(_:)`.
    public func setLineCap(_ cap: LineCap) { graphics.lineCap = cap }

    /// `CGContext.setStrokeColor(_:)`.
    public func setStrokeColor(_ color: Color) { graphics.strokeColor = color }

    /// `CGContext.setFillColor(_:)`.
    public func setFillColor(_ color: Color) { graphics.fillColor = color }

    /// Sets line width, cap and colour from a `StrokeStyle` in one call.
    public func setStrokeStyle(_ style: StrokeStyle) {
        graphics.lineWidth = style.lineWidth
        graphics.lineCap = style.lineCap
        graphics.strokeColor = style.color
    }

    /// Fills `rect` with the fill colour: `CGContext.fill(_:)`. Colours are opaque, so this replaces
    /// what was there, as a normal-blend fill of an opaque colour does.
    public func fill(_ rect: PixelRect) { fill(rect, with: graphics.fillColor) }

    /// A copy of the pixels drawn so far: `CGContext.makeImage()` on a bitmap context. CoreGraphics
    /// shares the pixels until the context draws again and then copies them; a strategy that draws on
    /// after taking the image pays that copy, which is what is counted here, at once.
    public func makeImage() throws(CanvasError) -> Surface {
        try surface.copy(counting: ledger)
    }
}

/// Makes bitmaps the way `UIGraphicsImageRenderer` does: a size, a format, and a closure that draws.
///
/// ```swift
/// let renderer = ImageRenderer(width: canvas.width, height: canvas.height,
///                              format: environment.imageRendererFormat, counting: environment.ledger)
/// let image = try renderer.image { context in
///     context.draw(previous, in: canvas.bounds)
///     context.strokePath()
/// }
/// ```
///
/// The bitmap's allocation and every pixel drawn into it are counted in the ledger, in its format.
public struct ImageRenderer {
    public let width: Int
    public let height: Int
    /// Standard 8-bit sRGB, or extended range on a wide-colour device (`StrategyEnvironment.imageRendererFormat`).
    public let format: PixelFormat
    let ledger: WorkLedger?

    /// - Parameters:
    ///   - width: The bitmap's width in pixels.
    ///   - height: The bitmap's height in pixels.
    ///   - format: Standard or extended range (`StrategyEnvironment.imageRendererFormat` is the device's).
    ///   - ledger: Where the allocation and the drawing are counted (a strategy's `environment.ledger`).
    public init(width: Int, height: Int, format: PixelFormat = .standard, counting ledger: WorkLedger? = nil) {
        self.width = width
        self.height = height
        self.format = format
        self.ledger = ledger
    }

    /// A new bitmap, transparent, drawn by `actions`: `UIGraphicsImageRenderer.image(actions:)`.
    public func image(_ actions: (Context) throws -> Void) throws -> Surface {
        let surface = try Surface(width: width, height: height, format: format, counting: ledger)
        let context = try Context(surface: surface, counting: ledger)
        try actions(context)
        return surface
    }
}
