import StrokeBenchMetrics
import StrokeBenchReplay
import StrokeBenchSpec
import StrokeBenchStrategies

/// A capacity a baseline guards (docs/capacity.md, "Guarding a capacity"): a ramp recorded by
/// `bench ramp --baseline`, ramped again by `bench check`, whose capacity must not fall.
package struct CapacityEntry: Hashable, Sendable, Codable {
    /// The ramp's strategy, options, device, rate and modes; its trace names the drawing (`ramp:handwriting`).
    package var ramp: ReplaySpec
    /// The seeded drawing ramped: `handwriting` or `scribble`.
    package var drawing: String
    /// The most history the ramp tries.
    package var limitPoints: Int
    /// Measured ramps repeated (the bootstrap's); 1 for modelled and zero costs.
    package var repeats: Int
    /// What the ramp found: a capacity, or held to the limit (`heldToPoints`), never both.
    package var capacityPoints: Int?
    package var heldToPoints: Int?
    /// The capacity's range (the model's draws, or a bootstrap of measured ramps); nil for zero costs.
    package var capacityPointsLow: Int?
    package var capacityPointsHigh: Int?
    /// The budget: the ramp must hold at least this many points (a held ramp counts its limit); nil for none.
    package var atLeastPoints: Int?

    enum CodingKeys: String, CodingKey {
        case ramp, drawing
        case limitPoints = "limit_points"
        case repeats
        case capacityPoints = "capacity_points"
        case heldToPoints = "held_to_points"
        case capacityPointsLow = "capacity_points_low"
        case capacityPointsHigh = "capacity_points_high"
        case atLeastPoints = "at_least_points"
    }

    package init(
        ramp: ReplaySpec, drawing: String, limitPoints: Int, repeats: Int, capacityPoints: Int?, heldToPoints: Int?,
        capacityPointsLow: Int?, capacityPointsHigh: Int?, atLeastPoints: Int?
    ) {
        self.ramp = ramp
        self.drawing = drawing
        self.limitPoints = limitPoints
        self.repeats = repeats
        self.capacityPoints = capacityPoints
        self.heldToPoints = heldToPoints
        self.capacityPointsLow = capacityPointsLow
        self.capacityPointsHigh = capacityPointsHigh
        self.atLeastPoints = atLeastPoints
    }

    /// Writes every key, null included, so that a committed baseline shows what it does not hold.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(ramp, forKey: .ramp)
        try c.encode(drawing, forKey: .drawing)
        try c.encode(limitPoints, forKey: .limitPoints)
        try c.encode(repeats, forKey: .repeats)
        try c.encode(capacityPoints, forKey: .capacityPoints)
        try c.encode(heldToPoints, forKey: .heldToPoints)
        try c.encode(capacityPointsLow, forKey: .capacityPointsLow)
        try c.encode(capacityPointsHigh, forKey: .capacityPointsHigh)
        try c.encode(atLeastPoints, forKey: .atLeastPoints)
    }

    /// Points the ramp held: the capacity, or the limit of a ramp that held to it.
    package var points: Int { capacityPoints ?? heldToPoints ?? 0 }

    /// The entry's identity in a check report: strategy, options (as `strategies` declares them),
    /// device, rate, costs and drawing.
    package func id(strategies: StrategyCatalog) -> String { "ramp \(ramp.id(strategies: strategies))" }

    /// "41,500" or "held to 200,000".
    var shown: String { capacityPoints.map(\.groupedText) ?? "held to \((heldToPoints ?? 0).groupedText)" }
}

extension Checker {
    /// A recorded capacity against the same ramp now: the budget (at least `atLeastPoints`), then the
    /// capacity itself. Modelled and zero-cost ramps are deterministic, so any change is real; measured
    /// ones differ only when their intervals do not overlap.
    package static func capacityChecks(baseline: CapacityEntry, candidate: CapacityEntry, strategies: StrategyCatalog)
        -> [CheckResult]
    {
        var results: [CheckResult] = []
        let id = baseline.id(strategies: strategies)
        if let floor = baseline.atLeastPoints {
            let holds = candidate.points >= floor
            results.append(
                CheckResult(
                    configuration: id, name: "budget capacity_points", kind: .budget, unit: "points",
                    baseline: ">= \(floor.groupedText)", candidate: candidate.shown, change: nil, pValue: nil,
                    verdict: holds ? .unchanged : .worse,
                    reason: holds
                        ? "holds at least \(floor.groupedText) points"
                        : "holds \(candidate.points.groupedText) points, under the \(floor.groupedText) budgeted"))
        }
        let was = baseline.points
        let now = candidate.points
        let change: Double? = was > 0 ? Double(now - was) / Double(was) : nil
        let verdict: ChangeVerdict
        let reason: String
        if baseline.ramp.costs == .measured, let low = baseline.capacityPointsLow,
            let high = baseline.capacityPointsHigh,
            let newLow = candidate.capacityPointsLow, let newHigh = candidate.capacityPointsHigh
        {
            verdict = newHigh < low ? .worse : newLow > high ? .better : .unchanged
            reason =
                verdict == .unchanged
                ? "the ranges overlap (\(low.groupedText)-\(high.groupedText) recorded, \(newLow.groupedText)-\(newHigh.groupedText) now)"
                : "the ranges do not overlap (\(low.groupedText)-\(high.groupedText) recorded, \(newLow.groupedText)-\(newHigh.groupedText) now)"
        } else {
            verdict = now < was ? .worse : now > was ? .better : .unchanged
            reason =
                now == was
                ? "exactly equal (\(baseline.ramp.costs.rawValue) costs)"
                : "\(candidate.shown) against the baseline's \(baseline.shown)"
        }
        results.append(
            CheckResult(
                configuration: id, name: "capacity_points", kind: .capacity, unit: "points",
                baseline: baseline.shown, candidate: candidate.shown, change: change, pValue: nil,
                verdict: verdict, reason: reason))
        return results
    }
}
