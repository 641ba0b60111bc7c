import Foundation

/// The Mann-Whitney U test (Wilcoxon rank-sum) of two independent samples, two-sided, with the
/// normal approximation, the tie correction of the variance and a continuity correction.
///
/// Frame times are skewed and heavy-tailed (a few long frames), so a rank test says more than a
/// t-test or a bare ratio of means: it asks whether a frame drawn from one run tends to take longer
/// than a frame drawn from the other. The normal approximation is good from about 20 values per
/// side; sweeps give hundreds.
public struct MannWhitney: Hashable, Sendable {
    /// Values in each sample.
    public var n1: Int, n2: Int
    /// U of the second sample: the number of (first, second) pairs where the second value is
    /// larger, ties counting one half.
    public var u2: Double
    /// The standardized statistic: positive when the second sample tends to be larger.
    public var z: Double
    /// The two-sided p-value: the chance of a |z| at least this large if both samples came from one
    /// distribution. 1 when either sample is empty or every value is tied.
    public var p: Double

    /// P(second > first) + P(second = first) / 2 for a random pair: 0.5 means no tendency.
    public var probabilitySecondLarger: Double { n1 * n2 == 0 ? 0.5 : u2 / Double(n1 * n2) }

    /// Tests `first` against `second`.
    /// - Complexity: O((n1 + n2) log(n1 + n2)).
    public init(_ first: [Double], _ second: [Double]) {
        n1 = first.count; n2 = second.count
        guard n1 > 0, n2 > 0 else { u2 = Double(n1 * n2) / 2; z = 0; p = 1; return }
        let pooled = (first.map { ($0, false) } + second.map { ($0, true) }).sorted { $0.0 < $1.0 }
        let n = pooled.count
        var rankSumSecond = 0.0
        var tieTerm = 0.0 // sum of t^3 - t over groups of t tied values
        var i = 0
        while i < n {
            var j = i
            while j + 1 < n && pooled[j + 1].0 == pooled[i].0 { j += 1 }
            let averageRank = Double(i + j + 2) / 2 // ranks are 1-based
            let t = Double(j - i + 1)
            if t > 1 { tieTerm += t * t * t - t }
            for k in i...j where pooled[k].1 { rankSumSecond += averageRank }
            i = j + 1
        }
        let a = Double(n1), b = Double(n2), total = Double(n)
        u2 = rankSumSecond - b * (b + 1) / 2
        let mean = a * b / 2
        let variance = a * b / 12 * ((total + 1) - tieTerm / (total * (total - 1)))
        guard variance > 0 else { z = 0; p = 1; return }
        let difference = u2 - mean
        // Continuity correction: U moves in steps of one half, the normal curve does not.
        let corrected = difference == 0 ? 0 : (abs(difference) - 0.5) * (difference > 0 ? 1 : -1)
        z = corrected / variance.squareRoot()
        p = min(1, erfc(abs(z) / 2.0.squareRoot()))
    }
}

/// The median of `values` (the mean of the middle two for an even count); 0 for none.
public func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
