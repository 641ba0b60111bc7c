import Foundation
import StrokeBenchMetrics
import Testing

/// The line a modelled verdict carries while the model's ranges hold too few published figures.
@Suite struct ModelAccuracyTests {
    @Test func theCaveatSaysHowOftenTheRangesHeldUntilTheyHoldOften() {
        #expect(
            ModelAccuracy(held: 2, predicted: 9).caveat
                == "the model's ranges held 2 of 9 published figures (bench model validate): treat the device verdict as a ranking, not a forecast"
        )
        #expect(ModelAccuracy(held: 8, predicted: 10).caveat == nil)
        #expect(ModelAccuracy(held: 0, predicted: 0).caveat != nil)
    }

    @Test func itIsReadFromTheValidationsJSON() throws {
        let json =
            #"{"rows": [{"role": "predicted", "within": true}, {"role": "predicted", "within": false}, {"role": "fitted", "within": true}]}"#
        #expect(ModelAccuracy(validationJSON: Data(json.utf8)) == ModelAccuracy(held: 1, predicted: 2))
        #expect(ModelAccuracy(validationJSON: Data("[]".utf8)) == nil)
        // Format 3: a run's ranges are the draws' alone, so the draws' coverage is what a verdict may claim,
        // not the rows' stated (structurally widened) ranges.
        let three =
            #"{"rows": [{"role": "predicted", "within": true}, {"role": "predicted", "within": true}, {"role": "predicted", "within": true}, {"role": "predicted", "within": true}], "summary": {"coverage_draws_only": 0.25}}"#
        #expect(ModelAccuracy(validationJSON: Data(three.utf8)) == ModelAccuracy(held: 1, predicted: 4))
        // Format 4: a run draws the drawing kind's structural error, so the drawing rows' coverage
        // (each range widened by it, sized without the row) is what a verdict may claim.
        let four =
            #"{"rows": [], "summary": {"coverage_draws_only": 0.1, "structural_error": {"drawing": {"figures": 4, "rows": 5, "log_error": 0.5, "factor": 1.6487, "coverage_leave_one_row_out": 0.6}, "snapshot": {"figures": 4, "rows": 4, "log_error": 3, "factor": 20.1, "coverage_leave_one_row_out": 1}}}}"#
        let accuracy = try #require(ModelAccuracy(validationJSON: Data(four.utf8)))
        #expect(accuracy == ModelAccuracy(held: 3, predicted: 5, structuralError: 0.5))
        #expect(
            accuracy.certainty
                == "ranges include the model's own error on frames, drawn as a factor of up to 1.65 either way on every cost; widened by it (sized without the row), the validation's ranges held 3 of 5 rows on frames (bench model validate): treat the device verdict as a ranking, not a forecast"
        )
        #expect(ModelAccuracy(held: 4, predicted: 5, structuralError: 0.5).caveat == nil)
        #expect(ModelAccuracy(held: 4, predicted: 5, structuralError: 0.5).certainty?.hasSuffix("validate)") == true)
    }
}
