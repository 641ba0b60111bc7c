/// How far the ink trails the pen, in millimetres on the device's screen (JSON `pen_to_pixel.spatial_lag`,
/// docs/latency.md): at every vsync while the pen is down, the distance from where the pen is to the end
/// of the ink on screen, provisional ink included. Straight stretches and curves are kept apart, since
/// straight lines flatter a predictor, and the lag is given against the pen's speed.
package struct SpatialLag: Codable, Hashable, Sendable {
    /// Lag where the pen's last 25 ms of path stays within `straightWithinMm` of its chord.
    package var straightMm: Percentiles
    /// Lag everywhere else.
    package var curvedMm: Percentiles
    /// Lag by pen speed.
    package var bySpeed: [SpeedBand]
    /// Vsyncs measured (the pen down).
    package var vsyncs: Int

    /// The lag of one range of pen speeds.
    package struct SpeedBand: Codable, Hashable, Sendable {
        /// Pen speeds from `fromMmPerS` up to (not including) `toMmPerS`; nil for no upper end.
        package var fromMmPerS: Double
        package var toMmPerS: Double?
        package var vsyncs: Int
        package var lagMm: Percentiles
        enum CodingKeys: String, CodingKey {
            case fromMmPerS = "from_mm_per_s"
            case toMmPerS = "to_mm_per_s"
            case vsyncs
            case lagMm = "lag_mm"
        }
    }

    /// The speed bands' lower ends, in mm/s: a slow hand, handwriting, a fast stroke, a flick.
    package static let speedBands: [Double] = [0, 25, 50, 100, 200]
    /// A path within this of its chord over 25 ms counts as straight.
    package static let straightWithinMm = 0.2

    enum CodingKeys: String, CodingKey {
        case straightMm = "straight_mm"
        case curvedMm = "curved_mm"
        case bySpeed = "by_speed"
        case vsyncs
    }

    /// The figures of `measures` (lag mm, speed mm/s, straight) at each vsync the pen was down; nil for none.
    package init?(_ measures: [(lagMm: Double, speedMmPerS: Double, straight: Bool)]) {
        guard !measures.isEmpty else { return nil }
        straightMm = Percentiles(measures.filter(\.straight).map(\.lagMm))
        curvedMm = Percentiles(measures.filter { !$0.straight }.map(\.lagMm))
        bySpeed = Self.speedBands.indices.map { i in
            let from = Self.speedBands[i]
            let to = i + 1 < Self.speedBands.count ? Self.speedBands[i + 1] : nil
            let lags = measures.filter { m in m.speedMmPerS >= from && (to.map { m.speedMmPerS < $0 } ?? true) }.map(
                \.lagMm)
            return SpeedBand(fromMmPerS: from, toMmPerS: to, vsyncs: lags.count, lagMm: Percentiles(lags))
        }
        vsyncs = measures.count
    }
}
