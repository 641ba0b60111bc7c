import StrokeBenchSpec
import StrokeBenchStrategies

/// One run of a sweep: a point of the cartesian product of the sweep's axes, held as the `ReplaySpec`
/// it replays. With the plan's options and workers it is the whole spec (`SweepPlan.spec(for:strategies:)`).
public struct SweepRun: Hashable, Sendable, Codable {
    /// Position in the full plan (0-based), the same on every shard, so merged parts sort back into
    /// the order an unsharded sweep would have written.
    package var index: Int
    /// 1-based repetition of this configuration.
    package var repetition: Int
    /// The point of the plan's axes: strategy, device, rate (nil for the device's own), the trace as
    /// given on the command line (`default` for the built-in one), the replay's modes and the
    /// pipeline's what-ifs. Its options and workers are the plan's, added by `SweepPlan.spec(for:strategies:)`.
    package var point: ReplaySpec

    // Not package: a point's options and workers are the plan's, and a run is written without them.
    fileprivate init(index: Int, repetition: Int, point: ReplaySpec) {
        self.index = index
        self.repetition = repetition
        self.point = point
    }

    /// A run of `strategy` on `device` over `trace`, in the given modes.
    package init(
        index: Int, strategy: String, device: String, hz: Double?, trace: String, clock: ClockMode = .virtual,
        delivery: Delivery = .coalesced, costs: CostMode = .measured, input: InputMode = .recorded, repetition: Int,
        pipeline: PipelineWhatIfs = PipelineWhatIfs()
    ) {
        self.init(
            index: index, repetition: repetition,
            point: ReplaySpec(
                strategy: strategy, device: device, hz: hz, clock: clock, costs: costs, delivery: delivery,
                input: input, trace: TraceIdentity(path: trace), pipeline: pipeline))
    }

    enum CodingKeys: String, CodingKey {
        case index, repetition
    }

    /// Writes the run flat, its point's fields (`SpecField.Holder.sweepRun`) beside its position, the
    /// what-ifs left out at their defaults, as runs were written before those axes existed.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(index, forKey: .index)
        try c.encode(repetition, forKey: .repetition)
        try point.encodeFields(to: encoder, in: .sweepRun)
    }

    /// Reads a run as a sweep wrote it, refusing a position, rate or repetition no plan has.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        index = try c.decode(Int.self, forKey: .index, in: 0...(SweepPlan.maxRuns - 1), "a position in a plan")
        point = try ReplaySpec.decodeFields(from: decoder, in: .sweepRun, over: ReplaySpec(strategy: ""))
        repetition = try c.decode(Int.self, forKey: .repetition, in: SweepPlan.repetitionCounts, "a repetition")
    }

    /// A file-name-safe identifier, unique within a plan: `naive_ipad-pro-11_120hz_default_r1`. Each
    /// field the run holds adds its words (`SpecField.runIDWords`: the trace its base name without
    /// extension, a clock, delivery, costs, input or what-if other than a sweep's default its name), in
    /// `SpecField.runIDOrder`, so ids stay unique whatever is swept:
    /// `naive_ipad-pro-11_120hz_default_model-costs_display-link_r1`.
    public var id: String {
        let parts = SpecField.runIDOrder.flatMap { $0.runIDWords(point) }
        return SweepPlan.fitted((parts + ["r\(repetition)"]).map(SweepPlan.fileSafe).joined(separator: "_"))
    }
}

/// Which of N disjoint parts of a sweep this process runs: `--shard I/N`, 1 <= I <= N.
/// `SweepPlan.runs(in:)` says how runs are dealt to parts.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// 1-based part number.
    package var index: Int
    /// Number of parts.
    package var count: Int

    /// The whole sweep as one part.
    public static let whole = Shard(index: 1, count: 1)

    package init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses `I/N`; nil unless 1 <= I <= N.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else {
            return nil
        }
        self.init(index: i, count: n)
    }

    public var description: String { "\(index)/\(count)" }
}

/// The runs a sweep makes: an axis for every field a sweep can vary (`SpecField.swept`), each with its
/// values, and what all runs share (workers, strategy options, the prediction horizon): every
/// combination of the axes' values, `repetitions` times.
///
/// The order is repetition, then the axes in `SpecField.swept`'s order (trace, device, rate, clock,
/// delivery, costs, input, the what-ifs, strategy; outermost first): each repetition is a complete
/// pass, so slow drift of the machine (heat, other jobs) spreads over every configuration instead of
/// landing on the last ones, and an interrupted sweep holds whole passes first.
public struct SweepPlan: Hashable, Sendable, Codable {
    /// The manifest's shape (`sweep.json`): 2 since clock, delivery, costs and input became axes;
    /// version 1 (one value each) is still read.
    package static let format = FormatVersion(name: "sweep.json", current: 2, readable: 1...2)
    package var formatVersion = SweepPlan.format.current
    /// The most runs a plan may have: at a second a run (a short modelled replay) a plan this size
    /// takes about three hours, and its checks before the first run stay under a second.
    package static let maxRuns = 10_000
    /// The repetitions a plan may ask for (`--repeat`).
    package static let repetitionCounts = 1...1000
    /// One axis for each field of `SpecField.swept`, in that order; a field the sweep does not vary
    /// has its default alone.
    package private(set) var axes: [SweepAxis]
    package var repetitions: Int
    /// Background queues; nil for the default.
    package var workers: Int?
    /// Strategy options, each applied to the swept strategies that declare it; nil for none.
    package var options: StrategySettings?
    /// The prediction horizon of every run that predicts, in ms; nil for one frame.
    package var predictHorizonMs: Double?

