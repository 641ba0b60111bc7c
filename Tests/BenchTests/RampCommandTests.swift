import BenchTestSupport
import Foundation
import Testing

/// `bench ramp` as a user meets it: deterministic modelled JSON, the per-step CSV and the timeline,
/// and one-line errors with exit 64 or 74.
@Suite struct RampCommandTests {
    /// The same modelled ramp twice gives the same JSON, byte for byte, with every documented key.
    @Test func aModelledRampIsDeterministicAndNamesEveryKey() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = [
            "ramp", "--strategy", "point-array", "--device", "iphone-6s", "--hz", "60", "--costs", "model",
            "--limit", "4000", "--format", "json",
        ]
        let first = try BenchTool.run(arguments, in: folder)
        let second = try BenchTool.run(arguments, in: folder)
        try #require(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == second.stdout)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        #expect(json["format_version"] as? Int == 1)
        let ramp = try #require((json["ramps"] as? [[String: Any]])?.first)
        for key in [
            "capacity_points", "capacity_points_low", "capacity_points_high", "held_to_points",
            "slope_us_per_1000_points",
            "capacity_strokes", "capacity_minutes", "change_point_points", "steps", "figures",
        ] {
            #expect(ramp.keys.contains(key), "\(key)")
        }
        #expect(ramp["figures"] as? String == "modelled")
        let capacity = try #require(ramp["capacity_points"] as? Int)
        let low = try #require(ramp["capacity_points_low"] as? Int)
        let high = try #require(ramp["capacity_points_high"] as? Int)
        #expect(low <= capacity && capacity <= high)
    }

    /// Two strategies on one device: a table with both, labelled modelled, and the steps as CSV, one
    /// row per step each ramp judged.
    @Test func aStudyWritesTheTableAndTheSteps() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try BenchTool.run(
            [
                "ramp", "--strategies", "naive,flattened", "--device", "ipad-pro-11", "--costs", "model",
                "--limit", "5000", "--csv", "steps.csv",
            ], in: folder)
        try #require(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("modelled (--costs model)"))
        #expect(outcome.stdout.contains("fails at the first stroke"))
        #expect(outcome.stdout.contains("held to 5,000"))
        let csv = try String(contentsOf: folder.appendingPathComponent("steps.csv"), encoding: .utf8)
        let rows = csv.split(whereSeparator: \.isNewline)
        #expect(rows.first?.hasPrefix("strategy,device,hz,costs,drawing,points,keeps_up") == true)
        #expect(
            rows.dropFirst().filter { $0.hasPrefix("naive,") }.count == 3,
            "the empty canvas fails; then two coarse steps past it")
        #expect(rows.dropFirst().filter { $0.hasPrefix("flattened,") }.allSatisfy { $0.contains(",1,") })
    }

    /// The pen-speed axis names its figures in pt/s, never as points.
    @Test func aSpeedRampNamesItsUnit() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try BenchTool.run(
            [
                "ramp", "--strategy", "dirty-rect", "--axis", "speed", "--history", "1000", "--costs", "model",
                "--limit", "800", "--format", "json",
            ], in: folder)
        try #require(outcome.status == 0, "\(outcome.stderr)")
        let ramp = try #require(
            ((try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])?["ramps"]
                as? [[String: Any]])?.first)
        #expect(ramp["axis"] as? String == "pen_speed")
        #expect(ramp["history_points"] as? Int == 1000)
        #expect(ramp["limit_pt_per_s"] as? Int == 800)
        #expect(ramp.keys.contains("capacity_pt_per_s") && ramp.keys.contains("held_to_pt_per_s"))
        #expect(!ramp.keys.contains("capacity_points"))
        #expect((ramp["steps"] as? [[String: Any]])?.first?["pt_per_s"] as? Int == 50)
    }

    /// A recorded trace repeated is a drawing too, and the timeline of the first failing step is written.
    @Test func aTraceRampWritesTheFailingStepsTimeline() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = try BenchTool.run(
            ["trace", "generate", "--seed", "3", "--duration", "2", "--output", "t.trace"], in: folder)
        try #require(generated.status == 0, "\(generated.stderr)")
        let outcome = try BenchTool.run(
            [
                "ramp", "--strategy", "point-array", "--trace", "t.trace", "--costs", "model", "--limit", "4000",
                "--timeline", "step.json", "--format", "json",
            ], in: folder)
        try #require(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("\"drawing\" : \"t.trace\""))
        let timeline = try Data(contentsOf: folder.appendingPathComponent("step.json"))
        let events = try #require(
            (try JSONSerialization.jsonObject(with: timeline) as? [String: Any])?["traceEvents"] as? [Any])
        #expect(events.count > 100)
    }

    /// `bench ramp --baseline` records a capacity that `bench check` ramps again: the same capacity
    /// passes, and a budget the strategy does not hold is a regression (exit 2).
    @Test func aRecordedCapacityIsChecked() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // naive on the iPad fails on the empty canvas: three steps, so the test takes a moment.
        let ramp = ["ramp", "--strategy", "naive", "--device", "ipad-pro-11", "--costs", "model", "--limit", "5000"]
        let recorded = try BenchTool.run(ramp + ["--baseline", "b.json"], in: folder)
        try #require(recorded.status == 0, "\(recorded.stderr)")
        let same = try BenchTool.run(["check", "--baseline", "b.json"], in: folder)
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        #expect(same.stdout.contains("capacity_points") && same.stdout.contains("exactly equal"))
        let budgeted = try BenchTool.run(ramp + ["--baseline", "b.json", "--at-least", "1000"], in: folder)
        try #require(budgeted.status == 0, "\(budgeted.stderr)")
        let baseline = try String(contentsOf: folder.appendingPathComponent("b.json"), encoding: .utf8)
        #expect(baseline.components(separatedBy: "\"at_least_points\"").count == 2, "the same ramp replaced, not added")
        let short = try BenchTool.run(["check", "--baseline", "b.json"], in: folder)
        #expect(short.status == 2, "\(short.stdout)\(short.stderr)")
        #expect(short.stdout.contains("holds 0 points, under the 1,000 budgeted"))
    }

    /// Bad usage, each with the one line it must print (typed, so the compiler infers nothing).
    static let badUsage: [(arguments: [String], message: String)] = [
        (["ramp"], "--strategy NAME or --strategies LIST is required"),
        (["ramp", "--strategy", "naive", "--strategies", "all"], "give --strategy or --strategies, not both"),
        (
            ["ramp", "--strategy", "naive", "--device", "ipad-pro-11", "--devices", "all"],
            "give --device or --devices, not both"
        ),
        (["ramp", "--strategy", "nope"], "--strategy: unknown strategy 'nope'"),
        (["ramp", "--strategy", "naive", "--limit", "10"], "--limit must be 1000...2000000 points, not 10"),
        (["ramp", "--strategy", "naive", "--repeats", "1"], "--repeats must be 2...50, not 1"),
        (["ramp", "--strategy", "naive", "--hz", "0"], "hz"),
        (
            ["ramp", "--strategies", "naive,flattened", "--costs", "model", "--timeline", "t.json"],
            "--timeline needs one ramp"
        ),
        (
            ["ramp", "--strategy", "naive", "--at-least", "5"],
            "--at-least is a budget of a baseline: give --baseline FILE too"
        ),
        (
            ["ramp", "--strategy", "naive", "--trace", "t.trace", "--baseline", "b.json"],
            "--baseline records ramps of the seeded drawings"
        ),
        (
            ["ramp", "--strategy", "naive", "--axis", "speed", "--limit", "50"],
            "--limit must be 100...100000 pt/s with --axis speed, not 50"
        ),
        (
            ["ramp", "--strategy", "naive", "--axis", "speed", "--baseline", "b.json"],
            "--baseline guards capacities in retained points"
        ),
        (
            ["ramp", "--strategy", "naive", "--graver-keep-contents"],
            "--graver-keep-contents is an option of none of the ramped strategies"
        ),
    ]

    @Test(arguments: badUsage)
    func badUsageIsOneLineWithExit64(arguments: [String], message: String) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try BenchTool.run(arguments, in: folder)
        #expect(outcome.status == 64, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
        #expect(outcome.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "nothing written")
    }

    @Test func aMissingTraceIsAnIOError() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try BenchTool.run(
            ["ramp", "--strategy", "naive", "--trace", "missing.trace", "--costs", "model"], in: folder)
        #expect(outcome.status == 74)
        #expect(outcome.stderr == "bench: missing.trace: cannot read the trace file: no such file\n")
    }
}
