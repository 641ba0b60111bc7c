import Foundation
import StrokeBenchMetrics
import StrokeBenchSpec

/// Ramps of several strategies on several devices, and where their cost curves cross.
package struct RampStudy: Sendable {
    /// Two strategies' frame costs equal, on one device and rate, between two steps both ramps judged.
    package struct Crossing: Hashable, Sendable {
        package var device: String
        package var hz: Double
        /// The strategy cheaper below the crossing, then the one cheaper above it.
        package var cheaperBelow: String
        package var cheaperAbove: String
        /// The value on the axis (history, or pen speed) at which the costs are equal, interpolated
        /// linearly between the two steps.
        package var points: Int
        package var axis: RampAxis
    }

    package var ramps: [RampResult]
    package var crossings: [Crossing]

    /// The JSON's `format_version`.
    package static let format = FormatVersion(name: "ramp", current: 1)

    package init(_ ramps: [RampResult]) {
        self.ramps = ramps
        crossings = Self.crossings(ramps)
    }

    /// Costs closer than this share of the larger are a tie, not an order.
    static let tie = 0.05

    /// Every pair of ramps on the same device and rate whose frame costs change order between two
    /// histories both judged (ties left out); a pair can cross more than once.
    static func crossings(_ ramps: [RampResult]) -> [Crossing] {
        var found: [Crossing] = []
        for (i, a) in ramps.enumerated() {
            for b in ramps[(i + 1)...]
            where a.device.name == b.device.name && a.hz == b.hz && a.axis == b.axis && a.strategy != b.strategy {
                let costB = Dictionary(b.steps.map { ($0.points, $0.frameCostMs) }, uniquingKeysWith: { x, _ in x })
                // (history, cost of a minus cost of b), where the two differ by more than a tie.
                let common = a.steps.compactMap { step in
                    costB[step.points].flatMap {
                        abs(step.frameCostMs - $0) > tie * max(step.frameCostMs, $0)
                            ? (step.points, step.frameCostMs - $0) : nil
                    }
                }
                for (lower, upper) in zip(common, common.dropFirst()) where (lower.1 < 0) != (upper.1 < 0) {
                    let t = lower.1 / (lower.1 - upper.1)
                    let points = Int((Double(lower.0) + t * Double(upper.0 - lower.0)).rounded())
                    found.append(
                        Crossing(
                            device: a.device.name, hz: a.hz, cheaperBelow: lower.1 < 0 ? a.strategy : b.strategy,
                            cheaperAbove: lower.1 < 0 ? b.strategy : a.strategy, points: points, axis: a.axis))
                }
            }
        }
        return found
    }

    /// The study as JSON: `format_version`, `ramps` (one object per ramp, with its steps) and `crossings`.
    package func json() throws -> Data {
        let encoder = ResultsJSON.encoder(escapingSlashes: true)
        return try encoder.encode(StudyJSON(self))
    }
}

/// The JSON written by `bench ramp --format json` (docs/capacity.md, "Outputs").
private struct StudyJSON: Encodable {
    struct Ramp: Encodable {
        var strategy: String, options: StrategySettings, device: String, hz: Double, costs: String, figures: String
        var drawing: String, limitPoints: Int
        var axis: RampAxis
        /// Null when the ramp held to its limit.
        var capacityPoints: Int?
        var heldToPoints: Int?
        var failsAtFirstStroke: Bool
        var capacityPointsLow: Int?, capacityPointsHigh: Int?, interval: String?
        var capacityStrokes: Int?, capacityMinutes: Double?
        var changePointPoints: Int?, slopeUsPer1000Points: Double?
        var firstFailure: String?
        var steps: [Step]
        var spec: ReplaySpec
    }
    struct Step: Encodable {
        /// The name of `points` in the JSON: the axis's unit.
        var valueKey: String
        var points: Int, keepsUp: Bool, verdict: DrawingVerdict, hitchRatioMsPerS: Double?, inkUpdatesPct: Double
        var frameCostMs: Double, longestTurnMs: Double, failure: String?
    }
    struct Crossing: Encodable {
        var device: String, hz: Double, cheaperBelow: String, cheaperAbove: String, points: Int, axis: RampAxis
    }

    var formatVersion = RampStudy.format.current
    var ramps: [Ramp]
    var crossings: [Crossing]

