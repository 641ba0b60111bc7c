import Foundation
import StrokeBenchMetrics
import StrokeBenchSpec

/// Everything `bench check` found: each check with its verdict, and the overall verdict.
package struct CheckReport: Hashable, Sendable, Encodable {
    /// The baseline file checked against.
    package var baseline: String
    /// The tolerance the timing and counter checks used.
    package var tolerance: Tolerance
    /// Timing runs measured per configuration now.
    package var repeats: Int
    /// Every check, configuration by configuration.
    package var checks: [CheckResult]
    /// Where the checked figures come from (modelled, zero costs, or measured on which machine), the
    /// first line of the table and the markdown; nil says nothing.
    package var provenance: String?

    /// The version of `bench check --format json`'s object (its `format_version` key).
    package static let format = FormatVersion(name: "check report", current: 1)

    enum CodingKeys: String, CodingKey {
        case formatVersion = "format_version"
        case baseline, tolerance, repeats, checks, verdict
        case exitStatus = "exit_status"
        case failing
    }

    /// Creates a report.
    package init(baseline: String, tolerance: Tolerance, repeats: Int, checks: [CheckResult]) {
        self.baseline = baseline
        self.tolerance = tolerance
        self.repeats = repeats
        self.checks = checks
    }

    /// The verdict of the whole check: its most severe check's.
    package var verdict: ChangeVerdict { ChangeVerdict.overall(checks.map(\.verdict)) }

    /// Writes the report with its verdict, exit status and the names of the figures that failed.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.format.current, forKey: .formatVersion)
        try c.encode(baseline, forKey: .baseline)
        try c.encode(tolerance, forKey: .tolerance)
        try c.encode(repeats, forKey: .repeats)
        try c.encode(checks, forKey: .checks)
        try c.encode(verdict.word(.check), forKey: .verdict)
        try c.encode(verdict.exitStatus, forKey: .exitStatus)
        try c.encode(
            checks.filter { $0.verdict == .worse }.map { "\($0.configuration): \($0.name)" }, forKey: .failing)
    }

    /// The report in `format`.
    package func render(_ format: OutputFormat) throws -> String {
        switch format {
        case .table: table()
        case .csv: csv()
        case .markdown: markdown()
        case .json: try json()
        case .junit: junit()
        case .githubBenchmark: try githubBenchmark(polarity: .lowerIsBetter)
        case .githubBenchmarkBigger: try githubBenchmark(polarity: .higherIsBetter)
        case .summary: summary()
        case .html: throw UnsupportedFormat(format, writer: "bench check")
        }
    }

    /// The formats `bench check` and `bench baseline diff` write, in the order their help lists them:
    /// those every results command shares, then three that CI systems read.
    package static let formats: [OutputFormat] = [
        .table, .csv, .json, .markdown, .junit, .githubBenchmark, .githubBenchmarkBigger, .summary,
    ]

    /// The CSV's columns: the configuration, then the JSON's fields of a check, in the table's order.
    package static let csvColumns = [
        "configuration", "check", "kind", "unit", "baseline", "candidate", "change", "p_value",
        "verdict", "reason",
    ]

    /// One row per check, the numbers bare (`change` a fraction, 0.5 is +50%), for a spreadsheet or a
    /// script; the verdict of the whole check is the exit status and the summary line on stderr.
    func csv() -> String {
        var csv = CSVWriter(header: Self.csvColumns)
        for r in checks {
            csv.append([
                r.configuration, r.name, r.kind.rawValue, r.unit, r.baseline, r.candidate,
                r.change?.plainText ?? "", r.pValue?.plainText ?? "",
                r.verdict.word(.check), r.reason,
            ])
        }
        return csv.text
    }

    private static let header = ["check", "kind", "baseline", "candidate", "change", "verdict", "why"]

    private static func cells(_ r: CheckResult) -> [String] {
        let unit = r.unit.isEmpty ? "" : " " + r.unit
        let change = r.change.map { Checker.signedPercent($0) } ?? ""
        let verdict = r.verdict == .unchanged ? "pass" : r.verdict.word(.check).uppercased()
        return [
            r.name, r.kind.rawValue, r.baseline + (r.kind == .picture ? "" : unit),
            r.candidate + (r.kind == .picture ? "" : unit), change, verdict, r.reason,
        ]
    }

    var byConfiguration: [(String, [CheckResult])] {
        var order: [String] = []
        var groups: [String: [CheckResult]] = [:]
        for r in checks {
            if groups[r.configuration] == nil { order.append(r.configuration) }
            groups[r.configuration, default: []].append(r)
        }
        return order.map { ($0, groups[$0]!) }
    }

    /// Aligned columns, one block per configuration, then the verdict and the figures that decided it.
    func table() -> String {
        var lines: [String] = provenance.map { [$0] } ?? []
        for (configuration, results) in byConfiguration {
            lines.append(configuration)
            let rows = [Self.header] + results.map(Self.cells)
            let widths = Self.header.indices.map { col in rows.map { $0[col].count }.max() ?? 0 }
            for row in rows {
                let padded = row.enumerated().map { i, cell in
                    i == row.count - 1 ? cell : cell.padding(toLength: widths[i], withPad: " ", startingAt: 0)
                }
                lines.append("  " + padded.joined(separator: "  "))
            }
            lines.append("")
        }
        lines.append(summaryLine())
        return lines.joined(separator: "\n")
    }

    /// A Markdown table per configuration, with the verdict first.
    func markdown() -> String {
        var lines = [
            "**bench check: \(verdict.word(.check))** (exit \(verdict.exitStatus)) against \(MarkdownText.code(baseline))"
                + (provenance.map { ", \(MarkdownText.cell($0))" } ?? ""), "",
        ]
        for (configuration, results) in byConfiguration {
            lines.append(MarkdownText.code(configuration))
            lines.append("")
            lines.append("| " + Self.header.joined(separator: " | ") + " |")
            lines.append("|" + Self.header.map { _ in "---" }.joined(separator: "|") + "|")
            for r in results {
                var row = Self.cells(r).map(MarkdownText.cell)
                if r.verdict != .unchanged { row[5] = "**\(row[5])**" }
                lines.append("| " + row.joined(separator: " | ") + " |")
            }
            lines.append("")
        }
        lines.append(summaryLine())
        return lines.joined(separator: "\n")
    }

    func json() throws -> String {
        let encoder = ResultsJSON.encoder(escapingSlashes: true, nonFiniteAsText: true)
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// `verdict: regression (exit 2): naive ...: pixels_rasterized, main_ms_p95`.
    package func summaryLine() -> String {
        let counts = ChangeVerdict.checkOutcomes.map { v in
            "\(checks.filter { $0.verdict == v }.count) \(v.word(.check))"
        }.joined(
            separator: ", ")
        var line = "verdict: \(verdict.word(.check)) (exit \(verdict.exitStatus)); \(checks.count) checks: \(counts)"
        let deciding = checks.filter { $0.verdict == verdict && verdict != .unchanged }
        if !deciding.isEmpty {
            line +=
                "\n\(verdict.word(.check)): "
                + deciding.map { "\($0.name) [\($0.configuration)]" }.joined(separator: ", ")
        }
        return line
    }
}
