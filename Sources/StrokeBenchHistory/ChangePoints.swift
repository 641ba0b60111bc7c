import Foundation
import StrokeBenchTraces

/// One change in a series: where it happened, how large, and how sure.
package struct HistoryChange: Hashable, Sendable, Encodable {
    /// How a change was found.
    package enum Method: String, Sendable, Codable {
        /// An exact series (a counter, or a modelled figure): any change is one, at the commit that made it.
        case exact
        /// A measured series: e-divisive means with a permutation test.
        case eDivisive = "e-divisive"
    }

    /// The series' configuration id.
    package var configuration: String
    /// The series' metric.
    package var metric: String
    /// The metric's unit.
    package var unit: String
    /// The first commit after the change.
    package var commit: String
    /// The last commit before it: in the table only, so that a script that looks for a commit in the
    /// JSON or CSV finds the commits where something changed and no others.
    package var previousCommit: String
    /// The first point's date after the change.
    package var date: String
    /// The mean of the series from the previous change (or the start) to this one.
    package var before: Double
    /// The mean from this change to the next (or the end).
    package var after: Double
    /// `(after - before) / before`; nil when `before` is 0.
    package var change: Double?
    /// The permutation test's p-value; nil for an exact series.
    package var pValue: Double?
    /// How it was found.
    package var method: Method

    enum CodingKeys: String, CodingKey {
        case configuration, metric, unit, commit, date, before, after, change
        case pValue = "p_value"
        case method
    }
}

