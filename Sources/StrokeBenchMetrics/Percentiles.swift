/// The percentiles StrokeBench reports for a distribution, computed exactly (nearest rank on the
/// sorted values; no interpolation, no histogram buckets).
package struct Percentiles: Hashable, Sendable, Codable {
    package var p50: Double
    package var p90: Double
    package var p95: Double
    package var p99: Double
    package var max: Double

    package static let zero = Percentiles(p50: 0, p90: 0, p95: 0, p99: 0, max: 0)

    @inlinable
    package init(p50: Double, p90: Double, p95: Double, p99: Double, max: Double) {
        self.p50 = p50
        self.p90 = p90
        self.p95 = p95
        self.p99 = p99
        self.max = max
    }

    /// Nearest-rank percentiles of `values`; all zero for an empty list.
    @inlinable
    package init<S: Sequence>(_ values: S) where S.Element == Double {
        self.init(sorting: Array(values))
    }

    /// Nearest-rank percentiles of `values`, sorted here. Not generic and not inlined: a sort inlined into
    /// a generic caller ran unspecialized, through value witnesses, and took a ninth of a modelled sweep
    /// (its draws sort every sample's latency); specialized for `Double` it is a plain loop.
    @usableFromInline
    init(sorting values: [Double]) {
        var sorted = values
        sorted.sort()
        guard !sorted.isEmpty else {
            self = .zero
            return
        }
        self.init(
            p50: Self.rank(50, sorted), p90: Self.rank(90, sorted), p95: Self.rank(95, sorted),
            p99: Self.rank(99, sorted), max: sorted[sorted.count - 1])
    }

    /// The nearest-rank percentile: the smallest value with at least `p` percent of values at or below it.
    @inlinable
    package static func rank(_ p: Double, _ sorted: [Double]) -> Double {
        let n = sorted.count
        let index = Int((p / 100 * Double(n)).rounded(.up)) - 1
        return sorted[Swift.max(0, Swift.min(n - 1, index))]
    }
}
