import StrokeBenchSpec

/// How a rate option outside its bounds is refused, in one place so that `--hz`, `--rate` and
/// `--resample` say it alike and always say the bounds: `--hz must be a rate in 1...1000 Hz, not 0.0001`.
///
/// The bounds themselves live beside what they bound, each with its reasons: `ReplaySpec.rates`
/// (display refresh) and `TraceGenerator.Digitizer.rates` (touch and pen sampling).
package enum RateBounds {
    /// The one-line error for `rate`, given to `option`, outside `bounds`.
    package static func problem(option: String, rate: Double, bounds: ClosedRange<Double>) -> String {
        "\(option) must be a rate in \(text(bounds)) Hz, not \(rate)"
    }

    /// `1...1000`: a range of rates as people write it, without a needless `.0`.
    package static func text(_ bounds: ClosedRange<Double>) -> String {
        "\(bounds.lowerBound.plainText)...\(bounds.upperBound.plainText)"
    }
}
