import BenchTestSupport
import Foundation
import StrokeBenchMetrics
import StrokeBenchReplay
import StrokeBenchStrategies
import Testing

@testable import StrokeBenchRegression

/// Record, edit, check: the "done when" on the small device, with scripted costs so that the
/// timing figures are exact and the test cannot flake.
@Suite struct CheckTests {
    /// naive on the crossing trace, every commit charged 1 ms.
    func configuration() -> ReplayConfiguration {
        var c = Fixtures.configuration(NaiveStrategy.self)
        c.meter = FixedCommitMeter(commitSeconds: 0.001)
        return c
    }

    func entry() throws -> BaselineEntry {
        let c = configuration()
        return try Recorder.measure(c, repeats: 3)
    }

    /// Edits every number under a key path containing `main_ms`, as the acceptance script does.
    func scaleMainMs(_ entry: BaselineEntry, by factor: Double) throws -> BaselineEntry {
        func scale(_ value: Any, inMainMs: Bool) -> Any {
            if let object = value as? [String: Any] {
                return Dictionary(
                    uniqueKeysWithValues: object.map {
                        ($0.key, scale($0.value, inMainMs: inMainMs || $0.key.contains("main_ms")))
                    })
            }
            if let array = value as? [Any] { return array.map { scale($0, inMainMs: inMainMs) } }
            if inMainMs, let number = value as? Double { return number * factor }
            return value
        }
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(entry))
        return try JSONDecoder().decode(
            BaselineEntry.self, from: JSONSerialization.data(withJSONObject: scale(object, inMainMs: false)))
    }

    func failing(_ results: [CheckResult]) -> [String] {
        results.filter { $0.verdict == .worse }.map(\.name)
    }

    /// Budgets and counters name the `Metric` they are about, and its polarity, not a mirrored branch,
    /// decides which way is a regression.
    @Test func budgetsAndCountersAreMetricsWithADirection() {
        let d = FrameDistribution(p50: 1, p90: 2, p95: 3, p99: 4, max: 5)
        let run = TimingRun(
            mainMs: d, renderMs: d, compositeMs: d, overrunMs: d, latencyMs: d, hitchRatioMsPerS: 7,
            droppedPct: 8, frames: 10, activeFrames: 9)
        let defaults = Budget.defaults.map(\.budget)
        #expect(defaults.map { $0.values(in: [run]) } == [[7], [4], [3]])
        #expect(defaults.map(\.metric.unit) == ["ms/s", "ms", "ms"])
        for metric in Metric.counters { #expect(metric.counter != nil) }
        let fps = Checker.modelledTimingCheck(
            configuration: "c", name: "fps", unit: "fps", baseline: [60], candidate: [50],
            polarity: .higherIsBetter)
        #expect(fps.verdict == .worse)
        #expect(
            Checker.counterCheck(configuration: "c", name: "x", baseline: 10, candidate: 5, tolerance: .default).verdict
                == .better)
    }

    @Test func aFreshBaselinePasses() throws {
        let baseline = try entry()
        let results = Checker.compare(
            baseline: baseline, candidate: try entry(), budgets: .defaults, strategies: .builtIn)
        #expect(ChangeVerdict.overall(results.map(\.verdict)) == .unchanged)
        #expect(results.count == Metric.counters.count + 1 + Budget.defaults.count + Metric.timing.count)
    }

    @Test func halvedPixelCountsFailNamingTheCounter() throws {
        var baseline = try entry()
        baseline.counters.pixelsRasterized /= 2
        let results = Checker.compare(
            baseline: baseline, candidate: try entry(), budgets: .defaults, strategies: .builtIn)
        #expect(failing(results) == ["pixels_rasterized"])
        #expect(ChangeVerdict.overall(results.map(\.verdict)).exitStatus == 2)
    }

    @Test func aTenTimesFasterBaselineFailsNamingMainMs() throws {
        let candidate = try entry()
        let baseline = try scaleMainMs(candidate, by: 0.1)
        let results = Checker.compare(
            baseline: baseline, candidate: candidate, budgets: .defaults, strategies: .builtIn)
        // Commits cost 1 ms, so p50/p95/p99/mean of busy frames are 1 ms against 0.1: beyond 25% and the
        // 0.5 ms floor, and every candidate run is slower than every baseline run (p = 0.05).
        #expect(
            Set(failing(results)) == ["main_ms_p50", "main_ms_p95", "main_ms_p99", "main_ms_mean", "main_ms_total"])
        #expect(ChangeVerdict.overall(results.map(\.verdict)) == .worse)
    }

    /// Modelled timings carry no noise: 2% slower passes a measured check (within 25%) but is a
    /// regression when the baseline was modelled, and the same figures pass exactly.
    @Test func modelledTimingsAreComparedExactly() throws {
        var candidate = try entry()
        var baseline = try scaleMainMs(candidate, by: 1 / 1.02)
        #expect(
            ChangeVerdict.overall(
                Checker.compare(baseline: baseline, candidate: candidate, budgets: .defaults, strategies: .builtIn).map(
                    \.verdict)) == .unchanged)

        candidate.configuration.costs = .model
        baseline.configuration.costs = .model
        let slower = Checker.compare(baseline: baseline, candidate: candidate, budgets: .defaults, strategies: .builtIn)
        #expect(Set(failing(slower)) == ["main_ms_p50", "main_ms_p95", "main_ms_p99", "main_ms_mean", "main_ms_total"])
        #expect(slower.first { $0.name == "main_ms_p50" }?.reason.hasPrefix("modelled: ") == true)
        let same = Checker.compare(baseline: candidate, candidate: candidate, budgets: .defaults, strategies: .builtIn)
        #expect(
            same.filter { $0.kind == .timing }.allSatisfy {
                $0.verdict == .unchanged && $0.reason == "exactly equal (modelled)"
            })
        let faster = Checker.compare(baseline: candidate, candidate: baseline, budgets: .defaults, strategies: .builtIn)
        #expect(ChangeVerdict.overall(faster.map(\.verdict)) == .better)
    }

    @Test func aMuchSlowerBaselineIsAnImprovementOnly() throws {
        let candidate = try entry()
        let baseline = try scaleMainMs(candidate, by: 10)
        let results = Checker.compare(
            baseline: baseline, candidate: candidate, budgets: .defaults, strategies: .builtIn)
        #expect(ChangeVerdict.overall(results.map(\.verdict)) == .better)
    }

    @Test func aBudgetEveryRunMissesIsARegression() throws {
        let candidate = try entry()
        // Latency on this trace is 10-20 ms (samples wait for a vsync, then a frame): a 5 ms budget fails.
        let budgets = try Budgets.defaults.applying(["latency-p95=5"])
        let results = Checker.compare(baseline: candidate, candidate: candidate, budgets: budgets, strategies: .builtIn)
        #expect(failing(results) == ["budget latency_p95_ms"])
    }

    @Test func theCountingReplayIgnoresMeasuredCosts() throws {
        // A commit that costs 25 ms (two and a half frames) changes the schedule, so the timed replay
        // coalesces more samples per event and makes fewer images; the counting replay does not see it.
        var slow = configuration()
        slow.meter = FixedCommitMeter(commitSeconds: 0.025)
        let timed = try Replay.run(slow).summary.counters
        let counted = try Recorder.count(slow).counters
        #expect(counted == (try Recorder.count(configuration())).counters)
        #expect(timed.bitmapsAllocated < counted.bitmapsAllocated)
    }

    @Test func theReportNamesTheFailingFigureInEveryFormat() throws {
        var baseline = try entry()
        baseline.counters.pixelsRasterized /= 2
        let results = Checker.compare(
            baseline: baseline, candidate: try entry(), budgets: .defaults, strategies: .builtIn)
        let report = CheckReport(baseline: "b.json", tolerance: .default, repeats: 3, checks: results)
        for format: OutputFormat in [.table, .csv, .json, .markdown] {
            let text = try report.render(format)
            #expect(text.contains("pixels_rasterized"))
            #expect(text.lowercased().contains("regression"))
        }
        let json = try JSONSerialization.jsonObject(with: Data(try report.render(.json).utf8)) as! [String: Any]
        #expect(json["exit_status"] as? Int == 2)
        #expect((json["failing"] as? [String])?.first?.hasSuffix("pixels_rasterized") == true)
        let lines = try report.render(.csv).split(whereSeparator: \.isNewline)
        #expect(lines.first.map(String.init) == CheckReport.csvColumns.joined(separator: ","))
        #expect(lines.count == results.count + 1)
        #expect(lines.contains { $0.contains(",pixels_rasterized,counter,") && $0.contains(",regression,") })
    }
}
