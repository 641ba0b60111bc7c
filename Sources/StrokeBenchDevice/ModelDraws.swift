import Foundation
import StrokeBenchUnits

/// An input of the device cost model that carries a range: what a draw of the model's uncertainty
/// sets (docs/device-model.md, "Uncertainty").
package enum UncertainInput: String, CaseIterable, Sendable {
    /// How many times its bytes' time a pixel drawn across formats takes (`conversion_factor`).
    case conversionFactor = "conversion_factor"
    /// Bytes a blended pixel moves (`bytes_per_pixel.pixel_blended`).
    case bytesBlended = "bytes_per_pixel.pixel_blended"
    /// Bytes an uploaded pixel moves (`bytes_per_pixel.pixel_uploaded`).
    case bytesUploaded = "bytes_per_pixel.pixel_uploaded"
    /// Bytes a composited pixel moves (`bytes_per_pixel.pixel_composited`).
    case bytesComposited = "bytes_per_pixel.pixel_composited"
    /// The host-to-device compute link's error (`compute_link`).
    case computeLink = "compute_link"
    /// One calibration's stray from the median (`host.calibration_spread`).
    case calibrationSpread = "host.calibration_spread"
    /// Where each chip's single-thread bandwidth share sits in its own range (`devices.*.single_thread_share`):
    /// one quantile for every chip but the fitted one, whose share is the fit's.
    case singleThreadShare = "single_thread_share"
    /// An efficiency core's time for a performance core's work (`efficiency_core_time`).
    case efficiencyCoreTime = "efficiency_core_time"
    /// The share of peak bandwidth threads together reach (`bandwidth_cap`).
    case bandwidthCap = "bandwidth_cap"
    /// The fitted figure as read, within the spread of its reading (`fitted_figure.reading`). Added
    /// after the others, so the Latin hypercube's earlier columns, made first from the seed, stay as
    /// they were.
    case fittedReading = "fitted_figure.reading"
    /// What the screen recording of the fitted figure cost the app (`fitted_figure.recording_overhead`).
    case recordingOverhead = "fitted_figure.recording_overhead"
    /// The model's own error on a replay's frames: the validation's structural error term of the
    /// drawing kind (`DeviceModel.structuralError`), a factor on every cost a replay charges
    /// (`ModelDraw.structuralMultiplier`). Not in the device data: the validation sizes it. Added after
    /// the others, so the earlier inputs' columns stay as they were.
    case structuralError = "structural_error.drawing"

    /// The input that sets the bytes of `kind`, if its bytes are ranged.
    static func bytes(of kind: WorkKind) -> UncertainInput? {
        switch kind {
        case .pixelBlended: .bytesBlended
        case .pixelUploaded: .bytesUploaded
        case .pixelComposited: .bytesComposited
        default: nil
        }
    }

    /// The input's figure, with its range, in `data`; nil for an input each device has its own of
    /// (`singleThreadShare`: `ModelDraw.value(_:of:)` with the device's) and for the structural error,
    /// which the validation sizes (`ModelDraw.structuralMultiplier`).
    func sourced(in data: DeviceCostData) -> Sourced? {
        switch self {
        case .conversionFactor: data.conversionFactor
        case .bytesBlended: data.bytesPerPixel[.pixelBlended]!
        case .bytesUploaded: data.bytesPerPixel[.pixelUploaded]!
        case .bytesComposited: data.bytesPerPixel[.pixelComposited]!
        case .computeLink: data.computeLink
        case .calibrationSpread: data.host.calibrationSpread
        case .singleThreadShare: nil
        case .efficiencyCoreTime: data.efficiencyCoreTime
        case .bandwidthCap: data.bandwidthCap
        case .fittedReading: data.fittedFigure.reading
        case .recordingOverhead: data.fittedFigure.recordingOverhead
        case .structuralError: nil
        }
    }
}

/// One point of the model's joint uncertainty: for each ranged input, where in its range it sits, as
/// a quantile `u` in 0...1. The input's value is piecewise linear in `u`: `low` at 0, the central value
/// at 0.5, `high` at 1, so the central value is every input's median.
public struct ModelDraw: Hashable, Sendable {
    /// The quantile of each input, in `UncertainInput.allCases` order.
    package var quantiles: [Double]

    /// A draw at these quantiles, in `UncertainInput.allCases` order.
    package init(quantiles: [Double]) { self.quantiles = quantiles }

    /// Every input at its central value.
    public static let central = ModelDraw(quantiles: UncertainInput.allCases.map { _ in 0.5 })

    /// The value of `input` at this draw.
    /// - Precondition: the data has one figure of `input` (not `singleThreadShare`, which each chip has,
    ///   nor `structuralError`, which the validation sizes).
    package func value(_ input: UncertainInput, in data: DeviceCostData) -> Double {
        guard let sourced = input.sourced(in: data) else {
            preconditionFailure(
                "\(input.rawValue) is not in the device data: read it with value(_:of:) or structuralMultiplier")
        }
        return value(input, of: sourced)
    }

    /// The value of `input` at this draw, read from `sourced` (a device's own figure of it).
    package func value(_ input: UncertainInput, of sourced: Sourced) -> Double {
        let u = quantiles[UncertainInput.allCases.firstIndex(of: input)!]
        if u < 0.5 { return (sourced.low ?? sourced.value) + (sourced.value - (sourced.low ?? sourced.value)) * 2 * u }
        return sourced.value + ((sourced.high ?? sourced.value) - sourced.value) * (2 * u - 1)
    }

    /// The factor on every cost a replay charges for the model's own error, at this draw: e^(S (2u - 1))
    /// with `logError` S the structural error term of the drawing kind and u this draw's quantile of
    /// `structuralError`, so spread uniformly in its log over e^-S to e^S, with median 1
    /// (docs/device-model.md, "Validation": S bounds how far the model has been off, and says nothing
    /// of how often, so the spread is flat; in the log, since 2x too high and too low are alike).
    package func structuralMultiplier(logError: Double) -> Double {
        guard logError > 0 else { return 1 }
        let u = quantiles[UncertainInput.allCases.firstIndex(of: .structuralError)!]
        return exp(logError * (2 * u - 1))
    }

    /// The draws every modelled run is priced at: a Latin hypercube of `count` points over every
    /// ranged input (each input's range cut into `count` equal strata, one point in each, the strata
    /// paired at random), from a fixed seed, so every machine prices the same draws.
    package static func latinHypercube(count: Int = 64, seed: UInt64 = 0x5354_524F_4B45) -> [ModelDraw] {
        var random = SplitMix64(seed: seed)
        let dimensions = UncertainInput.allCases.count
        var columns: [[Double]] = []
        for _ in 0..<dimensions {
            var strata = Array(0..<count)
            // Fisher-Yates with the seeded generator: the pairing of strata across inputs.
            for i in stride(from: count - 1, to: 0, by: -1) {
                strata.swapAt(i, Int(random.next() % UInt64(i + 1)))
            }
            columns.append(strata.map { (Double($0) + random.unit()) / Double(count) })
        }
        return (0..<count).map { i in ModelDraw(quantiles: columns.map { $0[i] }) }
    }

    /// The draws of `latinHypercube()`, made once.
    package static let standard = latinHypercube()
}

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014):
/// a few lines, the same numbers on every platform, which the standard library's generator is not.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in [0, 1) from the top 53 bits.
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
