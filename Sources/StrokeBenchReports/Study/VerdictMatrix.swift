import StrokeBenchMetrics
import StrokeBenchSpec

/// Where a configuration ran: a device at a display rate, on a trace, in the modes in which the study's
/// runs differ (costs, input, clock, delivery, workers, the pipeline's what-ifs). A column of the
/// verdict matrix, and the group a ranking orders: runs that differ in any field are never pooled.
package struct Setting: Hashable, Sendable, Comparable {
    package var device: String
    package var hz: Double
    package var trace: String
    /// The modes that tell this setting from others of the same device, rate and trace
    /// (`costs model, input display-link`); empty where the study's runs share every mode.
    package var modes: String = ""

    init(_ summary: RunSummary) {
        device = summary.device
        hz = summary.hz
        trace = summary.trace
    }

    /// `ipad-pro-11 120 Hz`, with the trace when `withTrace`, then the modes that set it apart.
    package func label(withTrace: Bool) -> String {
        "\(device) \(hz.plainText) Hz" + (withTrace ? " \(trace)" : "") + (modes.isEmpty ? "" : ", \(modes)")
    }

    package static func < (a: Setting, b: Setting) -> Bool {
        (a.device, a.hz, a.trace, a.modes) < (b.device, b.hz, b.trace, b.modes)
    }

    /// Each mode of `run` that a study can vary (`SpecField.settingModes`), by name, in the order
    /// labels give them. A run known only by its summary (a single run's JSON) has the default of each
    /// what-if and workers as asked for: left to the device, they follow it, as the rate and the screen do.
    static func modes(of run: StudyRun) -> [(name: String, value: String)] {
        let spec = run.spec ?? run.summarizedSpec
        let context = SpecField.Context(declared: [], deviceRate: run.summary.hz)
        return SpecField.settingModes.map { ($0.name, $0.reportCell(spec, context)) }
    }
}

extension StudyRun {
    /// The spec as far as the summary says it: its strategy, device and modes, every other field at
    /// its default.
    var summarizedSpec: ReplaySpec {
        let s = summary
        return ReplaySpec(
            strategy: s.strategy, device: s.device, clock: ClockMode(rawValue: s.clock) ?? .realtime,
            costs: CostMode(rawValue: s.costs) ?? .measured, delivery: Delivery(rawValue: s.delivery) ?? .coalesced,
            input: InputMode(rawValue: s.input) ?? .recorded, trace: TraceIdentity(path: s.trace))
    }
}

/// Strategies by setting, one cell per configuration actually run: what the report leads with.
package struct VerdictMatrix: Sendable {
    /// The settings run, in the order first met.
    package var settings: [Setting]
    /// The strategies run (with their options), in the order first met.
    package var strategies: [String]
    /// True when the study has more than one trace, so a setting's label names its trace.
    package var namesTraces: Bool
    private var cells: [Key: StudyRun]

    private struct Key: Hashable {
        var strategy: String
        var setting: Setting
    }

    /// The matrix of `study`. Runs that differ in any mode are in different settings, named by the
    /// modes in which the study varies; repetitions of one configuration are one cell: the repetition
    /// with the median hitch ratio.
    package init(_ study: Study) {
        var settings: [Setting] = []
        var strategies: [String] = []
        var byKey: [Key: [StudyRun]] = [:]
        let allModes = study.runs.map(Setting.modes(of:))
        let varying = Set((allModes.first ?? []).indices.filter { i in Set(allModes.map { $0[i].value }).count > 1 })
        for (index, run) in study.runs.enumerated() {
            var setting = Setting(run.summary)
            setting.modes = allModes[index].enumerated().filter { varying.contains($0.offset) }
                .map { "\($0.element.name) \($0.element.value)" }.joined(separator: ", ")
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
    package func run(_ strategy: String, at setting: Setting) -> StudyRun? {
        cells[Key(strategy: strategy, setting: setting)]
    }

    /// Every run at `setting`, in strategy order.
    package func runs(at setting: Setting) -> [StudyRun] {
        strategies.compactMap { run($0, at: setting) }
    }

    /// The devices of the study, in the order first met.
    package var devices: [String] {
        settings.map(\.device).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }
}

/// The band a cell shows, in words: the band with the share of the model's draws in it for a modelled
/// run (`good (100% of draws)`), or every band's share where they disagree
/// (`uncertain: good 38%, critical 62%`); the band alone for a measured run.
package func bandText(_ summary: RunSummary) -> String {
    guard let shares = summary.bandProbabilities else { return summary.hitchBand.rawValue }
    switch summary.hitchBand {
    case .good: return "good (\(percent(shares.good)) of draws)"
    case .warning: return "warning (\(percent(shares.warning)) of draws)"
    case .critical: return "critical (\(percent(shares.critical)) of draws)"
    case .uncertain: return "uncertain: \(shares.description)"
    }
}

private func percent(_ share: Double) -> String { "\(Int((share * 100).rounded()))%" }
