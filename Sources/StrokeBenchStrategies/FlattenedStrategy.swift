import StrokeBenchCanvas

/// `dirty-rect` plus flattening: finished strokes live in a bitmap, so a redraw never walks them again.
///
/// Modelled on "High performance drawing on iOS", part 1, "flatten Image": at `touchesEnded`,
/// `flattenImage()` renders the view into a new bitmap (`layer.render(in:)`, which runs `draw(_:)`
/// over the whole bounds: the previous flattened image plus the live line) and empties the live
/// line. The article's companion app also flattens when the live stroke passes 200 points, keeping
/// its last point so the line continues. `draw(_ rect:)`, clipped to the dirty rect, draws the
/// flattened image and then strokes the live points.
///
/// `--flattened-whole-layer` models the companion app's auto-draw instead of its touch path: its
/// `drawSpiral()` (`FreeDrawingImageViewCPUFast.swift`), run by a `CADisplayLink`, appends the next
/// spiral point and calls `self.layer.setNeedsDisplay()`, so every tick redraws the whole view: the
/// flattened image blended across the bounds and the live line stroked. The article's "about 25% CPU"
/// was measured with it.
package final class FlattenedStrategy: DrawingStrategy {
    package static let name = "flattened"
    package static let summary = "dirty-rect plus a flattened bitmap at pen up and every 200 live points"

    /// The companion app's limit on live points before it flattens mid-stroke.
    package static let livePointLimit = 200
    /// The companion app's auto-draw: the whole layer invalidated every tick.
    package static let wholeLayerOption = StrategyOption(
        name: "flattened-whole-layer", kind: .flag,
        help:
            "invalidate the whole layer on every event, as the companion app's spiral auto-draw does (layer.setNeedsDisplay())"
    )
    package static var options: [StrategyOption] { [wholeLayerOption] }

    private let canvas: CanvasConfiguration
    private let ledger: WorkLedger
    private let backingStore: Surface
    private let context: Context
    private var flattenedImage: Surface?
    /// The live points, stroked as a path on every draw as the app strokes its `line` array. They are kept
    /// as a `Polyline`, whose running totals count a redraw without walking it, rather than an array made
    /// into one on every draw: that made the harness's own counting part of the measured draw (on a
    /// 6-second session, callgrind counted 48 million instructions building it against cairo_stroke's
    /// 105 million), a cost the app does not have. What is drawn and counted is the same.
    private var line: Polyline
    private var dirty = PixelRect.zero
    private var newest = -1
    private let wholeLayer: Bool

    package init(canvas: CanvasConfiguration, environment: StrategyEnvironment) throws {
        self.canvas = canvas
        ledger = environment.ledger
        wholeLayer = environment.settings.flag(Self.wholeLayerOption)
        line = Polyline(style: canvas.style)
        backingStore = try Surface(width: canvas.width, height: canvas.height, counting: ledger)
        context = try Context(surface: backingStore, counting: ledger)
        context.fill(canvas.bounds, with: canvas.background)
    }

    package var pointsRetained: Int { line.count }

    /// Pending as soon as it arrives: every began or moved event calls `setNeedsDisplay(rect)`.
    package var acceptedThrough: Int { newest }

    package func handle(_ event: TouchEvent) throws {
        let points = event.points.map(\.location)
        switch event.phase {
        case .began:
            line = Polyline(points, style: canvas.style)
            dirty = dirty.union(canvas.style.inkBounds(of: points))
        case .moved:
            let previous = line.last  // nil only if the drawing API refused the stroke's first point
            line.append(contentsOf: points)
            dirty = dirty.union(canvas.style.inkBounds(of: [previous].compactMap { $0 } + points))
            if line.count > Self.livePointLimit { try flattenImage(keepingLastPoint: true) }
        case .ended:
            try flattenImage(keepingLastPoint: false)
        }
        if let last = event.points.last { newest = last.index }
        if wholeLayer && event.phase != .ended { dirty = canvas.bounds }  // layer.setNeedsDisplay()
    }

    /// `flattenImage()`: a new bitmap holding `draw(bounds)`, then the live points dropped. The app's
    /// `getImageRepresentation()` makes it with `UIGraphicsBeginImageContextWithOptions(bounds.size,
    /// self.isOpaque, 0)`, and a `UIView` is opaque unless told otherwise (the app's views are made with
    /// `T()`), so the image has no alpha and `draw(_:)` copies it rather than blending it.
    private func flattenImage(keepingLastPoint: Bool) throws {
        let image = try Surface(width: canvas.width, height: canvas.height, opaque: true, counting: ledger)
        let imageContext = try Context(surface: image, counting: ledger)
        draw(in: imageContext, rect: canvas.bounds)
        flattenedImage = image
        line = Polyline(keepingLastPoint ? [line.last].compactMap { $0 } : [], style: canvas.style)
    }

    /// `draw(_ rect:)`: the flattened image, then the live line.
    private func draw(in context: Context, rect: PixelRect) {
        if let flattenedImage {
            context.draw(flattenedImage, in: canvas.bounds)
        } else {
            context.fill(rect, with: canvas.background)
        }
        context.stroke(line, style: canvas.style)
    }

    package func commit() -> LayerUpdate? {
        let rect = dirty.intersection(canvas.bounds)
        dirty = .zero
        guard !rect.isEmpty else { return nil }
        context.withSavedState {
            context.clip(to: rect)
            draw(in: context, rect: rect)
        }
        return LayerUpdate(contents: backingStore, damage: [rect], showsThrough: newest)
    }

    package func finalPicture() -> Surface? { backingStore }
}