    init(_ study: RampStudy) {
        ramps = study.ramps.map { r in
            Ramp(
                strategy: r.strategy, options: r.spec.options, device: r.device.name, hz: r.hz,
                costs: r.spec.costs.rawValue,
                figures: r.spec.costs == .measured ? "measured" : "modelled",
                drawing: r.drawing, limitPoints: r.limit, axis: r.axis,
                capacityPoints: r.capacity.isFound ? r.capacity.points : nil,
                heldToPoints: r.capacity.isFound ? nil : r.capacity.points,
                failsAtFirstStroke: r.capacity == .failsAtFirstStroke,
                capacityPointsLow: r.interval?.low, capacityPointsHigh: r.interval?.high,
                interval: r.interval?.basis.description,
                capacityStrokes: r.strokes, capacityMinutes: r.minutes.map { ($0 * 100).rounded() / 100 },
                changePointPoints: r.fit?.changePoint,
                slopeUsPer1000Points: r.fit.map { ($0.slopeUsPer1000Points * 1000).rounded() / 1000 },
                firstFailure: r.firstFailure.map { "\($0.points) \(r.axis.unit): \($0.failure ?? "")" },
                steps: r.steps.map { s in
                    Step(
                        valueKey: r.axis == .history ? "points" : "pt_per_s", points: s.points, keepsUp: s.keepsUp,
                        verdict: s.verdict, hitchRatioMsPerS: s.hitchRatioMsPerS.map(round6),
                        inkUpdatesPct: round6(s.inkUpdatesPct),
                        frameCostMs: round6(s.frameCostMs), longestTurnMs: round6(s.longestTurnMs), failure: s.failure)
                },
                spec: r.spec)
        }
        crossings = study.crossings.map {
            Crossing(
                device: $0.device, hz: $0.hz, cheaperBelow: $0.cheaperBelow, cheaperAbove: $0.cheaperAbove,
                points: $0.points, axis: $0.axis)
        }
    }

    enum CodingKeys: String, CodingKey {
        case formatVersion = "format_version"
        case ramps, crossings
    }
}

// Keys in snake case, as every JSON bench writes; a missing value is written as null (`encode`, not
// `encodeIfPresent`), so that a script finds every key in every ramp.
extension StudyJSON.Ramp {
    /// A key by name: the capacity's keys name the axis's unit (`capacity_points` on the history axis,
    /// `capacity_pt_per_s` on the pen-speed axis), so that a figure is never read in the wrong unit.
    struct Key: CodingKey {
        var stringValue: String
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        let unit = axis == .history ? "points" : "pt_per_s"
        try c.encode(strategy, forKey: Key("strategy"))
        try c.encode(options, forKey: Key("options"))
        try c.encode(device, forKey: Key("device"))
        try c.encode(hz, forKey: Key("hz"))
        try c.encode(costs, forKey: Key("costs"))
        try c.encode(figures, forKey: Key("figures"))
        try c.encode(drawing, forKey: Key("drawing"))
        try c.encode(axis == .history ? "history" : "pen_speed", forKey: Key("axis"))
        if case .penSpeed(let history) = axis { try c.encode(history, forKey: Key("history_points")) }
        try c.encode(limitPoints, forKey: Key("limit_\(unit)"))
        try c.encode(capacityPoints, forKey: Key("capacity_\(unit)"))
        try c.encode(heldToPoints, forKey: Key("held_to_\(unit)"))
        try c.encode(
            failsAtFirstStroke, forKey: Key(axis == .history ? "fails_at_first_stroke" : "fails_at_slowest_speed"))
        try c.encode(capacityPointsLow, forKey: Key("capacity_\(unit)_low"))
        try c.encode(capacityPointsHigh, forKey: Key("capacity_\(unit)_high"))
        try c.encode(interval, forKey: Key("interval"))
        if axis == .history {
            try c.encode(capacityStrokes, forKey: Key("capacity_strokes"))
            try c.encode(capacityMinutes, forKey: Key("capacity_minutes"))
            try c.encode(changePointPoints, forKey: Key("change_point_points"))
            try c.encode(slopeUsPer1000Points, forKey: Key("slope_us_per_1000_points"))
        } else {
            try c.encode(changePointPoints, forKey: Key("change_point_pt_per_s"))
            try c.encode(slopeUsPer1000Points, forKey: Key("slope_us_per_1000_pt_per_s"))
        }
        try c.encode(firstFailure, forKey: Key("first_failure"))
        try c.encode(steps, forKey: Key("steps"))
        try c.encode(spec, forKey: Key("spec"))
    }
}

extension StudyJSON.Step {
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: StudyJSON.Ramp.Key.self)
        try c.encode(points, forKey: .init(valueKey))
        try c.encode(keepsUp, forKey: .init("keeps_up"))
        try c.encode(verdict, forKey: .init("verdict"))
        try c.encode(hitchRatioMsPerS, forKey: .init("hitch_ratio_ms_per_s"))
        try c.encode(inkUpdatesPct, forKey: .init("ink_updates_pct"))
        try c.encode(frameCostMs, forKey: .init("frame_cost_ms"))
        try c.encode(longestTurnMs, forKey: .init("longest_turn_ms"))
        try c.encode(failure, forKey: .init("failure"))
    }
}

extension StudyJSON.Crossing {
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: StudyJSON.Ramp.Key.self)
        try c.encode(device, forKey: .init("device"))
        try c.encode(hz, forKey: .init("hz"))
        try c.encode(cheaperBelow, forKey: .init("cheaper_below"))
        try c.encode(cheaperAbove, forKey: .init("cheaper_above"))
        try c.encode(points, forKey: .init(axis == .history ? "points" : "pt_per_s"))
    }
}

/// Six decimals: a figure's honest precision, and the same text on every machine.
private func round6(_ v: Double) -> Double { (v * 1e6).rounded() / 1e6 }
