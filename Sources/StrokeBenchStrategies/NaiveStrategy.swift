import StrokeBenchCanvas

/// A `UIImageView` canvas that makes a whole new image for every touch event.
///
/// Modelled on "High performance drawing on iOS", part 1, "CPU slow": in `touchesMoved`,
/// `UIGraphicsImageRenderer(size: bounds.size).image { image?.draw(in: bounds); stroke the new
/// segment }`, then `imageView.image = newImage`. Per event that is one full-size bitmap allocated,
/// one full-canvas copy of the previous image, and one short stroke; the new image replaces the
/// layer's contents, so the whole layer is damaged. Per-sample delivery makes one image per sample,
/// which is why the article sees a 240 Hz pencil halve the frame rate.
///
/// A stroke of one sample (a tap) draws a dot at pen up, so that every strategy ends with the same
/// picture; the article's code draws nothing for a tap.
package final class NaiveStrategy: DrawingStrategy {
    package static let name = "naive"
    package static let summary = "new full-size image per touch event (UIGraphicsImageRenderer in touchesMoved)"

    private let canvas: CanvasConfiguration
    private let ledger: WorkLedger
    /// `UIGraphicsImageRenderer(size:)`'s default format: extended range on a wide-colour screen.
    private let imageRendererFormat: PixelFormat
    private var image: Surface?
    private var previous: Point?
    private var strokeHasMoved = false
    private var newest = -1
    /// The newest sample drawn into an image: pen down alone draws nothing, as in the article.
    private var drawnThrough = -1
    private var contentsChanged = false

    package init(canvas: CanvasConfiguration, environment: StrategyEnvironment) {
        self.canvas = canvas
        self.ledger = environment.ledger
        imageRendererFormat = environment.imageRendererFormat
    }

    /// Only what was drawn is pending: `touchesBegan` stores the point and draws nothing.
    package var acceptedThrough: Int { drawnThrough }

    package func handle(_ event: TouchEvent) throws {
        switch event.phase {
        case .began:
            previous = event.points.first?.location
            strokeHasMoved = false
        case .moved:
            guard let start = previous, let last = event.points.last else { return }
            // The segment from the last point through the event's, made as the line it is stroked as:
            // through an array and the generic `stroke`, every event paid for the conversion again.
            var segment = Polyline(style: canvas.style)
            segment.append(start)
            for point in event.points { segment.append(point.location) }
            try render(segment)
            previous = last.location
            strokeHasMoved = true
            drawnThrough = last.index
        case .ended:
            if !strokeHasMoved, let tap = previous {
                var dot = Polyline(style: canvas.style)
                dot.append(tap)
                try render(dot)
                drawnThrough = newest
            }
            previous = nil
        }
        if let last = event.points.last { newest = last.index }
    }

    /// `UIGraphicsImageRenderer.image { ... }`: a new bitmap, the old picture drawn into it, the new line stroked.
    private func render(_ line: Polyline) throws {
        let next = try Surface(
            width: canvas.width, height: canvas.height, format: imageRendererFormat, counting: ledger)
        let context = try Context(surface: next, counting: ledger)
        if let image {
            context.draw(image, in: canvas.bounds)
        } else {
            context.fill(canvas.bounds, with: canvas.background)
        }
        context.stroke(line, style: canvas.style)
        image = next
        contentsChanged = true
    }

    package func commit() -> LayerUpdate? {
        guard contentsChanged else { return nil }
        contentsChanged = false
        return LayerUpdate(contents: image, damage: [canvas.bounds], showsThrough: newest)
    }

    package func finalPicture() -> Surface? { image }
}
