import StrokeBenchSpec

/// The one word every output prints for a run: what a person drawing would see (`RunJudgement`).
///
/// Best first, so the order of the cases is the order a verdict ranks in.
package enum DrawingVerdict: String, Sendable, Codable, CaseIterable {
    /// Every judged figure is within its limit: ink reaches the screen while drawing, frames are on
    /// time and none is dropped.
    case keepsUp = "keeps up"
    /// Nothing fails, but the model's draws do not agree that the hitch ratio is good
    /// (`HitchBand.uncertain`): a modelled run that may hitch on the device.
    case mayHitch = "may hitch"
    /// The worst failure is the hitch ratio: main-thread turns miss their vsyncs.
    case hitches
    /// The worst failure is dropped frames: content was pending and no picture was presented.
    case dropsFrames = "drops frames"
    /// The worst failure is the ink's latency: it trails the pen by more than `RunJudgement.laggingLatencyMs`.
    case inkLags = "ink lags"
    /// The pen moved and the screen showed new ink less than once a second: nothing to judge it by.
    case noInk = "no ink"

    /// The verdict of `summary` (`RunJudgement(summary).verdict`).
    package init(_ summary: RunSummary) { self = RunJudgement(summary).verdict }

    /// Best first: the order a ranking puts verdict levels in (`RunJudgement.level`).
    package var rank: Int { Self.allCases.firstIndex(of: self) ?? Self.allCases.count }
}

