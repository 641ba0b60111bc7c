import BenchTestSupport
import Foundation
import StrokeBenchMetrics
import Testing

@testable import StrokeBenchRegression

@Suite struct VerdictTests {
    @Test func exitStatusesAreTheIssuesContract() {
        #expect(ChangeVerdict.unchanged.exitStatus == 0)
        #expect(ChangeVerdict.worse.exitStatus == 2)
        #expect(ChangeVerdict.inconclusive.exitStatus == 3)
        #expect(ChangeVerdict.better.exitStatus == 4)
    }

    @Test func theWorstCheckDecides() {
        #expect(ChangeVerdict.overall([]) == .unchanged)
        #expect(ChangeVerdict.overall([.unchanged, .better]) == .better)
        #expect(ChangeVerdict.overall([.better, .inconclusive, .unchanged]) == .inconclusive)
        #expect(ChangeVerdict.overall([.inconclusive, .worse, .better]) == .worse)
    }
}

/// The timing layer: tolerance, noise floor and significance, each necessary.
@Suite struct TimingCheckTests {
    func check(_ baseline: [Double], _ candidate: [Double], tolerance: Tolerance = .default) -> CheckResult {
        Checker.timingCheck(
            configuration: "c", name: "main_ms_p95", unit: "ms", baseline: baseline, candidate: candidate,
            noiseFloor: tolerance.noiseFloorMs, tolerance: tolerance)
    }

    @Test func tenTimesSlowerOverThreeRunsIsARegression() {
        let r = check([1.0, 1.1, 1.2], [10, 11, 12])
        #expect(r.verdict == .worse)
        #expect(r.pValue == 0.05)
    }

    @Test func aChangeWithinToleranceOfTheRangePasses() {
        // Median 1.4 is 16.7% above the slowest run, under 25%.
        #expect(check([1.0, 1.1, 1.2], [1.35, 1.4, 1.45]).verdict == .unchanged)
    }

    @Test func aLargeRelativeChangeUnderTheNoiseFloorPasses() {
        // Three times slower, but by 0.2 ms: sub-millisecond figures wobble by that much.
        #expect(check([0.1, 0.1, 0.1], [0.3, 0.3, 0.3]).verdict == .unchanged)
    }

    @Test func aLargeChangeThatIsNotSignificantIsInconclusive() {
        // Two of three candidate runs are slow, one is fast: the median is far beyond the range but the
        // runs overlap, so p > 0.05.
        let r = check([1.0, 1.1, 1.2], [1.0, 5, 6])
        #expect(r.verdict == .inconclusive)
        #expect((r.pValue ?? 0) > 0.05)
        // And one run each can never be significant, however large the change.
        #expect(check([1.0], [100]).verdict == .inconclusive)
    }

    @Test func muchFasterOverThreeRunsIsAnImprovement() {
        #expect(check([10, 11, 12], [1.0, 1.1, 1.2]).verdict == .better)
    }

    @Test func aSlowerRunInsideTheRecordedRangePasses() {
        // The baseline's range already holds a slow run: the range, not a single number, is the reference.
        #expect(check([1.0, 1.1, 4.0], [3.5, 3.6, 3.9]).verdict == .unchanged)
    }
}

/// The counter layer: exact.
@Suite struct CounterCheckTests {
    @Test func anyChangeIsReportedAndMoreWorkIsARegression() {
        let t = Tolerance.default
        #expect(
            Checker.counterCheck(configuration: "c", name: "n", baseline: 100, candidate: 100, tolerance: t).verdict
                == .unchanged)
        #expect(
            Checker.counterCheck(configuration: "c", name: "n", baseline: 100, candidate: 101, tolerance: t).verdict
                == .worse)
        #expect(
            Checker.counterCheck(configuration: "c", name: "n", baseline: 100, candidate: 99, tolerance: t).verdict
                == .better)
        var loose = t
        loose.counterRelative = 0.02
        #expect(
            Checker.counterCheck(configuration: "c", name: "n", baseline: 100, candidate: 101, tolerance: loose).verdict
                == .unchanged)
    }
}

/// The budget layer.
@Suite struct BudgetTests {
    func run(hitch: Double) -> TimingRun {
        let zero = FrameDistribution(p50: 0, p90: 0, p95: 0, p99: 0, max: 0)
        return TimingRun(
            mainMs: zero, renderMs: zero, compositeMs: zero, overrunMs: zero, latencyMs: zero,
            hitchRatioMsPerS: hitch, droppedPct: 0, frames: 1, activeFrames: 1)
    }

    func verdict(_ budget: Budget, _ limit: Double, _ runs: [TimingRun]) -> ChangeVerdict {
        Checker.budgetCheck(
            configuration: "c", budget: budget, limit: .absolute(limit), baseline: runs, candidate: runs
        ).verdict
    }

    @Test func aBudgetFailsOnlyWhenEveryRunIsOver() {
        #expect(verdict(.hitchRatio, 5, [run(hitch: 1), run(hitch: 5)]) == .unchanged)
        #expect(verdict(.hitchRatio, 5, [run(hitch: 1), run(hitch: 6)]) == .inconclusive)
        #expect(verdict(.hitchRatio, 5, [run(hitch: 7), run(hitch: 6)]) == .worse)
    }

