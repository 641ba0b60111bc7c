import BenchTestSupport
import Foundation
import StrokeBenchRegression
import StrokeBenchSpec
import Testing

/// Budgets on any metric and percentile, through the command line, and a baseline recorded by an
/// older bench (format 2, before runs kept every figure) that still checks.
@Suite struct BudgetCommandTests {
    /// Recorded by `bench baseline record --strategy dirty-rect --clock virtual --costs zero --hz 120
    /// --repeat 2 --trace small.trace` at commit d396081, the last to write format 2.
    static let formatTwo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/baseline-format-2.json").path

    @Test func aFormatTwoBaselineStillChecksAndTakesNewBudgets() throws {
        let plain = BenchTool.run(absolute: ["check", "--baseline", Self.formatTwo])
        #expect(plain.status == 0, "\(plain.stdout)\(plain.stderr)")
        // An absolute budget on a figure format 2 never kept is judged on the new runs alone.
        let ink = BenchTool.run(absolute: [
            "check", "--baseline", Self.formatTwo, "--format", "json",
            "--budget", "ink_updates_per_s@p50=1000000",
        ])
        #expect(ink.status == 2)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(ink.stdout.utf8)) as? [String: Any])
        let checks = try #require(report["checks"] as? [[String: Any]])
        let budget = try #require(checks.first { $0["name"] as? String == "budget ink_updates_per_s@p50" })
        #expect(budget["verdict"] as? String == "regression")
        #expect(budget["baseline"] as? String == ">= 1000000")
        // A relative one needs the baseline's figure, which format 2 did not keep: inconclusive, said.
        let relative = BenchTool.run(absolute: [
            "check", "--baseline", Self.formatTwo, "--budget", "ink_updates_per_s@p50=+10%",
        ])
        #expect(relative.status == 3)
        #expect(relative.stdout.contains("re-record it for a relative budget"))
    }

    @Test func aRecordedBudgetOnAnyMetricIsKeptAndChecked() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("t.trace").path
        let baseline = folder.appendingPathComponent("b.json").path
        try smallTraceV2.write(toFile: trace, atomically: true, encoding: .utf8)
        let record = BenchTool.run(absolute: [
            "baseline", "record", "--output", baseline, "--trace", trace, "--strategy", "dirty-rect",
            "--clock", "virtual", "--costs", "model", "--repeat", "2",
            "--budget", "ink_updates_per_s@p50=1", "--budget", "main_ms_p95@p50=+10%",
        ])
        try #require(record.status == 0, "\(record.stderr)")
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(text.contains("\"ink_updates_per_s@p50\" : 1"))
        #expect(text.contains("\"main_ms_p95@p50\" : \"+10%\""))
        #expect(text.contains("\"format_version\" : 5"))
        let check = BenchTool.run(absolute: ["check", "--baseline", baseline])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains("budget ink_updates_per_s@p50"))
        // Asking for more ink updates than the run makes fails, naming the budget.
        let strict = BenchTool.run(absolute: [
            "check", "--baseline", baseline, "--budget", "ink_updates_per_s@p50=100000",
        ])
        #expect(strict.status == 2)
        // Nothing budgets a figure with no direction, and the refusal says why.
        let frames = BenchTool.run(absolute: ["check", "--baseline", baseline, "--budget", "frames=10"])
        #expect(frames.status == 64)
        #expect(frames.stderr.contains("frames has no better direction, so it cannot be budgeted"))
    }

    /// Budgets belong to a configuration: appending one with its budgets off leaves the others' on, and
    /// check says which budgets it applied to each.
    @Test func appendingNeverChangesAnotherConfigurationsBudgets() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("t.trace").path
        let baseline = folder.appendingPathComponent("b.json").path
        try smallTraceV2.write(toFile: trace, atomically: true, encoding: .utf8)
        let common = [
            "--trace", trace, "--clock", "virtual", "--costs", "model", "--repeat", "1", "--output", baseline,
        ]
        let first = BenchTool.run(absolute: ["baseline", "record", "--strategy", "dirty-rect"] + common)
        try #require(first.status == 0, "\(first.stderr)")
        let second = BenchTool.run(
            absolute: ["baseline", "record", "--append", "--strategy", "point-array", "--budget", "hitch-ratio=off"]
                + common)
        try #require(second.status == 0, "\(second.stderr)")
        let read = try Baseline.read(from: baseline)
        #expect(read.configurations.count == 2)
        #expect(
            read.budgets(for: read.configurations[0]).limits[.hitchRatio] != nil, "dirty-rect keeps its hitch budget")
        #expect(read.budgets(for: read.configurations[1]).limits[.hitchRatio] == nil, "point-array's is off")
        let check = BenchTool.run(absolute: ["check", "--baseline", baseline])
        #expect(check.stderr.contains("budgets for dirty-rect ") && check.stderr.contains("hitch_ratio_ms_per_s"))
    }

    /// Configurations that differ only in a pipeline what-if are two entries, not one replaced by the other.
    @Test func aWhatIfMakesItsOwnEntry() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("t.trace").path
        let baseline = folder.appendingPathComponent("b.json").path
        try smallTraceV2.write(toFile: trace, atomically: true, encoding: .utf8)
        let common = [
            "--strategy", "dirty-rect", "--trace", trace, "--clock", "virtual", "--costs", "model", "--repeat", "1",
            "--output", baseline,
        ]
        try #require(BenchTool.run(absolute: ["baseline", "record", "--predict", "linear"] + common).status == 0)
        try #require(
            BenchTool.run(absolute: ["baseline", "record", "--append", "--predict", "kalman"] + common).status == 0)
        let read = try Baseline.read(from: baseline)
        #expect(read.configurations.map(\.configuration.pipeline.predict) == [.linear, .kalman])
    }
}
