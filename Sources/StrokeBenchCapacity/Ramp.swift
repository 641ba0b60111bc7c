import Foundation
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchReplay
import StrokeBenchSpec
import StrokeBenchTraces
import Synchronization

/// A capacity ramp: how much retained ink a strategy holds on a device before it stops keeping up
/// (docs/capacity.md).
package struct Ramp {
    /// The strategy, device, rate, modes and options of every step; its input is replaced step by step.
    package var template: ReplayConfiguration
    package var drawing: RampDrawing
    /// What grows: history (the default) or the pen's speed.
    package var axis: RampAxis = .history
    package var grid: RampGrid
    /// Ramps repeated, with measured costs, for the bootstrap interval.
    package var repeats: Int
    /// Told of each step as it is judged: (repeat or draw, step). Long ramps show progress with it.
    package var progress: ((String, StepOutcome) -> Void)?

    /// Ramps with measured costs repeated by default: enough for a bootstrap interval of the median.
    package static let defaultRepeats = 5

    package init(
        template: ReplayConfiguration, drawing: RampDrawing, grid: RampGrid, repeats: Int = Ramp.defaultRepeats
    ) {
        self.template = template
        self.drawing = drawing
        self.grid = grid
        self.repeats = repeats
    }

    /// Runs the ramp: with modelled costs, at the central estimate and at every draw of the model's
    /// joint uncertainty (the interval is the draws' 5th to 95th percentile); with measured costs,
    /// `repeats` times (the interval is a bootstrap of their median); with zero costs, once.
    package func run() throws -> RampResult {
        switch template.costs {
        case .model: try runModelled()
        case .measured: try runMeasured()
        case .zero: try runOnce()
        }
    }

    /// The central ramp, then each draw's, priced from the same zero-cost steps.
    private func runModelled() throws -> RampResult {
        let priced = PricedSteps(StepReplayer(template: template, drawing: drawing, axis: axis))
        let device = template.device
        let data = template.deviceModel.data
        let central = ModelCostMeter(device: device, data: data)
        let (capacity, steps) = try search("central estimate", withCurve: true) {
            try priced.outcome(
                points: $0, costs: central.unitCosts, meter: ModelCostMeter(device: device, data: data))
        }

        let model = template.deviceModel
        let factors = try model.requireFit().factors
        let draws = ModelDraw.standard
        let slots = Mutex<[Result<Capacity?, any Error>]>(Array(repeating: .success(nil), count: draws.count))
        let grid = self.grid
        DispatchQueue.concurrentPerform(iterations: draws.count) { i in
            let outcome = Result<Capacity?, any Error> {
                guard let factor = factors[i] else { return nil }
                // The model's own error is drawn too (`DeviceModel.structuralError`).
                let costs = try model.unitCosts(of: device.name, at: draws[i], factor: factor)
                return try grid.search {
                    try priced.outcome(points: $0, costs: costs, meter: ModelCostMeter(unitCosts: costs)).keepsUp
                }
            }
            slots.withLock { $0[i] = outcome }
        }
        let drawn = try slots.withLock { $0 }.compactMap { try $0.get() }
        let sorted = drawn.map { Double($0.points) }.sorted()
        return RampResult(
            ramp: self, capacity: capacity, steps: steps,
            interval: sorted.isEmpty
                ? nil
                : .init(
                    low: Int(Percentiles.rank(5, sorted)), high: Int(Percentiles.rank(95, sorted)),
                    basis: .modelDraws(count: drawn.count, held: drawn.filter { !$0.isFound }.count)))
    }

    /// `repeats` ramps replayed with measured costs; the capacity is their median.
    private func runMeasured() throws -> RampResult {
        let replayer = StepReplayer(template: template, drawing: drawing, axis: axis)
        var capacities: [Capacity] = []
        var firstSteps: [StepOutcome] = []
        for r in 0..<repeats {
            let (capacity, steps) = try search("ramp \(r + 1) of \(repeats)", withCurve: r == 0) {
                try replayer.outcome(points: $0, meter: WallClockMeter())
            }
            if r == 0 { firstSteps = steps }
            capacities.append(capacity)
        }
        let points = capacities.map(\.points).sorted()
        let median = points[(points.count - 1) / 2]
        let capacity: Capacity =
            median == 0 && capacities.allSatisfy { $0 == .failsAtFirstStroke }
            ? .failsAtFirstStroke
            : median == grid.limit && capacities.allSatisfy { !$0.isFound }
                ? .heldTo(points: grid.limit) : .found(points: median)
        let interval = Bootstrap.medianInterval(points)
        return RampResult(
            ramp: self, capacity: capacity, steps: firstSteps,
            interval: .init(low: interval.low, high: interval.high, basis: .bootstrap(ramps: repeats)))
    }

    /// One ramp replayed at the template's costs (zero costs: an infinitely fast device).
    private func runOnce() throws -> RampResult {
        let replayer = StepReplayer(template: template, drawing: drawing, axis: axis)
        let (capacity, steps) = try search("ramp", withCurve: true) {
            try replayer.outcome(points: $0, meter: ZeroCostMeter())
        }
        return RampResult(ramp: self, capacity: capacity, steps: steps, interval: nil)
    }

    /// One search, each step judged once by `judge` (the search and the curve often ask for the same
    /// step) and told to `progress` with `label`; `withCurve` adds the coarse steps past the capacity.
    /// Returns the capacity and every step judged, by value.
    private func search(_ label: String, withCurve: Bool, judge: (Int) throws -> StepOutcome) throws -> (
        Capacity, [StepOutcome]
    ) {
        var judged: [Int: StepOutcome] = [:]
        func step(_ value: Int) throws -> StepOutcome {
            if let kept = judged[value] { return kept }
            let outcome = try judge(value)
            judged[value] = outcome
            progress?(label, outcome)
            return outcome
        }
        let capacity = try grid.search { try step($0).keepsUp }
        if withCurve { try extendCurve(past: capacity, step: step) }
        return (capacity, judged.values.sorted { $0.points < $1.points })
    }

    /// Adds coarse steps up to two past the capacity (or to the limit), so that the cost curve, its fit
    /// and the crossings see the cost rise past the deadline, not only up to it.
    private func extendCurve(past capacity: Capacity, step: (Int) throws -> StepOutcome) throws {
        let coarse = grid.coarse.map { grid.points[$0] }
        let firstAbove = coarse.firstIndex { $0 > capacity.points } ?? coarse.count
        for points in coarse.prefix(min(coarse.count, firstAbove + 2)) { _ = try step(points) }
    }
}

/// A percentile bootstrap, seeded: the same interval on every machine for the same ramps.
enum Bootstrap {
    /// The 5th and 95th percentiles of the median of `values` resampled with replacement 2,000 times.
    static func medianInterval(_ values: [Int], resamples: Int = 2000, seed: UInt64 = 0x5241_4D50) -> (
        low: Int, high: Int
    ) {
        guard !values.isEmpty else { return (0, 0) }
        var rng = SeededGenerator(seed: seed)
        var medians: [Double] = []
        medians.reserveCapacity(resamples)
        for _ in 0..<resamples {
            let sample = (0..<values.count).map { _ in values[Int(rng.next() % UInt64(values.count))] }.sorted()
            medians.append(Double(sample[(sample.count - 1) / 2]))
        }
        medians.sort()
        return (Int(Percentiles.rank(5, medians)), Int(Percentiles.rank(95, medians)))
    }
}
