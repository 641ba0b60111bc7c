import BenchTestSupport
import Foundation
import StrokeBenchMetrics
import StrokeBenchReports
import Testing

/// `bench history` as a CI job meets it: three commits and a fourth that does more work, found at its
/// commit; adds at once and an add killed halfway; files that are not a history.
@Suite struct HistoryCommandTests {
    /// A modelled sweep of dirty-rect on the small trace, into `folder/name`.
    func sweep(in folder: URL, name: String = "s") throws -> String {
        let trace = folder.appendingPathComponent("t.trace").path
        if !FileManager.default.fileExists(atPath: trace) {
            try smallTraceV2.write(toFile: trace, atomically: true, encoding: .utf8)
        }
        let output = folder.appendingPathComponent(name).path
        let sweep = BenchTool.run(absolute: [
            "sweep", "--strategies", "dirty-rect,point-array", "--traces", trace, "--costs", "model",
            "--devices", "ipad-pro-11", "--output", output,
        ])
        try #require(sweep.status == 0, "\(sweep.stderr)")
        return output
    }

    /// A copy of a sweep whose summary.csv says every run rasterized 10% more pixels.
    func moreWork(_ study: String, in folder: URL) throws -> String {
        let copy = folder.appendingPathComponent("more").path
        try FileManager.default.copyItem(atPath: study, toPath: copy)
        let csv = copy + "/summary.csv"
        // Read and written as the project's CSV (RFC 4180): a row's reasons may hold a quoted comma
        // (a hitch band's "good 77%, critical 23%").
        var records = try CSVReader.records(try String(contentsOfFile: csv, encoding: .utf8))
        let column = try #require(records[0].firstIndex(of: "pixels_rasterized"))
        var writer = CSVWriter(header: records.removeFirst())
        for var cells in records where cells != [""] {
            cells[column] = String(Int(try #require(Double(cells[column])) * 1.1))
            writer.append(cells)
        }
        try writer.text.write(toFile: csv, atomically: true, encoding: .utf8)
        return copy
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aFourthCommitThatDoesMoreWorkIsAChangeAtThatCommit() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let study = try sweep(in: folder)
        let history = folder.appendingPathComponent("h.sqlite").path
        for (i, commit) in ["c0ffee1", "c0ffee2", "c0ffee3"].enumerated() {
            let add = BenchTool.run(absolute: [
                "history", "add", study, "--commit", commit, "--history", history,
                "--date", "2026-11-2\(i + 1)T12:00:00Z",
            ])
            #expect(add.status == 0, "\(add.stderr)")
        }
        let add = BenchTool.run(absolute: [
            "history", "add", try moreWork(study, in: folder), "--commit", "c0ffee4", "--history", history,
            "--date", "2026-11-24T12:00:00Z", "--branch", "main",
        ])
        #expect(add.status == 0, "\(add.stderr)")
        let points =
            try json(
                BenchTool.run(absolute: [
                    "history", "show", "--history", history, "--format", "json",
                    "--metric", "pixels_rasterized",
                ]).stdout)["points"] as? [[String: Any]]
        #expect(points?.count == 8)  // two configurations at four commits
        #expect(points?.compactMap { $0["commit"] as? String }.filter { $0 == "c0ffee4" }.count == 2)
        let changesText = BenchTool.run(absolute: ["history", "changes", "--history", history, "--format", "json"])
            .stdout
        #expect(
            !changesText.contains("c0ffee1") && !changesText.contains("c0ffee2") && !changesText.contains("c0ffee3"),
            "only the commit where something changed is named")
        let changes = try json(changesText)
        let found = try #require(changes["changes"] as? [[String: Any]])
        #expect(found.count == 2, "\(found)")
        for change in found {
            #expect(change["commit"] as? String == "c0ffee4")
            #expect(change["metric"] as? String == "pixels_rasterized")
            #expect(change["method"] as? String == "exact")
            #expect(((change["change"] as? Double) ?? 0) > 0.099 && ((change["change"] as? Double) ?? 0) < 0.101)
        }
        let csv = BenchTool.run(absolute: [
            "history", "show", "--history", history, "--format", "csv", "--config", "nothing",
        ])
        #expect(
            csv.stdout.trimmingCharacters(in: .newlines)
                == "configuration,metric,unit,commit,branch,date,machine,run,value,exact")
        // The report's trend section: inline SVG of the study's series, the changed ones first.
        let page = folder.appendingPathComponent("report.html").path
        let report = BenchTool.run(absolute: ["report", study, "--history", history, "--output", page])
        #expect(report.status == 0, "\(report.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let section = try #require(html.range(of: "<section id=\"history\">").map { String(html[$0.lowerBound...]) })
        #expect(section.contains("with change points"))
        #expect(section.contains("<svg") && section.contains("c0ffee4: +10.0%"))
        #expect(
            section.range(of: "pixels_rasterized")!.lowerBound < section.range(of: "</figure>")!.lowerBound,
            "a changed series first")
        // The trend chart: scripts/plot_history.py reads the history through bench.
        let png = folder.appendingPathComponent("trend.png").path
        let plot = Process()
        plot.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        plot.arguments = [
            "python3", Self.repository + "/scripts/plot_history.py", history, "--output", png,
            "--bench", BenchTool.executable.path,
        ]
        // Its own folder to start in: the process's working folder is whichever folder an in-process
        // command of another test has entered (`BenchTool.run`), which that test then removes, and a
        // python started there (pyenv's shim changes into it) fails before it runs.
        plot.currentDirectoryURL = folder
        let errors = Pipe()
        plot.standardError = errors
        try plot.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        plot.waitUntilExit()
        try #require(plot.terminationStatus == 0, "\(said)")
        let header = try Data(contentsOf: URL(fileURLWithPath: png)).prefix(8)
        #expect(header == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test func twoAddsAtOnceBothLandAndAKilledAddLeavesOnlyWholeAdds() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let study = try sweep(in: folder)
        let history = folder.appendingPathComponent("h.sqlite").path
        let jobs = try ["a", "b"].map {
            try BenchTool.start(["history", "add", study, "--commit", $0, "--history", history], in: folder)
        }
        for job in jobs {
            let outcome = try await BenchTool.outcome(of: job.0, job.stdout, job.stderr)
            #expect(outcome.status == 0, "\(outcome.stderr)")
        }
        func figuresByCommit() throws -> [String: Int] {
            let show = BenchTool.run(absolute: ["history", "show", "--history", history, "--format", "json"])
            #expect(show.status == 0, "\(show.stderr)")
            let points = try json(show.stdout)["points"] as? [[String: Any]] ?? []
            return Dictionary(grouping: points.compactMap { $0["commit"] as? String }, by: { $0 }).mapValues(\.count)
        }
        let whole = try figuresByCommit()
        #expect(Set(whole.keys) == ["a", "b"])
        #expect(whole["a"] == whole["b"])
        // Killed at any moment, an add is all there or not there.
        for (i, delay) in [0.0, 0.005, 0.01, 0.02, 0.03, 0.05].enumerated() {
            let job = try await BenchTool.start(
                ["history", "add", study, "--commit", "k\(i)", "--history", history], in: folder)
            try await Task.sleep(for: .seconds(delay))
            kill(job.0.processIdentifier, SIGKILL)
            _ = try await BenchTool.outcome(of: job.0, job.stdout, job.stderr)
        }
        for (commit, count) in try figuresByCommit() {
            #expect(count == whole["a"], "\(commit) has \(count) figures, a whole add has \(whole["a"] ?? 0)")
        }
    }

    @Test func aFileThatIsNotAHistoryIsOneLineAndItsStatus() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let garbage = folder.appendingPathComponent("bad.sqlite")
        try Data((0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }).write(to: garbage)
        for command in ["show", "changes"] {
            let bad = BenchTool.run(absolute: ["history", command, "--history", garbage.path])
            #expect(bad.status == 65)
            #expect(
                bad.stderrLines == ["bench: \(garbage.path): not a bench history: SQLite says file is not a database"])
            let missing = BenchTool.run(absolute: [
                "history", command, "--history", folder.appendingPathComponent("none.sqlite").path,
            ])
            #expect(missing.status == 66)
            #expect(missing.stderrLines.count == 1)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("none.sqlite").path))
        let notAStudy = BenchTool.run(absolute: [
            "history", "add", garbage.path, "--commit", "x", "--history",
            folder.appendingPathComponent("h.sqlite").path,
        ])
        #expect(notAStudy.status == 65)
        #expect(notAStudy.stderrLines.count == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("h.sqlite").path))
    }

    /// A check report's candidate figures and the baseline's own land in one series per metric: a
    /// modelled replay checks exactly, so the counter is the same at both commits.
    @Test func aCheckReportAndItsBaselineMakeOneSeries() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("t.trace").path
        try smallTraceV2.write(toFile: trace, atomically: true, encoding: .utf8)
        let baseline = folder.appendingPathComponent("b.json").path
        let report = folder.appendingPathComponent("check.json").path
        let history = folder.appendingPathComponent("h.sqlite").path
        let record = BenchTool.run(absolute: [
            "baseline", "record", "--output", baseline, "--strategy", "dirty-rect", "--clock", "virtual",
            "--costs", "model", "--trace", trace, "--repeat", "1",
        ])
        try #require(record.status == 0, "\(record.stderr)")
        let check = BenchTool.run(absolute: ["check", "--baseline", baseline, "--format", "json"])
        try #require(check.status == 0, "\(check.stderr)")
        try check.stdout.write(toFile: report, atomically: true, encoding: .utf8)
        for (input, commit, day) in [(report, "c1", "25"), (baseline, "c0", "24")] {
            let add = BenchTool.run(absolute: [
                "history", "add", input, "--commit", commit, "--history", history,
                "--date", "2026-11-\(day)T12:00:00Z",
            ])
            try #require(add.status == 0, "\(add.stderr)")
        }
        let points = try #require(
            try json(
                BenchTool.run(absolute: [
                    "history", "show", "--history", history, "--format", "json",
                    "--metric", "pixels_rasterized",
                ]).stdout)["points"] as? [[String: Any]])
        #expect(points.count == 2)
        #expect(Set(points.compactMap { $0["commit"] as? String }) == ["c0", "c1"])
        #expect(
            Set(points.compactMap { $0["configuration"] as? String }).count == 1,
            "one series, whichever file the point came from")
        let values = points.compactMap { $0["value"] as? Double }
        #expect(values.count == 2 && values[0] == values[1] && values[0] > 0)
        let timing = try #require(
            try json(
                BenchTool.run(absolute: [
                    "history", "show", "--history", history, "--format", "json",
                    "--metric", "main_ms_p95",
                ]).stdout)["points"] as? [[String: Any]])
        #expect(timing.count == 2, "a timing figure too, the median of one modelled run")
        let changes = BenchTool.run(absolute: ["history", "changes", "--history", history, "--format", "json"])
        #expect(
            changes.status == 0 && !changes.stdout.contains("\"c1\""),
            "a modelled check of the same code changes nothing")
    }

    /// JSON that is neither a sweep, a baseline nor a check report: one line naming the file, exit 65,
    /// and no history written.
    @Test func aForeignJSONIsRefusedAndAddsNothing() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let foreign = folder.appendingPathComponent("foreign.json").path
        let history = folder.appendingPathComponent("h.sqlite").path
        for text in [
            #"{"benchmarks": [{"name": "x", "value": 1}]}"#,
            #"{"format_version": 1, "checks": [{"configuration": 3}]}"#,
        ] {
            try text.write(toFile: foreign, atomically: true, encoding: .utf8)
            let add = BenchTool.run(absolute: ["history", "add", foreign, "--commit", "c1", "--history", history])
            #expect(add.status == 65, "\(add.stderr)")
            #expect(add.stderr.hasPrefix(foreign + ": ") || add.stderr.contains(foreign), "\(add.stderr)")
            #expect(add.stderr.trimmingCharacters(in: .newlines).split(separator: "\n").count == 1, "\(add.stderr)")
            #expect(
                !FileManager.default.fileExists(atPath: history), "refused before the history is opened: nothing added")
        }
    }
}
