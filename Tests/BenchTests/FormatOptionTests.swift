import BenchTestSupport
import Foundation
import Testing

/// One output-format enum, each command taking the formats its writer writes: another command's
/// format is refused as any bad value is (exit 64, one line naming `--format` and this command's
/// values, nothing written), and `--help` lists this command's values only.
@Suite struct FormatOptionTests {
    @Test(arguments: [
        (["run", "--strategy", "naive", "--format", "csv"], ["table", "json"]),
        (["compare", "a", "b", "--format", "junit"], ["table", "csv", "json", "markdown"]),
        (
            ["check", "--baseline", "b.json", "--format", "html"],
            ["table", "csv", "json", "markdown", "junit", "github-benchmark", "github-benchmark-bigger", "summary"]
        ),
        (
            ["baseline", "diff", "a.json", "b.json", "--format", "html"],
            ["table", "csv", "json", "markdown", "junit", "github-benchmark", "github-benchmark-bigger", "summary"]
        ),
        (["history", "show", "--format", "markdown"], ["table", "csv", "json"]),
        (["history", "changes", "--format", "summary"], ["table", "csv", "json"]),
        (["report", "study", "--format", "json"], ["html", "markdown", "summary"]),
        (["model", "validate", "--format", "csv"], ["table", "json"]),
    ])
    func anotherCommandsFormatIsRefused(_ arguments: [String], _ values: [String]) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try BenchTool.run(arguments, in: folder)
        #expect(outcome.status == 64)
        #expect(outcome.stderrLines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("is invalid for '--format <format>'. Please provide one of"))
        // The parser lists the values as 'a', 'b' or 'c', or one per "- " line when there are many.
        let listed = outcome.stderr.components(separatedBy: "Please provide one of").last ?? ""
        let words = Set(listed.split(whereSeparator: { " ',:\n".contains($0) }).map(String.init))
        let refused = arguments.last ?? ""
        #expect(values.allSatisfy(words.contains) && !words.contains(refused), "\(outcome.stderr)")
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
