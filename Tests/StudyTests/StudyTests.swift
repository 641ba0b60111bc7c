import Foundation
import StrokeBenchMetrics
import StrokeBenchSpec
import StrokeBenchTraces
import Testing

@testable import StrokeBenchReports

/// A run made up in the test: a summary with the figures the verdict and the ranking read.
private func run(
    _ strategy: String, device: String = "ipad-pro-11", hz: Double = 120, hitch: Double = 0,
    hitchRange: ClosedRange<Double>? = nil, busy: Double = 10, busyRange: ClosedRange<Double>? = nil,
    inkUpdates: Double = 120, latencyP95: Double = 10, band: HitchBand? = nil, dropped: Double = 0
) -> StudyRun {
    var summary = RunSummary(
        strategy: strategy, device: device, hz: hz, clock: "virtual", delivery: "coalesced", trace: "default",
        workers: 1, tally: FrameTally([]), samples: 100, sampleLatenciesMs: [], presentations: [],
        pending: [], finishedRenders: [], vsyncCount: 1, threadsPeak: 0, backlogPeak: 0, bitmapBytesPeak: 0,
        cpuS: 0, peakMemoryMB: 0, picture: nil, machine: "m")
    summary.hitchRatioMsPerS = hitch
    summary.hitchBand = band ?? HitchBand(ratio: hitch)
    summary.hitchRatioMsPerSLow = hitchRange?.lowerBound
    summary.hitchRatioMsPerSHigh = hitchRange?.upperBound
    summary.mainThreadBusyPct = busy
    summary.busyMsPerS = busy
    summary.droppedPct = dropped
    summary.mainThreadBusyPctLow = busyRange?.lowerBound
    summary.mainThreadBusyPctHigh = busyRange?.upperBound
    summary.inkUpdatesPerS = inkUpdates
    summary.latencyMs.p95 = latencyP95
    return StudyRun(summary: summary, spec: nil, framesCSV: nil, command: nil, strategyLabel: strategy)
}

@Suite struct StudyTests {
    @Test func theVerdictJudgesFramesAndInkTogether() {
        #expect(run("a").verdict == .keepsUp)
        #expect(run("a").judgement.reasons.isEmpty)
        #expect(run("a", hitch: 20).verdict == .hitches)
        #expect(run("a", band: .uncertain).verdict == .mayHitch)
        #expect(run("a", inkUpdates: 0.5).verdict == .noInk)
        // No ink outranks everything, and the hitches are still said.
        #expect(run("a", hitch: 20, inkUpdates: 0.5).judgement.reasons.map(\.verdict) == [.noInk, .hitches])
        // The ink 100 ms or more behind the pen at the 95th percentile lags, hitch band or not.
        #expect(run("a", latencyP95: 100).verdict == .keepsUp)
        #expect(run("a", latencyP95: 101).verdict == .inkLags)
        #expect(run("a", hitch: 20, latencyP95: 500).judgement.reasons.map(\.verdict) == [.inkLags, .hitches])
        // 0.5% of frames dropped is the hitch limit's 5 ms a second.
        #expect(run("a", dropped: 0.4).verdict == .keepsUp)
        #expect(run("a", dropped: 0.5).verdict == .dropsFrames)
        // Worst first, by how far each figure is past its limit; a band the draws disagree on comes last.
        let pool = run("a", hitch: 46.5, latencyP95: 500, band: .uncertain, dropped: 57).judgement
        #expect(pool.reasons.map(\.dimension) == ["dropped_frames", "ink_latency", "hitch_ratio"])
        #expect(pool.summary == "drops frames: 57% of frames dropped; ink latency p95 500 ms; hitch band uncertain")
    }

    /// A max-speed drive runs its timer turns past their vsyncs by design: its hitch ratio is not
    /// judged, by the verdict or by the figures a ranking and compare weigh; its dropped frames are.
    @Test func aMaxSpeedDriveIsNotJudgedOnItsHitchRatio() {
        var maxSpeed = run("a", hitch: 999.9, band: .critical)
        maxSpeed.summary.input = InputMode.maxSpeed.rawValue
        #expect(maxSpeed.verdict == .keepsUp)
        #expect(JudgedFigures(maxSpeed.summary).figures.first { $0.name == "hitch ratio" }?.value == 0)
        maxSpeed.summary.droppedPct = 12
        #expect(maxSpeed.judgement.summary == "drops frames: 12% of frames dropped")
        #expect(run("a", hitch: 999.9, band: .critical).verdict == .hitches)
    }

