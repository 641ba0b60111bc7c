import Foundation
import StrokeBenchMetrics
import StrokeBenchReplay
import StrokeBenchReports
import StrokeBenchSpec
import StrokeBenchStrategies

/// A sweep's figures as the study publishes them: summary.csv, the table users, scripts and this
/// history read alike (a hand-edited cell included), its rows keyed by column as CSV rows are.
extension HistoryImport {
    /// Every metric cell of `summary.csv`, keyed by the configuration of the row's run record.
    static func study(_ path: String, strategies: StrategyCatalog) throws(HistoryError) -> [HistoryFigure] {
        let folder = SweepFolder(path: path)
        let runs: [SweptRun]
        do { runs = try folder.readRuns() } catch let failure as SweepFolder.Failure {
            throw failure.cannotRead ? .io(path, failure.description) : .data(path, failure.description)
        } catch { throw .data(path, "\(error)") }
        let ids = Dictionary(
            runs.map { ($0.run.id, $0.spec.id(strategies: strategies)) }, uniquingKeysWith: { a, _ in a })
        let text: String
        do { text = try String(contentsOfFile: folder.summaryPath, encoding: .utf8) } catch {
            throw .io(folder.summaryPath, "cannot read (\(error.localizedDescription))")
        }
        let table: (header: [String], rows: [[String: String]])
        do { table = try CSVReader.rows(text) } catch { throw .data(folder.summaryPath, "\(error)") }
        let metrics = table.header.compactMap(Metric.named)
        var figures: [HistoryFigure] = []
        for (offset, row) in table.rows.enumerated() {
            let line = offset + 2
            guard let runID = row["run_id"], let id = ids[runID] else {
                throw .data(folder.summaryPath, "line \(line): run_id '\(row["run_id"] ?? "")' has no record in runs/")
            }
            let clock = row["clock"] ?? ""
            let costs = row["costs"] ?? ""
            for metric in metrics {
                guard let cell = row[metric.name], !cell.isEmpty else { continue }
                guard let value = Double(cell), value.isFinite else {
                    throw .data(folder.summaryPath, "line \(line): \(metric.name): '\(cell)' is not a number")
                }
                figures.append(
                    HistoryFigure(
                        configuration: id, metric: metric.name, unit: metric.unit, value: value,
                        exact: isExact(metric, clock: clock, costs: costs)))
            }
        }
        return figures
    }
}