    /// The keys of what every run shares; each axis is listed under its field's `listKey`.
    enum CodingKeys: String, CodingKey {
        case formatVersion = "format_version"
        case repetitions = "repeat"
        case workers, options
        case predictHorizonMs = "predict_horizon_ms"
    }

    /// A plan over `axes` (any field missing from them has its default alone; a later axis of a field
    /// replaces an earlier one).
    package init(
        axes: [SweepAxis], repetitions: Int, workers: Int? = nil, options: StrategySettings = StrategySettings(),
        predictHorizonMs: Double? = nil
    ) {
        self.axes = SpecField.swept.map { field in
            axes.last { $0.field.key == field.key } ?? SweepAxis(resting: field)
        }
        self.repetitions = repetitions
        self.workers = workers
        self.options = options.isEmpty ? nil : options
        self.predictHorizonMs = predictHorizonMs
    }

    /// A plan over the axes every sweep had before the pipeline's what-ifs became axes.
    package init(
        strategies: [String], devices: [String], rates: [Double], traces: [String], clocks: [ClockMode],
        deliveries: [Delivery], repetitions: Int, costs: [CostMode] = [.measured], inputs: [InputMode] = [.recorded],
        workers: Int? = nil, options: StrategySettings = StrategySettings()
    ) {
        self.init(
            axes: [
                SweepAxis(.strategy, strategies), SweepAxis(.device, devices),
                SweepAxis(.hz, rates.isEmpty ? [nil] : rates.map { Optional($0) }),
                SweepAxis(.trace, traces.map { TraceIdentity(path: $0) }), SweepAxis(.clock, clocks),
                SweepAxis(.delivery, deliveries), SweepAxis(.costs, costs), SweepAxis(.input, inputs),
            ], repetitions: repetitions, workers: workers, options: options)
    }

    /// A plan with one clock, delivery and costs: what every sweep was before they became axes.
    package init(
        strategies: [String], devices: [String], rates: [Double], traces: [String], clock: ClockMode,
        delivery: Delivery, repetitions: Int, costs: CostMode = .measured, workers: Int? = nil,
        options: StrategySettings = StrategySettings()
    ) {
        self.init(
            strategies: strategies, devices: devices, rates: rates, traces: traces, clocks: [clock],
            deliveries: [delivery], repetitions: repetitions, costs: [costs], workers: workers, options: options)
    }

    /// Sets the values of `axis`'s field.
    package mutating func sweep(_ axis: SweepAxis) {
        axes = axes.map { $0.field.key == axis.field.key ? axis : $0 }
    }

    /// The values of `field`.
    package func values<Value>(of field: SpecField, as type: Value.Type) -> [Value] {
        axes.first { $0.field.key == field.key }!.typed(type)
    }

    /// The swept strategies, in order.
    package var strategies: [String] { values(of: .strategy, as: String.self) }
    /// The traces as given (`default` for the built-in one).
    package var traces: [String] { values(of: .trace, as: TraceIdentity.self).map(\.path) }

