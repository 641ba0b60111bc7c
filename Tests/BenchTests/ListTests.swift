import BenchTestSupport
import Foundation
import StrokeBenchUnits
import Testing

/// `bench list --format json` is where scripts read the kinds of counted work (scripts/fit_host.py):
/// it must list every kind, and name columns the per-frame CSV really has.
@Suite struct ListTests {
    @Test func theWorkKindsAndTheirColumnsAreTheCSVs() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let listed = BenchTool.run(absolute: ["list", "--format", "json"])
        try #require(listed.status == 0, "\(listed.stderr)")
        let listing = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        #expect(listing["format_version"] as? Int == 1)
        let kinds = try #require(listing["work_kinds"] as? [[String: Any]])
        #expect(kinds.compactMap { $0["name"] as? String } == WorkKind.allCases.map(\.rawValue))

        let trace = folder.appendingPathComponent("t.trace").path
        let csv = folder.appendingPathComponent("f.csv").path
        try smallTraceV2.write(toFile: trace, atomically: true, encoding: .utf8)
        let run = BenchTool.run(absolute: quickRun + ["--trace", trace, "--csv", csv])
        try #require(run.status == 0, "\(run.stderr)")
        let header = Set(
            try String(contentsOfFile: csv, encoding: .utf8).prefix { !$0.isNewline }.split(separator: ",").map(
                String.init))
        let columns = kinds.flatMap { [$0["main_column"], $0["task_column"]].compactMap { $0 as? String } }
        // composited on neither thread, uploads on the main one only
        #expect(columns.count == WorkKind.allCases.count * 2 - 3)
        for column in columns { #expect(header.contains(column), "\(column)") }
    }

    /// The validation phones are listed apart from the study's devices: `--device` takes them, `all`
    /// (in a sweep or a ramp) does not.
    @Test func theValidationPhonesAreListedApart() throws {
        let table = BenchTool.run(absolute: ["list"])
        try #require(table.status == 0, "\(table.stderr)")
        let lines = table.stdout.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("device ") }.count == 4)
        #expect(
            lines.filter { $0.hasPrefix("validate ") }.map { $0.split(separator: " ")[1] } == ["iphone-8", "iphone-xr"])
        let json = BenchTool.run(absolute: ["list", "--format", "json"])
        let listing = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(
            (listing["validation_devices"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == [
                "iphone-8", "iphone-xr",
            ])
        #expect((listing["devices"] as? [[String: Any]])?.count == 4)
    }
}
