import StrokeBenchDevice
import StrokeBenchReplay
import StrokeBenchSpec

/// What one ramp found.
package struct RampResult: Sendable {
    /// A capacity's range, and what it is a range of.
    package struct Interval: Hashable, Sendable {
        package var low: Int
        package var high: Int
        package var basis: Basis
    }

    /// Where an interval comes from.
    package enum Basis: Hashable, Sendable, CustomStringConvertible {
        /// The 5th to 95th percentile of the capacities at the device model's draws; `held` of them
        /// held to the limit (counted at it).
        case modelDraws(count: Int, held: Int)
        /// The 5th to 95th percentile of a bootstrap of the median of `ramps` measured ramps.
        case bootstrap(ramps: Int)

        package var description: String {
            switch self {
            case .modelDraws(let count, let held):
                "5-95% of the device model's \(count) draws" + (held > 0 ? " (\(held) held to the limit)" : "")
            case .bootstrap(let ramps): "5-95% bootstrap of the median of \(ramps) ramps"
            }
        }
    }

    package var spec: ReplaySpec
    package var device: DeviceProfile
    package var hz: Double
    package var drawing: String
    /// What grew.
    package var axis: RampAxis
    package var limit: Int
    package var capacity: Capacity
    package var interval: Interval?
    /// The steps judged at the central estimate (or in the first measured ramp), by history.
    package var steps: [StepOutcome]
    /// Frame cost against history over those steps.
    package var fit: ChangePointFit?
    /// Strokes the drawing had begun by the capacity (history axis only).
    package var strokes: Int?
    /// Minutes of handwriting the capacity is on this device (`RampDrawing.minutes`; history axis only).
    package var minutes: Double?
    /// The first step that failed, and why.
    package var firstFailure: StepOutcome?

    init(ramp: Ramp, capacity: Capacity, steps: [StepOutcome], interval: Interval?) {
        spec = ramp.template.spec
        spec.trace = TraceIdentity(path: "ramp:" + ramp.drawing.kind.description)
        device = ramp.template.device
        hz = ramp.template.hz
        drawing = ramp.drawing.kind.description
        axis = ramp.axis
        limit = ramp.grid.limit
        self.capacity = capacity
        self.interval = interval
        self.steps = steps
        fit = ChangePointFit(steps.map { ($0.points, $0.frameCostMs) })
        strokes = ramp.axis == .history ? ramp.drawing.strokeCount(capacity.points) : nil
        minutes = ramp.axis == .history ? RampDrawing.minutes(of: capacity.points, on: ramp.template.device) : nil
        firstFailure = steps.first { !$0.keepsUp }
    }

    /// The strategy's name.
    package var strategy: String { spec.strategy }
}
