import StrokeBenchMetrics

/// Where a configuration ran: a device at a display rate, on a trace. A column of the verdict matrix,
/// and the group a ranking orders.
public struct Setting: Hashable, Sendable, Comparable {
    public var device: String
    public var hz: Double
    public var trace: String

    init(_ summary: RunSummary) { device = summary.device; hz = summary.hz; trace = summary.trace }

    /// `ipad-pro-11 120 Hz`, with the trace when `withTrace`.
    public func label(withTrace: Bool) -> String {
        "\(device) \(hz.plainText) Hz" + (withTrace ? " \(trace)" : "")
    }

    public static func < (a: Setting, b: Setting) -> Bool {
        (a.device, a.hz, a.trace) < (b.device, b.hz, b.trace)
    }
}

/// Strategies by setting, one cell per configuration actually run: what the report leads with.
public struct VerdictMatrix: Sendable {
    /// The settings run, in the order first met.
    public var settings: [Setting]
    /// The strategies run (with their options), in the order first met.
    public var strategies: [String]
    /// True when the study has more than one trace, so a setting's label names its trace.
    public var namesTraces: Bool
    private var cells: [Key: StudyRun]

    private struct Key: Hashable { var strategy: String; var setting: Setting }

    /// The matrix of `study`. Repetitions of one configuration are one cell: the repetition with the
    /// median hitch ratio.
    public init(_ study: Study) {
        var settings: [Setting] = [], strategies: [String] = []
        var byKey: [Key: [StudyRun]] = [:]
        for run in study.runs {
            let setting = Setting(run.summary)
            if !settings.contains(setting) { settings.append(setting) }
            if !strategies.contains(run.strategyLabel) { strategies.append(run.strategyLabel) }
            byKey[Key(strategy: run.strategyLabel, setting: setting), default: []].append(run)
        }
        self.settings = settings
        self.strategies = strategies
        namesTraces = Set(settings.map(\.trace)).count > 1
        cells = byKey.mapValues { runs in
            runs.sorted { $0.summary.hitchRatioMsPerS < $1.summary.hitchRatioMsPerS }[(runs.count - 1) / 2]
        }
    }

    /// The run of `strategy` at `setting`, or nil where that configuration was not run.
    public func run(_ strategy: String, at setting: Setting) -> StudyRun? {
        cells[Key(strategy: strategy, setting: setting)]
    }

    /// Every run at `setting`, in strategy order.
    public func runs(at setting: Setting) -> [StudyRun] {
        strategies.compactMap { run($0, at: setting) }
    }

    /// The devices of the study, in the order first met.
    public var devices: [String] {
        settings.map(\.device).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }
}

/// The band a cell shows, in words: the band with the share of the model's draws in it for a modelled
/// run (`good (100% of draws)`), or every band's share where they disagree
/// (`uncertain: good 38%, critical 62%`); the band alone for a measured run.
public func bandText(_ summary: RunSummary) -> String {
    guard let shares = summary.bandProbabilities else { return summary.hitchBand.rawValue }
    switch summary.hitchBand {
    case .good: return "good (\(percent(shares.good)) of draws)"
    case .warning: return "warning (\(percent(shares.warning)) of draws)"
    case .critical: return "critical (\(percent(shares.critical)) of draws)"
    case .uncertain: return "uncertain: \(shares.description)"
    }
}

private func percent(_ share: Double) -> String { "\(Int((share * 100).rounded()))%" }
