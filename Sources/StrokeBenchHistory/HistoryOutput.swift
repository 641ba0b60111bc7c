import Foundation
import StrokeBenchMetrics
import StrokeBenchSpec

/// The writers of `bench history show` and `changes`, one per format.
package enum HistoryOutput {
    /// The version of both commands' JSON objects.
    package static let format = FormatVersion(name: "history output", current: 1)

    /// The formats both commands write, in the order their help lists them.
    package static let formats: [OutputFormat] = [.table, .csv, .json]

    /// The columns of `show --format csv`, in order.
    package static let pointColumns = [
        "configuration", "metric", "unit", "commit", "branch", "date", "machine", "run", "value", "exact",
    ]

    /// The points in `format`.
    package static func points(_ points: [HistoryPoint], format: OutputFormat) throws -> String {
        let rows = points.map { p in
            [
                p.configuration, p.metric, p.unit, p.commit, p.branch ?? "", p.date, p.machine, String(p.run),
                CSVWriter.number(p.value), String(p.exact),
            ]
        }
        switch format {
        case .csv: return csv(pointColumns, rows)
        case .table: return table(pointColumns, rows)
        case .json: return try json(["points": points])
        case .markdown, .junit, .githubBenchmark, .githubBenchmarkBigger, .summary, .html:
            throw UnsupportedFormat(format, writer: "bench history show")
        }
    }

    /// The columns of `changes --format csv`, in order.
    package static let changeColumns = [
        "configuration", "metric", "unit", "commit", "date", "before", "after",
        "change", "p_value", "method",
    ]

    /// The changes in `format`; the JSON says how measured series were tested.
    package static func changes(_ changes: [HistoryChange], detector: ChangeDetector, format: OutputFormat) throws
        -> String
    {
        let rows = changes.map { c in
            [
                c.configuration, c.metric, c.unit, "\(c.previousCommit) -> \(c.commit)", c.date,
                CSVWriter.number(c.before), CSVWriter.number(c.after),
                c.change.map { String(format: "%+.2f%%", $0 * 100) } ?? "",
                c.pValue.map { String(format: "%.4f", $0) } ?? "", c.method.rawValue,
            ]
        }
        switch format {
        case .csv:
            return csv(
                changeColumns,
                changes.map { c in
                    [
                        c.configuration, c.metric, c.unit, c.commit, c.date, CSVWriter.number(c.before),
                        CSVWriter.number(c.after), c.change.map { CSVWriter.number($0) } ?? "",
                        c.pValue.map { CSVWriter.number($0) } ?? "", c.method.rawValue,
                    ]
                })
        case .table:
            var header = changeColumns
            header[3] = "commits"
            return changes.isEmpty ? "no change points" : table(header, rows)
        case .json:
            return try json(
                ChangesObject(
                    alpha: detector.alpha, permutations: detector.permutations,
                    minimumSegment: detector.minimumSegment, changes: changes))
        case .markdown, .junit, .githubBenchmark, .githubBenchmarkBigger, .summary, .html:
            throw UnsupportedFormat(format, writer: "bench history changes")
        }
    }

    private struct ChangesObject: Encodable {
        var alpha: Double, permutations: Int, minimumSegment: Int, changes: [HistoryChange]
        enum CodingKeys: String, CodingKey {
            case formatVersion = "format_version"
            case method, alpha, permutations
            case minimumSegment = "minimum_segment"
            case changes
        }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(HistoryOutput.format.current, forKey: .formatVersion)
            try c.encode(
                "exact series: every change; measured series: e-divisive means, permutation test", forKey: .method)
            try c.encode(alpha, forKey: .alpha)
            try c.encode(permutations, forKey: .permutations)
            try c.encode(minimumSegment, forKey: .minimumSegment)
            try c.encode(changes, forKey: .changes)
        }
    }

    private struct Versioned<T: Encodable>: Encodable {
        var body: [String: T]
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(HistoryOutput.format.current, forKey: Key(stringValue: "format_version"))
            for (k, v) in body { try c.encode(v, forKey: Key(stringValue: k)) }
        }
    }

    private static func json<T: Encodable>(_ body: [String: T]) throws -> String { try json(Versioned(body: body)) }

    private static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = ResultsJSON.encoder(escapingSlashes: false)
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private static func csv(_ header: [String], _ rows: [[String]]) -> String {
        var writer = CSVWriter(header: header)
        for row in rows { writer.append(row) }
        return writer.text.hasSuffix("\n") ? String(writer.text.dropLast()) : writer.text
    }

    private static func table(_ header: [String], _ rows: [[String]]) -> String {
        let all = [header] + rows
        let widths = header.indices.map { col in all.map { $0[col].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : cell.padding(toLength: widths[i], withPad: " ", startingAt: 0)
            }
            .joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
