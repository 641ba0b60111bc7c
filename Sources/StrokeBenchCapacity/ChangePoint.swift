/// Frame cost against history, fitted as two straight lines that meet nowhere in particular, the
/// break placed where the two fits' summed squared error is least: MotionMark's fit of frame time
/// against complexity (docs/capacity.md, "The fit").
package struct ChangePointFit: Hashable, Sendable {
    /// The first history of the second line; nil when there are too few steps for two lines (under 4),
    /// and one line is fitted.
    package var changePoint: Int?
    /// The first line's slope, in µs of frame cost per 1,000 retained points: what each point of
    /// history costs before the change.
    package var slopeUsPer1000Points: Double
    /// The first line's cost at no history, in ms.
    package var interceptMs: Double

    /// Fits `steps` (history, frame cost in ms), in any order; nil for fewer than two distinct histories.
    package init?(_ steps: [(points: Int, costMs: Double)]) {
        let sorted = steps.sorted { $0.points < $1.points }
        guard Set(sorted.map(\.points)).count >= 2 else { return nil }
        var best: (error: Double, split: Int?) = (Self.line(sorted[...]).error, nil)
        if sorted.count >= 4 {
            for split in 2...(sorted.count - 2) {
                let first = Self.line(sorted[..<split])
                let second = Self.line(sorted[split...])
                if first.error + second.error < best.error - 1e-12 { best = (first.error + second.error, split) }
            }
        }
        let first = Self.line(sorted[..<(best.split ?? sorted.count)])
        changePoint = best.split.map { sorted[$0].points }
        slopeUsPer1000Points = first.slope * 1000 * 1000
        interceptMs = first.intercept
    }

    /// Least squares of cost on points; a single history gives a flat line.
    private static func line(_ steps: ArraySlice<(points: Int, costMs: Double)>) -> (
        slope: Double, intercept: Double, error: Double
    ) {
        let n = Double(steps.count)
        let mx = steps.reduce(0) { $0 + Double($1.points) } / n
        let my = steps.reduce(0) { $0 + $1.costMs } / n
        let sxx = steps.reduce(0) { $0 + (Double($1.points) - mx) * (Double($1.points) - mx) }
        let sxy = steps.reduce(0) { $0 + (Double($1.points) - mx) * ($1.costMs - my) }
        let slope = sxx > 0 ? sxy / sxx : 0
        let intercept = my - slope * mx
        let error = steps.reduce(0) {
            $0 + ($1.costMs - intercept - slope * Double($1.points))
                * ($1.costMs - intercept - slope * Double($1.points))
        }
        return (slope, intercept, error)
    }
}
