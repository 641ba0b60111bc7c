import StrokeBench

/// `flattened` ("High performance drawing on iOS", part 1) with the flatten made every N strokes
/// instead of at every pen up: the live strokes are redrawn over the flattened bitmap until N have
/// ended, then `flattenImage()` renders the view into a new bitmap. Fewer full-canvas flattens,
/// longer live redraws; `--flatten-every-strokes 1` flattens at every pen up.
final class FlattenEveryStrategy: DrawingStrategy {
    static let name = "flatten-every"
    static let summary = "flattened, but the bitmap is made every N strokes (--flatten-every-strokes)"
    static let interval = StrategyOption(name: "flatten-every-strokes", kind: .count(1...1000, default: 4),
                                         help: "strokes drawn live between two flattens")
    static var options: [StrategyOption] { [interval] }
    private let canvas: CanvasConfiguration, renderer: ImageRenderer, context: Context, every: Int
    private var flattened: Surface?, live: [[Point]] = [], ended = 0, dirty = PixelRect.zero, newest = -1

    init(canvas: CanvasConfiguration, environment: StrategyEnvironment) throws {
        self.canvas = canvas
        every = environment.settings.count(Self.interval)
        renderer = ImageRenderer(width: canvas.width, height: canvas.height, counting: environment.ledger)
        context = try Context(surface: Surface(width: canvas.width, height: canvas.height, counting: environment.ledger),
                              counting: environment.ledger)
        context.fill(canvas.bounds, with: canvas.background)
    }

    var acceptedThrough: Int { newest }
    var pointsRetained: Int { live.reduce(0) { $0 + $1.count } }
    func handle(_ event: TouchEvent) throws {
        let points = event.points.map(\.location)
        switch event.phase {
        case .began: live.append(points); dirty = dirty.union(canvas.style.inkBounds(of: points))
        case .moved:
            dirty = dirty.union(canvas.style.inkBounds(of: [live[live.count - 1].last!] + points))
            live[live.count - 1] += points
        case .ended:
            ended += 1
            if ended % every == 0 { flattened = try renderer.image { draw(in: $0, rect: canvas.bounds) }; live = [] }
        }
        if let last = event.points.last { newest = last.index }
    }
    /// `draw(_ rect:)`: the flattened bitmap, then every live stroke.
    private func draw(in context: Context, rect: PixelRect) {
        if let flattened { context.draw(flattened, in: canvas.bounds) } else { context.fill(rect, with: canvas.background) }
        context.setStrokeStyle(canvas.style)
        for line in live { context.addLines(between: line) }
        context.strokePath()
    }
    func commit() -> LayerUpdate? {
        let rect = dirty.intersection(canvas.bounds)
        dirty = .zero
        guard !rect.isEmpty else { return nil }
        context.saveGState(); context.clip(to: rect); draw(in: context, rect: rect); context.restoreGState()
        return LayerUpdate(contents: context.surface, damage: [rect], showsThrough: newest)
    }
    func finalPicture() -> Surface? { context.surface }
}
