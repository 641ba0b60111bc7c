import ArgumentParser
import Foundation
import StrokeBenchMetrics
import StrokeBenchReplay
import StrokeBenchSpec

extension Bench {
    /// `bench model`: the device cost model itself, held against what was published.
    struct Model: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The device cost model: its validation against published on-device figures.",
            subcommands: [Validate.self])
    }
}

extension Bench.Model {
    /// `bench model validate`: every published figure with its role and the model's 5-95% range, and
    /// the accuracy over the predicted ones (docs/device-model.md, "Validation").
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Hold the model against every published on-device figure: rows, then per-metric accuracy, coverage and a reference.",
            discussion:
                "Every figure is modelled (--costs model, dry), with its 5-95% range over the model's draws; results/device-model/validation.json is this command's JSON."
        )

        @Option(help: "table (for people) or json (rows and summary, for scripts).")
        var format: FormatOption<TableOrJSON> = .init(.table)

        func run(with engine: EngineInputs) throws {
            let report = try ModelValidation.run(model: engine.deviceModel, strategies: engine.strategies)
            switch format.format {
            case .json:
                let encoder = ResultsJSON.encoder(escapingSlashes: true)
                print(String(decoding: try encoder.encode(report), as: UTF8.self))
            default:
                print(ValidationTable.render(report))
            }
        }
    }
}

/// The validation as a table for people: modelled figures, labelled as such.
enum ValidationTable {
    static func fmt(_ v: Double, _ digits: Int) -> String { SummaryTable.fmt(v, digits) }
    static func align(_ rows: [[String]]) -> [String] { SummaryTable.align(rows) }
    static func render(_ report: ModelValidation.Report) -> String {
        var lines = [
            "modelled (--costs model) against published on-device figures; low-high is the model's 5-95% range", "",
        ]
        var table = [["role", "figure", "published", "modelled", "low-high", "within", "reference"]]
        for row in report.rows {
            table.append([
                row.role, row.figure, row.published.map { "\(fmt($0, 2)) \(row.unit)" } ?? "not yet",
                fmt(row.central, 2), "\(fmt(row.low, 2))-\(fmt(row.high, 2))",
                row.published == nil ? "-" : row.within ? "yes" : "NO",
                row.reference.map { fmt($0, 2) } ?? "",
            ])
        }
        lines += align(table)
        let s = report.summary
        lines += [
            "",
            "low-high of a predicted row: the model's draws, widened by its kind of cost's structural error factor sized without that row's figure",
            "over \(s.predictedRows) predicted rows: coverage \(fmt(s.coverageLeaveOneRowOut, 2)) (leave one row out), "
                + "\(fmt(s.coverageDrawsOnly, 2)) with the draws' ranges alone",
        ]
        for (kind, term) in s.structuralError.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            lines.append(
                "structural error, \(kind.rawValue): factor \(fmt(term.factor, 2)) over its \(term.figures) figures, "
                    + (kind == .drawing ? "drawn into every modelled run" : "drawn into no run (no replay does this)")
                    + "; coverage of its \(term.rows) rows \(fmt(term.coverageLeaveOneRowOut, 2))")
        }
        lines.append("")
        var metrics = [
            [
                "metric", "rows", "Spearman", "error factor", "median APE", "coverage", "reference: Spearman",
                "error factor",
            ]
        ]
        for (metric, m) in s.perMetric.sorted(by: { $0.key < $1.key }) {
            let r = s.reference.perMetric[metric]
            metrics.append([
                metric, "\(m.n)", m.spearman.map { fmt($0, 2) } ?? "-", "\(fmt(m.geometricMeanErrorFactor, 2))x",
                "\(fmt(m.medianAbsolutePercentageError, 0))%", m.coverage.map { fmt($0, 2) } ?? "-",
                r?.spearman.map { fmt($0, 2) } ?? "-",
                r.map { "\(fmt($0.geometricMeanErrorFactor, 2))x" } ?? "-",
            ])
        }
        lines += align(metrics)
        lines.append("reference: \(s.reference.predictor)")
        return lines.joined(separator: "\n")
    }
}