    @Test func settingsChangeOrTurnOffNamedBudgets() throws {
        let b = try Budgets.defaults.applying(["hitch-ratio=10", "latency-p95=off"])
        #expect(b.limits[.hitchRatio] == .absolute(10))
        #expect(b.limits[.latencyP95] == nil)
        #expect(b.limits[.overrunP99] == .absolute(0))
        #expect(throws: BudgetSettingError.self) { try Budgets.defaults.applying(["frame-rate=60"]) }
        #expect(throws: BudgetSettingError.self) { try Budgets.defaults.applying(["hitch-ratio=fast"]) }
    }

    @Test func theDefaultsAreTheDocumentedOnes() {
        #expect(
            Budgets.defaults.limits == [
                .hitchRatio: .absolute(5), .overrunP99: .absolute(0), .latencyP95: .absolute(50),
            ])
    }

    /// A run that keeps every figure, with `ink` ink updates per second.
    func run(ink: Double) -> TimingRun {
        var r = run(hitch: 0)
        r.figures = RunFigures(values: [.inkUpdatesPerS: ink, .pixelsRasterized: 1000])
        return r
    }

    /// Any summary figure at any percentile over the runs, with the metric's own direction.
    @Test func aBudgetMayNameAnyMetricAtAnyPercentile() throws {
        let b = try Budgets.none.applying(["ink_updates_per_s@p50=60"])
        let budget = try #require(b.limits.keys.first)
        #expect(budget == Budget(.inkUpdatesPerS, .percentile(50)))
        #expect(budget.key == "ink_updates_per_s@p50")
        // Higher is better: a median of 50 is under a floor of 60, one of 70 is within it.
        #expect(verdict(budget, 60, [run(ink: 40), run(ink: 50), run(ink: 90)]) == .worse)
        #expect(verdict(budget, 60, [run(ink: 40), run(ink: 70), run(ink: 90)]) == .unchanged)
        // p0 is the worst run of a higher-is-better figure, p100 the best.
        #expect(verdict(Budget(.inkUpdatesPerS, .percentile(0)), 60, [run(ink: 40), run(ink: 70)]) == .worse)
        #expect(verdict(Budget(.inkUpdatesPerS, .percentile(100)), 60, [run(ink: 40), run(ink: 70)]) == .unchanged)
        // A counter is a figure too.
        #expect(verdict(try Budget(name: "pixels_rasterized"), 999, [run(ink: 1)]) == .worse)
    }

    @Test func aRelativeBudgetIsMeasuredFromTheBaseline() throws {
        let budget = Budget(.inkUpdatesPerS, .percentile(50))
        func check(_ baseline: [Double], _ candidate: [Double]) -> CheckResult {
            Checker.budgetCheck(
                configuration: "c", budget: budget, limit: .relative(0.1),
                baseline: baseline.map(run(ink:)), candidate: candidate.map(run(ink:)))
        }
        #expect(check([100, 100], [91, 91]).verdict == .unchanged)
        #expect(check([100, 100], [89, 89]).verdict == .worse)
        #expect(check([100, 100], [89, 89]).baseline == ">= 90.00")
        #expect(
            check([100, 100], [89, 89]).reason == "p50 over 2 runs is 89.00, over budget (+10% on the baseline's 100.0)"
        )
        // A baseline recorded before runs kept every figure cannot give a relative budget its limit:
        // inconclusive, and said, never a silent pass.
        let old = Checker.budgetCheck(
            configuration: "c", budget: budget, limit: .relative(0.1),
            baseline: [run(hitch: 0)], candidate: [run(ink: 1)])
        #expect(old.verdict == .inconclusive)
        #expect(old.reason.contains("re-record"))
    }

    @Test func unbudgetableNamesAreRefusedWithTheReason() {
        func reason(_ setting: String) -> String? {
            do {
                _ = try Budgets.defaults.applying([setting])
                return nil
            } catch { return error.reason }
        }
        #expect(reason("frames=10") == "frames has no better direction, so it cannot be budgeted")
        #expect(reason("ink_updates_per_s@p101=1")?.hasPrefix("'@p101' is not a percentile") == true)
        #expect(reason("ink_updates_per_s@median=1")?.hasPrefix("'@median' is not a percentile") == true)
        #expect(reason("ink_updates_per_s=-5%") == "the limit must be a number, a percentage such as +10%, or 'off'")
        #expect(reason("latency-p95=+10%") == nil)
    }

    /// Budgets round-trip through the file's object: the defaults always written (null when off),
    /// others as a number or a percentage; the keys a format-2 baseline holds read the same.
    @Test func budgetsRoundTripAndOldKeysRead() throws {
        let b = try Budgets.defaults.applying(["latency-p95=off", "ink_updates_per_s@p50=60", "main_ms_p95=+10%"])
        let data = try JSONEncoder().encode(b)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "hitch_ratio_ms_per_s", "overrun_p99_ms", "latency_p95_ms", "ink_updates_per_s@p50", "main_ms_p95",
            ])
        #expect(object["main_ms_p95"] as? String == "+10%")
        #expect(object["latency_p95_ms"] is NSNull)
        #expect(try JSONDecoder().decode(Budgets.self, from: data) == b)
        let old = Data(#"{"hitch_ratio_ms_per_s": 5, "overrun_p99_ms": null, "latency_p95_ms": 50}"#.utf8)
        #expect(
            try JSONDecoder().decode(Budgets.self, from: old).limits == [
                .hitchRatio: .absolute(5), .latencyP95: .absolute(50),
            ])
        // The canonical key only: `overrun_ms_p99` is what the default is called, not a second key for it.
        let twice = Data(
            #"{"hitch_ratio_ms_per_s": 5, "overrun_p99_ms": 0, "latency_p95_ms": 50, "overrun_ms_p99": 1}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Budgets.self, from: twice) }
    }
}
