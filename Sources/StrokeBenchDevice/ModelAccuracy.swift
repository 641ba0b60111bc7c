import Foundation

/// How often the device cost model's stated 5-95% ranges held the published figures it predicts: the
/// summary of `bench model validate` over the shipped device data, printed beside every modelled
/// verdict until the ranges hold often enough to be read as a forecast.
///
/// Read from `Resources/model-validation.json`, the command's JSON as of the shipped data, because
/// running the validation takes seconds; the end-to-end suite fails when the file and the command's
/// output differ (ModelValidateTests), so the figures are the CLI's, never typed in.
public struct ModelAccuracy: Hashable, Sendable {
    /// Predicted rows whose published figure lay within the model's range.
    public var held: Int
    /// Predicted rows.
    public var predicted: Int

    /// Coverage at or above which a modelled verdict may be read as a forecast: 80%, the share
    /// docs/device-model.md asks the ranges to reach.
    public static let forecastCoverage = 0.8

    public init(held: Int, predicted: Int) { self.held = held; self.predicted = predicted }

    /// The share of predicted rows held, 0...1.
    public var coverage: Double { predicted == 0 ? 0 : Double(held) / Double(predicted) }

    /// The accuracy of the shipped device data; nil when the resource cannot be read.
    public static let shipped: ModelAccuracy? = {
        guard let url = Bundle.module.url(forResource: "model-validation", withExtension: "json"),
              let data = try? Data(contentsOf: url),
              let report = try? JSONDecoder().decode(Validation.self, from: data) else { return nil }
        let predicted = report.rows.filter { $0.role == "predicted" }
        return ModelAccuracy(held: predicted.filter(\.within).count, predicted: predicted.count)
    }()

    /// The sentence a modelled verdict carries while coverage is under `forecastCoverage`; nil once the
    /// ranges hold often enough.
    public var caveat: String? {
        guard coverage < Self.forecastCoverage else { return nil }
        return "the model's ranges held \(held) of \(predicted) published figures (bench model validate): "
            + "treat the device verdict as a ranking, not a forecast"
    }

    /// The rows of `bench model validate --format json` this reads.
    private struct Validation: Decodable {
        struct Row: Decodable { var role: String; var within: Bool }
        var rows: [Row]
    }
}
