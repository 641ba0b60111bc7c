import Foundation
import StrokeBenchSpec

/// Ramps of several strategies on several devices, and where their cost curves cross.
public struct RampStudy: Sendable {
    /// Two strategies' frame costs equal, on one device and rate, between two steps both ramps judged.
    public struct Crossing: Hashable, Sendable {
        public var device: String
        public var hz: Double
        /// The strategy cheaper below the crossing, then the one cheaper above it.
        public var cheaperBelow: String
        public var cheaperAbove: String
        /// The history at which the costs are equal, interpolated linearly between the two steps.
        public var points: Int
    }

    public var ramps: [RampResult]
    public var crossings: [Crossing]

    /// The JSON's `format_version`.
    public static let format = FormatVersion(name: "ramp", current: 1)

    public init(_ ramps: [RampResult]) {
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
            for b in ramps[(i + 1)...] where a.device.name == b.device.name && a.hz == b.hz && a.strategy != b.strategy {
                let costB = Dictionary(b.steps.map { ($0.points, $0.frameCostMs) }, uniquingKeysWith: { x, _ in x })
                // (history, cost of a minus cost of b), where the two differ by more than a tie.
                let common = a.steps.compactMap { step in
                    costB[step.points].flatMap { abs(step.frameCostMs - $0) > tie * max(step.frameCostMs, $0) ? (step.points, step.frameCostMs - $0) : nil }
                }
                for (lower, upper) in zip(common, common.dropFirst()) where (lower.1 < 0) != (upper.1 < 0) {
                    let t = lower.1 / (lower.1 - upper.1)
                    let points = Int((Double(lower.0) + t * Double(upper.0 - lower.0)).rounded())
                    found.append(Crossing(device: a.device.name, hz: a.hz, cheaperBelow: lower.1 < 0 ? a.strategy : b.strategy,
                                          cheaperAbove: lower.1 < 0 ? b.strategy : a.strategy, points: points))
                }
            }
        }
        return found
    }

    /// The study as JSON: `format_version`, `ramps` (one object per ramp, with its steps) and `crossings`.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(StudyJSON(self))
    }
}

/// The JSON written by `bench ramp --format json` (docs/capacity.md, "Outputs").
private struct StudyJSON: Encodable {
    struct Ramp: Encodable {
        var strategy: String, options: StrategySettings, device: String, hz: Double, costs: String, figures: String
        var drawing: String, limitPoints: Int
        /// Null when the ramp held to its limit.
        var capacityPoints: Int?
        var heldToPoints: Int?
        var failsAtFirstStroke: Bool
        var capacityPointsLow: Int?, capacityPointsHigh: Int?, interval: String?
        var capacityStrokes: Int, capacityMinutes: Double
        var changePointPoints: Int?, slopeUsPer1000Points: Double?
        var firstFailure: String?
        var steps: [Step]
        var spec: ReplaySpec
    }
    struct Step: Encodable {
        var points: Int, keepsUp: Bool, hitchRatioMsPerS: Double?, inkUpdatesPct: Double
        var frameCostMs: Double, longestTurnMs: Double, failure: String?
    }
    struct Crossing: Encodable {
        var device: String, hz: Double, cheaperBelow: String, cheaperAbove: String, points: Int
    }

    var formatVersion = RampStudy.format.current
    var ramps: [Ramp]
    var crossings: [Crossing]

