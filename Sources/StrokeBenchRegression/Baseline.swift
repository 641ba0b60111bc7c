import Foundation
import StrokeBenchMetrics
import StrokeBenchReplay
import StrokeBenchSpec
import StrokeBenchStrategies

/// A recorded baseline: for each replayed configuration, its exact work counters, its final picture,
/// and the timing figures of several repeated runs; plus the budgets `bench check` applies.
///
/// The file is JSON with snake_case keys (like `bench run --format json`), small enough to commit:
/// about 3 KB per configuration and repeat. It carries `format_version` and readers reject versions
/// they do not know, so an old `bench` never misreads a newer file.
package struct Baseline: Hashable, Sendable, Codable {
    /// The version this code writes, and those it reads. Version 4 adds the capacities a baseline
    /// guards (`capacities`, `bench ramp --baseline`); older files have none. Version 3 keeps every figure of each timing
    /// run (`figures`), so that a budget may name any metric; version 2 files, without them, still
    /// read and check (a relative budget on a figure they lack is inconclusive and says so). Version 2
    /// keeps each configuration as its whole `ReplaySpec`; version 1 files kept only part of it and
    /// were re-run with the rest at its defaults, so they are refused: re-record them.
    /// Version 5 gives each configuration its own budgets (`BaselineEntry.budgets`), so that `--append`
    /// never changes another configuration's; older files' budgets apply to each of their configurations.
    package static let format = FormatVersion(name: "baseline", current: 5, readable: 2...5)
    /// `format.current`.
    package static var currentFormatVersion: Int { format.current }
    /// The value of `kind`, so that a baseline is not mistaken for a run summary or a trace.
    package static let kindName = "strokebench-baseline"

    /// Version of this JSON shape.
    package var formatVersion: Int
    /// Always `kindName`.
    package var kind: String
    /// When the baseline was recorded (ISO 8601, UTC).
    package var recorded: String
    /// Host and core count of the machine it was recorded on: timings compare only on like machines.
    package var machine: String
    /// The budgets of every configuration without its own (files before version 5 have none of their own).
    package var budgets: Budgets
    /// One entry per replayed configuration.
    package var configurations: [BaselineEntry]
    /// The capacities guarded, one per ramp (format 4; none in older files).
    package var capacities: [CapacityEntry]
    /// A name for people (`main`, `v2.1`, `before-the-cache`), given with `bench baseline record --name`;
    /// `bench baseline diff` prints it. Written only when given.
    package var name: String?

    enum CodingKeys: String, CodingKey {
        case formatVersion = "format_version"
        case kind, recorded, machine, budgets, configurations, capacities, name
    }

    /// The version written for a baseline without capacities: an older bench still reads it.
    static let versionWithoutCapacities = 3
    /// The version that added capacities: what a baseline of capacities alone is written as.
    static let versionWithCapacities = 4

    /// A new baseline: in the current format if it guards a capacity, else in version 3, which a bench
    /// from before capacities still reads.
    package init(
        recorded: String, machine: String, budgets: Budgets, configurations: [BaselineEntry],
        capacities: [CapacityEntry] = []
    ) {
        formatVersion = capacities.isEmpty ? Self.versionWithoutCapacities : Self.currentFormatVersion
        kind = Self.kindName
        self.recorded = recorded
        self.machine = machine
        self.budgets = budgets
        self.configurations = configurations
        self.capacities = capacities
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        formatVersion = try c.decode(Int.self, forKey: .formatVersion)
        kind = try c.decode(String.self, forKey: .kind)
        recorded = try c.decode(String.self, forKey: .recorded)
        machine = try c.decode(String.self, forKey: .machine)
        budgets = try c.decode(Budgets.self, forKey: .budgets)
        configurations = try c.decode([BaselineEntry].self, forKey: .configurations)
        capacities = try c.decodeIfPresent([CapacityEntry].self, forKey: .capacities) ?? []
        name = try c.decodeIfPresent(String.self, forKey: .name)
    }

    /// Adds `entry`, replacing an entry for the same ramp; the file becomes version 4 at least.
    package mutating func add(_ entry: CapacityEntry, strategies: StrategyCatalog) {
        let id = entry.id(strategies: strategies)
        if let i = capacities.firstIndex(where: { $0.id(strategies: strategies) == id }) {
            capacities[i] = entry
        } else {
            capacities.append(entry)
        }
        formatVersion = max(formatVersion, Self.versionWithCapacities)
    }

    /// `capacities` is written only when there are some, so that a baseline without them is the
    /// version 3 file it always was.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(formatVersion, forKey: .formatVersion)
        try c.encode(kind, forKey: .kind)
        try c.encode(recorded, forKey: .recorded)
        try c.encode(machine, forKey: .machine)
        try c.encode(budgets, forKey: .budgets)
        try c.encode(configurations, forKey: .configurations)
        if !capacities.isEmpty { try c.encode(capacities, forKey: .capacities) }
        try c.encodeIfPresent(name, forKey: .name)
    }

    /// The budgets `bench check` applies to `entry`: its own, or for a file before version 5, the file's.
    package func budgets(for entry: BaselineEntry) -> Budgets { entry.budgets ?? budgets }

    /// Adds `entry`, replacing an entry for the same configuration (the same `id`, its options named
    /// as `strategies` declares them). An entry with its own budgets makes the file version 5.
    package mutating func add(_ entry: BaselineEntry, strategies: StrategyCatalog) {
        if entry.budgets != nil { formatVersion = max(formatVersion, 5) }
        let id = entry.configuration.id(strategies: strategies)
        if let i = configurations.firstIndex(where: { $0.configuration.id(strategies: strategies) == id }) {
            configurations[i] = entry
        } else {
            configurations.append(entry)
        }
    }

    /// The file's text: pretty-printed with sorted keys, so that diffs of a committed baseline are readable.
    package func encoded() throws -> String {
        let encoder = ResultsJSON.encoder(escapingSlashes: true)
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// Writes the baseline atomically: a reader sees the old file or the new one, never half of either.
    ///
    /// - Throws: `BaselineError.io` naming the file.
    package func write(to path: String) throws {
        let text = try encoded()
        do { try AtomicFile.write(text, to: path) } catch {
            throw BaselineError.io(path, "cannot write the baseline (\(error.localizedDescription))")
        }
    }

    /// Reads and validates a baseline file (at most `maxFileBytes`, whatever kind of file it is).
    ///
    /// - Throws: `BaselineError.io` when it cannot be read, `BaselineError.data` naming the file and the
    ///   field (or the line, for text that is not JSON) when it is not a baseline this version understands.
    package static func read(from path: String) throws -> Baseline {
        try decode(try readBounded(path), file: path)
    }

    /// Decodes and validates a baseline; `file` names it in errors. Strict: the kind and version
    /// first, then every key known, every budget's key present (null turns one off), and at least one
    /// configuration, each with timing runs: a baseline that would check nothing is refused.
    package static func decode(_ data: Data, file: String) throws -> Baseline {
        guard let object = try parseJSON(data, file: file) as? [String: Any] else {
            throw BaselineError.data(
                file, "not a JSON object: a baseline is one object, as bench baseline record writes it")
        }
        let kind = object["kind"] as? String
        guard kind == kindName else {
            throw BaselineError.data(
                file, "kind: expected \"\(kindName)\", found \(kind.map { "\"\($0)\"" } ?? "none")")
        }
        // The version decides how to read the rest, so it is checked before anything else is decoded.
        try checkVersion(object, file: file)
        let decoder = JSONDecoder()
        let baseline: Baseline
        do { baseline = try decoder.decode(Baseline.self, from: data) } catch {
            if case DecodingError.dataCorrupted(let context) = error, context.codingPath.isEmpty,
                let field = fieldWithWrongNumber(
                    in: object,
                    decodes: {
                        (try? decoder.decode(Baseline.self, from: JSONSerialization.data(withJSONObject: $0))) != nil
                    })
            {
                throw BaselineError.data(file, "\(field): a whole number was expected")
            }
            throw BaselineError.data(file, describe(error))
        }
        try refuseUnknownKeys(
            object, try JSONSerialization.jsonObject(with: ResultsJSON.encoder(escapingSlashes: true).encode(baseline)),
            file: file)
        guard !baseline.configurations.isEmpty || !baseline.capacities.isEmpty else {
            throw BaselineError.data(
                file,
                "configurations: empty; a baseline that checks nothing would always pass (record one with bench baseline record)"
            )
        }
        for (i, entry) in baseline.configurations.enumerated() where entry.runs.isEmpty {
            throw BaselineError.data(file, "configurations[\(i)].runs: no timing runs recorded")
        }
        return baseline
    }

    /// A decoding error as `field.path: what is wrong`.
    static func describe(_ error: any Error) -> String { DecodingProblem.describe(error) }
}

