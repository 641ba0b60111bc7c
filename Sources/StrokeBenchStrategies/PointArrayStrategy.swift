import StrokeBenchCanvas

/// A `UIView` that stores every point and redraws all of them in `draw(_:)` after a whole-view
/// `setNeedsDisplay()`.
///
/// Modelled on "High performance drawing on iOS", part 1, "CPU fast": `touchesMoved` appends to
/// `lines` and invalidates the whole view; at the CoreAnimation commit `draw(_ rect:)` clears the
/// retained backing store (an opaque view with `clearsContextBeforeDrawing`) and strokes every
/// stored line as one path, so a frame's cost grows with the points drawn so far.
package final class PointArrayStrategy: DrawingStrategy {
    package static let name = "point-array"
    package static let summary = "stores points; setNeedsDisplay() redraws every stored line each frame"

    private let canvas: CanvasConfiguration
    private let ledger: WorkLedger
    private let backingStore: Surface
    private let context: Context
    private var lines: [Polyline] = []
    private var pointCount = 0
    private var needsDisplay = false
    private var newest = -1

    package init(canvas: CanvasConfiguration, environment: StrategyEnvironment) throws {
        self.canvas = canvas
        ledger = environment.ledger
        backingStore = try Surface(width: canvas.width, height: canvas.height, counting: ledger)
        context = try Context(surface: backingStore, counting: ledger)
        context.fill(canvas.bounds, with: canvas.background)
    }

    package var pointsRetained: Int { pointCount }

    /// Pending as soon as it arrives: every began or moved event calls `setNeedsDisplay()`.
    package var acceptedThrough: Int { newest }

    package func handle(_ event: TouchEvent) {
        switch event.phase {
        case .began: lines.append(Polyline(event.points.map(\.location), style: canvas.style))
        case .moved: lines[lines.count - 1].append(contentsOf: event.points.map(\.location))
        case .ended: break
        }
        pointCount += event.points.count
        if let last = event.points.last { newest = last.index }
        if event.phase != .ended { needsDisplay = true }  // setNeedsDisplay()
    }

    package func commit() -> LayerUpdate? {
        guard needsDisplay else { return nil }
        needsDisplay = false
        // draw(_ rect:) with rect == bounds.
        context.fill(canvas.bounds, with: canvas.background)
        context.stroke(lines, style: canvas.style)
        return LayerUpdate(contents: backingStore, damage: [canvas.bounds], showsThrough: newest)
    }

    package func finalPicture() -> Surface? { backingStore }
}