    init(_ study: RampStudy) {
        ramps = study.ramps.map { r in
            Ramp(strategy: r.strategy, options: r.spec.options, device: r.device.name, hz: r.hz, costs: r.spec.costs.rawValue,
                 figures: r.spec.costs == .measured ? "measured" : "modelled",
                 drawing: r.drawing, limitPoints: r.limit,
                 capacityPoints: r.capacity.isFound ? r.capacity.points : nil,
                 heldToPoints: r.capacity.isFound ? nil : r.capacity.points,
                 failsAtFirstStroke: r.capacity == .failsAtFirstStroke,
                 capacityPointsLow: r.interval?.low, capacityPointsHigh: r.interval?.high, interval: r.interval?.basis.description,
                 capacityStrokes: r.strokes, capacityMinutes: (r.minutes * 100).rounded() / 100,
                 changePointPoints: r.fit?.changePoint, slopeUsPer1000Points: r.fit.map { ($0.slopeUsPer1000Points * 1000).rounded() / 1000 },
                 firstFailure: r.firstFailure.map { "\($0.points) points: \($0.failure ?? "")" },
                 steps: r.steps.map { s in
                     Step(points: s.points, keepsUp: s.keepsUp, hitchRatioMsPerS: s.hitchRatioMsPerS.map(round6), inkUpdatesPct: round6(s.inkUpdatesPct),
                          frameCostMs: round6(s.frameCostMs), longestTurnMs: round6(s.longestTurnMs), failure: s.failure)
                 },
                 spec: r.spec)
        }
        crossings = study.crossings.map { Crossing(device: $0.device, hz: $0.hz, cheaperBelow: $0.cheaperBelow, cheaperAbove: $0.cheaperAbove, points: $0.points) }
    }

    enum CodingKeys: String, CodingKey { case formatVersion = "format_version", ramps, crossings }
}

// Keys in snake case, as every JSON bench writes; a missing value is written as null (`encode`, not
// `encodeIfPresent`), so that a script finds every key in every ramp.
extension StudyJSON.Ramp {
    enum CodingKeys: String, CodingKey {
        case strategy, options, device, hz, costs, figures, drawing, limitPoints = "limit_points", capacityPoints = "capacity_points"
        case heldToPoints = "held_to_points", failsAtFirstStroke = "fails_at_first_stroke"
        case capacityPointsLow = "capacity_points_low", capacityPointsHigh = "capacity_points_high", interval
        case capacityStrokes = "capacity_strokes", capacityMinutes = "capacity_minutes"
        case changePointPoints = "change_point_points", slopeUsPer1000Points = "slope_us_per_1000_points"
        case firstFailure = "first_failure", steps, spec
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(strategy, forKey: .strategy); try c.encode(options, forKey: .options)
        try c.encode(device, forKey: .device); try c.encode(hz, forKey: .hz); try c.encode(costs, forKey: .costs)
        try c.encode(figures, forKey: .figures); try c.encode(drawing, forKey: .drawing); try c.encode(limitPoints, forKey: .limitPoints)
        try c.encode(capacityPoints, forKey: .capacityPoints); try c.encode(heldToPoints, forKey: .heldToPoints)
        try c.encode(failsAtFirstStroke, forKey: .failsAtFirstStroke)
        try c.encode(capacityPointsLow, forKey: .capacityPointsLow); try c.encode(capacityPointsHigh, forKey: .capacityPointsHigh)
        try c.encode(interval, forKey: .interval)
        try c.encode(capacityStrokes, forKey: .capacityStrokes); try c.encode(capacityMinutes, forKey: .capacityMinutes)
        try c.encode(changePointPoints, forKey: .changePointPoints); try c.encode(slopeUsPer1000Points, forKey: .slopeUsPer1000Points)
        try c.encode(firstFailure, forKey: .firstFailure); try c.encode(steps, forKey: .steps); try c.encode(spec, forKey: .spec)
    }
}

extension StudyJSON.Step {
    enum CodingKeys: String, CodingKey {
        case points, keepsUp = "keeps_up", hitchRatioMsPerS = "hitch_ratio_ms_per_s", inkUpdatesPct = "ink_updates_pct"
        case frameCostMs = "frame_cost_ms", longestTurnMs = "longest_turn_ms", failure
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(points, forKey: .points); try c.encode(keepsUp, forKey: .keepsUp)
        try c.encode(hitchRatioMsPerS, forKey: .hitchRatioMsPerS); try c.encode(inkUpdatesPct, forKey: .inkUpdatesPct)
        try c.encode(frameCostMs, forKey: .frameCostMs); try c.encode(longestTurnMs, forKey: .longestTurnMs)
        try c.encode(failure, forKey: .failure)
    }
}

extension StudyJSON.Crossing {
    enum CodingKeys: String, CodingKey {
        case device, hz, cheaperBelow = "cheaper_below", cheaperAbove = "cheaper_above", points
    }
}

/// Six decimals: a figure's honest precision, and the same text on every machine.
private func round6(_ v: Double) -> Double { (v * 1e6).rounded() / 1e6 }
