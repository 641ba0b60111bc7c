import StrokeBenchDisplay
import StrokeBenchStrategies
import StrokeBenchSpec

/// One run of a sweep: a point of the cartesian product of the sweep's dimensions.
public struct SweepRun: Hashable, Sendable, Codable {
    /// Position in the full plan (0-based), the same on every shard, so merged parts sort back into
    /// the order an unsharded sweep would have written.
    public var index: Int
    public var strategy: String
    public var device: String
    /// Display refresh rate in Hz; nil for the device's own rate.
    public var hz: Double?
    /// The trace as given on the command line (`default` for the built-in one).
    public var trace: String
    /// 1-based repetition of this configuration.
    public var repetition: Int

    public init(index: Int, strategy: String, device: String, hz: Double?, trace: String, repetition: Int) {
        self.index = index; self.strategy = strategy; self.device = device; self.hz = hz
        self.trace = trace; self.repetition = repetition
    }

    /// A file-name-safe identifier, unique within a plan:
    /// `naive_ipad-pro-11_120hz_default_r1`. The trace contributes its base name without extension.
    public var id: String {
        let rate = hz.map { SweepPlan.formatRate($0) + "hz" } ?? "devicehz"
        return [strategy, device, rate, SweepPlan.traceLabel(trace), "r\(repetition)"]
            .map(SweepPlan.fileSafe).joined(separator: "_")
    }
}

/// Which of N disjoint parts of a sweep this process runs: `--shard I/N`, 1 <= I <= N.
/// `SweepPlan.runs(in:)` says how runs are dealt to parts.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// 1-based part number.
    public var index: Int
    /// Number of parts.
    public var count: Int

    /// The whole sweep as one part.
    public static let whole = Shard(index: 1, count: 1)

    public init(index: Int, count: Int) { self.index = index; self.count = count }

    /// Parses `I/N`; nil unless 1 <= I <= N.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else { return nil }
        self.init(index: i, count: n)
    }

    public var description: String { "\(index)/\(count)" }
}

/// The runs a sweep makes: every combination of strategies, devices, refresh rates and traces,
/// `repetitions` times.
///
/// The order is repetition, trace, device, rate, strategy (outermost first): each repetition is a
/// complete pass, so slow drift of the machine (heat, other jobs) spreads over every configuration
/// instead of landing on the last ones, and an interrupted sweep holds whole passes first.
public struct SweepPlan: Hashable, Sendable, Codable {
    /// Version of the manifest shape (`sweep.json`); readers reject versions they do not know.
    public var formatVersion = 1
    public var strategies: [String]
    public var devices: [String]
    /// Refresh rates; empty means each device's own rate.
    public var rates: [Double]
    public var traces: [String]
    public var clock: ClockMode
    public var delivery: Delivery
    public var repetitions: Int
    /// What the virtual clock charges; nil (as in manifests written before costs were swept) is `measured`.
    public var costs: CostMode?
    /// Background queues; nil for the default.
    public var workers: Int?
    /// Strategy options, each applied to the swept strategies that declare it; nil for none.
    public var options: StrategySettings?

    enum CodingKeys: String, CodingKey {
        case formatVersion = "format_version", strategies, devices, rates = "hz", traces, clock, delivery, repetitions = "repeat"
        case costs, workers, options
    }

    public init(strategies: [String], devices: [String], rates: [Double], traces: [String], clock: ClockMode,
                delivery: Delivery, repetitions: Int, costs: CostMode = .measured, workers: Int? = nil,
                options: StrategySettings = StrategySettings()) {
        self.strategies = strategies; self.devices = devices; self.rates = rates; self.traces = traces
        self.clock = clock; self.delivery = delivery; self.repetitions = repetitions
        self.costs = costs == .measured ? nil : costs
        self.workers = workers
        self.options = options.isEmpty ? nil : options
    }

    /// The replay of one run of this plan: the typed spec `bench run` would make for it.
    public func spec(for run: SweepRun) -> ReplaySpec {
        let declared = StrategyRegistry.strategy(named: run.strategy)?.options ?? []
        return ReplaySpec(strategy: run.strategy, options: (options ?? StrategySettings()).restricted(to: declared),
                          device: run.device, hz: run.hz, clock: clock, costs: costs ?? .measured, delivery: delivery,
                          workers: workers, trace: TraceIdentity(path: run.trace))
    }

    /// Every run of the full plan, in plan order.
    public var runs: [SweepRun] {
        var runs: [SweepRun] = []
        let rateList: [Double?] = rates.isEmpty ? [nil] : rates.map { $0 }
        for repetition in 1...max(1, repetitions) {
            for trace in traces {
                for device in devices {
                    for hz in rateList {
                        for strategy in strategies {
                            runs.append(SweepRun(index: runs.count, strategy: strategy, device: device, hz: hz,
                                                 trace: trace, repetition: repetition))
                        }
                    }
                }
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
        let deck = all.sorted { (rank[$0.strategy] ?? 0, $0.index) < (rank[$1.strategy] ?? 0, $1.index) }
        var mine = Set<Int>()
        for (position, run) in deck.enumerated() where position % shard.count == shard.index - 1 { mine.insert(run.index) }
        return all.filter { mine.contains($0.index) }
    }

    /// `120`, or `59.94`: no trailing zeros, so file names and CSV cells stay short.
    public static func formatRate(_ hz: Double) -> String {
        hz == hz.rounded() ? String(Int(hz)) : String(hz)
    }

    /// How a trace is named in file names and reports: its base name without extension.
    public static func traceLabel(_ trace: String) -> String {
        let base = trace.split(separator: "/").last.map(String.init) ?? trace
        if let dot = base.lastIndex(of: "."), dot != base.startIndex { return String(base[..<dot]) }
        return base
    }

    /// Replaces anything but letters, digits, `.`, `-` with `-`, so an id is a portable file name.
    static func fileSafe(_ text: String) -> String {
        String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") ? $0 : "-" })
    }
}
