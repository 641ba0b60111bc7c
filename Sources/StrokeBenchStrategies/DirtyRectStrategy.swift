import StrokeBenchCanvas

/// A `UIView` that stores every point and invalidates only the rectangle the new segments touch.
///
/// Modelled on "High performance drawing on iOS", part 1, "局部的setNeedsDisplay": `touchesMoved`
/// appends to `lines` and calls `setNeedsDisplay(rect)` with the bounding box of the new segment
/// grown by half the line width (plus a pixel of antialiasing). UIKit unions the rects of a turn; at
/// the commit `draw(_ rect:)` runs on the retained backing store, clipped to that rect: it clears the
/// rect and, as in the article, walks every stored line (cairo, like CoreGraphics, culls what falls
/// outside the clip, but the path is still built from every point).
///
/// A tap invalidates the dot's rect at `touchesBegan`, so it is drawn as the reference draws it.
package final class DirtyRectStrategy: DrawingStrategy {
    package static let name = "dirty-rect"
    package static let summary = "stores points; setNeedsDisplay(rect) redraws only the new segment's rect"

    private let canvas: CanvasConfiguration
    private let backingStore: Surface
    private let context: Context
    private var lines: [Polyline] = []
    private var pointCount = 0
    private var dirty = PixelRect.zero
    private var newest = -1

    package init(canvas: CanvasConfiguration, environment: StrategyEnvironment) throws {
        self.canvas = canvas
        backingStore = try Surface(width: canvas.width, height: canvas.height, counting: environment.ledger)
        context = try Context(surface: backingStore, counting: environment.ledger)
        context.fill(canvas.bounds, with: canvas.background)
    }

    package var pointsRetained: Int { pointCount }

    /// Pending as soon as it arrives: every began or moved event calls `setNeedsDisplay(rect)`.
    package var acceptedThrough: Int { newest }

    package func handle(_ event: TouchEvent) {
        let points = event.points.map(\.location)
        switch event.phase {
        case .began:
            lines.append(Polyline(points, style: canvas.style))
            dirty = dirty.union(canvas.style.inkBounds(of: points))
        case .moved:
            // A moved event follows its stroke's began one, whose line holds a point unless the
            // drawing API refused it: then the stroke starts here.
            let previous = lines.last?.last
            if lines.isEmpty { lines.append(Polyline([], style: canvas.style)) }
            lines[lines.count - 1].append(contentsOf: points)
            dirty = dirty.union(canvas.style.inkBounds(of: [previous].compactMap { $0 } + points))
        case .ended:
            break
        }
        if let last = event.points.last { newest = last.index }
        pointCount += points.count
    }

    package func commit() -> LayerUpdate? {
        let rect = dirty.intersection(canvas.bounds)
        dirty = .zero
        guard !rect.isEmpty else { return nil }
        context.withSavedState {
            context.clip(to: rect)
            context.fill(rect, with: canvas.background)
            context.stroke(lines, style: canvas.style)
        }
        return LayerUpdate(contents: backingStore, damage: [rect], showsThrough: newest)
    }

    package func finalPicture() -> Surface? { backingStore }
}
