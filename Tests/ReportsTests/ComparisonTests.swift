import Foundation
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchReplay
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTraces
import Testing

@testable import StrokeBenchReports

/// Runs made up in the test: a spec, a summary with the figures compared, and the samples it stands for.
private func run(
    _ strategy: String, device: String = "ipad-pro-11", hz: Double = 120, costs: CostMode = .measured,
    machine: String = "m1", pixels: Int = 100, queue: PresentQueueDepth = .one, samples: [Double]
) -> ComparedRun {
    var summary = RunSummary(
        strategy: strategy, device: device, hz: hz, clock: "virtual", delivery: "coalesced", trace: "default",
        workers: 1, tally: FrameTally([]), samples: 0, sampleLatenciesMs: [], presentations: [],
        pending: [], finishedRenders: [], vsyncCount: 1, threadsPeak: 0, backlogPeak: 0, bitmapBytesPeak: 0,
        cpuS: 0, peakMemoryMB: 0, picture: nil, machine: machine)
    summary.counters.pixelsRasterized = pixels
    summary.mainMs.p99 = samples.max() ?? 0
    let spec = ReplaySpec(
        strategy: strategy, device: device, hz: hz, clock: .virtual, costs: costs,
        pipeline: PipelineWhatIfs(presentQueueDepth: queue))
    return ComparedRun(spec: spec, summary: summary) { samples }
}

/// A skewed, frame-time-like sample around `base` ms.
private func frames(_ base: Double, count: Int = 400, seed: Int = 0) -> [Double] {
    (0..<count).map { (i: Int) -> Double in
        let spread = Double((i * 7919 + seed * 104729) % 97) / 97
        return base * (1 + 0.3 * spread)
    }
}

@Suite struct ComparisonTests {
    @Test func aSetAgainstItselfIsEqual() throws {
        let runs = [run("naive", samples: frames(2)), run("naive", hz: 60, samples: frames(3))]
        let c = try Comparison(
            baselineName: "a", baseline: runs, candidateName: "a", candidate: runs, strategies: .builtIn)
        #expect(c.configurations.count == 2)
        #expect(c.configurations.allSatisfy { $0.verdict == .equal })
        #expect(c.configurations.allSatisfy { $0.mainMedianRatio == 1 })
    }

    @Test func slowerCandidateIsWorseAndTheReverseIsBetter() throws {
        let fast = [run("flattened", samples: frames(1))]
        let slow = [run("naive", samples: frames(2, seed: 3))]
        let worse = try Comparison(
            baselineName: "flattened", baseline: fast, candidateName: "naive", candidate: slow, strategies: .builtIn)
        #expect(worse.varied[ComparisonDimension(.strategy)] == "flattened → naive")
        #expect(worse.configurations.map(\.verdict) == [.worse])
        #expect((worse.configurations[0].mainMedianRatio ?? 0) > 1.9)
        let better = try Comparison(
            baselineName: "naive", baseline: slow, candidateName: "flattened", candidate: fast, strategies: .builtIn)
        #expect(better.configurations.map(\.verdict) == [.better])
    }

    @Test func aSignificantButTinyChangeIsInconclusive() throws {
        // 2% slower on every one of 4000 frames: significant, but under the 5% that counts.
        let base = frames(2, count: 4000)
        let candidate = base.map { $0 * 1.02 }
        let c = try Comparison(
            baselineName: "a", baseline: [run("naive", samples: base)],
            candidateName: "b", candidate: [run("naive", samples: candidate)], strategies: .builtIn)
        #expect(c.configurations[0].pValue! < 0.01)
        #expect(c.configurations[0].verdict == .unchanged)
        #expect(c.configurations[0].verdict.word(.compare) == "inconclusive")
    }

