import BenchTestSupport
import Foundation
import Testing

/// Issue 21, baselines: one that would check nothing, or less than it seems to, is refused by name
/// (65); one that cannot be read is said in one line; its trace is found beside it.
@Suite struct StrictBaselineTests {
    /// A recorded modelled baseline (exact on any machine) in `folder/bl/base.json`, its trace beside it.
    static func recorded(in folder: URL) throws -> [String: Any] {
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("bl"), withIntermediateDirectories: false)
        try write(smallTraceV2, to: "bl/ok.trace", in: folder)
        let outcome = try BenchTool.run(
            [
                "baseline", "record", "--strategy", "dirty-rect", "--device", "iphone-6s", "--trace", "bl/ok.trace",
                "--clock", "virtual", "--costs", "model", "--repeat", "1", "--output", "bl/base.json",
            ], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let data = try Data(contentsOf: folder.appendingPathComponent("bl/base.json"))
        return try JSONSerialization.jsonObject(with: data) as! [String: Any]
    }

    static func save(_ object: [String: Any], as name: String, in folder: URL) throws {
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(
            to: folder.appendingPathComponent(name))
    }

    struct Edit: CustomTestStringConvertible, @unchecked Sendable {
        var name: String
        var edit: (inout [String: Any]) -> Void
        var message: String
        var testDescription: String { name }
    }

    static let edits: [Edit] = [
        Edit(
            name: "a budget key deleted",
            edit: { o in
                var budgets = o["budgets"] as! [String: Any]
                budgets["hitch_ratio_ms_per_s"] = nil
                o["budgets"] = budgets
            }, message: "budgets.hitch_ratio_ms_per_s: missing; every budget is written, with a limit or null for off"),
        Edit(
            name: "no configurations", edit: { $0["configurations"] = [Any]() },
            message:
                "configurations: empty; a baseline that checks nothing would always pass (record one with bench baseline record)"
        ),
        Edit(
            name: "an unknown top-level key", edit: { $0["budget"] = ["hitch_ratio_ms_per_s": 1] },
            message: "budget: unknown key; a baseline reads only the keys bench baseline record writes"),
        Edit(
            name: "an unknown key in a configuration",
            edit: { o in
                var configurations = o["configurations"] as! [[String: Any]]
                var run = configurations[0]["run"] as! [String: Any]
                run["strategyy"] = "naive"
                configurations[0]["run"] = run
                o["configurations"] = configurations
            },
            message:
                "configurations[0].run.strategyy: unknown key; a baseline reads only the keys bench baseline record writes"
        ),
        Edit(
            name: "a fractional format_version", edit: { $0["format_version"] = 2.5 },
            message: "format_version: 2.5 is not a version (a whole number); this bench reads 2...5"),
        Edit(
            name: "a fraction where a whole number belongs",
            edit: { o in
                var configurations = o["configurations"] as! [[String: Any]]
                var runs = configurations[0]["runs"] as! [[String: Any]]
                runs[0]["frames"] = 2.5
                configurations[0]["runs"] = runs
                o["configurations"] = configurations
            }, message: "configurations[0].runs[0].frames: a whole number was expected"),
        Edit(
            name: "an edited device",
            edit: { o in
                var configurations = o["configurations"] as! [[String: Any]]
                var run = configurations[0]["run"] as! [String: Any]
                run["device"] = "ipad-pro-11"
                configurations[0]["run"] = run
                o["configurations"] = configurations
            },
            message:
                "configurations[0].run.device: 'ipad-pro-11' is not the device this configuration was recorded on (its input matches 'iphone-6s'); the file was edited: restore the device, or re-record the baseline"
        ),
    ]

    @Test(arguments: edits)
    func aBaselineThatChecksLessIsRefused(_ edit: Edit) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var object = try Self.recorded(in: folder)
        edit.edit(&object)
        try Self.save(object, as: "bl/edited.json", in: folder)
        let outcome = try BenchTool.run(["check", "--baseline", "bl/edited.json"], in: folder)
        #expect(outcome.status == 65)
        #expect(outcome.stderrLines.last.map(String.init) == "bench: bl/edited.json: \(edit.message)")
    }

    @Test func aBaselineThatIsNotJSONNamesItsLine() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("{\n  \"kind\": \"strokebench-baseline\",\n  \"format_version\" 2\n}\n", to: "bad.json", in: folder)
        let outcome = try BenchTool.run(["check", "--baseline", "bad.json"], in: folder)
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr
                == "bench: bad.json: line 3, column 20: not valid JSON (a value, comma, colon or bracket is missing or out of place there)\n"
        )
    }

    @Test func theIntactBaselinePassesFromAnotherFolder() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let object = try Self.recorded(in: folder)
        let configurations = object["configurations"] as! [[String: Any]]
        let trace = (configurations[0]["run"] as! [String: Any])["trace"] as! [String: Any]
        #expect(trace["path"] as? String == "ok.trace")  // stored relative to the baseline file
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("elsewhere"), withIntermediateDirectories: false)
        let outcome = try BenchTool.run(
            ["check", "--baseline", "../bl/base.json"], in: folder.appendingPathComponent("elsewhere"))
        #expect(outcome.status == 0, "\(outcome.stderr)")
    }

    @Test func aDeviceAsABaselineIsRefusedWithinItsCap() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let started = Date()
        let outcome = try BenchTool.run(["check", "--baseline", "/dev/zero"], in: folder)
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr
                == "bench: /dev/zero: more than 16777216 bytes: too large for a baseline (one is a few KB per configuration)\n"
        )
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func aHugeBaselineIsRefusedUnread() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("huge.json").path
        try write("{", to: "huge.json", in: folder)
        #expect(truncate(path, 1_500_000_000) == 0)  // sparse: no disk is used
        let outcome = try BenchTool.run(["check", "--baseline", "huge.json"], in: folder)
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr
                == "bench: huge.json: more than 16777216 bytes: too large for a baseline (one is a few KB per configuration)\n"
        )
    }
}