/// What a baseline holds for one configuration.
package struct BaselineEntry: Hashable, Sendable, Codable {
    /// What was replayed, whole: `bench check` decodes it and replays it as it was. Its trace identity
    /// carries the input's checksum, so a trace file that changed since is noticed.
    package var configuration: ReplaySpec
    /// Work counters of the counting replay (see `Recorder.countingConfiguration`): exact and the same on
    /// every machine for the same trace, device, rate, delivery and strategy.
    package var counters: CounterSummary
    /// Checksum of the final picture of the counting replay.
    package var pictureChecksum: String
    /// Timing figures of each repeated run, in the recorded clock. The baseline's range for a figure is
    /// the smallest and largest value over these runs.
    package var runs: [TimingRun]
    /// The budgets checked against this configuration (version 5); nil in older files, whose budgets
    /// are the file's (`Baseline.budgets(for:)`).
    package var budgets: Budgets?

    enum CodingKeys: String, CodingKey {
        case configuration = "run"
        case counters
        case pictureChecksum = "picture_checksum"
        case runs, budgets
    }

    /// Creates an entry from measured figures.
    package init(
        configuration: ReplaySpec, counters: CounterSummary, pictureChecksum: String, runs: [TimingRun],
        budgets: Budgets? = nil
    ) {
        self.configuration = configuration
        self.counters = counters
        self.pictureChecksum = pictureChecksum
        self.runs = runs
        self.budgets = budgets
    }
}

/// Why a baseline could not be read or written.
package enum BaselineError: Error, CustomStringConvertible, Equatable {
    /// The file could not be read or written.
    case io(String, String)
    /// The file is not a baseline this version understands: file, then `field: reason`.
    case data(String, String)

    /// One line: `file: what is wrong`.
    package var description: String {
        switch self {
        case .io(let file, let reason), .data(let file, let reason): "\(file): \(reason)"
        }
    }
}
