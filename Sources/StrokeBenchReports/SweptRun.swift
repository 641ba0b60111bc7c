import StrokeBenchMetrics
import StrokeBenchSpec

/// One finished run of a sweep, as its folder keeps it (`runs/<run id>.json`): where it sits in the
/// plan, the whole spec it replayed, and its summary. `compare`, `sweep merge` and `--resume` read
/// these; `summary.csv` is an export of them for spreadsheets and plots.
public struct SweptRun: Hashable, Sendable, Codable {
    package static let format = FormatVersion(name: "sweep run", current: 1)

    package var formatVersion = SweptRun.format.current
    public var run: SweepRun
    /// Everything that decided the replay, strategy options and workers included.
    package var spec: ReplaySpec
    /// The per-frame CSV, relative to the sweep folder.
    package var framesCSV: String
    package var summary: RunSummary

    enum CodingKeys: String, CodingKey {
        case formatVersion = "format_version"
        case run, spec
        case framesCSV = "frames_csv"
        case summary
    }

    /// A record of `summary`; of a run with zero or modelled costs, without the host's figures
    /// (`RunSummary.withoutHostFigures`), so the record and `summary.csv` are the same bytes on every
    /// repeat and at any `--jobs`.
    package init(run: SweepRun, spec: ReplaySpec, framesCSV: String, summary: RunSummary) {
        self.run = run
        self.spec = spec
        self.framesCSV = framesCSV
        self.summary = spec.costs == .measured ? summary : summary.withoutHostFigures
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        formatVersion = try Self.format.check(c.decode(Int.self, forKey: .formatVersion))
        run = try c.decode(SweepRun.self, forKey: .run)
        spec = try c.decode(ReplaySpec.self, forKey: .spec)
        framesCSV = try c.decode(String.self, forKey: .framesCSV)
        // The per-frame CSV is the one the sweep wrote for this run, inside its folder: a record that
        // names any other file (`../../target.txt`) would have merge copy it and compare read it.
        guard framesCSV == SweepFolder.framesFile(for: run) else {
            throw c.outOfRange(
                "\"\(framesCSV)\"", .framesCSV, "this run's per-frame CSV (\(SweepFolder.framesFile(for: run)))")
        }
        summary = try c.decode(RunSummary.self, forKey: .summary)
        try summary.checkRanges(at: c.codingPath + [CodingKeys.summary])
        // The summary carries its own version: a record of a newer bench may keep this one's shape and
        // change only the summary's.
        _ = try RunSummary.format.check(summary.formatVersion)
    }
}
