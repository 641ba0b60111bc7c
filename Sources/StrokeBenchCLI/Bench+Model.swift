import ArgumentParser
import Foundation
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
                "Hold the model against every published on-device figure: rows, then Spearman, median absolute % error and coverage.",
            discussion:
                "Every figure is modelled (--costs model, dry), with its 5-95% range over the model's draws; results/device-model/validation.json is this command's JSON."
        )

        @Option(help: "table (for people) or json (rows and summary, for scripts).")
        var format: OutputFormat = .table

        func run() throws {
            let report = try ModelValidation.run()
            switch format {
            case .json:
                let encoder = ResultsJSON.encoder(escapingSlashes: true)
                print(String(decoding: try encoder.encode(report), as: UTF8.self))
            case .table:
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
        var table = [["role", "figure", "published", "modelled", "low-high", "within"]]
        for row in report.rows {
            table.append([
                row.role, row.figure, "\(fmt(row.published, 2)) \(row.unit)", fmt(row.central, 2),
                "\(fmt(row.low, 2))-\(fmt(row.high, 2))", row.within ? "yes" : "NO",
            ])
        }
        lines += align(table)
        let s = report.summary
        lines.append("")
        lines.append(
            "over \(s.predictedRows) predicted rows: Spearman's rank correlation \(fmt(s.spearman, 2)), "
                + "median absolute percentage error \(fmt(s.medianAbsolutePercentageError, 0))%, coverage \(fmt(s.coverage, 2))"
        )
        return lines.joined(separator: "\n")
    }
}
