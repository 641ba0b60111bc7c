import StrokeBenchCanvas

/// The render every async strategy runs in the background: a new bitmap
/// (`UIGraphicsBeginImageContextWithOptions`), filled with the opaque background, every line stroked.
func renderWholePicture(_ lines: [Polyline], canvas: CanvasConfiguration, ledger: WorkLedger) -> Surface? {
    guard let image = try? Surface(width: canvas.width, height: canvas.height, counting: ledger),
          let context = try? Context(surface: image, counting: ledger) else { return nil }
    context.fill(canvas.bounds, with: canvas.background)
    context.stroke(lines, style: canvas.style)
    return image
}

/// The touch handling the async strategies share: store every point, remember the newest sample,
/// and say whether the view needs display (every began or moved event does).
struct StoredLines {
    /// The style the lines are stroked in, for their running totals.
    let style: StrokeStyle
    private(set) var lines: [Polyline] = []
    private(set) var newest = -1
    private(set) var pointCount = 0

    init(style: StrokeStyle) { self.style = style }

    /// - Returns: true when the event added points.
    mutating func handle(_ event: TouchEvent) -> Bool {
        let points = event.points.map(\.location)
        pointCount += points.count
        switch event.phase {
        case .began: lines.append(Polyline(points, style: style))
        case .moved: lines[lines.count - 1].append(contentsOf: points)
        case .ended: break
        }
        if let last = event.points.last { newest = last.index }
        return event.phase != .ended
    }
}
