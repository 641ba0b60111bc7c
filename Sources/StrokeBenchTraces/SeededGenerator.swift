import Foundation

/// A small, fast, seedable random number generator (SplitMix64), identical on every platform, so a
/// seed names one trace forever. Swift's own generator cannot be seeded.
package struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<1, from the top 53 bits.
    package mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// Uniform in `range`.
    package mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// Standard normal (Box-Muller).
    package mutating func normal() -> Double {
        let u1 = max(unit(), 1e-300)
        let u2 = unit()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// Log-normal with the given median and log-space standard deviation.
    package mutating func logNormal(median: Double, sigma: Double) -> Double {
        median * exp(sigma * normal())
    }
}
