import Foundation
import StrokeBenchMetrics
import StrokeBenchSpec

extension CheckReport {
    // MARK: JUnit

    /// One `<testsuite>` per configuration, one `<testcase>` per check (`classname` the configuration,
    /// `name` the figure). A regression is a `<failure>` with the reason; an inconclusive check is
    /// `<skipped>` with the reason (neither passed nor failed); an improvement passes and says so.
    func junit() -> String {
        let groups = byConfiguration
        func count(_ checks: [CheckResult], _ verdict: ChangeVerdict) -> Int {
            checks.filter { $0.verdict == verdict }.count
        }
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        lines.append(
            "<testsuites name=\"bench check\" tests=\"\(checks.count)\" failures=\"\(count(checks, .worse))\" "
                + "errors=\"0\" skipped=\"\(count(checks, .inconclusive))\">")
        for (configuration, results) in groups {
            lines.append(
                "  <testsuite name=\"\(xml(configuration))\" tests=\"\(results.count)\" failures=\"\(count(results, .worse))\" "
                    + "errors=\"0\" skipped=\"\(count(results, .inconclusive))\">")
            for r in results {
                let head =
                    "    <testcase classname=\"\(xml(configuration))\" name=\"\(xml(r.name)) (\(r.kind.rawValue))\""
                let detail = xml(
                    "baseline \(r.baseline), candidate \(r.candidate)\(r.unit.isEmpty ? "" : " " + r.unit)")
                switch r.verdict {
                case .unchanged, .equal:
                    lines.append(head + "/>")
                case .worse, .tradeOff:
                    lines.append(head + ">")
                    lines.append("      <failure type=\"regression\" message=\"\(xml(r.reason))\">\(detail)</failure>")
                    lines.append("    </testcase>")
                case .inconclusive, .differentMachines:
                    lines.append(head + ">")
                    lines.append("      <skipped message=\"inconclusive: \(xml(r.reason))\"/>")
                    lines.append("    </testcase>")
                case .better:
                    lines.append(head + ">")
                    lines.append("      <system-out>improvement: \(xml(r.reason)); \(detail)</system-out>")
                    lines.append("    </testcase>")
                }
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n")
    }

    /// Text safe in an XML attribute or element: markup escaped, and the characters XML 1.0 cannot
    /// hold at all (control characters but tab and line breaks) replaced.
    private func xml(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out += "&#\(scalar.value);"
            default:
                out.unicodeScalars.append(
                    scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) ? "\u{FFFD}" : scalar)
            }
        }
        return out
    }

    // MARK: github-action-benchmark

    /// One entry of github-action-benchmark's custom JSON.
    struct BenchmarkEntry: Encodable {
        var name: String, unit: String, value: Double, extra: String
    }

    /// Which way a check's figure is better: its metric's, or its budget's metric's.
    static func polarity(of result: CheckResult) -> Polarity? {
        switch result.kind {
        case .budget: (try? Budget(name: String(result.name.dropFirst("budget ".count))))?.metric.polarity
        case .counter, .timing: knownMetrics[result.name]?.polarity
        case .picture, .capacity, .configuration, .verdict: nil
        }
    }

    private static let knownMetrics: [String: Metric] = Dictionary(
        (Metric.counters + Metric.timing + Metric.all).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })

    /// Every figure with a value whose metric is better `polarity`'s way, named `configuration: figure`,
    /// with the verdict and reason as `extra`. The action compares each name with its last stored value.
    func githubBenchmark(polarity: Polarity) throws -> String {
        let entries = checks.compactMap { r -> BenchmarkEntry? in
            guard let value = r.candidateValue, value.isFinite, Self.polarity(of: r) == polarity else { return nil }
            let unit = r.unit.isEmpty ? (Self.knownMetrics[r.name]?.unit ?? "") : r.unit
            return BenchmarkEntry(
                name: "\(r.configuration): \(r.name)", unit: unit.isEmpty ? "count" : unit, value: value,
                extra: "\(r.verdict.word(.check)): \(r.reason)")
        }
        let encoder = ResultsJSON.encoder(escapingSlashes: false)
        return String(decoding: try encoder.encode(entries), as: UTF8.self)
    }

    // MARK: Short Markdown

    /// A heading with the verdict; when every check passed, a line per configuration; otherwise every
    /// check that did not pass, worst verdict first and, within one, the largest change first.
    func summary() -> String {
        var lines = [
            "### bench check: \(verdict.word(.check)) (exit \(verdict.exitStatus))"
                + (provenance.map { ", \(MarkdownText.cell($0))" } ?? "")
        ]
        let notPassing = checks.filter { $0.verdict != .unchanged }.sorted { a, b in
            a.verdict != b.verdict ? a.verdict > b.verdict : abs(a.change ?? 0) > abs(b.change ?? 0)
        }
        if notPassing.isEmpty {
            for (configuration, results) in byConfiguration {
                lines.append("- `\(configuration)`: \(results.count) checks pass")
            }
        } else {
            for r in notPassing {
                let change = r.change.map { " (\(Checker.signedPercent($0)))" } ?? ""
                lines.append("- **\(r.verdict.word(.check))** `\(r.configuration)` \(r.name)\(change): \(r.reason)")
            }
            lines.append("")
            lines.append("\(checks.count - notPassing.count) of \(checks.count) checks pass.")
        }
        return lines.joined(separator: "\n")
    }
}
