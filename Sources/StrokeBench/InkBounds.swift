import StrokeBenchCanvas

extension StrokeStyle {
    /// The whole pixels a polyline's ink can touch: its points' bounding box grown by half the line
    /// width plus a pixel of antialiasing (the article's `calculateRectBetween(lastPoint:newPoint:)`,
    /// made integral as CoreAnimation's backing store is). Covers the round join at the first point too.
    public func inkBounds<Points: Sequence>(of points: Points) -> PixelRect where Points.Element == Point {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for p in points {
            minX = min(minX, p.x)
            minY = min(minY, p.y)
            maxX = max(maxX, p.x)
            maxY = max(maxY, p.y)
        }
        guard minX <= maxX else { return .zero }
        let r = inkRadius
        return PixelRect(enclosingMinX: minX - r, minY: minY - r, maxX: maxX + r, maxY: maxY + r)
    }
}
