import Foundation

/// A kind of cost the device cost model prices, by what it prices rather than by unit: the validation
/// sizes the model's own error (its structural error term) for each kind apart, never pooled
/// (docs/device-model.md, "Validation").
package enum CostKind: String, CaseIterable, Codable, CodingKeyRepresentable, Sendable {
    /// A replay's frames: every cost a modelled replay charges. Sized by the frame-rate and busy-share rows.
    case drawing
    /// A view hierarchy drawn into a new bitmap, which no replay does. Sized by the snapshot rows.
    case snapshot
}

/// How often the device cost model's stated ranges held the published figures of the kind a run's
/// ranges carry (frames), and the model's own error on them that a modelled run draws: the summary of
/// `bench model validate` over the shipped device data, printed beside every modelled verdict.
///
/// The command line reads the shipped figures once (`ModelAccuracy.shipped`, in StrokeBenchDevice) and
/// hands them to what prints a modelled verdict.
package struct ModelAccuracy: Hashable, Sendable {
    /// Predicted rows whose published figure lay within the model's range.
    package var held: Int
    /// Predicted rows.
    package var predicted: Int
    /// The drawing kind's structural error term S, in log units, that a modelled run draws
    /// (`summary.structural_error.drawing.log_error`); nil for a report before format 4, whose runs drew none.
    package var structuralError: Double?

    /// Coverage at or above which a modelled verdict may be read as a forecast: 80%, the share
    /// docs/device-model.md asks the ranges to reach.
    package static let forecastCoverage = 0.8

    package init(held: Int, predicted: Int, structuralError: Double? = nil) {
        self.held = held
        self.predicted = predicted
        self.structuralError = structuralError
    }

    /// The share of predicted rows held, 0...1.
    package var coverage: Double { predicted == 0 ? 0 : Double(held) / Double(predicted) }

    /// The accuracy `bench model validate --format json` reported in `json`; nil when it is not that.
    ///
    /// From format 4 a run draws the drawing kind's structural error term, so what its verdict can
    /// claim is how often the drawing rows' stated ranges held, each sized without its row
    /// (`summary.structural_error.drawing`). Before, a run's ranges were the draws' alone:
    /// `summary.coverage_draws_only` (format 3), each row's `within` before that.
    package init?(validationJSON json: Data) {
        guard let report = try? JSONDecoder().decode(Validation.self, from: json) else { return nil }
        if let term = report.summary?.structuralError?[.drawing] {
            self.init(
                held: Int((term.coverageLeaveOneRowOut * Double(term.rows)).rounded()), predicted: term.rows,
                structuralError: term.logError)
            return
        }
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
        let figures = structuralError == nil ? "published figures" : "validation rows on frames"
        return "the model's ranges held \(held) of \(predicted) \(figures) (bench model validate): "
            + "treat the device verdict as a ranking, not a forecast"
    }

    /// The line a modelled run prints: what its ranges include and, while they hold too few published
    /// figures, `caveat`'s advice. Before format 4 (no error drawn into runs) it is the caveat alone.
    package var certainty: String? {
        guard let structuralError else { return caveat }
        let advice = coverage < Self.forecastCoverage ? ": treat the device verdict as a ranking, not a forecast" : ""
        return "ranges include the model's own error on frames, drawn as a factor of up to "
            + String(format: "%.2f", exp(structuralError)) + " either way on every cost; widened by it (sized without "
            + "the row), the validation's ranges held \(held) of \(predicted) rows on frames (bench model validate)\(advice)"
    }

    /// The rows of `bench model validate --format json` this reads.
    private struct Validation: Decodable {
        struct Row: Decodable {
            var role: String
            var within: Bool
        }
        struct Term: Decodable {
            var rows: Int
            var logError: Double
            var coverageLeaveOneRowOut: Double
            enum CodingKeys: String, CodingKey {
                case rows
                case logError = "log_error"
                case coverageLeaveOneRowOut = "coverage_leave_one_row_out"
            }
        }
        struct Summary: Decodable {
            var coverageDrawsOnly: Double?
            var structuralError: [CostKind: Term]?
            enum CodingKeys: String, CodingKey {
                case coverageDrawsOnly = "coverage_draws_only"
                case structuralError = "structural_error"
            }
        }
        var rows: [Row]
        var summary: Summary?
    }
}
