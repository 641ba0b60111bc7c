import Foundation

// One implementation of the Mann-Whitney U test for both of its uses: `bench compare` tests the
// per-frame times of two sweeps (hundreds of values a side: the normal approximation), and
// `bench check` tests a few whole runs a side (exactly, by enumeration).

/// The Mann-Whitney U test (Wilcoxon rank-sum) of two independent samples, two-sided, with the
/// normal approximation, the tie correction of the variance and a continuity correction.
///
/// Frame times are skewed and heavy-tailed (a few long frames), so a rank test says more than a
/// t-test or a bare ratio of means: it asks whether a frame drawn from one run tends to take longer
/// than a frame drawn from the other. The normal approximation is good from about 20 values per
/// side; sweeps give hundreds.
package struct MannWhitney: Hashable, Sendable {
    /// Values in each sample.
    package var n1: Int, n2: Int
    /// U of the second sample: the number of (first, second) pairs where the second value is
    /// larger, ties counting one half.
    package var u2: Double
    /// The standardized statistic: positive when the second sample tends to be larger.
    package var z: Double
    /// The two-sided p-value: the chance of a |z| at least this large if both samples came from one
    /// distribution. 1 when either sample is empty or every value is tied.
    package var p: Double

    /// P(second > first) + P(second = first) / 2 for a random pair: 0.5 means no tendency.
    package var probabilitySecondLarger: Double { n1 * n2 == 0 ? 0.5 : u2 / Double(n1 * n2) }

    /// Tests `first` against `second`.
    /// - Complexity: O((n1 + n2) log(n1 + n2)).
    package init(_ first: [Double], _ second: [Double]) {
        n1 = first.count
        n2 = second.count
        guard n1 > 0, n2 > 0 else {
            u2 = Double(n1 * n2) / 2
            z = 0
            p = 1
            return
        }
        let pooled = (first.map { ($0, false) } + second.map { ($0, true) }).sorted { $0.0 < $1.0 }
        let n = pooled.count
        var rankSumSecond = 0.0
        var tieTerm = 0.0  // sum of t^3 - t over groups of t tied values
        var i = 0
        while i < n {
            var j = i
            while j + 1 < n && pooled[j + 1].0 == pooled[i].0 { j += 1 }
            let averageRank = Double(i + j + 2) / 2  // ranks are 1-based
            let t = Double(j - i + 1)
            if t > 1 { tieTerm += t * t * t - t }
            for k in i...j where pooled[k].1 { rankSumSecond += averageRank }
            i = j + 1
        }
        let a = Double(n1)
        let b = Double(n2)
        let total = Double(n)
        u2 = rankSumSecond - b * (b + 1) / 2
        let mean = a * b / 2
        let variance = a * b / 12 * ((total + 1) - tieTerm / (total * (total - 1)))
        guard variance > 0 else {
            z = 0
            p = 1
            return
        }
        let difference = u2 - mean
        // Continuity correction: U moves in steps of one half, the normal curve does not.
        let corrected = difference == 0 ? 0 : (abs(difference) - 0.5) * (difference > 0 ? 1 : -1)
        z = corrected / variance.squareRoot()
        p = min(1, erfc(abs(z) / 2.0.squareRoot()))
    }
}

extension MannWhitney {
    // One-sided, on whole runs: `bench check` applies it to one figure per repeated replay, not to the
    // frames of one run, because frames within a run share the machine's load of that moment and a
    // per-frame test would call the drift between runs significant. With three runs on each side the
    // smallest possible p-value is 1/20 = 0.05, reached only when every candidate run is beyond every
    // baseline run; more repeats give the test more power.

    /// Samples up to this many splits of the pooled values are tested exactly, by enumeration; larger
    /// ones with the normal approximation.
    package static let exactLimit = 200_000

    /// The U statistic for "`x` is larger": the number of pairs (x_i, y_j) with x_i > y_j, ties counting one half.
    package static func u(_ x: [Double], greaterThan y: [Double]) -> Double {
        var u = 0.0
        for a in x { for b in y { u += a > b ? 1 : (a == b ? 0.5 : 0) } }
        return u
    }

    /// The one-sided p-value: the probability, were `x` and `y` drawn from one distribution, of a U at
    /// least as large as the one observed.
    ///
    /// Exact (every split of the pooled values, so ties are handled exactly) while there are at most
    /// `exactLimit` splits; otherwise the normal approximation with tie and continuity corrections.
    /// An empty side gives 1: no evidence.
    ///
    /// - Complexity: O(C(m + n, m) * m) for the exact test, m and n the two sample sizes.
    package static func pValue(_ x: [Double], greaterThan y: [Double]) -> Double {
        let m = x.count
        let n = y.count
        guard m > 0, n > 0 else { return 1 }
        let pooled = x + y
        let ranks = midRanks(pooled)
        let observed = ranks[0..<m].reduce(0, +)
        if let splits = binomial(m + n, m), splits <= exactLimit {
            // Rank sums are multiples of 0.5; compare with a little slack for the floating-point sums.
            var atLeast = 0
            var total = 0
            forEachCombination(of: m + n, choosing: m) { chosen in
                var sum = 0.0
                for i in chosen { sum += ranks[i] }
                if sum >= observed - 1e-9 { atLeast += 1 }
                total += 1
            }
            return Double(atLeast) / Double(total)
        }
        let uObserved = observed - Double(m * (m + 1)) / 2
        let mean = Double(m * n) / 2
        var tieTerm = 0.0
        for count in tieGroupSizes(pooled) where count > 1 { tieTerm += Double(count * count * count - count) }
        let nTotal = Double(m + n)
        let variance = Double(m * n) / 12 * ((nTotal + 1) - tieTerm / (nTotal * (nTotal - 1)))
        guard variance > 0 else { return 1 }
        let z = (uObserved - mean - 0.5) / variance.squareRoot()
        return 0.5 * erfc(z / 2.0.squareRoot())
    }

    /// Ranks 1...N of `values`, ties given the mean of the ranks they span.
    package static func midRanks(_ values: [Double]) -> [Double] {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Double](repeating: 0, count: values.count)
        var i = 0
        while i < order.count {
            var j = i
            while j + 1 < order.count, values[order[j + 1]] == values[order[i]] { j += 1 }
            let rank = Double(i + j) / 2 + 1
            for k in i...j { ranks[order[k]] = rank }
            i = j + 1
        }
        return ranks
    }

    private static func tieGroupSizes(_ values: [Double]) -> [Int] {
        Dictionary(grouping: values, by: { $0 }).values.map(\.count)
    }

    /// C(n, k), or nil when it would exceed `Int.max`.
    static func binomial(_ n: Int, _ k: Int) -> Int? {
        let k = min(k, n - k)
        guard k >= 0 else { return 0 }
        var result = 1
        for i in 0..<k {
            let (product, overflow) = result.multipliedReportingOverflow(by: n - i)
            guard !overflow else { return nil }
            result = product / (i + 1)
        }
        return result
    }

    /// Calls `body` with every k-element subset of 0..<n, as ascending indices.
    private static func forEachCombination(of n: Int, choosing k: Int, _ body: ([Int]) -> Void) {
        var chosen = Array(0..<k)
        while true {
            body(chosen)
            var i = k - 1
            while i >= 0, chosen[i] == n - k + i { i -= 1 }
            guard i >= 0 else { return }
            chosen[i] += 1
            for j in (i + 1)..<k { chosen[j] = chosen[j - 1] + 1 }
        }
    }
}

/// The median of `values` (the mean of the middle two for an even count); 0 for none.
package func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
