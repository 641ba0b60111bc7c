import BenchTestSupport
import Foundation
import Testing

/// One output-format enum, each command taking the formats its writer writes: another command's
/// format is refused as any bad value is (exit 64, one line naming `--format` and this command's
/// values, nothing written), and `--help` lists this command's values only.
@Suite struct FormatOptionTests {
    @Test(arguments: [
        (["run", "--strategy", "naive", "--format", "csv"], "'table' and 'json'"),
        (["compare", "a", "b", "--format", "junit"], "'table', 'csv', 'json' or 'markdown'"),
        (
            ["check", "--baseline", "b.json", "--format", "html"],
            "'table', 'csv', 'json', 'markdown', 'junit', 'github-benchmark', 'github-benchmark-bigger' or 'summary'"
        ),
        (["baseline", "diff", "a.json", "b.json", "--format", "html"], "'junit', 'github-benchmark'"),
        (["history", "show", "--format", "markdown"], "'table', 'csv' or 'json'"),
        (["history", "changes", "--format", "summary"], "'table', 'csv' or 'json'"),
        (["report", "study", "--format", "json"], "'html', 'markdown' or 'summary'"),
        (["model", "validate", "--format", "csv"], "'table' and 'json'"),
    ])
    func anotherCommandsFormatIsRefused(_ arguments: [String], _ values: String) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try BenchTool.run(arguments, in: folder)
        #expect(outcome.status == 64)
        #expect(outcome.stderrLines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("is invalid for '--format <format>'. Please provide one of \(values)"))
        #expect(outcome.stdout.isEmpty)
        #expect(try snapshot(of: folder).isEmpty)
    }

    @Test(arguments: [
        (["run"], "(values: table, json; default: table)"),
        (["compare"], "(values: table, csv, json, markdown; default: table)"),
        (["history", "show"], "(values: table, csv, json; default: table)"),
        (["report"], "(values: html, markdown, summary; default: html)"),
    ])
    func helpListsTheCommandsOwnFormats(_ command: [String], _ values: String) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let help = try BenchTool.run(command + ["--help"], in: folder).stdout
        // The help wraps at 80 columns; the values are read with the line breaks and indents folded.
        let folded = help.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
        #expect(folded.contains(values), "\(help)")
    }
}
