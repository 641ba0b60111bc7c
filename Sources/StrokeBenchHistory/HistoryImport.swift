import Foundation
import StrokeBenchMetrics
import StrokeBenchRegression
import StrokeBenchReports
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchReplay

/// Reads the figures `bench history add` stores from what bench writes: a sweep folder (its
/// `summary.csv`, each row's configuration named by its run record) or a baseline file.
public enum HistoryImport {
    /// The figures of `path`, a sweep folder or a baseline, and which of the two it was.
    ///
    /// - Throws: `HistoryError.noInput` when nothing is there, `.data` naming the file (and the line or
    ///   field) when it is neither a sweep folder nor a baseline.
    public static func figures(at path: String, strategies: StrategyCatalog) throws(HistoryError) -> (HistoryRun.Source, [HistoryFigure]) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .noInput(path) }
        if isDirectory.boolValue { return (.study, try study(path, strategies: strategies)) }
        do {
            return (.baseline, figures(of: try Baseline.read(from: path), strategies: strategies))
        } catch let error as BaselineError {
            switch error {
            case .io(let file, let reason): throw .io(file, reason)
            case .data(let file, let reason): throw .data(file, reason)
            }
        } catch {
            throw .data(path, "\(error)")
        }
    }

    /// A figure of a replay is exact when the same input always gives it: counters always, the rest
    /// when no wall-clock time entered the replay.
    static func isExact(_ metric: Metric, clock: String, costs: String) -> Bool {
        metric.counter != nil || (clock == ClockMode.virtual.rawValue && costs != CostMode.measured.rawValue)
    }

    /// Every metric cell of `summary.csv`, keyed by the configuration of the row's run record.
    static func study(_ path: String, strategies: StrategyCatalog) throws(HistoryError) -> [HistoryFigure] {
        let folder = SweepFolder(path: path)
        let runs: [SweptRun]
        do { runs = try folder.readRuns() }
        catch let failure as SweepFolder.Failure { throw failure.cannotRead ? .io(path, failure.description) : .data(path, failure.description) }
        catch { throw .data(path, "\(error)") }
        let ids = Dictionary(runs.map { ($0.run.id, $0.spec.id(strategies: strategies)) }, uniquingKeysWith: { a, _ in a })
        let text: String
        do { text = try String(contentsOfFile: folder.summaryPath, encoding: .utf8) }
        catch { throw .io(folder.summaryPath, "cannot read (\(error.localizedDescription))") }
        let table: (header: [String], rows: [[String: String]])
        do { table = try CSVReader.rows(text) }
        catch { throw .data(folder.summaryPath, "\(error)") }
        let metrics = table.header.compactMap(Metric.named)
        var figures: [HistoryFigure] = []
        for (offset, row) in table.rows.enumerated() {
            let line = offset + 2
            guard let runID = row["run_id"], let id = ids[runID] else {
                throw .data(folder.summaryPath, "line \(line): run_id '\(row["run_id"] ?? "")' has no record in runs/")
            }
            let clock = row["clock"] ?? "", costs = row["costs"] ?? ""
            for metric in metrics {
                guard let cell = row[metric.name], !cell.isEmpty else { continue }
                guard let value = Double(cell), value.isFinite else {
                    throw .data(folder.summaryPath, "line \(line): \(metric.name): '\(cell)' is not a number")
                }
                figures.append(HistoryFigure(configuration: id, metric: metric.name, unit: metric.unit, value: value,
                                             exact: isExact(metric, clock: clock, costs: costs)))
            }
        }
        return figures
    }

    /// A baseline's counters (one figure each) and every timing figure of each recorded run.
    public static func figures(of baseline: Baseline, strategies: StrategyCatalog) -> [HistoryFigure] {
        var figures: [HistoryFigure] = []
        for entry in baseline.configurations {
            let id = entry.configuration.id(strategies: strategies)
            let clock = entry.configuration.clock.rawValue, costs = entry.configuration.costs.rawValue
            for metric in Metric.counters {
                guard let path = metric.counter else { continue }
                figures.append(HistoryFigure(configuration: id, metric: metric.name, unit: metric.unit,
                                             value: Double(entry.counters[keyPath: path]), exact: true))
            }
            for run in entry.runs {
                for metric in Metric.timing {
                    guard let value = run.value(of: metric), value.isFinite else { continue }
                    figures.append(HistoryFigure(configuration: id, metric: metric.name, unit: metric.unit, value: value,
                                                 exact: isExact(metric, clock: clock, costs: costs)))
                }
            }
        }
        return figures
    }
}
