import StrokeBenchCanvas

/// The render every async strategy runs in the background: a new bitmap
/// (`UIGraphicsBeginImageContextWithOptions`), filled with the opaque background, every line stroked.
func renderWholePicture(_ lines: StoredLines.Snapshot, canvas: CanvasConfiguration, ledger: WorkLedger) -> Surface? {
    guard let image = try? Surface(width: canvas.width, height: canvas.height, counting: ledger),
        let context = try? Context(surface: image, counting: ledger)
    else { return nil }
    context.fill(canvas.bounds, with: canvas.background)
    // The stored lines and the newest, stroked as one path: the snapshot is also a sequence of point
    // collections, which the generic `stroke` would copy into new lines, and joining its parts into one
    // array would copy every line for every render.
    context.stroke(lines.earlier, then: lines.newest, style: canvas.style)
    return image
}
