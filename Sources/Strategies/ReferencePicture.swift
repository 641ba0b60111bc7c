import Canvas

/// The picture every strategy must end with: the whole trace stroked once, each stroke one
/// polyline, all in one path, on the opaque background.
public enum ReferencePicture {
    /// Renders `lines` (in device pixels) on a fresh canvas.
    public static func render(_ lines: [[Point]], canvas: CanvasConfiguration) throws -> Surface {
        let surface = try Surface(width: canvas.width, height: canvas.height)
        let context = try Context(surface: surface)
        context.fill(canvas.bounds, with: canvas.background)
        context.stroke(lines, style: canvas.style)
        return surface
    }
}