/// The one judgement of a run, used by every output that names a verdict (run, the sweep's table,
/// summary.csv, compare, check, the report and the ramp): frames and ink judged together, each judged
/// dimension that fails given as a reason, worst first, and the verdict the worst one's word.
///
/// The limits (docs/model.md, "One answer"):
/// - hitch ratio: Apple's WWDC20 bands, under 5 ms/s good (the agreed band of a modelled run's draws);
///   not judged for a max-speed drive, which runs past its vsyncs by design;
/// - dropped frames: the same 5 ms/s, with each dropped vsync counted as one refresh interval of stale
///   ink, so a share of `droppedLimitPct` (0.5%) of the vsyncs that expected a picture;
/// - ink latency: touch-to-screen p95 over `laggingLatencyMs`, twice the 50 ms at which inking
///   latency is judged (Annett et al., Graphics Interface 2014); a run that never shows more than 5%
///   of its samples is beyond any limit;
/// - ink shown: at least one update with new ink a second while the pen moved.
package struct RunJudgement: Hashable, Sendable {
    /// One judged dimension that failed, with its figure and limit.
    package struct Reason: Hashable, Sendable, Encodable {
        /// The judged dimension: `ink_shown`, `hitch_ratio`, `dropped_frames` or `ink_latency`. A modelled
        /// run whose draws disagree on the hitch band has a `hitch_ratio` reason that fails nothing
        /// (`may hitch`, excess 0), so that it is said.
        package var dimension: String
        /// The verdict word this failure alone would give.
        package var verdict: DrawingVerdict
        /// The run's figure; nil where it is beyond any limit (samples never shown).
        package var figure: Double?
        package var limit: Double
        /// How far past its limit the figure is (figure / limit; infinity when beyond any): orders reasons.
        package var excess: Double
        /// `hitch ratio 46.5 ms/s`: the figure in words, without the verdict's word.
        package var text: String

        enum CodingKeys: String, CodingKey { case dimension, verdict, figure, limit, text }
    }

    /// Latency a person sees as the ink trailing the pen (ms): twice the 50 ms at which inking latency is
    /// judged (Annett et al., "Is the pen mightier than the finger?", Graphics Interface 2014).
    package static let laggingLatencyMs = 100.0
    /// The hitch-ratio limit of Apple's WWDC20 "good" band, in ms/s.
    package static let hitchLimitMsPerS = 5.0
    /// Dropped vsyncs, as a share of those that expected a picture, that cost as much stale-ink time as
    /// `hitchLimitMsPerS`: 5 ms/s is 0.5% of each second.
    package static let droppedLimitPct = hitchLimitMsPerS / 10
    /// A share of samples never shown (%) past which the latency p95 falls on a sample never shown.
    package static let neverShownLimitPct = 5.0

    package var verdict: DrawingVerdict
    /// The failing dimensions, worst first (a `may hitch` last); empty for a run that keeps up.
    package var reasons: [Reason]

    package init(_ s: RunSummary) { self.init(Figures(s)) }

    /// The figures a judgement reads: a run summary's, or a recorded run's (`bench check`).
    package struct Figures: Hashable, Sendable {
        package var samples: Int
        package var samplesNeverShown: Int
        package var inkUpdatesPerS: Double
        package var hitchRatioMsPerS: Double
        /// The band the run reports: for a modelled run, the one its draws agree on.
        package var hitchBand: HitchBand
        package var bandProbabilities: BandProbabilities?
        package var droppedPct: Double
        package var latencyP95Ms: Double
        /// False for a max-speed drive (`InputMode.maxSpeed`): its timer turns run past their vsyncs by
        /// design, so a hitch ratio says nothing of it, and it is judged on its pictures and ink alone.
        package var judgesHitches: Bool

        package init(
            samples: Int, samplesNeverShown: Int, inkUpdatesPerS: Double, hitchRatioMsPerS: Double,
            hitchBand: HitchBand,
            bandProbabilities: BandProbabilities?, droppedPct: Double, latencyP95Ms: Double, judgesHitches: Bool = true
        ) {
            self.samples = samples
            self.samplesNeverShown = samplesNeverShown
            self.inkUpdatesPerS = inkUpdatesPerS
            self.hitchRatioMsPerS = hitchRatioMsPerS
            self.hitchBand = hitchBand
            self.bandProbabilities = bandProbabilities
            self.droppedPct = droppedPct
            self.latencyP95Ms = latencyP95Ms
            self.judgesHitches = judgesHitches
        }

        package init(_ s: RunSummary) {
            self.init(
                samples: s.samples, samplesNeverShown: s.samplesNeverShown, inkUpdatesPerS: s.inkUpdatesPerS,
                hitchRatioMsPerS: s.hitchRatioMsPerS, hitchBand: s.hitchBand, bandProbabilities: s.bandProbabilities,
                droppedPct: s.droppedPct, latencyP95Ms: s.latencyMs.p95,
                judgesHitches: s.input != InputMode.maxSpeed.rawValue)
        }

        /// The figures of a run recorded as `Metric` values (a baseline's timing run), or nil when one
        /// the judgement needs is missing. The band is the one the model's draws agree on where their
        /// shares were recorded, else the central hitch ratio's. `judgesHitches`: false for a run of a
        /// max-speed drive.
        package init?(_ values: [Metric: Double], judgesHitches: Bool = true) {
            guard let samples = values[.samples], let neverShown = values[.samplesNeverShown],
                let ink = values[.inkUpdatesPerS],
                let hitch = values[.hitchRatio], let dropped = values[.droppedPct], let latency = values[.latencyMsP95]
            else { return nil }
            let shares = Metric.bandShares.map { values[$0] }
            var probabilities: BandProbabilities?
            if let good = shares[0], let warning = shares[1], let critical = shares[2] {
                probabilities = BandProbabilities(good: good / 100, warning: warning / 100, critical: critical / 100)
            }
            self.init(
                samples: Int(samples), samplesNeverShown: Int(neverShown), inkUpdatesPerS: ink, hitchRatioMsPerS: hitch,
                hitchBand: probabilities?.agreed ?? HitchBand(ratio: hitch), bandProbabilities: probabilities,
                droppedPct: dropped, latencyP95Ms: latency, judgesHitches: judgesHitches)
        }

        /// True unless the pen moved (more than one sample) and new ink was shown less than once a second.
        package var showsInkWhileDrawing: Bool { !(samples > 1 && inkUpdatesPerS < 1) }

        /// The ink-latency figure judged: touch-to-screen p95, or infinity where more than
        /// `neverShownLimitPct` of the samples were never shown (the p95 then falls on one); nil without samples.
        package var inkLatencyP95: Double? {
            guard samples > 0 else { return nil }
            if 100 * Double(samplesNeverShown) / Double(samples) > RunJudgement.neverShownLimitPct { return .infinity }
            return latencyP95Ms
        }
    }

    /// The judgement of `s`.
    package init(_ s: Figures) {
        var reasons: [Reason] = []
        if !s.showsInkWhileDrawing {
            reasons.append(
                Reason(
                    dimension: "ink_shown", verdict: .noInk, figure: s.inkUpdatesPerS, limit: 1, excess: .infinity,
                    text: "\(s.inkUpdatesPerS.fixed(1)) updates with new ink a second while the pen moved"))
        }
        if s.judgesHitches, s.hitchBand == .warning || s.hitchBand == .critical {
            let r = s.hitchRatioMsPerS
            reasons.append(
                Reason(
                    dimension: "hitch_ratio", verdict: .hitches, figure: r, limit: Self.hitchLimitMsPerS,
                    excess: r / Self.hitchLimitMsPerS, text: "hitch ratio \(r.fixed(1)) ms/s" + Self.draws(s)))
        }
        if s.droppedPct >= Self.droppedLimitPct {
            reasons.append(
                Reason(
                    dimension: "dropped_frames", verdict: .dropsFrames, figure: s.droppedPct,
                    limit: Self.droppedLimitPct,
                    excess: s.droppedPct / Self.droppedLimitPct, text: "\(s.droppedPct.fixed(0))% of frames dropped"))
        }
        if s.showsInkWhileDrawing, let lag = s.inkLatencyP95, lag > Self.laggingLatencyMs {
            let text =
                lag.isFinite
                ? "ink latency p95 \(lag.fixed(0)) ms" : "\(s.samplesNeverShown) of \(s.samples) samples never shown"
            reasons.append(
                Reason(
                    dimension: "ink_latency", verdict: .inkLags, figure: lag.isFinite ? lag : nil,
                    limit: Self.laggingLatencyMs, excess: lag / Self.laggingLatencyMs, text: text))
        }
        if s.judgesHitches, s.hitchBand == .uncertain {
            let shares = s.bandProbabilities.map { ": \($0.description) of the model's draws" } ?? ""
            reasons.append(
                Reason(
                    dimension: "hitch_ratio", verdict: .mayHitch, figure: s.hitchRatioMsPerS,
                    limit: Self.hitchLimitMsPerS,
                    excess: 0, text: "hitch band uncertain\(shares)"))
        }
        // Worst first: the furthest past its limit; ties keep the order above (ink, frames, drops, latency).
        reasons = reasons.enumerated().sorted { ($1.element.excess, $0.offset) < ($0.element.excess, $1.offset) }.map(
            \.element)
        self.reasons = reasons
        verdict = reasons.first?.verdict ?? .keepsUp
    }

    /// The ink-latency figure judged of `s` (`Figures.inkLatencyP95`).
    package static func inkLatencyP95(_ s: RunSummary) -> Double? { Figures(s).inkLatencyP95 }

    /// `, in critical 62% of the model's draws` for a modelled run; nothing for another.
    private static func draws(_ s: Figures) -> String {
        guard let shares = s.bandProbabilities else { return "" }
        let share = s.hitchBand == .critical ? shares.critical : shares.warning
        return " (\(s.hitchBand.rawValue) in \(Int((share * 100).rounded()))% of the model's draws)"
    }

    /// `drops frames: 57% of frames dropped; hitch ratio 46.5 ms/s; ink latency p95 500 ms`, or the word alone
    /// for a run that keeps up; a run that may hitch says what its draws gave.
    package var summary: String {
        if reasons.isEmpty { return verdict.rawValue }
        return verdict.rawValue + ": " + reasons.map(\.text).joined(separator: "; ")
    }

    /// The level a ranking orders first, monotone in every judged figure: 0 keeps up, 1 may hitch, 2 a
    /// judged figure fails, 3 no ink.
    package var level: Int { Self.level(of: verdict) }

    /// The level of `verdict` (`level`).
    package static func level(of verdict: DrawingVerdict) -> Int {
        switch verdict {
        case .keepsUp: 0
        case .mayHitch: 1
        case .hitches, .dropsFrames, .inkLags: 2
        case .noInk: 3
        }
    }
}

extension RunSummary {
    /// True unless the pen moved (more than one sample) and the screen showed new ink less than once a
    /// second.
    package var showsInkWhileDrawing: Bool { RunJudgement.Figures(self).showsInkWhileDrawing }

    /// The run's one judgement.
    package var judgement: RunJudgement { RunJudgement(self) }
}
