import Foundation
import StrokeBenchMetrics
import StrokeBenchSpec

/// One configuration of a study: how it came out, what ran, and where its frames are.
package struct StudyRun: Sendable {
    /// The run's summary figures.
    package var summary: RunSummary
    /// What ran; nil for a single run's JSON, which keeps only its summary.
    package var spec: ReplaySpec?
    /// The run's per-frame CSV, when the study has it (a sweep folder does).
    package var framesCSV: String?
    /// The `bench run` command that replays it, when the spec is known.
    package var command: String?

    /// The strategy with the options it ran with (`flattened --flattened-whole-layer`).
    package var strategyLabel: String
    /// True for a run priced by the device cost model (`--costs model`), false for measured or zero costs.
    package var isModelled: Bool { summary.costs == CostMode.model.rawValue }
    /// The run's one judgement (`RunJudgement`).
    package var judgement: RunJudgement { summary.judgement }
    /// The run's verdict.
    package var verdict: DrawingVerdict { judgement.verdict }
}

/// What `bench report` reads: a sweep folder (whole, or merged from shards) or one run's JSON
/// (`bench run --format json`).
package struct Study: Sendable {
    /// The path it was read from.
    package var source: String
    /// Its runs, in plan order.
    package var runs: [StudyRun]
    /// Runs left out of the report, each with why (`iphone-6s at 120 Hz: faster than its 60 Hz display`).
    package var leftOut: [String] = []

    package init(source: String, runs: [StudyRun]) {
        self.source = source
        self.runs = runs
    }

    /// The study without the runs `reason` gives a reason for: what a report shows of a sweep that ran a
    /// device at a rate its display does not have. Each distinct reason is kept once.
    package func leavingOut(_ reason: (StudyRun) -> String?) -> Study {
        var kept = self
        kept.runs = runs.filter { reason($0) == nil }
        for why in runs.compactMap(reason) where !kept.leftOut.contains(why) { kept.leftOut.append(why) }
        return kept
    }

    /// Where the study's figures come from, in words a page or a pull request leads with: modelled by
    /// the device cost model, measured on this host (a time taken here is the host's, not the device's),
    /// zero costs, or each of those the study mixes.
    package var provenance: String {
        let costs = Set(runs.map(\.summary.costs))
        var parts: [String] = []
        if costs.contains(CostMode.model.rawValue) {
            parts.append("modelled by the device cost model (docs/device-model.md)")
        }
        if costs.contains(CostMode.measured.rawValue) {
            let machines = Set(runs.filter { $0.summary.costs == CostMode.measured.rawValue }.map(\.summary.machine))
                .sorted()
            parts.append(
                "measured on this host (\(machines.joined(separator: ", "))): this machine's time for the device's work, not the device's"
            )
        }
        if costs.contains(CostMode.zero.rawValue) { parts.append("zero costs (work counted, not timed)") }
        return parts.joined(separator: "; and ")
    }

    /// True when every run is modelled; false when every run is measured (or zero-cost); nil when the
    /// study mixes them.
    package var allModelled: Bool? {
        let modelled = Set(runs.map(\.isModelled))
        return modelled.count == 1 ? modelled.first : nil
    }

    /// A study that cannot be read: one line naming the file.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
        /// True when nothing could be read (exit 74) rather than read and found wrong (65).
        package var cannotRead: Bool
        package init(_ description: String, cannotRead: Bool = false) {
            self.description = description
            self.cannotRead = cannotRead
        }
    }

    /// Reads the study at `path`.
    /// - Parameters:
    ///   - declaredOptions: the options a spec's strategy declares, for the label and the command.
    /// - Throws: `Failure`, naming the file at fault.
    package static func load(_ path: String, declaredOptions: (ReplaySpec) -> [StrategyOption]) throws(Failure) -> Study
    {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw Failure(
                "\(path): no such file or folder; a study is a sweep folder (bench sweep --output) or a run's JSON (bench run --format json)",
                cannotRead: true)
        }
        let runs = isFolder.boolValue ? try folderRuns(path, declaredOptions: declaredOptions) : [try singleRun(path)]
        guard !runs.isEmpty else { throw Failure("\(path): the sweep folder holds no finished run") }
        return Study(source: path, runs: runs)
    }

    private static func folderRuns(_ path: String, declaredOptions: (ReplaySpec) -> [StrategyOption]) throws(Failure)
        -> [StudyRun]
    {
        let folder = SweepFolder(path: path)
        let swept: [SweptRun]
        do { swept = try folder.readRuns() } catch let failure as SweepFolder.Failure {
            throw Failure(failure.description, cannotRead: failure.cannotRead)
        } catch {
            throw Failure("\(path): \(error)")
        }
        return swept.map { run in
            let declared = declaredOptions(run.spec)
            let options = run.spec.options.arguments(declared: declared)
            return StudyRun(
                summary: run.summary, spec: run.spec, framesCSV: path + "/" + run.framesCSV,
                command: command(run.spec, declared: declared),
                strategyLabel: ([run.spec.strategy] + options).joined(separator: " "))
        }
    }

    private static func singleRun(_ path: String) throws(Failure) -> StudyRun {
        let data: Data
        do { data = try BoundedFile.read(path, limit: SweepFolder.maxRecordBytes, regularOnly: true) } catch {
            switch error {
            case .tooLarge(let limit):
                throw Failure("\(path): more than \(limit) bytes: too large for a run's JSON (one is a few KB)")
            case .unreadable(let reason):
                throw Failure("\(path): cannot read the run's JSON (\(reason))", cannotRead: true)
            }
        }
        let summary: RunSummary
        do { summary = try JSONDecoder().decode(RunSummary.self, from: data) } catch {
            throw Failure("\(path): not a run's JSON of bench run --format json: \(DecodingProblem.describe(error))")
        }
        return StudyRun(summary: summary, spec: nil, framesCSV: nil, command: nil, strategyLabel: summary.strategy)
    }

    /// The `bench run` command that replays `spec`, in the order `bench run --help` lists the options.
    static func command(_ spec: ReplaySpec, declared: [StrategyOption]) -> String {
        // No field's command words need the device's rate: `--hz` is left out when the run used the device's.
        let words = ["bench", "run"] + spec.commandWords(SpecField.Context(declared: declared, deviceRate: nil))
        return words.map(Self.shellQuoted).joined(separator: " ")
    }

    /// A word as a POSIX shell reads it back: quoted when it holds anything but safe characters.
    static func shellQuoted(_ word: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%")
        if !word.isEmpty, word.allSatisfy(safe.contains) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
