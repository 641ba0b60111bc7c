import StrokeBenchCanvas

/// The article's GPU approach: every new segment becomes its own small retained layer (a
/// `CAShapeLayer` with the segment's path), which the render server rasterizes and composites, so
/// the main thread only creates layers.
///
/// Modelled on "High performance drawing on iOS" (the GPU variant that follows part 1): each
/// `touchesMoved` adds one shape layer holding the event's new segment, from the previous point
/// through the event's points (with coalesced delivery an event can carry two or more samples, and
/// the article makes one layer per call); the render server re-composites the base picture and every
/// sublayer with each update, so its cost grows with the layer count. Past 400 layers, and at pen
/// up, the main thread flattens them (`layer.render(in:)` into a new bitmap: the base copied, every
/// layer stroked), the bitmap becomes the base picture's contents and the sublayers are removed.
package final class SublayerStrategy: DrawingStrategy {
    package static let name = "sublayer"
    package static let summary =
        "one shape layer per segment, composited by the render server; flattened past 400 and at pen up"

    /// More sublayers than this are flattened into the base picture.
    package static let layerLimit = 400

    private let canvas: CanvasConfiguration
    private let ledger: WorkLedger
    private var base: Surface
    private var layers: [Polyline] = []
    private var layersBounds = PixelRect.zero
    private var lastPoint: Point?
    private var newest = -1
    private var baseChanged = true
    private var layersChanged = false

    package init(canvas: CanvasConfiguration, environment: StrategyEnvironment) throws {
        self.canvas = canvas
        ledger = environment.ledger
        base = try Surface(width: canvas.width, height: canvas.height, counting: ledger)
        try Context(surface: base, counting: ledger).fill(canvas.bounds, with: canvas.background)
    }

    package var pointsRetained: Int { layers.count }

    /// Pending as soon as it arrives: every began or moved event adds a shape layer.
    package var acceptedThrough: Int { newest }

    package func handle(_ event: TouchEvent) throws {
        switch event.phase {
        case .began:
            guard let p = event.points.first?.location else { break }
            addLayer([p])
            lastPoint = p
        case .moved:
            addLayer([lastPoint].compactMap { $0 } + event.points.map(\.location))
            lastPoint = event.points.last?.location ?? lastPoint
            if layers.count > Self.layerLimit { try flatten() }
        case .ended:
            try flatten()
            lastPoint = nil
        }
        if let last = event.points.last { newest = last.index }
    }

    private func addLayer(_ segment: [Point]) {
        layers.append(Polyline(segment, style: canvas.style))
        layersBounds = layersBounds.union(canvas.style.inkBounds(of: segment))
        layersChanged = true
    }

    /// `layer.render(in:)` of the view and its sublayers into a new bitmap, which replaces the base.
    private func flatten() throws {
        guard !layers.isEmpty else { return }
        let image = try Surface(width: canvas.width, height: canvas.height, counting: ledger)
        let context = try Context(surface: image, counting: ledger)
        context.draw(base, in: canvas.bounds)
        for layer in layers { context.stroke(layer, style: canvas.style) }
        base = image
        layers.removeAll(keepingCapacity: true)
        layersBounds = .zero
        baseChanged = true
        layersChanged = false
    }

    package func commit() -> LayerUpdate? {
        if baseChanged {
            baseChanged = false
            layersChanged = false
            return LayerUpdate(contents: base, damage: [canvas.bounds], showsThrough: newest, overlays: layers)
        }
        guard layersChanged else { return nil }
        layersChanged = false
        return LayerUpdate(
            contents: base, damage: [layersBounds.intersection(canvas.bounds)], showsThrough: newest,
            overlays: layers)
    }

    package func finalPicture() -> Surface? { base }
}
