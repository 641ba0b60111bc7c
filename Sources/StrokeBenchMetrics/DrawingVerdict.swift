/// What a person drawing would see, in the words every output uses: the verdict of one run.
///
/// The hitch band alone cannot say it: a strategy whose every render is cancelled presents nothing,
/// hitches nothing and keeps the display link at full rate, while no ink reaches the screen.
public enum DrawingVerdict: String, Sendable, Codable, CaseIterable {
    /// Ink reaches the screen while drawing and frames are on time (the hitch band is good).
    case keepsUp = "keeps up"
    /// Ink reaches the screen, but the model's draws do not agree on one band (`HitchBand.uncertain`).
    case mayHitch = "may hitch"
    /// Ink reaches the screen, late: a warning or critical hitch band.
    case hitches
    /// Frames are on time, but the ink trails the pen: the 95th percentile of touch-to-screen latency
    /// is over `laggingLatencyMs`, as an async render that is cancelled again and again leaves it.
    case inkLags = "ink lags"
    /// Less than one update with new ink a second while the pen moved.
    case inkNotShown = "ink not shown while drawing"

    /// Latency a person sees as the ink trailing the pen: twice the 50 ms at which inking latency is
    /// judged (Annett et al., "Is the pen mightier than the finger?", Graphics Interface 2014).
    public static let laggingLatencyMs = 100.0

    /// The verdict of `summary`: ink first, then how far it trails, then the band the run reports (the
    /// agreed band of a modelled run, `uncertain` where its draws disagree).
    public init(_ summary: RunSummary) {
        if !summary.showsInkWhileDrawing {
            self = .inkNotShown
            return
        }
        if summary.latencyMs.p95 > Self.laggingLatencyMs, summary.hitchBand != .warning, summary.hitchBand != .critical {
            self = .inkLags
            return
        }
        switch summary.hitchBand {
        case .good: self = .keepsUp
        case .uncertain: self = .mayHitch
        case .warning, .critical: self = .hitches
        }
    }

    /// Best first: the order a ranking puts verdicts in.
    public var rank: Int { Self.allCases.firstIndex(of: self)! }
}

extension RunSummary {
    /// True unless the pen moved (more than one sample) and the screen showed new ink less than once a
    /// second: the check `bench run`'s verdict line makes.
    public var showsInkWhileDrawing: Bool { !(samples > 1 && inkUpdatesPerS < 1) }
}
