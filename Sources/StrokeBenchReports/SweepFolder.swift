import Foundation
import StrokeBenchMetrics
import StrokeBenchSpec
import StrokeBenchStrategies

/// A sweep's output folder: `sweep.json` (the plan and which part of it ran), `runs/<run id>.json`
/// (each finished run: its spec and summary, typed), `summary.csv` (their tidy export, one row per
/// run) and `frames/<run id>.csv` (the per-frame CSV of each run).
///
/// Every file is written atomically, and `summary.csv` is rewritten after each run, so a folder
/// always holds exactly the runs that finished, however the sweep ended.
public struct SweepFolder {
    /// What a sweep folder holds besides its runs: the plan and the part of it that ran.
    public struct Manifest: Codable, Hashable, Sendable {
        public var plan: SweepPlan
        /// `I/N` of the part this folder holds; `1/1` for a whole sweep and for a merge.
        package var shard: String
        /// Runs in the full plan.
        package var plannedRuns: Int

        enum CodingKeys: String, CodingKey {
            case plan, shard
            case plannedRuns = "planned_runs"
        }

        package init(plan: SweepPlan, shard: Shard) {
            self.plan = plan
            self.shard = shard.description
            self.plannedRuns = plan.runs.count
        }
    }

    /// A folder that cannot be read: the message names the file.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
        /// True when the file could not be read at all (an I/O error, exit 74), rather than read and
        /// found wrong (bad data, exit 65).
        package var cannotRead: Bool
        package init(_ description: String, cannotRead: Bool = false) {
            self.description = description
            self.cannotRead = cannotRead
        }
    }

    package let path: String
    package var manifestPath: String { path + "/sweep.json" }
    package var summaryPath: String { path + "/summary.csv" }
    package var framesFolder: String { path + "/frames" }
    package var runsFolder: String { path + "/runs" }

    package init(path: String) { self.path = path }

    /// The per-frame CSV of `run`, relative to the folder (as recorded in `summary.csv`).
    package static func framesFile(for run: SweepRun) -> String { "frames/\(run.id).csv" }

    /// The run's record, relative to the folder.
    package static func runFile(for run: SweepRun) -> String { "runs/\(run.id).json" }

    /// The folder and every file a sweep of `runs` writes into it: what must not be one of its inputs.
    package func files(for runs: [SweepRun]) -> [String] {
        [path, manifestPath, summaryPath]
            + runs.flatMap { [path + "/" + Self.framesFile(for: $0), path + "/" + Self.runFile(for: $0)] }
    }

    /// Creates the folder and `frames/` and `runs/` inside it.
    package func create() throws {
        try FileManager.default.createDirectory(atPath: framesFolder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: runsFolder, withIntermediateDirectories: true)
    }

    /// Writes `sweep.json`.
    package func writeManifest(_ manifest: Manifest) throws {
        let encoder = ResultsJSON.encoder(escapingSlashes: false)
        try AtomicFile.write(String(decoding: try encoder.encode(manifest), as: UTF8.self) + "\n", to: manifestPath)
    }

    /// Reads `sweep.json`; nil when the folder has none (a folder made by hand or by an older bench).
    package func readManifest() throws -> Manifest? {
        guard FileManager.default.fileExists(atPath: manifestPath) else { return nil }
        return try Self.decodeRecord(Manifest.self, at: manifestPath, what: "sweep manifest")
    }

    /// The most bytes a manifest or a run record may have: one is a few KB.
    package static let maxRecordBytes = 16 << 20

    /// Reads and decodes one JSON file of the folder, at most `maxRecordBytes` of it.
    /// - Throws: `Failure`, one line naming the file and, where one is at fault, the field.
    static func decodeRecord<T: Decodable>(_ type: T.Type, at file: String, what: String) throws -> T {
        let data: Data
        do { data = try BoundedFile.read(file, limit: maxRecordBytes, regularOnly: true) } catch .tooLarge(let limit) {
            throw Failure("\(file): more than \(limit) bytes: too large for a \(what) (one is a few KB)")
        } catch .unreadable(let reason) {
            throw Failure("\(file): cannot read the \(what) (\(reason))", cannotRead: true)
        }
        do { return try JSONDecoder().decode(T.self, from: data) } catch let error as FormatVersionError {
            throw Failure("\(file): \(error)")
        } catch let error as Failure { throw error } catch {
            throw Failure("\(file): not a \(what) of bench: \(DecodingProblem.describe(error))")
        }
    }

    /// Writes one finished run's record, then rewrites `summary.csv` as the export of `all` (the
    /// folder's runs so far, this one included): the folder always holds exactly the finished runs.
    package func write(_ run: SweptRun, all: [SweptRun], strategies: StrategyCatalog) throws {
        try writeRecord(run)
        try writeSummary(all, strategies: strategies)
    }

    /// Writes `runs/<run id>.json`.
    package func writeRecord(_ run: SweptRun) throws {
        let encoder = ResultsJSON.encoder(escapingSlashes: false)
        try AtomicFile.write(
            String(decoding: try encoder.encode(run), as: UTF8.self) + "\n", to: path + "/" + Self.runFile(for: run.run)
        )
    }

    /// Rewrites `summary.csv`, the export of `runs`, whose strategies are among `strategies`.
    package func writeSummary(_ runs: [SweptRun], strategies: StrategyCatalog) throws {
        try AtomicFile.write(SummaryCSV.render(runs, strategies: strategies), to: summaryPath)
    }

    /// The finished runs, typed, in plan order: every `runs/*.json`.
    /// - Throws: `Failure` naming the file that cannot be read, or a folder an older bench wrote
    ///   (a summary.csv and no runs/).
    package func readRuns() throws -> [SweptRun] {
        let fm = FileManager.default
        guard fm.fileExists(atPath: runsFolder) else {
            if fm.fileExists(atPath: summaryPath) {
                throw Failure(
                    "\(path): no runs/ folder: an older bench wrote this sweep (summary.csv alone); run it again")
            }
            throw Failure("\(path): not a sweep folder (no runs/, no summary.csv)")
        }
        let names: [String]
        do { names = try fm.contentsOfDirectory(atPath: runsFolder).filter { $0.hasSuffix(".json") } } catch {
            throw Failure("\(runsFolder): cannot list the runs (\(error.localizedDescription))")
        }
        var runs: [SweptRun] = []
        for name in names {
            runs.append(try Self.decodeRecord(SweptRun.self, at: runsFolder + "/" + name, what: "run record"))
        }
        return runs.sorted { $0.run.index < $1.run.index }
    }

}
