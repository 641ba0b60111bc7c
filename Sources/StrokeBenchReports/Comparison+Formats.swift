import Foundation
import StrokeBenchMetrics
import StrokeBenchSpec

extension Comparison {
    /// The CSV and JSON columns, in order.
    package static let columns =
        dimensions.map(\.rawValue) + [
            "baseline_machine", "candidate_machine", "baseline_runs", "candidate_runs", "baseline_frames",
            "candidate_frames", "baseline_main_ms_median", "candidate_main_ms_median", "main_ms_median_ratio",
        ] + figures.flatMap(\.columns) + ["p_value", "p_candidate_slower", "verdict"]
        + ["main_thread_verdict", "baseline_verdict", "candidate_verdict", "better", "worse"]

    /// A cell: text, a number, or nothing (a figure that was not compared).
    enum Cell: Encodable {
        case text(String)
        case number(Double)
        case none
        var csv: String {
            switch self {
            case .text(let s): s
            case .number(let v): v.isFinite ? Self.plain(v) : (v > 0 ? "inf" : "-inf")
            case .none: ""
            }
        }
        /// JSON has no infinity: a ratio over a zero baseline is null there, as a figure not compared
        /// is, never the string "inf" in a column of numbers (the CSV's cell says `inf`).
        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .text(let s): try c.encode(s)
            case .number(let v) where v.isFinite: try c.encode(v)
            case .number, .none: try c.encodeNil()
            }
        }
        /// Up to six significant digits, no exponent for everyday magnitudes.
        static func plain(_ v: Double) -> String {
            if v == v.rounded() && abs(v) < 1e15 { return String(Int(v)) }
            return String(format: "%.6g", v)
        }
    }

    func cells(_ c: ConfigurationComparison) -> [Cell] {
        let n = { (v: Double?) in v.map(Cell.number) ?? .none }
        var cells = Self.dimensions.map { Cell.text(c.configuration[$0] ?? "") }
        cells += [
            .text(c.baselineMachine), .text(c.candidateMachine), .number(Double(c.baselineRuns)),
            .number(Double(c.candidateRuns)), .number(Double(c.baselineFrames)), .number(Double(c.candidateFrames)),
            n(c.baselineMainMedian), n(c.candidateMainMedian), n(c.mainMedianRatio),
        ]
        for figure in Self.figures {
            let values = c[figure.metric]
            if figure.showsSides { cells += [n(values.baseline), n(values.candidate)] }
            if figure.ratioColumn != nil { cells.append(n(values.ratio)) }
        }
        cells += [n(c.pValue), n(c.probabilityCandidateSlower), .text(c.verdict.word(.compare))]
        cells += [
            .text(c.mainThread?.word(.compare) ?? ""), .text(c.baselineVerdict?.rawValue ?? ""),
            .text(c.candidateVerdict?.rawValue ?? ""),
            .text(c.better.joined(separator: "; ")), .text(c.worse.joined(separator: "; ")),
        ]
        return cells
    }

    /// The comparison in `format`: in CSV, every figure its own column; in JSON, the header facts and
    /// a `configurations` array of the CSV's columns.
    package func render(_ format: OutputFormat) throws -> String {
        switch format {
        case .csv:
            var csv = CSVWriter(header: Self.columns)
            for c in configurations { csv.append(cells(c).map(\.csv)) }
            return csv.text
        case .json:
            let data = try ResultsJSON.encoder(escapingSlashes: false).encode(JSONObject(self))
            return String(decoding: data, as: UTF8.self)
        case .table, .markdown:
            return humanReadable(markdown: format == .markdown)
        case .junit, .githubBenchmark, .githubBenchmarkBigger, .summary, .html:
            throw UnsupportedFormat(format, writer: "bench compare")
        }
    }

    /// The formats `bench compare` writes, in the order its help lists them.
    package static let formats: [OutputFormat] = [.table, .csv, .json, .markdown]

    /// Where the figures come from, said first: modelled (the same on any machine), zero costs, or
    /// measured on the machines named (never a device name alone for a time taken on a host).
    var provenance: String {
        let costs = Set(
            configurations.compactMap { $0.configuration[ComparisonDimension(.costs)] }.flatMap {
                $0.components(separatedBy: " → ")
            })
        let machines = Set(configurations.flatMap { [$0.baselineMachine, $0.candidateMachine] }.filter { !$0.isEmpty })
            .sorted()
        let measured =
            "measured on \(machines.isEmpty ? "an unrecorded machine" : machines.joined(separator: " and ")), timed as each device's display"
        switch costs {
        case ["model"]: return "modelled by the device cost model: the same figures on any machine"
        case ["zero"]: return "zero costs: work counted, not timed"
        case ["measured"], []: return measured
        default: return "\(costs.sorted().joined(separator: " and ")) costs; the measured ones \(measured)"
        }
    }

    /// The dimensions that tell this comparison's configurations apart; the rest are said once.
    var distinguishing: [ComparisonDimension] {
        Self.dimensions.filter { d in Set(configurations.map { $0.configuration[d] ?? "" }).count > 1 }
    }

    /// `--format json`'s object: the header facts and a `configurations` array of the CSV's columns.
    private struct JSONObject: Encodable {
        var formatVersion: Int, baseline: String, candidate: String, direction: String
        var alpha: Double, threshold: Double
        var varied: [ComparisonDimension: String], partlyDiffering: [ComparisonDimension: String]
        var onlyInBaseline: [String], onlyInCandidate: [String]
        var verdicts: [String: Int]
        var configurations: [[String: Cell]]

        enum CodingKeys: String, CodingKey {
            case formatVersion = "format_version"
            case baseline, candidate, direction, alpha, threshold, varied
            case partlyDiffering = "partly_differing"
            case onlyInBaseline = "only_in_baseline"
            case onlyInCandidate = "only_in_candidate"
            case verdicts, configurations
        }

        init(_ comparison: Comparison) {
            formatVersion = comparison.formatVersion
            baseline = comparison.baseline
            candidate = comparison.candidate
            direction = comparison.direction
            alpha = comparison.alpha
            threshold = comparison.threshold
            varied = comparison.varied
            partlyDiffering = comparison.partlyDiffering
            onlyInBaseline = comparison.onlyInBaseline
            onlyInCandidate = comparison.onlyInCandidate
            verdicts = Dictionary(grouping: comparison.configurations, by: { $0.verdict.word(.compare) })
                .mapValues(\.count)
            configurations = comparison.configurations.map { c in
                Dictionary(uniqueKeysWithValues: zip(Comparison.columns, comparison.cells(c)))
            }
        }
    }

    /// Compare's verdict words in the order the count line gives them (`.unchanged` reads inconclusive).
    static let verdictWords = [ChangeVerdict.better, .worse, .inconclusive, .tradeOff, .equal, .differentMachines].map {
        $0.word(.compare)
    }

    func humanReadable(markdown: Bool) -> String {
        // With a single configuration nothing tells configurations apart; show what was compared.
        let shown = distinguishing.isEmpty ? varied.keys.sorted() : distinguishing
        let common = Self.dimensions.filter { !distinguishing.contains($0) && varied[$0] == nil }
            .compactMap { d in configurations.first?.configuration[d].map { "\(d.rawValue) \($0)" } }
        var lines: [String] = []
        lines.append(provenance)
        lines.append(
            "baseline \(baseline), candidate \(candidate)"
                + (varied.isEmpty
                    ? ""
                    : ": "
                        + varied.keys.sorted().map { "\($0.rawValue) differs, \(varied[$0]!)" }.joined(separator: "; "))
        )
        if !partlyDiffering.isEmpty {
            lines.append(
                "differs in part, matched and not pooled (baseline | candidate): "
                    + partlyDiffering.keys.sorted().map { "\($0.rawValue) \(partlyDiffering[$0]!)" }.joined(
                        separator: "; "))
        }
        if !common.isEmpty { lines.append("every configuration: " + common.joined(separator: ", ")) }
        lines.append(
            "\(direction); every judged figure counts (verdict, hitch ratio, dropped frames, ink latency p95, ink shown, busy time: "
                + "a change over \(Cell.plain(threshold * 100))%; main-thread time: p < \(Cell.plain(alpha)), Mann-Whitney U on per-frame times, "
                + "and a median change over \(Cell.plain(threshold * 100))%); better only when nothing got worse")
        // Markdown joins adjacent lines into one paragraph; a hard break (two spaces) keeps them apart.
        // Names come from files and folders: no raw HTML or line break of theirs gets through.
        if markdown { lines = lines.map { MarkdownText.cell($0) + "  " } }
        lines.append("")
        let f2 = { (v: Double?) in v.map { String(format: "%.2f", $0) } ?? "-" }
        // Three decimals hide the null strategy's microseconds; three significant digits do not.
        let f3 = { (v: Double?) in
            v.map { abs($0) >= 0.1 || $0 == 0 ? String(format: "%.3f", $0) : String(format: "%.3g", $0) } ?? "-"
        }
        let x = { (v: Double?) -> String in
            guard let v else { return "-" }
            if !v.isFinite { return "inf" }
            return v >= 100 ? String(format: "%.0fx", v) : v < 0.01 && v > 0 ? "<0.01x" : String(format: "%.2fx", v)
        }
        let p = { (v: Double?) in v.map { $0 < 1e-4 ? "<0.0001" : String(format: "%.4f", $0) } ?? "-" }
        var table = [
            [
                shown.isEmpty ? "configuration" : shown.map(\.rawValue).joined(separator: " / "), "frames",
                "main p50 ms", "ratio",
                "main p99 ms", "ratio", "hitch ms/s", "pixels", "p", "verdict",
            ]
        ]
        for c in configurations {
            let name = shown.isEmpty ? "all" : shown.map { c.configuration[$0] ?? "" }.joined(separator: " / ")
            table.append([
                name, "\(c.baselineFrames) / \(c.candidateFrames)",
                "\(f3(c.baselineMainMedian)) → \(f3(c.candidateMainMedian))", x(c.mainMedianRatio),
                "\(f3(c[.mainMsP99].baseline)) → \(f3(c[.mainMsP99].candidate))", x(c[.mainMsP99].ratio),
                "\(f2(c[.hitchRatio].baseline)) → \(f2(c[.hitchRatio].candidate))", x(c[.pixelsRasterized].ratio),
                p(c.pValue), c.verdict.word(.compare),
            ])
        }
        let moved = configurations.filter { !$0.better.isEmpty || !$0.worse.isEmpty }
        if markdown {
            let escape = { (s: String) in MarkdownText.cell(s) }
            lines.append("| " + table[0].map(escape).joined(separator: " | ") + " |")
            lines.append("|" + table[0].indices.map { $0 == 0 || $0 == table[0].count - 1 ? "---|" : "---:|" }.joined())
            for row in table.dropFirst() { lines.append("| " + row.map(escape).joined(separator: " | ") + " |") }
        } else {
            let widths = table[0].indices.map { i in table.map { $0[i].count }.max() ?? 0 }
            for row in table {
                lines.append(
                    row.enumerated().map { i, cell in
                        let pad = String(repeating: " ", count: widths[i] - cell.count)
                        return i == 0 || i == row.count - 1 ? cell + pad : pad + cell
                    }.joined(separator: "  ").trimmingCharacters(in: .whitespaces))
            }
        }
        func prose(_ text: String) -> String { markdown ? MarkdownText.cell(text) : text }
        if !moved.isEmpty { lines.append("") }
        for c in moved {
            let name = shown.isEmpty ? "all" : shown.map { c.configuration[$0] ?? "" }.joined(separator: " / ")
            lines.append(
                prose(
                    "\(name): \(c.verdict.word(.compare)); better: \(c.better.isEmpty ? "nothing" : c.better.joined(separator: ", "))"
                        + "; worse: \(c.worse.isEmpty ? "nothing" : c.worse.joined(separator: ", "))")
                    + (markdown ? "  " : ""))
        }
        if !onlyInBaseline.isEmpty {
            lines.append("")
            lines.append(prose("only in the baseline: " + onlyInBaseline.joined(separator: "; ")))
        }
        if !onlyInCandidate.isEmpty {
            lines.append("")
            lines.append(prose("only in the candidate: " + onlyInCandidate.joined(separator: "; ")))
        }
        let counts = Dictionary(grouping: configurations, by: { $0.verdict.word(.compare) }).mapValues(\.count)
        lines.append("")
        lines.append(
            Self.verdictWords.compactMap { w in counts[w].map { "\($0) \(w)" } }.joined(separator: ", "))
        if counts[ChangeVerdict.differentMachines.word(.compare)] != nil {
            lines.append("timings measured on different machines are not compared; counters are (pixels column)")
        }
        return lines.joined(separator: "\n")
    }
}