    @Test func aLargeButNoisyChangeOnFewFramesIsInconclusive() throws {
        let c = try Comparison(
            baselineName: "a", baseline: [run("naive", samples: [1, 5, 2, 9])],
            candidateName: "b", candidate: [run("naive", samples: [2, 6, 1, 10])], strategies: .builtIn)
        #expect(c.configurations[0].verdict == .inconclusive)
    }

    @Test func timingsFromTwoMachinesAreNotComparedButCountersAre() throws {
        let c = try Comparison(
            baselineName: "a", baseline: [run("naive", machine: "ci-1 (2 cores)", pixels: 100, samples: frames(1))],
            candidateName: "b", candidate: [run("naive", machine: "laptop (8 cores)", pixels: 50, samples: frames(3))],
            strategies: .builtIn)
        let only = c.configurations[0]
        #expect(only.verdict == .differentMachines)
        #expect(only.pValue == nil)
        #expect(only.mainMedianRatio == nil)
        #expect(only[.pixelsRasterized].ratio == 0.5)
        let table = try c.render(.table)
        #expect(table.contains("different-machines"))
    }

    @Test func twoSetsThatDifferInTheirPresentQueueNameIt() throws {
        let c = try Comparison(
            baselineName: "1", baseline: [run("dirty-rect", samples: frames(1))],
            candidateName: "2", candidate: [run("dirty-rect", queue: .two, samples: frames(1))], strategies: .builtIn)
        #expect(c.varied == [ComparisonDimension(.presentQueueDepth): "1 → 2"])
        #expect(try c.render(.table).contains("present_queue_depth differs, 1 → 2"))
    }

    @Test func twoSetsThatDifferOnlyInCostsSayItAndDoNotPool() throws {
        let zero = [run("naive", costs: .zero, samples: frames(1))]
        let model = [run("naive", costs: .model, samples: frames(3))]
        let c = try Comparison(
            baselineName: "zero", baseline: zero, candidateName: "model", candidate: model, strategies: .builtIn)
        #expect(c.varied == [ComparisonDimension(.costs): "zero → model"])
        #expect(try c.render(.table).contains("costs differs, zero → model"))
        // One side with both costs: matched on costs, so zero meets zero and model is the baseline's alone.
        let both = try Comparison(
            baselineName: "both", baseline: zero + model, candidateName: "zero", candidate: zero, strategies: .builtIn)
        #expect(both.varied.isEmpty)
        #expect(both.partlyDiffering[ComparisonDimension(.costs)] == "zero, model | zero")
        #expect(both.configurations.count == 1 && both.configurations[0].verdict == .equal)
        #expect(both.onlyInBaseline.count == 1 && both.onlyInBaseline[0].contains("costs=model"))
        #expect(try both.render(.table).contains("differs in part"))
    }

    @Test func repetitionsPoolAndUnmatchedConfigurationsAreListed() throws {
        let baseline = [
            run("naive", samples: frames(2)), run("naive", samples: frames(2, seed: 1)),
            run("naive", device: "iphone-6s", samples: frames(1)),
        ]
        let candidate = [run("naive", samples: frames(2)), run("naive", hz: 60, samples: frames(1))]
        let c = try Comparison(
            baselineName: "a", baseline: baseline, candidateName: "b", candidate: candidate, strategies: .builtIn)
        #expect(c.configurations.count == 1)
        #expect(c.configurations[0].baselineRuns == 2)
        #expect(c.configurations[0].baselineFrames == 800)
        #expect(c.onlyInBaseline.count == 1)
        #expect(c.onlyInCandidate.count == 1)
    }