    @Test func theRankingOrdersByVerdictThenDominance() {
        let ranking = Ranking([
            run("lags", latencyP95: 900), run("hitchy", hitch: 30), run("none", inkUpdates: 0),
            run("busy", busy: 40), run("idle", busy: 5), run("fewer", busy: 1, inkUpdates: 60), run("null"),
        ])
        #expect(ranking.entries.map(\.run.strategyLabel) == ["idle", "fewer", "busy", "lags", "hitchy", "none"])
        #expect(ranking.entries.map(\.place) == [1, 1, 3, 4, 4, 6])
        #expect(
            ranking.entries[1].decidedBy
                == "trade-off with idle: better on main-thread and render-server busy, worse on ink shown")
        #expect(ranking.entries[2].decidedBy == "dominated by idle: worse on main-thread and render-server busy")
        #expect(ranking.entries[4].decidedBy == "trade-off with lags: better on ink latency p95, worse on hitch ratio")
    }

    /// Whatever the figures, no run ranks above one of its verdict level that is at least as good on
    /// every judged figure and better on one.
    @Test func noRunRanksAboveOneThatDominatesIt() {
        var generator = SeededGenerator(seed: 51)
        for _ in 0..<200 {
            let runs = (0..<7).map { i in
                run(
                    "s\(i)", hitch: [0, 0, 3, 12].randomElement(using: &generator)!,
                    busy: Double(Int.random(in: 1...4, using: &generator)),
                    inkUpdates: [120, 60].randomElement(using: &generator)!,
                    latencyP95: [10, 40, 200].randomElement(using: &generator)!,
                    dropped: [0, 0, 2].randomElement(using: &generator)!)
            }
            let entries = Ranking(runs).entries
            for a in entries {
                for b in entries where a.place < b.place && a.run.judgement.level == b.run.judgement.level {
                    #expect(
                        !JudgedFigures(b.run.summary).dominates(JudgedFigures(a.run.summary), margin: 0.01),
                        "\(a.run.strategyLabel) ranks above \(b.run.strategyLabel), which dominates it")
                }
            }
        }
    }

    /// Runs that differ in a mode (here costs) are different settings, each named by it: never one
    /// cell, never one ranking.
    @Test func theMatrixNeverPoolsRunsOfDifferentModes() {
        var modelled = run("naive", hitch: 754)
        modelled.summary.costs = "model"
        var zero = run("naive")
        zero.summary.costs = "zero"
        let matrix = VerdictMatrix(Study(source: "s", runs: [zero, modelled]))
        #expect(
            matrix.settings.map { $0.label(withTrace: false) } == [
                "ipad-pro-11 120 Hz, costs zero", "ipad-pro-11 120 Hz, costs model",
            ])
        #expect(matrix.run("naive", at: matrix.settings[1])?.verdict == .hitches)
        #expect(matrix.run("naive", at: matrix.settings[0])?.verdict == .keepsUp)
    }

    @Test func theMatrixHasOneCellPerConfigurationRun() {
        var second = run("naive", hitch: 3)
        second.summary.hitchRatioMsPerS = 3
        let study = Study(
            source: "s",
            runs: [
                run("naive", hitch: 1), second, run("naive", hitch: 2),
                run("dirty-rect", device: "iphone-6s", hz: 60),
            ])
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
        let wholeLayer = StrategyOption(name: "flattened-whole-layer", kind: .flag, help: "")
        let spec = ReplaySpec(
            strategy: "flattened", options: StrategySettings(unvalidated: [wholeLayer.name: .flag(true)]),
            device: "ipad-pro-11", hz: 120, clock: .virtual, costs: .model,
            trace: TraceIdentity(path: "my traces/a'b.trace"))
        #expect(
            Study.command(spec, declared: [wholeLayer])
                == "bench run --strategy flattened --flattened-whole-layer --device ipad-pro-11 --hz 120 "
                + "--clock virtual --costs model "
                + "--trace 'my traces/a'\\''b.trace'")
    }

    @Test func markupIsEscaped() {
        #expect(escaped("<a href=\"x\">&'") == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;")
    }
}
