/// What the front-buffered wet-ink layer did (JSON `pen_to_pixel.wet_ink`, docs/latency.md): its writes
/// into the buffer being scanned out, the share the scan-out tore, their time, and how many samples it
/// showed before any committed frame did.
package struct WetInkFigures: Codable, Hashable, Sendable {
    /// Writes into the front buffer: one for each turn that delivered samples.
    package var writes: Int
    /// Writes the scan-out passed through while they were drawing: the panel showed part of the new
    /// ink in one refresh and the rest in the next (a tear).
    package var tornWrites: Int
    /// Each write's time on the wet-ink thread, from the turn that delivered its samples to the end of
    /// its drawing (queueing behind the write before it included), in ms.
    package var writeMs: Percentiles
    /// Pixels drawn into the front buffer (each segment's swept box).
    package var pixels: Int
    /// Samples whose first pixels on screen were the wet layer's.
    package var samplesFirstShown: Int

    /// The torn writes' share, in %.
    package var tornPct: Double

    package init(writes: Int, tornWrites: Int, writeMs: Percentiles, pixels: Int, samplesFirstShown: Int) {
        self.writes = writes
        self.tornWrites = tornWrites
        self.writeMs = writeMs
        self.pixels = pixels
        self.samplesFirstShown = samplesFirstShown
        tornPct = writes == 0 ? 0 : 100 * Double(tornWrites) / Double(writes)
    }

    enum CodingKeys: String, CodingKey {
        case writes
        case tornWrites = "torn_writes"
        case tornPct = "torn_pct"
        case writeMs = "write_ms"
        case pixels
        case samplesFirstShown = "samples_first_shown"
    }
}
