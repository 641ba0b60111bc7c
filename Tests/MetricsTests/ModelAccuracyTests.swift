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
    }
}
