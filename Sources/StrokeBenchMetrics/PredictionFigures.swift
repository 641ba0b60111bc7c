/// What predicted touches bought and cost in one run (JSON `pen_to_pixel.prediction`, docs/latency.md).
///
/// Provisional ink is the segment from the latest real sample to the predicted point, drawn on a layer of
/// its own, replaced each turn and removed when the pen lifts. Its *ghost* is how far its end lies from
/// the path the pen then really took: ink a person sees drawn where the pen never went, then retracted.
package struct PredictionFigures: Codable, Hashable, Sendable {
    /// `linear` or `kalman`.
    package var predictor: String
    /// How far ahead of the latest sample it reached, in ms.
    package var horizonMs: Double
    /// Each provisional segment's ghost, in mm on the device's screen.
    package var ghostInkMm: Percentiles
    /// How long each segment with a ghost over `ghostThresholdMm` stayed on screen, in ms.
    package var ghostLifetimeMs: Percentiles
    /// Segments with a ghost over `ghostThresholdMm` taken back, per second of drawing (pen down).
    package var retractionsPerS: Double
    /// Provisional segments presented.
    package var segments: Int
    /// The render server's extra work: pixels of provisional ink stroked (their swept boxes), and its time.
    package var extraPixels: Int
    package var extraCompositeMs: Double

    /// Ink further than this from the pen's real path counts as ghost ink a person sees taken back.
    package static let ghostThresholdMm = 0.5

    package init(
        predictor: String, horizonMs: Double, ghostInkMm: Percentiles, ghostLifetimeMs: Percentiles,
        retractionsPerS: Double, segments: Int, extraPixels: Int, extraCompositeMs: Double
    ) {
        self.predictor = predictor
        self.horizonMs = horizonMs
        self.ghostInkMm = ghostInkMm
        self.ghostLifetimeMs = ghostLifetimeMs
        self.retractionsPerS = retractionsPerS
        self.segments = segments
        self.extraPixels = extraPixels
        self.extraCompositeMs = extraCompositeMs
    }

    enum CodingKeys: String, CodingKey {
        case predictor
        case horizonMs = "horizon_ms"
        case ghostInkMm = "ghost_ink_mm"
        case ghostLifetimeMs = "ghost_lifetime_ms"
        case retractionsPerS = "retractions_per_s"
        case segments
        case extraPixels = "extra_pixels"
        case extraCompositeMs = "extra_composite_ms"
    }
}