    @Test(arguments: Comparison.formats)
    func everyFormatStatesTheVerdictAndTheDirection(format: OutputFormat) throws {
        let c = try Comparison(
            baselineName: "a", baseline: [run("flattened", samples: frames(1))],
            candidateName: "b", candidate: [run("naive", samples: frames(2))], strategies: .builtIn)
        let text = try c.render(format)
        #expect(text.contains("worse"))
        if format != .csv { #expect(text.contains("candidate / baseline")) }
        if format == .json {
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            let rows = object?["configurations"] as? [[String: Any]]
            #expect(rows?.first?["verdict"] as? String == "worse")
        }
        if format == .csv {
            let table = try CSVReader.rows(text)
            #expect(table.header == Comparison.columns)
            #expect(table.rows.first?["verdict"] == "worse")
        }
    }
}

/// The whole path with real replays: sweep folders written as `bench sweep` writes them, read back,
/// compared. `null` draws nothing and `naive` redraws a full-screen image per event, a difference of
/// three orders of magnitude, so the verdicts cannot flake on a busy machine.
@Suite(.serialized) struct RealReplayComparisonTests {
    static let trace = TraceGenerator(
        seed: 3,
        parameters: {
            var p = TraceGenerator.Parameters()
            p.duration = 3
            return p
        }()
    ).generate()
    /// summary.csv's header as sweeps wrote it before its columns came from `Metric`: plots and other
    /// people's scripts read these names, in this order.
    static let summaryHeader = """
        format_version,run,run_id,strategy,device,hz,clock,delivery,trace,repetition,workers,machine,\
        frames_csv,frames,duration_s,samples,main_ms_p50,main_ms_p90,main_ms_p95,main_ms_p99,main_ms_max,\
        render_ms_p50,render_ms_p90,render_ms_p95,render_ms_p99,render_ms_max,composite_ms_p50,\
        composite_ms_p90,composite_ms_p95,composite_ms_p99,composite_ms_max,overrun_ms_p50,overrun_ms_p90,\
        overrun_ms_p95,overrun_ms_p99,overrun_ms_max,latency_ms_p50,latency_ms_p90,latency_ms_p95,\
        latency_ms_p99,latency_ms_max,dropped_frames,dropped_pct,dropped_worst_second,dropped_longest_run,\
        missed_vsyncs,hitch_total_ms,hitch_ratio_ms_per_s,hitch_band,cpu_s,peak_memory_mb,pixels_rasterized,\
        bytes_copied,segments_stroked,bitmaps_allocated,tasks_started,tasks_cancelled,tasks_superseded,\
        pixels_composited,threads_peak,picture_checksum,picture_differing_pct,picture_max_channel_diff,\
        picture_matches_reference,main_us_per_1000_points,blank_frames,stale_frames,backlog_peak,\
        bitmap_bytes_peak,display_link_fps,main_thread_busy_pct,costs,input,samples_never_shown,\
        ink_updates_per_s,longest_stale_ms,renders_wasted_pct,display_link_fps_low,display_link_fps_high,\
        main_thread_busy_pct_low,main_thread_busy_pct_high,hitch_ratio_ms_per_s_low,\
        hitch_ratio_ms_per_s_high,dropped_pct_low,dropped_pct_high,options,band_good_pct,band_warning_pct,band_critical_pct,verdict,\
        latency_e2e_ms_p50,latency_e2e_ms_p95,latency_within_9_ms_pct,latency_within_13_ms_pct,latency_within_one_frame_pct,\
        latency_within_50_ms_pct,present_queue_depth,predict,perceived_latency_ms_p50,perceived_latency_ms_p95,ghost_ink_mm_p95,\
        ghost_lifetime_ms_p95,retractions_per_s,prediction_extra_pixels,touch_hz,wet_ink,wet_ink_torn_pct,wet_ink_pixels,busy_ms_per_s,reasons,\
        main_ms_p95_low,main_ms_p95_high,latency_ms_p95_low,latency_ms_p95_high,ink_updates_per_s_low,\
        ink_updates_per_s_high,render_server_busy_pct,render_server_busy_pct_low,render_server_busy_pct_high,\
        latency_e2e_ms_p50_low,latency_e2e_ms_p50_high,latency_e2e_ms_p95_low,latency_e2e_ms_p95_high,\
        composite_ms_p95_low,composite_ms_p95_high,predict_horizon_ms,perceived_latency_ms_p50_low,\
        perceived_latency_ms_p50_high,perceived_latency_ms_p95_low,perceived_latency_ms_p95_high
        """

