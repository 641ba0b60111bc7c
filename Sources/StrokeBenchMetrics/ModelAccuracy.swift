import Foundation

/// How often the device cost model's stated 5-95% ranges held the published figures it predicts: the
/// summary of `bench model validate` over the shipped device data, printed beside every modelled
/// verdict until the ranges hold often enough to be read as a forecast.
///
/// The command line reads the shipped figures once (`ModelAccuracy.shipped`, in StrokeBenchDevice) and
/// hands them to what prints a modelled verdict.
package struct ModelAccuracy: Hashable, Sendable {
    /// Predicted rows whose published figure lay within the model's range.
    package var held: Int
    /// Predicted rows.
    package var predicted: Int

    /// Coverage at or above which a modelled verdict may be read as a forecast: 80%, the share
    /// docs/device-model.md asks the ranges to reach.
    package static let forecastCoverage = 0.8

    package init(held: Int, predicted: Int) {
        self.held = held
        self.predicted = predicted
    }

    /// The share of predicted rows held, 0...1.
    package var coverage: Double { predicted == 0 ? 0 : Double(held) / Double(predicted) }

    /// The accuracy `bench model validate --format json` reported in `json`; nil when it is not that.
    ///
    /// A run's ranges are the draws' alone (the validation's structural error term is not drawn into
    /// them), so what a run's verdict can claim is how often the draws' ranges held:
    /// `summary.coverage_draws_only` where the report has it (format 3), each row's `within` before.
    package init?(validationJSON json: Data) {
        guard let report = try? JSONDecoder().decode(Validation.self, from: json) else { return nil }
        let predicted = report.rows.filter { $0.role == "predicted" }
        let held =
            report.summary?.coverageDrawsOnly.map { Int(($0 * Double(predicted.count)).rounded()) }
            ?? predicted.filter(\.within).count
        self.init(held: held, predicted: predicted.count)
    }

    /// The sentence a modelled verdict carries while coverage is under `forecastCoverage`; nil once the
    /// ranges hold often enough.
    package var caveat: String? {
        guard coverage < Self.forecastCoverage else { return nil }
        return "the model's ranges held \(held) of \(predicted) published figures (bench model validate): "
            + "treat the device verdict as a ranking, not a forecast"
    }

    /// The rows of `bench model validate --format json` this reads.
    private struct Validation: Decodable {
        struct Row: Decodable {
            var role: String
            var within: Bool
        }
        struct Summary: Decodable {
            var coverageDrawsOnly: Double?
            enum CodingKeys: String, CodingKey { case coverageDrawsOnly = "coverage_draws_only" }
        }
        var rows: [Row]
        var summary: Summary?
    }
}