    /// Reads versions 1 and 2: in version 1 clock, delivery and costs are single values and there is
    /// no input (recorded); an unknown version gets `FormatVersion`'s one sentence. Each axis reads as
    /// its field declares (`SpecField.Axis`).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        formatVersion = try Self.format.check(c.decode(Int.self, forKey: .formatVersion))
        let lists = try decoder.container(keyedBy: SpecField.Key.self)
        axes = try SpecField.swept.map { try SweepAxis($0, from: lists) }
        repetitions = try c.decode(Int.self, forKey: .repetitions, in: Self.repetitionCounts, "a count of repetitions")
        workers = try c.decodeIfPresent(
            Int.self, forKey: .workers, in: ReplaySpec.workerCounts, "a count of background queues")
        options = try c.decodeIfPresent(StrategySettings.self, forKey: .options)
        predictHorizonMs = try c.decodeIfPresent(
            Double.self, forKey: .predictHorizonMs, in: PipelineWhatIfs.predictHorizons, "a prediction horizon in ms")
        guard let count = runCount, count <= Self.maxRuns else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: c.codingPath,
                    debugDescription: "a plan of more than \(Self.maxRuns) runs; bench makes none so large"))
        }
    }

    /// Writes the plan, each axis as its field declares (the what-ifs left out when not swept, as plans
    /// were written before they were axes).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(formatVersion, forKey: .formatVersion)
        var lists = encoder.container(keyedBy: SpecField.Key.self)
        for axis in axes { try axis.encode(to: &lists) }
        try c.encode(repetitions, forKey: .repetitions)
        try c.encodeIfPresent(workers, forKey: .workers)
        try c.encodeIfPresent(options, forKey: .options)
        try c.encodeIfPresent(predictHorizonMs, forKey: .predictHorizonMs)
    }

    /// The replay of one run of this plan: the typed spec `bench run` would make for it, with the
    /// options its strategy in `strategies` declares.
    package func spec(for run: SweepRun, strategies: StrategyCatalog) -> ReplaySpec {
        var spec = run.point
        spec.options = (options ?? StrategySettings()).restricted(to: strategies.options(of: spec.strategy))
        spec.workers = workers
        return spec
    }

    /// The first run of each configuration (repetition 1, first trace): what validates the plan.
    package var configurations: [SweepRun] {
        runs.filter { $0.repetition == 1 && $0.point.trace.path == traces.first }
    }

    /// How many runs the plan makes, computed without making them; nil when the count does not fit an
    /// `Int`. What a sweep checks against `maxRuns` before it builds its list of runs.
    public var runCount: Int? {
        var count = 1
        for length in [max(1, repetitions)] + axes.map(\.values.count) {
            let (product, overflow) = count.multipliedReportingOverflow(by: length)
            if overflow { return nil }
            count = product
        }
        return count
    }

    /// Every point of the axes, outermost axis first; each that predicts reaches the plan's horizon.
    private var points: [ReplaySpec] {
        let points = axes.reduce([SpecField.Axis.blank]) { points, axis in
            points.flatMap { point in axis.values.map { axis.applying($0, to: point) } }
        }
        return points.map { point in
            var point = point
            if point.pipeline.predict != .none { point.pipeline.predictHorizonMs = predictHorizonMs }
            return point
        }
    }

    /// Every run of the full plan, in plan order.
    package var runs: [SweepRun] {
        let points = self.points
        var runs: [SweepRun] = []
        for repetition in 1...max(1, repetitions) {
            for point in points {
                runs.append(SweepRun(index: runs.count, repetition: repetition, point: point))
            }
        }
        return runs
    }

    /// The runs of one part, in plan order.
    ///
    /// The cost of a run depends mostly on its strategy (`point-array` takes many times longer than
    /// `null`), so runs are dealt like cards from a deck sorted by strategy: run k of that order goes
    /// to part k mod N + 1. Every part gets the same share of every strategy, give or take one run,
    /// and parts finish at about the same time. Dealing in plan order instead would alias: with
    /// three strategies and three parts, each part would get one strategy.
    public func runs(in shard: Shard) -> [SweepRun] {
        let all = runs
        let rank = Dictionary(strategies.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let deck = all.sorted { (rank[$0.point.strategy] ?? 0, $0.index) < (rank[$1.point.strategy] ?? 0, $1.index) }
        var mine = Set<Int>()
        for (position, run) in deck.enumerated() where position % shard.count == shard.index - 1 {
            mine.insert(run.index)
        }
        return all.filter { mine.contains($0.index) }
    }

    /// `120`, or `59.94`: no trailing zeros, so file names and CSV cells stay short. A rate no display
    /// has (readers refuse it) is still written, never a trap: only a whole number that fits is an `Int`.
    package static func formatRate(_ hz: Double) -> String {
        hz.plainText
    }

    /// The longest run id, in bytes: `frames/<id>.csv` and `runs/<id>.json` stay well under the 255
    /// bytes a file name may have on every file system bench runs on.
    package static let maxIDBytes = 200

    /// `id` when it is short enough to name a file; otherwise its first part, cut at a character, and a
    /// hash of the whole, so a long trace name still gives a stable name of its own.
    static func fitted(_ id: String) -> String {
        guard id.utf8.count > maxIDBytes else { return id }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a 64, the hash the picture checksum uses
        for byte in id.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let suffix = "_" + String(hash, radix: 16)
        var prefix = ""
        for character in id {
            guard prefix.utf8.count + character.utf8.count + suffix.utf8.count <= maxIDBytes else { break }
            prefix.append(character)
        }
        return prefix + suffix
    }

    /// How a trace is named in file names and reports: its base name without extension.
    package static func traceLabel(_ trace: String) -> String { TraceIdentity(path: trace).label }

    /// Replaces anything but letters, digits, `.`, `-` with `-`, so an id is a portable file name.
    static func fileSafe(_ text: String) -> String {
        String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") ? $0 : "-" })
    }
}
