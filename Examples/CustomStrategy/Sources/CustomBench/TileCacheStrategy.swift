import StrokeBench

/// A tile cache: the canvas is cut into 256-pixel tiles and a commit redraws only the tiles the new
/// segments' ink touches, each one from the stored strokes, clipped to the tile (what a
/// `CATiledLayer`-backed canvas does). Between `dirty-rect`'s one rect and `point-array`'s whole view.
final class TileCacheStrategy: DrawingStrategy {
    static let name = "tile-cache"
    static let summary = "stores points; a commit redraws only the dirty 256-pixel tiles"
    static let tileSize = 256

    private let canvas: CanvasConfiguration, context: Context, columns: Int
    private var lines: [[Point]] = [], dirtyTiles = Set<Int>(), newest = -1
    private(set) var pointsRetained = 0

    init(canvas: CanvasConfiguration, environment: StrategyEnvironment) throws {
        self.canvas = canvas
        columns = (canvas.width + Self.tileSize - 1) / Self.tileSize
        let backingStore = try Surface(width: canvas.width, height: canvas.height, counting: environment.ledger)
        context = try Context(surface: backingStore, counting: environment.ledger)
        context.fill(canvas.bounds, with: canvas.background)
    }
    var acceptedThrough: Int { newest }

    func handle(_ event: TouchEvent) {
        let points = event.points.map(\.location)
        var ink = points
        switch event.phase {
        case .began: lines.append(points)
        case .moved: ink.insert(lines[lines.count - 1].last!, at: 0); lines[lines.count - 1] += points
        case .ended: break
        }
        pointsRetained += event.points.count
        if let last = event.points.last { newest = last.index }
        let rect = canvas.style.inkBounds(of: ink).intersection(canvas.bounds)
        guard !rect.isEmpty else { return }
        for row in rect.y / Self.tileSize...(rect.maxY - 1) / Self.tileSize {
            for column in rect.x / Self.tileSize...(rect.maxX - 1) / Self.tileSize { dirtyTiles.insert(row * columns + column) }
        }
    }

    func commit() -> LayerUpdate? {
        guard !dirtyTiles.isEmpty else { return nil }
        let tiles = dirtyTiles.sorted().map { tile in
            PixelRect(x: tile % columns * Self.tileSize, y: tile / columns * Self.tileSize,
                      width: Self.tileSize, height: Self.tileSize).intersection(canvas.bounds)
        }
        dirtyTiles.removeAll()
        for tile in tiles {  // draw(_ rect:) of each tile, as UIKit would call it
            context.saveGState(); context.clip(to: tile)
            context.fill(tile, with: canvas.background)
            context.setStrokeStyle(canvas.style)
            for line in lines { context.addLines(between: line) }
            context.strokePath(); context.restoreGState()
        }
        return LayerUpdate(contents: context.surface, damage: tiles, showsThrough: newest)
    }
    func finalPicture() -> Surface? { context.surface }
}
