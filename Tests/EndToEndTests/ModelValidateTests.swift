import BenchTestSupport
import Foundation
import Testing

/// `bench model validate`: every published figure with its role and the model's range, and the
/// accuracy over the predicted ones; results/device-model/validation.json is its output, kept current.
/// End to end: about 12 s in the release build CI names, minutes in a debug one.
@Suite(.enabled(if: EndToEnd.enabled, EndToEnd.reason)) struct ModelValidateTests {
    @Test func theCommittedValidationIsTheCommandsOutput() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try BenchTool.spawn(
            ["model", "validate", "--format", "json"], in: folder, using: BenchTool.release)
        try #require(outcome.status == 0, "\(outcome.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let rows = try #require(report["rows"] as? [[String: Any]])
        #expect(rows.count >= 8)
        #expect(rows.filter { $0["role"] as? String == "fitted" }.count == 1)
        for row in rows {
            let low = try #require(row["low"] as? Double)
            let high = try #require(row["high"] as? Double)
            #expect(low <= high, "\(row["figure"] ?? "")")
        }
        for row in rows {
            let low = try #require(row["low"] as? Double)
            let central = try #require(row["central"] as? Double)
            let high = try #require(row["high"] as? Double)
            #expect(low <= central && central <= high, "\(row["figure"] ?? "")")
            // The fitted figure carries its reading's spread, never a zero width.
            if row["role"] as? String == "fitted" { #expect(high - low > 1e-6 * abs(central)) }
        }
        // Priced without the structural error it sizes: the fitted row's draws move only as far as its
        // reading does (34 to 35 fps, recorded up to 10% slow), nowhere near the drawing term's factor.
        let fitted = try #require(rows.first { $0["role"] as? String == "fitted" })
        #expect(try #require(fitted["draws_low"] as? Double) >= 0.95 * 34)
        #expect(try #require(fitted["draws_high"] as? Double) <= 1.05 * 35 * 1.1)
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(
            Set(summary.keys) == [
                "predicted_rows", "per_metric", "spearman_by_metric", "median_ape_pct_by_metric",
                "coverage_leave_one_row_out", "coverage_draws_only", "structural_error", "reference",
            ])
        // A term per kind of cost, never one pooled over every row.
        let terms = try #require(summary["structural_error"] as? [String: [String: Any]])
        #expect(Set(terms.keys) == ["drawing", "snapshot"])
        for row in rows where row["role"] as? String == "predicted" {
            let kind = try #require(row["cost_kind"] as? String)
            #expect((row["metric"] as? String == "snapshot_ms") == (kind == "snapshot"), "\(row["figure"] ?? "")")
        }
        // Accuracy by metric, never pooled across units, with the reference predictor's beside it.
        let perMetric = try #require(summary["per_metric"] as? [String: [String: Any]])
        let reference = try #require((summary["reference"] as? [String: Any])?["per_metric"] as? [String: Any])
        #expect(Set(perMetric.keys) == Set(reference.keys))
        for (metric, accuracy) in perMetric {
            let n = try #require(accuracy["n"] as? Int)
            #expect((accuracy["spearman"] != nil) == (n >= 3), "\(metric)")
            #expect((accuracy["geometric_mean_error_factor"] as? Double ?? 0) >= 1, "\(metric)")
            // The maps by metric repeat the metric's own figures; a Spearman only where it has one.
            let spearmans = try #require(summary["spearman_by_metric"] as? [String: Double])
            let medians = try #require(summary["median_ape_pct_by_metric"] as? [String: Double])
            #expect(spearmans[metric] == accuracy["spearman"] as? Double, "\(metric)")
            #expect(medians[metric] == accuracy["median_ape_pct"] as? Double, "\(metric)")
        }
        let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("results/device-model/validation.json")
        #expect(
            try String(contentsOf: committed, encoding: .utf8) == outcome.stdout,
            "results/device-model/validation.json is stale: bench model validate --format json > results/device-model/validation.json"
        )
        // The copy every modelled verdict's accuracy line reads (ModelAccuracy) is the same output.
        let shipped = committed.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/StrokeBenchDevice/Resources/model-validation.json")
        #expect(
            try String(contentsOf: shipped, encoding: .utf8) == outcome.stdout,
            "Sources/StrokeBenchDevice/Resources/model-validation.json is stale: bench model validate --format json > it"
        )
        // The docs' tables are written from the committed JSON (scripts/validation_docs.py), never typed in.
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Started in the repository, not in whatever folder the process's working folder is now.
        check.currentDirectoryURL = committed.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        check.arguments = [
            "python3",
            committed.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("scripts/validation_docs.py").path, "--check",
        ]
        try check.run()
        check.waitUntilExit()
        #expect(check.terminationStatus == 0, "docs/device-model.md is stale: python3 scripts/validation_docs.py")
    }
}
