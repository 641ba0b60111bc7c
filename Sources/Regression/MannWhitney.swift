import Foundation

/// The Mann-Whitney U test (Wilcoxon rank-sum), one-sided: do the values of `x` tend to be larger
/// than those of `y`?
///
/// StrokeBench applies it to whole runs (one figure per repeated replay), not to the frames of one run:
/// frames within a run share the machine's load of that moment, so a per-frame test would call the
/// drift between runs significant. It makes no assumption about the distribution of run times, which
/// on a shared machine is skewed and heavy-tailed.
///
/// With three runs on each side the smallest possible p-value is 1/20 = 0.05, reached only when every
/// candidate run is beyond every baseline run; more repeats give the test more power.
public enum MannWhitney {
    /// Samples up to this many splits of the pooled values are tested exactly, by enumeration; larger
    /// ones with the normal approximation.
    public static let exactLimit = 200_000

    /// The U statistic for "`x` is larger": the number of pairs (x_i, y_j) with x_i > y_j, ties counting one half.
    public static func u(_ x: [Double], greaterThan y: [Double]) -> Double {
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
    public static func pValue(_ x: [Double], greaterThan y: [Double]) -> Double {
        let m = x.count, n = y.count
        guard m > 0, n > 0 else { return 1 }
        let pooled = x + y
        let ranks = midRanks(pooled)
        let observed = ranks[0..<m].reduce(0, +)
        if let splits = binomial(m + n, m), splits <= exactLimit {
            // Rank sums are multiples of 0.5; compare with a little slack for the floating-point sums.
            var atLeast = 0, total = 0
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
    static func midRanks(_ values: [Double]) -> [Double] {
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
