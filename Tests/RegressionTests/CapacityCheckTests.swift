import Foundation
import StrokeBenchMetrics
import StrokeBenchReplay
import StrokeBenchSpec
import Testing

@testable import StrokeBenchRegression

/// A guarded capacity: the budget, and the capacity against the one recorded, exact for modelled
/// ramps and by overlapping ranges for measured ones.
@Suite struct CapacityCheckTests {
    func entry(
        _ costs: CostMode, points: Int?, held: Int? = nil, low: Int? = nil, high: Int? = nil, atLeast: Int? = nil
    ) -> CapacityEntry {
        CapacityEntry(
            ramp: ReplaySpec(
                strategy: "dirty-rect", device: "ipad-pro-11", clock: .virtual, costs: costs,
                trace: TraceIdentity(path: "ramp:handwriting")),
            drawing: "handwriting", limitPoints: 200_000, repeats: costs == .measured ? 5 : 1, capacityPoints: points,
            heldToPoints: held, capacityPointsLow: low, capacityPointsHigh: high, atLeastPoints: atLeast)
    }

    func verdicts(_ baseline: CapacityEntry, _ candidate: CapacityEntry) -> [String: ChangeVerdict] {
        Dictionary(
            uniqueKeysWithValues: Checker.capacityChecks(baseline: baseline, candidate: candidate, strategies: .builtIn)
                .map { ($0.name, $0.verdict) })
    }

    @Test func aModelledCapacityThatFallsIsARegression() {
        let was = entry(.model, points: 107_630, low: 36_440, high: 181_020)
        #expect(verdicts(was, entry(.model, points: 107_630)) == ["capacity_points": .unchanged])
        #expect(verdicts(was, entry(.model, points: 107_620)) == ["capacity_points": .worse])
        #expect(verdicts(was, entry(.model, points: nil, held: 200_000)) == ["capacity_points": .better])
    }

    @Test func theBudgetCountsAHeldRampAtItsLimit() {
        let was = entry(.model, points: nil, held: 200_000, atLeast: 150_000)
        #expect(
            verdicts(was, entry(.model, points: nil, held: 200_000)) == [
                "capacity_points": .unchanged, "budget capacity_points": .unchanged,
            ])
        #expect(verdicts(was, entry(.model, points: 149_990))["budget capacity_points"] == .worse)
        #expect(verdicts(was, entry(.model, points: 150_000))["budget capacity_points"] == .unchanged)
    }

    @Test func measuredCapacitiesDifferOnlyWhenTheirRangesDoNotOverlap() {
        let was = entry(.measured, points: 36_440, low: 33_420, high: 45_250)
        #expect(
            verdicts(was, entry(.measured, points: 41_500, low: 30_640, high: 45_250)) == [
                "capacity_points": .unchanged
            ])
        #expect(
            verdicts(was, entry(.measured, points: 20_000, low: 18_000, high: 33_000)) == [
                "capacity_points": .worse
            ])
        #expect(
            verdicts(was, entry(.measured, points: 60_000, low: 50_000, high: 70_000)) == [
                "capacity_points": .better
            ])
    }

    /// A baseline of capacities alone reads back, and an older one without them reads with none.
    @Test func aCapacityBaselineRoundTrips() throws {
        var baseline = Baseline(
            recorded: "2026-11-26T00:00:00Z", machine: "test", budgets: .defaults, configurations: [])
        baseline.add(entry(.model, points: 4760, low: 1480, high: 8000, atLeast: 4000), strategies: .builtIn)
        baseline.add(entry(.model, points: 4770, low: 1480, high: 8000, atLeast: 4000), strategies: .builtIn)
        #expect(baseline.capacities.count == 1, "the same ramp is replaced, not added")
        let text = try baseline.encoded()
        #expect(text.contains("\"format_version\" : 4"))
        #expect(text.contains("\"held_to_points\" : null"))
        let read = try Baseline.decode(Data(text.utf8), file: "b.json")
        #expect(read == baseline)
    }
}
