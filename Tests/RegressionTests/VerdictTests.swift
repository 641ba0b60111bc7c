@testable import StrokeBenchRegression
import BenchTestSupport
import Testing

@Suite struct VerdictTests {
    @Test func exitStatusesAreTheIssuesContract() {
        #expect(Verdict.pass.exitStatus == 0)
        #expect(Verdict.regression.exitStatus == 2)
        #expect(Verdict.inconclusive.exitStatus == 3)
        #expect(Verdict.improvement.exitStatus == 4)
    }

    @Test func theWorstCheckDecides() {
        #expect(Verdict.overall([]) == .pass)
        #expect(Verdict.overall([.pass, .improvement]) == .improvement)
        #expect(Verdict.overall([.improvement, .inconclusive, .pass]) == .inconclusive)
        #expect(Verdict.overall([.inconclusive, .regression, .improvement]) == .regression)
    }
}

/// The timing layer: tolerance, noise floor and significance, each necessary.
@Suite struct TimingCheckTests {
    func check(_ baseline: [Double], _ candidate: [Double], tolerance: Tolerance = .default) -> CheckResult {
        Checker.timingCheck(configuration: "c", name: "main_ms.p95", unit: "ms", baseline: baseline, candidate: candidate,
                            noiseFloor: tolerance.noiseFloorMs, tolerance: tolerance)
    }

    @Test func tenTimesSlowerOverThreeRunsIsARegression() {
        let r = check([1.0, 1.1, 1.2], [10, 11, 12])
        #expect(r.verdict == .regression)
        #expect(r.pValue == 0.05)
    }

    @Test func aChangeWithinToleranceOfTheRangePasses() {
        // Median 1.4 is 16.7% above the slowest run, under 25%.
        #expect(check([1.0, 1.1, 1.2], [1.35, 1.4, 1.45]).verdict == .pass)
    }

    @Test func aLargeRelativeChangeUnderTheNoiseFloorPasses() {
        // Three times slower, but by 0.2 ms: sub-millisecond figures wobble by that much.
        #expect(check([0.1, 0.1, 0.1], [0.3, 0.3, 0.3]).verdict == .pass)
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
        #expect(check([10, 11, 12], [1.0, 1.1, 1.2]).verdict == .improvement)
    }

    @Test func aSlowerRunInsideTheRecordedRangePasses() {
        // The baseline's range already holds a slow run: the range, not a single number, is the reference.
        #expect(check([1.0, 1.1, 4.0], [3.5, 3.6, 3.9]).verdict == .pass)
    }
}

/// The counter layer: exact.
@Suite struct CounterCheckTests {
    @Test func anyChangeIsReportedAndMoreWorkIsARegression() {
        let t = Tolerance.default
        #expect(Checker.counterCheck(configuration: "c", name: "n", baseline: 100, candidate: 100, tolerance: t).verdict == .pass)
        #expect(Checker.counterCheck(configuration: "c", name: "n", baseline: 100, candidate: 101, tolerance: t).verdict == .regression)
        #expect(Checker.counterCheck(configuration: "c", name: "n", baseline: 100, candidate: 99, tolerance: t).verdict == .improvement)
        var loose = t
        loose.counterRelative = 0.02
        #expect(Checker.counterCheck(configuration: "c", name: "n", baseline: 100, candidate: 101, tolerance: loose).verdict == .pass)
    }
}

/// The budget layer.
@Suite struct BudgetTests {
    func run(hitch: Double) -> TimingRun {
        let zero = FrameDistribution(p50: 0, p90: 0, p95: 0, p99: 0, max: 0)
        return TimingRun(mainMs: zero, renderMs: zero, compositeMs: zero, overrunMs: zero, latencyMs: zero,
                         hitchRatioMsPerS: hitch, droppedPct: 0, frames: 1, activeFrames: 1)
    }

    @Test func aBudgetFailsOnlyWhenEveryRunIsOver() {
        #expect(Budget.hitchRatio.verdict(limit: 5, runs: [run(hitch: 1), run(hitch: 5)]) == .pass)
        #expect(Budget.hitchRatio.verdict(limit: 5, runs: [run(hitch: 1), run(hitch: 6)]) == .inconclusive)
        #expect(Budget.hitchRatio.verdict(limit: 5, runs: [run(hitch: 7), run(hitch: 6)]) == .regression)
    }

    @Test func settingsChangeOrTurnOffNamedBudgets() throws {
        let b = try Budgets.defaults.applying(["hitch-ratio=10", "latency-p95=off"])
        #expect(b.limits[.hitchRatio] == 10)
        #expect(b.limits[.latencyP95] == nil)
        #expect(b.limits[.overrunP99] == 0)
        #expect(throws: BudgetSettingError.self) { try Budgets.defaults.applying(["frame-rate=60"]) }
        #expect(throws: BudgetSettingError.self) { try Budgets.defaults.applying(["hitch-ratio=fast"]) }
    }

    @Test func theDefaultsAreTheDocumentedOnes() {
        #expect(Budgets.defaults.limits == [.hitchRatio: 5, .overrunP99: 0, .latencyP95: 50])
    }
}
