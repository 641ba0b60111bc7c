import StrokeBenchCanvas

/// The picture every strategy must end with: the whole trace stroked once, each stroke one
/// polyline, in one path (up to `batchPoints` points), on the opaque background.
package enum ReferencePicture {
    /// Renders `lines` (in device pixels) on a fresh canvas.
    package static func render(_ lines: [[Point]], canvas: CanvasConfiguration) throws -> Surface {
        let surface = try Surface(width: canvas.width, height: canvas.height)
        let context = try Context(surface: surface)
        context.fill(canvas.bounds, with: canvas.background)
        // One path per batch of lines: cairo's stroker holds the whole path's polygon at once, about
        // 600 bytes per point, so an hour-long session as one path (half a million points) would take
        // 300 MB for the reference alone. Traces up to `batchPoints` (the default trace, every test
        // trace) are still one path; beyond that only where lines of different batches cross can an
        // antialiased edge pixel differ, which the picture comparison tolerates by design.
        var start = lines.startIndex
        while start < lines.endIndex {
            var end = start
            var points = 0
            repeat {
                points += lines[end].count
                end += 1
            } while end < lines.endIndex && points + lines[end].count <= batchPoints
            context.stroke(lines[start..<end], style: canvas.style)
            start = end
        }
        return surface
    }

    /// The most points stroked as one path.
    package static let batchPoints = 20_000
}
