import Foundation
import StrokeBenchMetrics
import StrokeBenchSpec
@testable import StrokeBenchStudy
import Testing

/// A run made up in the test: a summary with the figures the verdict and the ranking read.
private func run(_ strategy: String, device: String = "ipad-pro-11", hz: Double = 120, hitch: Double = 0,
                 hitchRange: ClosedRange<Double>? = nil, busy: Double = 10, busyRange: ClosedRange<Double>? = nil,
                 inkUpdates: Double = 120, latencyP95: Double = 10, band: HitchBand? = nil) -> StudyRun {
    var summary = RunSummary(strategy: strategy, device: device, hz: hz, clock: "virtual", delivery: "coalesced", trace: "default",
                             workers: 1, tally: FrameTally([]), samples: 100, sampleLatenciesMs: [], presentations: [],
                             pending: [], finishedRenders: [], vsyncCount: 1, threadsPeak: 0, backlogPeak: 0, bitmapBytesPeak: 0,
                             cpuS: 0, peakMemoryMB: 0, picture: nil, machine: "m")
    summary.hitchRatioMsPerS = hitch
    summary.hitchBand = band ?? HitchBand(ratio: hitch)
    summary.hitchRatioMsPerSLow = hitchRange?.lowerBound
    summary.hitchRatioMsPerSHigh = hitchRange?.upperBound
    summary.mainThreadBusyPct = busy
    summary.mainThreadBusyPctLow = busyRange?.lowerBound
    summary.mainThreadBusyPctHigh = busyRange?.upperBound
    summary.inkUpdatesPerS = inkUpdates
    summary.latencyMs.p95 = latencyP95
    return StudyRun(summary: summary, spec: nil, framesCSV: nil, command: nil, strategyLabel: strategy)
}

@Suite struct StudyTests {
    @Test func theVerdictReadsInkBeforeTheBand() {
        #expect(run("a").verdict == .keepsUp)
        #expect(run("a", hitch: 20).verdict == .hitches)
        #expect(run("a", band: .uncertain).verdict == .mayHitch)
        #expect(run("a", inkUpdates: 0.5).verdict == .inkNotShown)
        #expect(run("a", hitch: 20, inkUpdates: 0.5).verdict == .inkNotShown)
        // On time, but the ink 100 ms or more behind the pen at the 95th percentile.
        #expect(run("a", latencyP95: 100).verdict == .keepsUp)
        #expect(run("a", latencyP95: 101).verdict == .inkLags)
        #expect(run("a", hitch: 20, latencyP95: 500).verdict == .hitches)
    }

    @Test func theRankingFollowsTheStatedOrder() {
        let ranking = Ranking([run("lags", latencyP95: 900), run("hitchy", hitch: 30), run("none", inkUpdates: 0),
                               run("busy", busy: 40), run("idle", busy: 5), run("fewer", busy: 1, inkUpdates: 60), run("null")])
        #expect(ranking.entries.map(\.run.strategyLabel) == ["idle", "busy", "fewer", "hitchy", "lags", "none"])
        #expect(ranking.entries.map(\.place) == [1, 2, 3, 4, 5, 6])
        #expect(ranking.entries.map(\.decidedBy) == [nil, "main-thread busy", "ink updates/s", "verdict", "verdict", "verdict"])
    }

    @Test func overlappingRangesSharePlaces() {
        let ranking = Ranking([run("a", busy: 5, busyRange: 4...9), run("b", busy: 8, busyRange: 6...12),
                               run("c", busy: 20, busyRange: 15...30), run("d", hitch: 6, hitchRange: 2...9, band: .uncertain),
                               run("e", hitch: 8, hitchRange: 7...20, band: .uncertain)])
        #expect(ranking.entries.map(\.run.strategyLabel) == ["a", "b", "c", "d", "e"])
        #expect(ranking.entries.map(\.place) == [1, 1, 3, 4, 4])
        #expect(ranking.entries.map(\.tied) == [false, true, false, false, true])
        // Measured runs carry no ranges: their order stands.
        #expect(Ranking([run("x", busy: 5), run("y", busy: 6)]).entries.map(\.place) == [1, 2])
    }

    @Test func theMatrixHasOneCellPerConfigurationRun() {
        var second = run("naive", hitch: 3)
        second.summary.hitchRatioMsPerS = 3
        let study = Study(source: "s", runs: [run("naive", hitch: 1), second, run("naive", hitch: 2),
                                              run("dirty-rect", device: "iphone-6s", hz: 60)])
        let matrix = VerdictMatrix(study)
        #expect(matrix.strategies == ["naive", "dirty-rect"])
        #expect(matrix.settings.map { $0.label(withTrace: false) } == ["ipad-pro-11 120 Hz", "iphone-6s 60 Hz"])
        // Three repetitions are one cell: the median hitch ratio.
        #expect(matrix.run("naive", at: matrix.settings[0])?.summary.hitchRatioMsPerS == 2)
        #expect(matrix.run("naive", at: matrix.settings[1]) == nil)
        #expect(matrix.run("dirty-rect", at: matrix.settings[1]) != nil)
    }

    @Test func aModelledBandSaysItsShareOfTheDraws() {
        var certain = run("a")
        certain.summary.bandProbabilities = BandProbabilities(ratios: [0, 0, 0, 20])
        certain.summary.hitchBand = .uncertain
        #expect(bandText(certain.summary) == "uncertain: good 75%, critical 25%")
        certain.summary.bandProbabilities = BandProbabilities(ratios: Array(repeating: 0, count: 19) + [20])
        certain.summary.hitchBand = .good
        #expect(bandText(certain.summary) == "good (95% of draws)")
        #expect(bandText(run("measured").summary) == "good")
    }

    @Test func theCommandReplaysTheSpecAndQuotesWhatAShellWouldSplit() {
        let spec = ReplaySpec(strategy: "flattened", device: "ipad-pro-11", hz: 120, clock: .virtual, costs: .model,
                              trace: TraceIdentity(path: "my traces/a'b.trace"))
        #expect(Study.command(spec, options: ["--flattened-whole-layer"])
                == "bench run --strategy flattened --flattened-whole-layer --device ipad-pro-11 --hz 120 "
                + "--trace 'my traces/a'\\''b.trace' --clock virtual --costs model")
    }

    @Test func markupIsEscaped() {
        #expect(escaped("<a href=\"x\">&'") == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;")
    }
}
