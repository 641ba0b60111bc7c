import BenchTestSupport
import Foundation
import Testing

/// What CI systems read from `bench check` (JUnit XML, github-action-benchmark's JSON, short
/// Markdown), and `bench baseline diff`, which judges two recorded baselines as check does.
@Suite struct CIFormatsTests {
    static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures/junit.xsd"
    ).path

    /// A modelled baseline of dirty-rect on the small trace, with a budget whose figure is better
    /// higher (so both of github-action-benchmark's directions have entries). One timing run: modelled
    /// runs repeat exactly, and each check replays as many as were recorded.
    func record(in folder: URL, name: String = "b.json", strategy: String = "dirty-rect", extra: [String] = []) throws
        -> String
    {
        let trace = folder.appendingPathComponent("t.trace").path
        let baseline = folder.appendingPathComponent(name).path
        if !FileManager.default.fileExists(atPath: trace) {
            try smallTraceV2.write(toFile: trace, atomically: true, encoding: .utf8)
        }
        let record = BenchTool.run(
            absolute: [
                "baseline", "record", "--output", baseline, "--trace", trace, "--strategy", strategy,
                "--clock", "virtual", "--costs", "model", "--repeat", "1",
                "--budget", "ink_updates_per_s@p50=1",
            ] + extra)
        try #require(record.status == 0, "\(record.stderr)")
        return baseline
    }

    /// The same baseline with its recorded pixels_rasterized halved: the check now finds twice as many.
    func halved(_ baseline: String, in folder: URL) throws -> String {
        var object =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: baseline))) as! [String: Any]
        var entries = object["configurations"] as! [[String: Any]]
        var counters = entries[0]["counters"] as! [String: Any]
        counters["pixels_rasterized"] = (counters["pixels_rasterized"] as! Int) / 2
        entries[0]["counters"] = counters
        object["configurations"] = entries
        let path = folder.appendingPathComponent("halved.json").path
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
        return path
    }

    func xmllint(_ xml: String, in folder: URL) throws -> (status: Int32, output: String) {
        let file = folder.appendingPathComponent("report.xml")
        try xml.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xmllint", "--noout", "--schema", Self.schema, file.path]
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        process.currentDirectoryURL = folder
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test func junitIsValidAndNamesTheFailureWithItsReason() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = try record(in: folder)
        let pass = BenchTool.run(absolute: ["check", "--baseline", baseline, "--format", "junit"])
        #expect(pass.status == 0, "\(pass.stderr)")
        let valid = try xmllint(pass.stdout, in: folder)
        #expect(valid.status == 0, "xmllint (scripts/setup.sh installs libxml2-utils): \(valid.output)")
        #expect(!pass.stdout.contains("<failure"))
        let fail = BenchTool.run(absolute: [
            "check", "--baseline", try halved(baseline, in: folder), "--format", "junit",
        ])
        #expect(fail.status == 2)
        #expect(try xmllint(fail.stdout, in: folder).status == 0)
        #expect(fail.stdout.contains("failures=\"1\""))
        #expect(
            fail.stdout.contains("name=\"pixels_rasterized (counter)\">\n      <failure type=\"regression\" message=\"")
        )
        #expect(fail.stdout.contains("more than the baseline&apos;s"))
        // One test case per check: as many as the CSV has rows.
        let csv = BenchTool.run(absolute: ["check", "--baseline", baseline, "--format", "csv"])
        let rows = csv.stdout.split(whereSeparator: \.isNewline).count - 1
        #expect(pass.stdout.components(separatedBy: "<testcase ").count - 1 == rows)
    }

    @Test func githubBenchmarkPutsEachFigureInItsOwnDirection() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = try record(in: folder)
        func entries(_ format: String) throws -> [[String: Any]] {
            let out = BenchTool.run(absolute: ["check", "--baseline", baseline, "--format", format])
            #expect(out.status == 0, "\(out.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]])
        }
        let smaller = try entries("github-benchmark")
        let bigger = try entries("github-benchmark-bigger")
        for entry in smaller + bigger {
            #expect(entry["name"] is String && entry["unit"] is String && entry["value"] is NSNumber, "\(entry)")
        }
        let smallerNames = smaller.compactMap { $0["name"] as? String }
        let biggerNames = bigger.compactMap { $0["name"] as? String }
        #expect(smallerNames.contains { $0.hasSuffix(": pixels_rasterized") })
        #expect(smallerNames.contains { $0.hasSuffix(": main_ms_p95") })
        #expect(biggerNames.contains { $0.hasSuffix(": budget ink_updates_per_s@p50") })
        #expect(Set(smallerNames).isDisjoint(with: biggerNames))
    }

    @Test func theSummaryIsShortWhenAllPassAndWorstFirstWhenNot() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = try record(in: folder)
        let pass = BenchTool.run(absolute: ["check", "--baseline", baseline, "--format", "summary"])
        #expect(pass.status == 0)
        let lines = pass.stdout.split(whereSeparator: \.isNewline)
        #expect(lines.count == 2, "\(pass.stdout)")
        #expect(lines.first?.hasPrefix("### bench check: pass") == true)
        // Failing: the regression first, before the inconclusive relative budget nothing recorded.
        let fail = BenchTool.run(absolute: [
            "check", "--baseline", try halved(baseline, in: folder), "--format", "summary",
            "--budget", "ink_updates_per_s@p50=100000",
        ])
        #expect(fail.status == 2)
        let failing = fail.stdout.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("- ") }
        #expect(failing.count == 2, "\(fail.stdout)")
        #expect(failing.allSatisfy { $0.hasPrefix("- **regression**") })
        #expect(failing.first?.contains("pixels_rasterized (+100.0%)") == true)
    }

    @Test func baselineDiffJudgesAsCheckDoesWithoutReplaying() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = try record(in: folder, extra: ["--name", "main"])
        #expect(try String(contentsOfFile: baseline, encoding: .utf8).contains("\"name\" : \"main\""))
        let same = BenchTool.run(absolute: ["baseline", "diff", baseline, baseline, "--format", "markdown"])
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        #expect(same.stdout.contains("(main) -> "))
        // The halved baseline as A: B's counter is twice A's, the regression check would find.
        let halved = try halved(baseline, in: folder)
        let diff = BenchTool.run(absolute: ["baseline", "diff", halved, baseline, "--format", "json"])
        let check = BenchTool.run(absolute: ["check", "--baseline", halved, "--format", "json"])
        #expect(diff.status == 2 && check.status == 2)
        func failing(_ json: String) throws -> [String] {
            try #require(
                (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["failing"] as? [String])
        }
        #expect(try failing(diff.stdout) == failing(check.stdout))
        // A configuration B lacks is not compared: inconclusive, said.
        let other = try record(in: folder, name: "other.json", strategy: "point-array")
        let missing = BenchTool.run(absolute: ["baseline", "diff", baseline, other])
        #expect(missing.status == 3)
        #expect(missing.stdout.contains("in the first baseline only"))
        let unreadable = BenchTool.run(absolute: [
            "baseline", "diff", baseline, folder.appendingPathComponent("none.json").path,
        ])
        #expect(unreadable.status == 74 || unreadable.status == 66, "\(unreadable.stderr)")
        #expect(unreadable.stderr.split(whereSeparator: \.isNewline).count == 1)
    }
}
