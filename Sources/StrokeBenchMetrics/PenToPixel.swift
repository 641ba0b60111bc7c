/// The stages a sample passes through from the pen to the pixel (docs/latency.md), in order.
package enum LatencyStage: String, CaseIterable, Codable, Sendable, CodingKeyRepresentable {
    /// The digitizer's sampling (half its interval, on average) and its processing and transport to the app.
    case digitizer
    /// From the sample reaching the app to the run-loop turn that delivers it (UIKit delivers coalesced
    /// touches once a turn).
    case waitForTurn = "wait_for_turn"
    /// From that turn's start to the end of the commit that first holds the sample's ink: the turn's
    /// main-thread work, and for an async strategy its background render and the turns between.
    case untilCommit = "until_commit"
    /// The render server compositing the commit, as far as it falls before the presenting vsync.
    case renderServer = "render_server"
    /// The rest of the wait for the vsync that presents the picture (and a fade-in, where one runs).
    case waitForVsync = "wait_for_vsync"
    /// Scan-out to the sample's row (half a refresh, on average) and the panel's response.
    case scanOutAndPanel = "scan_out_and_panel"

    /// True for the stages the device model assumes rather than the replay measures.
    package var isAssumed: Bool { self == .digitizer || self == .scanOutAndPanel }

    /// The stage in words, for tables.
    package var label: String {
        switch self {
        case .digitizer: "digitizer: sampling and transport"
        case .waitForTurn: "waiting for the run-loop turn"
        case .untilCommit: "app work until the commit"
        case .renderServer: "render server"
        case .waitForVsync: "waiting for the vsync"
        case .scanOutAndPanel: "scan-out and panel response"
        }
    }
}

/// One sample's latency, stage by stage, in nanoseconds: integers, so the stages add up to the end-to-end
/// figure exactly.
package struct SampleStages: Hashable, Sendable {
    package var ns: [Int64]

    /// `ns` in `LatencyStage.allCases` order.
    package init(ns: [Int64]) {
        precondition(ns.count == LatencyStage.allCases.count)
        self.ns = ns
    }

    /// From the pen touching to the pixel changing.
    package var endToEndNs: Int64 { ns.reduce(0, +) }

    package subscript(stage: LatencyStage) -> Int64 { ns[LatencyStage.allCases.firstIndex(of: stage)!] }
}

/// Pen-to-pixel latency of a run (JSON `pen_to_pixel`): each stage's distribution, the end-to-end one in
/// ms and in frames, the share of samples within each named target, and the stage that dominates.
/// Stages are over the samples the screen showed; the shares are over every sample, a sample never
/// shown counting as outside every target.
package struct PenToPixel: Codable, Hashable, Sendable {
    package var stagesMs: [LatencyStage: Percentiles]
    package var endToEndMs: Percentiles
    package var endToEndFrames: Percentiles
    package var withinPct: Targets
    /// The stage with the largest mean.
    package var dominantStage: LatencyStage
    /// The stage a table names as dominant, or nil for "no single stage": the largest median among the
    /// stages the replay measures (the digitizer and the scan-out are assumed constants of the device,
    /// not measured), and only when it leads every other stage's median by `dominanceMargin` (25%), so
    /// that near-equal stages do not flip the name between near-identical runs.
    package var namedDominantStage: LatencyStage? {
        let medians = LatencyStage.allCases.map { ($0, stagesMs[$0]?.p50 ?? 0) }.sorted { $0.1 > $1.1 }
        guard let first = medians.first, first.1 > 0, !first.0.isAssumed else { return nil }
        let second = medians.dropFirst().first?.1 ?? 0
        return first.1 >= (1 + Self.dominanceMargin) * second ? first.0 : nil
    }

    /// How far a stage's median must lead the next for the stage to be named dominant.
    package static let dominanceMargin = 0.25

    /// Samples shown, whose stages are counted.
    package var samplesShown: Int
    /// Perceived latency: from each sample to the first picture whose ink reaches within
    /// `PenToPixel.perceivedWithinMm` of where the pen was, provisional ink included, plus the device's
    /// own stages; nil until computed.
    package var perceivedMs: Percentiles?
    /// What predicted touches bought and cost; nil without `--predict`.
    package var prediction: PredictionFigures?
    /// How far the ink trails the pen, by speed, straight and curved apart; nil until computed.
    package var spatialLag: SpatialLag?
    /// What the front-buffered wet-ink layer did; nil without `--wet-ink on`.
    package var wetInk: WetInkFigures?

    /// The distance at which ink counts as reaching the pen, in mm on the device's screen.
    package static let perceivedWithinMm = 1.0

    /// The named targets (docs/latency.md): Apple Pencil's 9 ms since iPadOS 13, the 13 ms left to an
    /// app without its mid-frame event processing, one frame, and the 50 ms at which inking latency is
    /// judged (Annett et al., GI 2014).
    package struct Targets: Codable, Hashable, Sendable {
        package var ms9, ms13, oneFrame, ms50: Double
        enum CodingKeys: String, CodingKey {
            case ms9 = "9_ms"
            case ms13 = "13_ms"
            case oneFrame = "one_frame"
            case ms50 = "50_ms"
        }
    }

    enum CodingKeys: String, CodingKey {
        case stagesMs = "stages_ms"
        case endToEndMs = "e2e_ms"
        case endToEndFrames = "e2e_frames"
        case withinPct = "within_pct"
        case dominantStage = "dominant_stage"
        case samplesShown = "samples_shown"
        case perceivedMs = "perceived_ms"
        case prediction
        case spatialLag = "spatial_lag"
        case wetInk = "wet_ink"
    }

    /// The figures of `shown` (each shown sample's stages) out of `samples` in all, at `hz`; nil when
    /// nothing was shown. The end-to-end distributions count every sample: those never shown at
    /// `neverShownMs`, each one's lower bound (its wait until the replay's last vsync and the device's
    /// stages), so that a percentile that falls on one is not a shown sample's. The stages are the
    /// shown samples'.
    package init?(shown: [SampleStages], neverShownMs: [Double] = [], samples: Int, hz: Double) {
        guard !shown.isEmpty else { return nil }
        var stages: [LatencyStage: Percentiles] = [:]
        var means: [(LatencyStage, Double)] = []
        for (index, stage) in LatencyStage.allCases.enumerated() {
            let values = shown.map { Double($0.ns[index]) / 1e6 }
            stages[stage] = Percentiles(values)
            means.append((stage, values.reduce(0, +) / Double(values.count)))
        }
        let endToEnd = shown.map { Double($0.endToEndNs) / 1e6 } + neverShownMs
        let frame = 1000 / hz
        stagesMs = stages
        endToEndMs = Percentiles(endToEnd)
        endToEndFrames = Percentiles(endToEnd.map { $0 / frame })
        func within(_ limit: Double) -> Double {
            100 * Double(endToEnd.filter { $0 <= limit }.count) / Double(max(samples, 1))
        }
        withinPct = Targets(ms9: within(9), ms13: within(13), oneFrame: within(frame), ms50: within(50))
        dominantStage = means.max { $0.1 < $1.1 }!.0
        samplesShown = shown.count
    }
}