    /// Replays `strategy` and writes a one-run sweep folder; returns its path.
    func sweep(_ strategy: any DrawingStrategy.Type, into folder: String) throws -> String {
        let device = DeviceProfile.named("ipad-pro-11")!
        let configuration = ReplayConfiguration(
            input: ReplayInput(trace: Self.trace, device: device), traceName: "short",
            device: device, hz: 120, clock: .virtual, strategy: strategy,
            comparePicture: false)
        let result = try Replay.run(configuration)
        let plan = SweepPlan(
            strategies: [strategy.name], devices: [device.name], rates: [120], traces: ["short"],
            clock: .virtual, delivery: .coalesced, repetitions: 1)
        let sweep = SweepFolder(path: folder)
        try sweep.create()
        try sweep.writeManifest(SweepFolder.Manifest(plan: plan, shard: .whole))
        let runInfo = plan.runs[0]
        try AtomicFile.write(FrameCSV.render(result.frames), to: folder + "/" + SweepFolder.framesFile(for: runInfo))
        let record = SweptRun(
            run: runInfo, spec: plan.spec(for: runInfo, strategies: .builtIn),
            framesCSV: SweepFolder.framesFile(for: runInfo),
            summary: result.summary)
        #expect(SummaryCSV.fields(record, strategies: .builtIn).count == SummaryCSV.columns.count)
        #expect(SummaryCSV.columns.joined(separator: ",") == Self.summaryHeader)
        try sweep.write(record, all: [record], strategies: .builtIn)
        return folder
    }

    func load(_ folder: String) throws -> [ComparedRun] {
        try SweepFolder(path: folder).readRuns().map { swept in
            ComparedRun(swept) { try SweepFolder.activeMainMs(csvAt: folder + "/" + swept.framesCSV) }
        }
    }

    @Test func nullAgainstNaiveIsWorseAndNaiveAgainstNullBetterAndEachAgainstItselfEqual() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("reports-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let null = try sweep(NullStrategy.self, into: root + "/null")
        let naive = try sweep(NaiveStrategy.self, into: root + "/naive")

        let runs = try SweepFolder(path: naive).readRuns()
        #expect(runs.count == 1)
        #expect(runs[0].spec.strategy == "naive")
        #expect(runs[0].summary.mainMs.p99 > 0)
        #expect(runs[0].summary.counters.pixelsRasterized > 0)
        #expect(!runs[0].summary.machine.isEmpty)

        // naive's frames are slower, but it shows ink and null shows none: a trade-off either way, each
        // side's gains and losses named.
        let worse = try Comparison(
            baselineName: null, baseline: load(null), candidateName: naive, candidate: load(naive), strategies: .builtIn
        )
        #expect(worse.configurations.map(\.verdict) == [.tradeOff])
        #expect(worse.configurations[0].mainThread == .worse)
        #expect(worse.configurations[0].worse.contains("main-thread time"))
        #expect(worse.configurations[0].better.contains("ink shown"))
        #expect(worse.configurations[0].better.first?.hasPrefix("verdict (no ink → ") == true)
        #expect(worse.configurations[0].baselineFrames > 100)
        let better = try Comparison(
            baselineName: naive, baseline: load(naive), candidateName: null, candidate: load(null), strategies: .builtIn
        )
        #expect(better.configurations.map(\.verdict) == [.tradeOff])
        #expect(better.configurations[0].mainThread == .better)
        #expect(better.configurations[0].worse.contains("ink shown"))
        for folder in [null, naive] {
            let same = try Comparison(
                baselineName: folder, baseline: load(folder), candidateName: folder, candidate: load(folder),
                strategies: .builtIn)
            #expect(same.configurations.map(\.verdict) == [.equal])
        }
    }
}
