import Foundation
import StrokeBenchMetrics
import StrokeBenchRegression
import StrokeBenchReplay
import StrokeBenchReports
import StrokeBenchSpec
import StrokeBenchStrategies

/// Reads the figures `bench history add` stores from what bench writes: a sweep folder (its
/// `summary.csv`, each row's configuration named by its run record), a baseline file, or a check
/// report (`bench check --format json`).
package enum HistoryImport {
    /// The figures of `path`, a sweep folder, a baseline or a check report, and which of the three it was.
    /// A file is told by its keys: a baseline says its `kind`; a check report has no `kind` but a
    /// `format_version` and its `checks`.
    ///
    /// - Throws: `HistoryError.noInput` when nothing is there, `.data` naming the file (and the line or
    ///   field) when it is none of the three.
    package static func figures(at path: String, strategies: StrategyCatalog) throws(HistoryError) -> (
        HistoryRun.Source, [HistoryFigure]
    ) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .noInput(path) }
        if isDirectory.boolValue { return (.study, try study(path, strategies: strategies)) }
        if let object = jsonObject(at: path), object["kind"] == nil {
            guard object["format_version"] != nil, object["checks"] is [Any] else {
                throw .data(
                    path,
                    "neither a sweep folder, a baseline (no \"kind\") nor a check report (no \"format_version\" and \"checks\")"
                )
            }
            return (.check, try checkFigures(path))
        }
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

    /// A baseline's counters (one figure each) and every timing figure of each recorded run.
    package static func figures(of baseline: Baseline, strategies: StrategyCatalog) -> [HistoryFigure] {
        var figures: [HistoryFigure] = []
        for entry in baseline.configurations {
            let id = entry.configuration.id(strategies: strategies)
            let clock = entry.configuration.clock.rawValue
            let costs = entry.configuration.costs.rawValue
            for metric in Metric.counters {
                guard let path = metric.counter else { continue }
                figures.append(
                    HistoryFigure(
                        configuration: id, metric: metric.name, unit: metric.unit,
                        value: Double(entry.counters[keyPath: path]), exact: true))
            }
            for run in entry.runs {
                for metric in Metric.timing {
                    guard let value = run.value(of: metric), value.isFinite else { continue }
                    figures.append(
                        HistoryFigure(
                            configuration: id, metric: metric.name, unit: metric.unit, value: value,
                            exact: isExact(metric, clock: clock, costs: costs)))
                }
            }
        }
        return figures
    }

    /// The file's top-level JSON object, or nil when it is not one (the baseline reader then says why).
    static func jsonObject(at path: String) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// One row of a check report, as much of it as the history keeps.
    struct CheckRow: Decodable {
        var configuration: String
        var name: String
        var kind: CheckResult.Kind
        var unit: String
        var candidateValue: Double?

        enum CodingKeys: String, CodingKey {
            case configuration, name, kind, unit
            case candidateValue = "candidate_value"
        }
    }

    /// The candidate's figures of a check report, keyed as a baseline's are (the same configuration
    /// ids and metric names), so a series has one line whether its points came from baselines or checks.
    ///
    /// Which rows become figures: `counter` rows (exact) and `timing` rows with a candidate value, the
    /// metric the row names. A timing row's value is the median of the candidate's runs (a baseline adds
    /// each run): the same figure for modelled or zero-cost replays, which repeat exactly, and one point
    /// per check for measured ones. Not the picture checksum or the verdict (no number), not budgets
    /// (a statistic of the same timing runs, kept already), not capacity rows or `configuration` rows
    /// (baselines' figures have no such series). A timing figure is exact when the configuration id
    /// says a virtual clock with modelled or zero costs, as `isExact` decides for a sweep or a baseline.
    static func checkFigures(_ path: String) throws(HistoryError) -> [HistoryFigure] {
        struct Report: Decodable {
            var formatVersion: Int
            var checks: [CheckRow]
            enum CodingKeys: String, CodingKey {
                case formatVersion = "format_version"
                case checks
            }
        }
        let report: Report
        do {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw HistoryError.io(path, "cannot read")
            }
            report = try JSONDecoder().decode(Report.self, from: data)
        } catch let error as HistoryError { throw error } catch {
            throw .data(path, "not a check report bench wrote (\(error))")
        }
        do { _ = try CheckReport.format.check(report.formatVersion) } catch {
            throw .data(path, "format_version: \(error)")
        }
        var figures: [HistoryFigure] = []
        for row in report.checks where row.kind == .counter || row.kind == .timing {
            guard let value = row.candidateValue, value.isFinite, let metric = Metric.named(row.name) else { continue }
            let words = Set(row.configuration.split(separator: " ").map(String.init))
            let clock = words.contains(ClockMode.virtual.rawValue) ? ClockMode.virtual.rawValue : ""
            let costs =
                words.contains("\(CostMode.model.rawValue)-costs") || words.contains("\(CostMode.zero.rawValue)-costs")
                ? "" : CostMode.measured.rawValue
            figures.append(
                HistoryFigure(
                    configuration: row.configuration, metric: metric.name, unit: metric.unit, value: value,
                    exact: isExact(metric, clock: clock, costs: costs)))
        }
        return figures
    }
}
