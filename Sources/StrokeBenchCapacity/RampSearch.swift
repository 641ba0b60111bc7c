import Foundation

/// The histories a ramp may try, and MotionMark's search over them: a coarse ramp that doubles the
/// history until a step fails, then a bisection between the last step that kept up and the first that
/// did not (docs/capacity.md, "The search").
package struct RampGrid: Hashable, Sendable {
    /// Every value the search may try, in increasing order: 0 for the history axis, then `start` times
    /// 2^(j/16) (steps of 4.4%) rounded to `rounding`, up to and including `limit`.
    package let points: [Int]
    /// Indices into `points` of the coarse ramp: the first, every 16th (each twice the last), and the limit.
    package let coarse: [Int]

    /// The history axis: 0, then 500 points and up, rounded to tens.
    package init(limit: Int) { self.init(start: 500, limit: limit, includesZero: true, rounding: 10) }

    /// Values from `start` to `limit` at 16 steps per doubling, after 0 when `includesZero`.
    package init(start: Int, limit: Int, includesZero: Bool, rounding: Int) {
        var points = includesZero ? [0] : []
        var j = 0
        while true {
            let p = Int((Double(start) * pow(2, Double(j) / 16) / Double(rounding)).rounded()) * rounding
            if p >= limit { break }
            if p != points.last { points.append(p) }
            j += 1
        }
        points.append(limit)
        self.points = points
        let first = includesZero ? 1 : 0
        coarse = Array(Set([0] + stride(from: first, to: points.count, by: 16).map { $0 } + [points.count - 1]))
            .sorted()
    }

    /// The ramp's limit: the most it tries.
    package var limit: Int { points.last! }
}

/// Where a ramp found a strategy's capacity.
package enum Capacity: Hashable, Sendable {
    /// The first step already fails: on the history axis the empty canvas (the strategy does not keep
    /// up with the first stroke); on the pen-speed axis the slowest pen.
    case failsAtFirstStroke
    /// The most history at which a step kept up, below one that did not.
    case found(points: Int)
    /// Every step kept up, to the ramp's limit: a lower bound, not a capacity.
    case heldTo(points: Int)

    /// Points this stands for: the capacity, 0 for the first stroke, the limit for a held ramp.
    package var points: Int {
        switch self {
        case .failsAtFirstStroke: 0
        case .found(let points), .heldTo(let points): points
        }
    }

    /// True unless the ramp held to its limit.
    package var isFound: Bool { if case .heldTo = self { false } else { true } }
}

extension RampGrid {
    /// Searches for the capacity, asking `keepsUp` about as few histories as it can, in increasing
    /// order along the coarse ramp; assumes that more history never makes a strategy faster.
    package func search(_ keepsUp: (Int) throws -> Bool) rethrows -> Capacity {
        guard try keepsUp(points[0]) else { return .failsAtFirstStroke }
        var good = 0
        var bad: Int?
        for c in coarse.dropFirst() {
            if try keepsUp(points[c]) {
                good = c
            } else {
                bad = c
                break
            }
        }
        guard var bad else { return .heldTo(points: limit) }
        while bad - good > 1 {
            let middle = (good + bad) / 2
            if try keepsUp(points[middle]) { good = middle } else { bad = middle }
        }
        return .found(points: points[good])
    }
}
