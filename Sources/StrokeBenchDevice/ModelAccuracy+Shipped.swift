import Foundation
import StrokeBenchMetrics

extension ModelAccuracy {
    /// The accuracy of the shipped device data, from `Resources/model-validation.json`: the JSON of
    /// `bench model validate` as of that data, kept because running the validation takes seconds. The
    /// end-to-end suite fails when the file and the command's output differ (ModelValidateTests), so the
    /// figures are the CLI's, never typed in. Nil when the resource cannot be read.
    package static let shipped: ModelAccuracy? = Bundle.module.url(
        forResource: "model-validation", withExtension: "json"
    )
    .flatMap { try? Data(contentsOf: $0) }
    .flatMap(ModelAccuracy.init(validationJSON:))
}