/// Finds the changes in a history's series.
package struct ChangeDetector: Sendable {
    /// The false-alarm level: each split of a measured series is kept only when a permutation test
    /// gives p <= alpha, so a series with no change shows one with probability about alpha per test.
    package var alpha: Double
    /// Permutations per test; the smallest p-value it can give is 1 / (permutations + 1).
    package var permutations: Int
    /// The fewest points on either side of a measured change.
    package var minimumSegment: Int
    /// Seeds the permutations, so that the same history always gives the same report.
    package var seed: UInt64

    /// The defaults: alpha 0.01 with 199 permutations, segments of at least 3 points.
    package init(alpha: Double = 0.01, permutations: Int = 199, minimumSegment: Int = 3, seed: UInt64 = 0x5eed) {
        self.alpha = alpha
        self.permutations = permutations
        self.minimumSegment = minimumSegment
        self.seed = seed
    }

    /// Every change of every series in `points` (as `HistoryStore.points` orders them), by
    /// configuration, metric, then position.
    package func changes(in points: [HistoryPoint]) -> [HistoryChange] {
        var changes: [HistoryChange] = []
        var start = 0
        while start < points.count {
            var end = start + 1
            while end < points.count, points[end].configuration == points[start].configuration,
                points[end].metric == points[start].metric
            {
                end += 1
            }
            changes += seriesChanges(Array(points[start..<end]))
            start = end
        }
        return changes
    }

    /// The changes of one series: exact when every point is exact, e-divisive otherwise.
    func seriesChanges(_ series: [HistoryPoint]) -> [HistoryChange] {
        let values = series.map(\.value)
        let exact = series.allSatisfy(\.exact)
        let splits: [(index: Int, p: Double?)] =
            exact
            ? Self.exactSplits(values).map { ($0, nil) }
            : eDivisiveSplits(values).map { ($0.index, $0.p) }
        let bounds = [0] + splits.map(\.index) + [values.count]
        return splits.enumerated().map { k, split in
            let before = mean(values[bounds[k]..<bounds[k + 1]])
            let after = mean(values[bounds[k + 1]..<bounds[k + 2]])
            let point = series[split.index]
            return HistoryChange(
                configuration: point.configuration, metric: point.metric, unit: point.unit,
                commit: point.commit, previousCommit: series[split.index - 1].commit, date: point.date,
                before: before, after: after, change: before != 0 ? (after - before) / before : nil,
                pValue: split.p, method: exact ? .exact : .eDivisive)
        }
    }

    /// Where an exact series changes value: beyond floating-point rounding (a relative 1e-9), as
    /// `bench check` compares modelled figures.
    static func exactSplits(_ values: [Double]) -> [Int] {
        values.indices.dropFirst().filter { i in
            abs(values[i] - values[i - 1]) > 1e-9 * max(abs(values[i]), abs(values[i - 1]))
        }
    }

    /// E-divisive means (Matteson and James 2014 with alpha = 2, the statistic Apache Otava and MongoDB
    /// use): split the segment where the scaled squared difference of means is largest, keep the split
    /// when a permutation test finds it significant, and go on in the two halves. Returns each kept
    /// split's first index on the right and its p-value, in order.
    ///
    /// The statistic is taken over the segment's ranks, not its raw values: measured times have a long
    /// slow tail (a run that shared the machine is +50% or more), and one such run near an end of a
    /// segment outweighs a real step in a difference of means, where in ranks it counts as one place.
    /// The permutation test is exact either way; the sizes reported are of the raw values.
    func eDivisiveSplits(_ values: [Double]) -> [(index: Int, p: Double)] {
        var generator = SeededGenerator(seed: seed)  // seeded, so that the permutations, and the report, repeat
        var found: [(index: Int, p: Double)] = []
        var pending = [0..<values.count]
        while let segment = pending.popLast() {
            let slice = Self.ranks(Array(values[segment]))
            guard let best = Self.bestSplit(slice, minimumSegment: minimumSegment) else { continue }
            let p = permutationP(slice, observed: best.statistic, generator: &generator)
            guard p <= alpha else { continue }
            let split = segment.lowerBound + best.index
            found.append((split, p))
            pending.append(segment.lowerBound..<split)
            pending.append(split..<segment.upperBound)
        }
        return found.sorted { $0.index < $1.index }
    }

    /// Each value's rank in `x`, from 1, ties given their mean rank.
    static func ranks(_ x: [Double]) -> [Double] {
        let order = x.indices.sorted { x[$0] < x[$1] }
        var ranks = [Double](repeating: 0, count: x.count)
        var i = 0
        while i < order.count {
            var j = i
            while j + 1 < order.count, x[order[j + 1]] == x[order[i]] { j += 1 }
            let rank = Double(i + j) / 2 + 1
            for k in i...j { ranks[order[k]] = rank }
            i = j + 1
        }
        return ranks
    }

    /// The split of `x` with the largest `τ(n-τ)/n · (mean left − mean right)²`, each side at least
    /// `minimumSegment` long; nil when `x` is too short. One pass with running sums.
    static func bestSplit(_ x: [Double], minimumSegment: Int) -> (index: Int, statistic: Double)? {
        let n = x.count
        guard n >= 2 * minimumSegment else { return nil }
        let total = x.reduce(0, +)
        var left = 0.0
        var best: (index: Int, statistic: Double)?
        for tau in 1..<n {
            left += x[tau - 1]
            guard tau >= minimumSegment, n - tau >= minimumSegment else { continue }
            let a = Double(tau)
            let b = Double(n - tau)
            let d = left / a - (total - left) / b
            let q = a * b / Double(n) * d * d
            if best == nil || q > best!.statistic { best = (tau, q) }
        }
        return best
    }

    /// The share of shuffles of `x` whose best split is at least `observed`, counting the data's own.
    /// Stops as soon as the share must end above `alpha`: such a split is dropped, and its p-value,
    /// then only known to be above `alpha`, is never reported (most segments of a history have no
    /// change, so this is most of the time saved).
    func permutationP(_ x: [Double], observed: Double, generator: inout SeededGenerator) -> Double {
        var shuffled = x
        var atLeast = 0
        let enough = Int((alpha * Double(permutations + 1)).rounded(.down))
        for _ in 0..<permutations {
            shuffled.shuffle(using: &generator)
            if let s = Self.bestSplit(shuffled, minimumSegment: minimumSegment), s.statistic >= observed * (1 - 1e-12) {
                atLeast += 1
                if atLeast >= enough { return Double(atLeast + 1) / Double(permutations + 1) }
            }
        }
        return Double(atLeast + 1) / Double(permutations + 1)
    }

    private func mean(_ values: ArraySlice<Double>) -> Double {
        values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
    }
}
