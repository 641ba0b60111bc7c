import Foundation

/// The one JSON encoder configuration of every file and output bench writes as JSON (run summaries,
/// sweep folders, baselines, comparisons, check and history reports, ramp studies, the model's
/// validation), and of the JSON it encodes only to read back (a file's known keys, the fit cache's
/// key): pretty-printed with sorted keys, so the same results are the same bytes and a diff shows
/// what changed.
package enum ResultsJSON {
    /// An encoder of that configuration.
    ///
    /// - Parameter escapingSlashes: write `/` as `\/`, Foundation's default, as run summaries,
    ///   baselines, check reports, ramp studies and the model's validation always have; sweep folders,
    ///   comparisons, histories and the CI formats never have. Each writer keeps its own, so every file keeps its
    ///   bytes.
    /// - Parameter nonFiniteAsText: write an infinite or undefined figure as `"inf"`, `"-inf"` or
    ///   `"nan"` (a run's or a check's report to read) rather than refuse it (a file bench reads back).
    package static func encoder(escapingSlashes: Bool, nonFiniteAsText: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        if !escapingSlashes { encoder.outputFormatting.insert(.withoutEscapingSlashes) }
        if nonFiniteAsText {
            encoder.nonConformingFloatEncodingStrategy = .convertToString(
                positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        }
        return encoder
    }
}
