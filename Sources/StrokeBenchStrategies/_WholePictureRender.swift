import StrokeBenchCanvas

/// The render every async strategy runs in the background: a new bitmap
/// (`UIGraphicsBeginImageContextWithOptions`), filled with the opaque background, every line stroked.
func renderWholePicture(_ lines: StoredLines.Snapshot, canvas: CanvasConfiguration, ledger: WorkLedger) -> Surface? {
    guard let image = try? Surface(width: canvas.width, height: canvas.height, counting: ledger),
        let context = try? Context(surface: image, counting: ledger)
    else { return nil }
    context.fill(canvas.bounds, with: canvas.background)
    // As an array of the lines, stroked as one path: the snapshot is also a sequence of point
    // collections, which the generic `stroke` would copy into new lines.
    context.stroke(lines.array, style: canvas.style)
    return image
}
