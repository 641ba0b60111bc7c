import Foundation
import StrokeBench

/// Not a mistake but a change for the worse: `dirty-rect` as StrokeBench ships it, except that each
/// redraw strokes the stored lines `SLOWED_PASSES` times (1 when unset), as a change that did more
/// work per retained point would. scripts/misbehaving.sh records a capacity baseline with one pass and
/// checks it with three: `bench check` must say the capacity fell (exit 2).
final class SlowedDirtyRect: DrawingStrategy {
    static let name = "slowed-dirty-rect"
    static let summary =
        "dirty-rect, stroking its lines SLOWED_PASSES times a redraw (a test of bench check's capacity budget)"

    private let canvas: CanvasConfiguration
    private let backingStore: Surface
    private let context: Context
    private var lines: [Polyline] = []
    private var pointCount = 0
    private var dirty = PixelRect.zero
    private var newest = -1
    private let passes = Int(ProcessInfo.processInfo.environment["SLOWED_PASSES"] ?? "") ?? 1

    init(canvas: CanvasConfiguration, environment: StrategyEnvironment) throws {
        self.canvas = canvas
        backingStore = try Surface(width: canvas.width, height: canvas.height, counting: environment.ledger)
        context = try Context(surface: backingStore, counting: environment.ledger)
        context.fill(canvas.bounds, with: canvas.background)
    }

    var pointsRetained: Int { pointCount }
    var acceptedThrough: Int { newest }

    func handle(_ event: TouchEvent) {
        let points = event.points.map(\.location)
        switch event.phase {
        case .began:
            lines.append(Polyline(points, style: canvas.style))
            dirty = dirty.union(canvas.style.inkBounds(of: points))
        case .moved:
            let previous = lines[lines.count - 1].last!
            lines[lines.count - 1].append(contentsOf: points)
            dirty = dirty.union(canvas.style.inkBounds(of: CollectionOfOne(previous) + points))
        case .ended:
            break
        }
        if let last = event.points.last { newest = last.index }
        pointCount += points.count
    }

    func commit() -> LayerUpdate? {
        let rect = dirty.intersection(canvas.bounds)
        dirty = .zero
        guard !rect.isEmpty else { return nil }
        context.withSavedState {
            context.clip(to: rect)
            context.fill(rect, with: canvas.background)
            for _ in 0..<max(1, passes) { context.stroke(lines, style: canvas.style) }
        }
        return LayerUpdate(contents: backingStore, damage: [rect], showsThrough: newest)
    }

    func finalPicture() -> Surface? { backingStore }
}
