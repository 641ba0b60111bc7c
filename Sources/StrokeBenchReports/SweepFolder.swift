import Foundation
import StrokeBenchMetrics

/// A sweep's output folder: `sweep.json` (the plan and which part of it ran), `summary.csv` (one
/// tidy row per finished run) and `frames/<run id>.csv` (the per-frame CSV of each run).
///
/// Every file is written atomically, and `summary.csv` is rewritten after each run, so a folder
/// always holds exactly the runs that finished, however the sweep ended.
public struct SweepFolder {
    /// What a sweep folder holds besides its runs: the plan and the part of it that ran.
    public struct Manifest: Codable, Hashable, Sendable {
        public var plan: SweepPlan
        /// `I/N` of the part this folder holds; `1/1` for a whole sweep and for a merge.
        public var shard: String
        /// Runs in the full plan.
        public var plannedRuns: Int

        enum CodingKeys: String, CodingKey { case plan, shard, plannedRuns = "planned_runs" }

        public init(plan: SweepPlan, shard: Shard) {
            self.plan = plan; self.shard = shard.description; self.plannedRuns = plan.runs.count
        }
    }

    /// A folder that cannot be read: the message names the file.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    public let path: String
    public var manifestPath: String { path + "/sweep.json" }
    public var summaryPath: String { path + "/summary.csv" }
    public var framesFolder: String { path + "/frames" }

    public init(path: String) { self.path = path }

    /// The per-frame CSV of `run`, relative to the folder (as recorded in `summary.csv`).
    public static func framesFile(for run: SweepRun) -> String { "frames/\(run.id).csv" }

    /// The folder and every file a sweep of `runs` writes into it: what must not be one of its inputs.
    public func files(for runs: [SweepRun]) -> [String] {
        [path, manifestPath, summaryPath] + runs.map { path + "/" + Self.framesFile(for: $0) }
    }

    /// Creates the folder and `frames/` inside it.
    public func create() throws {
        try FileManager.default.createDirectory(atPath: framesFolder, withIntermediateDirectories: true)
    }

    /// Writes `sweep.json`.
    public func writeManifest(_ manifest: Manifest) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write(String(decoding: try encoder.encode(manifest), as: UTF8.self) + "\n", to: manifestPath)
    }

    /// Reads `sweep.json`; nil when the folder has none (a folder made by hand or by an older bench).
    public func readManifest() throws -> Manifest? {
        guard FileManager.default.fileExists(atPath: manifestPath) else { return nil }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: manifestPath))
            let manifest = try JSONDecoder().decode(Manifest.self, from: data)
            guard manifest.plan.formatVersion == 1 else {
                throw Failure("\(manifestPath): format_version \(manifest.plan.formatVersion) is not one this bench reads (1)")
            }
            return manifest
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure("\(manifestPath): not a sweep manifest (\(error))")
        }
    }

    /// Rewrites `summary.csv` with `rows`.
    public func writeSummary(_ rows: [[String: String]]) throws {
        try AtomicFile.write(SummaryRow.render(rows), to: summaryPath)
    }

    /// The rows of `summary.csv`, checked for a known format version.
    public func readSummary() throws -> [[String: String]] {
        let text: String
        do { text = try String(contentsOfFile: summaryPath, encoding: .utf8) }
        catch { throw Failure("\(summaryPath): cannot read the sweep summary (is \(path) a sweep folder?)") }
        let table: (header: [String], rows: [[String: String]])
        do { table = try CSVReader.rows(text) } catch { throw Failure("\(summaryPath): \(error)") }
        for column in ["format_version", "run_id", "strategy", "device", "hz", "machine", "frames_csv"]
        where !table.header.contains(column) {
            throw Failure("\(summaryPath): no \(column) column; not a bench sweep summary")
        }
        for (offset, row) in table.rows.enumerated() where row["format_version"] != String(SummaryRow.formatVersion) {
            throw Failure("\(summaryPath):\(offset + 2): format_version \(row["format_version"] ?? "") is not one this bench reads (\(SummaryRow.formatVersion))")
        }
        return table.rows
    }

    /// Main-thread times (ms) of the active frames of one per-frame CSV: the samples the
    /// significance test compares. Active is `FrameRecord.isActive`: input delivered, a main-queue
    /// block run, or a picture presented; idle vsyncs cost nothing and would only dilute the test.
    public static func activeMainMs(csvAt file: String) throws -> [Double] {
        let text: String
        do { text = try String(contentsOfFile: file, encoding: .utf8) }
        catch { throw Failure("\(file): cannot read the per-frame CSV") }
        let table: (header: [String], rows: [[String: String]])
        do { table = try CSVReader.rows(text) } catch { throw Failure("\(file): \(error)") }
        guard table.header.contains("main_ms"), table.header.contains("samples") else {
            throw Failure("\(file): no main_ms or samples column; not a per-frame CSV of bench")
        }
        var values: [Double] = []
        for (offset, row) in table.rows.enumerated() {
            let samples = Int(row["samples"] ?? "") ?? 0
            let presented = !(row["present_ms"] ?? "").isEmpty
            let mainQueue = row["trigger"] == "main-queue"
            guard samples > 0 || presented || mainQueue else { continue }
            let text = row["main_ms"] ?? ""
            guard let ms = Double(text) else { throw Failure("\(file):\(offset + 2): main_ms '\(text)' is not a number") }
            // A time is finite and not negative: -1e308 would make a -inf median and a verdict of "better".
            guard ms.isFinite, ms >= 0 else {
                throw Failure("\(file):\(offset + 2): main_ms \(text) is not a possible time (a time is a finite number of ms, 0 or more)")
            }
            values.append(ms)
        }
        return values
    }
}
