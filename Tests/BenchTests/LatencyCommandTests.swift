import BenchTestSupport
import Foundation
import Testing

/// Latency's what-ifs on the command line: the present queue and prediction as sweep axes, the
/// stages and prediction figures in the JSON, and the horizon's errors.
@Suite struct LatencyCommandTests {
    @Test func theQueueAndThePredictorAreSweepAxesThatCompareNames() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try write(smallTraceV2, to: "small.trace", in: folder)
        let sweep = try BenchTool.run(
            [
                "sweep", "--strategies", "dirty-rect,flattened", "--devices", "ipad-pro-11", "--traces", "small.trace",
                "--present-queue-depth", "1,2,3", "--predict", "none,linear,kalman", "--costs", "model",
                "--output", "whatif",
            ], in: folder)
        try #require(sweep.status == 0, "\(sweep.stderr)")
        let summary = try String(contentsOf: folder.appendingPathComponent("whatif/summary.csv"), encoding: .utf8)
        let rows = summary.split(whereSeparator: \.isNewline)
        #expect(rows.count == 1 + 18)
        #expect(
            rows.contains { $0.contains("dirty-rect_ipad-pro-11_devicehz_small_model-costs_predict-kalman_queue-3_r1") }
        )
        // Two one-axis slices of it: compare names the field that differs.
        for (axis, values, expected) in [
            ("--present-queue-depth", ["1", "2"], "present_queue_depth differs, 1 → 2"),
            ("--predict", ["none", "kalman"], "predict differs, none → kalman"),
            ("--touch-hz", ["60", "240"], "touch_hz differs, 60 → 240"),
            ("--wet-ink", ["off", "on"], "wet_ink differs, off → on"),
        ] {
            for value in values {
                let one = try BenchTool.run(
                    [
                        "sweep", "--strategies", "dirty-rect", "--devices", "ipad-pro-11", "--traces", "small.trace",
                        axis, value, "--costs", "model", "--output", "one-\(value)",
                    ], in: folder)
                try #require(one.status == 0, "\(one.stderr)")
            }
            let compare = try BenchTool.run(["compare", "one-\(values[0])", "one-\(values[1])"], in: folder)
            #expect(compare.stdout.contains(expected), "\(compare.stdout)")
        }
    }

    @Test func aRunsJSONHasTheStagesAndThePrediction() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try write(smallTraceV2, to: "small.trace", in: folder)
        let run = try BenchTool.run(
            [
                "run", "--strategy", "dirty-rect", "--trace", "small.trace", "--device", "ipad-pro-11", "--clock",
                "virtual",
                "--costs", "model", "--predict", "linear", "--predict-horizon", "12", "--format", "json",
            ], in: folder)
        try #require(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let pen = try #require(json["pen_to_pixel"] as? [String: Any])
        for key in ["stages_ms", "e2e_ms", "e2e_frames", "within_pct", "dominant_stage", "perceived_ms", "prediction"] {
            #expect(pen[key] != nil, "\(key)")
        }
        let prediction = try #require(pen["prediction"] as? [String: Any])
        #expect(prediction["predictor"] as? String == "linear" && prediction["horizon_ms"] as? Double == 12)
        #expect(prediction["ghost_ink_mm"] is [String: Any])
    }

    /// `--wet-ink on` reports the front buffer's writes and tears, in the table, the JSON and summary.csv.
    @Test func wetInkReportsItsWritesAndTears() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try write(smallTraceV2, to: "small.trace", in: folder)
        let base = [
            "run", "--strategy", "dirty-rect", "--trace", "small.trace", "--device", "ipad-pro-11", "--clock",
            "virtual", "--costs", "model",
            "--wet-ink", "on",
        ]
        let table = try BenchTool.run(base, in: folder)
        try #require(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("wet ink (front buffer)") && table.stdout.contains("torn by the scan-out"))
        let run = try BenchTool.run(base + ["--format", "json"], in: folder)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let wet = try #require((json["pen_to_pixel"] as? [String: Any])?["wet_ink"] as? [String: Any])
        for key in ["writes", "torn_writes", "torn_pct", "write_ms", "pixels", "samples_first_shown"] {
            #expect(wet[key] != nil, "\(key)")
        }
        let sweep = try BenchTool.run(
            [
                "sweep", "--strategies", "dirty-rect", "--traces", "small.trace", "--costs", "model", "--wet-ink",
                "off,on",
                "--output", "wet",
            ], in: folder)
        try #require(sweep.status == 0, "\(sweep.stderr)")
        let rows = try String(contentsOf: folder.appendingPathComponent("wet/summary.csv"), encoding: .utf8).split(
            whereSeparator: \.isNewline)
        #expect(rows.count == 3 && rows[0].contains("wet_ink,wet_ink_torn_pct"))
        #expect(rows.contains { $0.contains("_wet-ink_r1") })
    }

    /// A budget on pen-to-pixel latency or on ghost ink guards a modelled baseline like any other metric.
    @Test func latencyAndGhostInkCanBeBudgeted() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try write(smallTraceV2, to: "small.trace", in: folder)
        let record = try BenchTool.run(
            [
                "baseline", "record", "--output", "ink.json", "--strategy", "dirty-rect", "--trace", "small.trace",
                "--clock", "virtual", "--costs", "model", "--predict", "kalman",
                "--budget", "latency_e2e_ms_p95@p50=40", "--budget", "ghost_ink_mm_p95@p50=5",
            ], in: folder)
        try #require(record.status == 0, "\(record.stderr)")
        #expect(try BenchTool.run(["check", "--baseline", "ink.json"], in: folder).status == 0)
        let tight = try BenchTool.run(
            ["check", "--baseline", "ink.json", "--budget", "latency_e2e_ms_p95@p50=10"], in: folder)
        #expect(tight.status == 2, "\(tight.stdout)\(tight.stderr)")
        #expect(tight.stdout.contains("latency_e2e_ms_p95"))
    }

    static let badUsage: [(arguments: [String], message: String)] = [
        (
            ["run", "--strategy", "dirty-rect", "--clock", "virtual", "--predict-horizon", "10"],
            "--predict-horizon needs --predict linear or kalman"
        ),
        (
            [
                "run", "--strategy", "dirty-rect", "--clock", "virtual", "--predict", "kalman", "--predict-horizon",
                "90",
            ], "--predict-horizon must be 1...50 ms, not 90"
        ),
        (["run", "--strategy", "dirty-rect", "--predict", "sometimes"], "--predict"),
        (["run", "--strategy", "dirty-rect", "--present-queue-depth", "4"], "--present-queue-depth"),
        (["run", "--strategy", "dirty-rect", "--predict", "none,kalman"], "--predict takes one value here"),
        (["run", "--strategy", "dirty-rect", "--wet-ink", "maybe"], "--wet-ink"),
        (["run", "--strategy", "dirty-rect", "--wet-ink", "off,on"], "--wet-ink takes one value here"),
    ]

    @Test func badValuesAreOneLineWithExit64() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (arguments, message) in Self.badUsage {
            let outcome = try BenchTool.run(arguments, in: folder)
            #expect(outcome.status == 64, "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderr.contains(message), "\(arguments): \(outcome.stderr)")
        }
    }
}
