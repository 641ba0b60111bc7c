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
    ///
    /// Each rank is selected, not sorted for: a modelled run works out the percentiles of every sample's
    /// latency, and more, in each of its 65 replays. Selection gives the value a sort puts at each rank,
    /// unless a `-0.0` or a NaN is among them: a stable sort keeps `-0.0` and `0.0`, equal, in their
    /// order, and ranks NaN as it meets it, so those lists are sorted.
    @usableFromInline
    init(sorting values: [Double]) {
        guard !values.isEmpty else {
            self = .zero
            return
        }
        var values = values
        guard values.count > 16, !values.contains(where: { $0.isNaN || ($0 == 0 && $0.sign == .minus) }) else {
            values.sort()
            self.init(
                p50: Self.rank(50, values), p90: Self.rank(90, values), p95: Self.rank(95, values),
                p99: Self.rank(99, values), max: values[values.count - 1])
            return
        }
        let n = values.count
        let ranks = [50.0, 90, 95, 99].map { Self.index(of: $0, among: n) }
        var found: [Double] = []
        values.withUnsafeMutableBufferPointer { v in
            // Each rank's value, then the next rank among the values above it.
            var from = 0
            for rank in ranks {
                Self.select(rank, in: v, from: from)
                found.append(v[rank])
                from = rank
            }
            var largest = v[from]
            for i in from..<n where v[i] > largest { largest = v[i] }
            found.append(largest)
        }
        self.init(p50: found[0], p90: found[1], p95: found[2], p99: found[3], max: found[4])
    }

    /// Puts at `k` the value a sort of `v[from...]` would put there, every value before it no larger
    /// and every value after it no smaller (Hoare's selection, the middle value as the pivot).
    private static func select(_ k: Int, in v: UnsafeMutableBufferPointer<Double>, from: Int) {
        var low = from
        var high = v.count - 1
        while low < high {
            let pivot = v[low + (high - low) / 2]
            var i = low
            var j = high
            while i <= j {
                while v[i] < pivot { i += 1 }
                while v[j] > pivot { j -= 1 }
                if i <= j {
                    v.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j {
                high = j
            } else if k >= i {
                low = i
            } else {
                return
            }
        }
    }

    /// The nearest rank's index among `n` sorted values.
    @inlinable
    package static func index(of p: Double, among n: Int) -> Int {
        Swift.max(0, Swift.min(n - 1, Int((p / 100 * Double(n)).rounded(.up)) - 1))
    }

    /// The nearest-rank percentile: the smallest value with at least `p` percent of values at or below it.
    @inlinable
    package static func rank(_ p: Double, _ sorted: [Double]) -> Double {
        sorted[index(of: p, among: sorted.count)]
    }
}
