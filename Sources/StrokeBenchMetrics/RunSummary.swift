import StrokeBenchSpec
import StrokeBenchUnits

/// Apple's WWDC20 bands for the hitch-time ratio (ms of hitch per second of scrolling or drawing).
package enum HitchBand: String, Sendable, Codable {
    case good, warning, critical
    /// A modelled run whose hitch ratio falls in no one band in at least 90% of the draws of the
    /// model's uncertainty (`BandProbabilities.agreed`).
    case uncertain

    /// Under 5 ms/s is good, 5 to 10 a warning, over 10 critical.
    package init(ratio: Double) {
        self = ratio < 5 ? .good : ratio <= 10 ? .warning : .critical
    }
}

/// With modelled costs, the share of the draws of the model's uncertainty whose hitch ratio falls in
/// each band (JSON `band_probabilities`, each 0...1).
package struct BandProbabilities: Hashable, Sendable, Codable {
    package var good, warning, critical: Double

    /// The shares given, each 0...1.
    package init(good: Double, warning: Double, critical: Double) {
        self.good = good
        self.warning = warning
        self.critical = critical
    }

    /// The shares of `ratios` (hitch ratios, one per draw) in each band.
    package init(ratios: [Double]) {
        let n = Double(max(ratios.count, 1))
        func share(_ band: HitchBand) -> Double { Double(ratios.filter { HitchBand(ratio: $0) == band }.count) / n }
        good = share(.good)
        warning = share(.warning)
        critical = share(.critical)
    }

    /// The band at least 90% of the draws agree on, or `uncertain`: a band printed as certain must
    /// hold across the model's stated uncertainty, and 90% is the share docs/model.md names.
    package var agreed: HitchBand {
        if good >= 0.9 { return .good }
        if warning >= 0.9 { return .warning }
        if critical >= 0.9 { return .critical }
        return .uncertain
    }

    /// `good 38%, critical 62%`: the bands with any share, in order.
    package var description: String {
        [("good", good), ("warning", warning), ("critical", critical)].filter { $0.1 > 0 }
            .map { "\($0.0) \(Int(($0.1 * 100).rounded()))%" }.joined(separator: ", ")
    }
}

/// How the final picture compares with the reference (the whole trace stroked once).
package struct PictureSummary: Hashable, Sendable, Codable {
    /// FNV-1a 64 of the final framebuffer's RGB bytes, as hex.
    package var checksum: String
    /// Share of pixels that differ from the reference at all, in percent.
    package var differingPct: Double
    /// The largest difference of any channel (0...255).
    package var maxChannelDiff: Int
    /// Pixels that differ by more than an antialiasing disagreement can explain.
    package var stronglyDifferingPixels: Int
    /// True when the picture passes the comparison of `PictureDifference`'s documentation.
    package var matchesReference: Bool

    enum CodingKeys: String, CodingKey {
        case checksum
        case differingPct = "differing_pct"
        case maxChannelDiff = "max_channel_diff"
        case stronglyDifferingPixels = "strongly_differing_pixels"
        case matchesReference = "matches_reference"
    }
    package init(
        checksum: String, differingPct: Double, maxChannelDiff: Int, stronglyDifferingPixels: Int,
        matchesReference: Bool
    ) {
        self.checksum = checksum
        self.differingPct = differingPct
        self.maxChannelDiff = maxChannelDiff
        self.stronglyDifferingPixels = stronglyDifferingPixels
        self.matchesReference = matchesReference
    }
}

/// The counters of a run, with the keys of docs/model.md section 6.
package struct CounterSummary: Hashable, Sendable, Codable {
    package var pixelsRasterized, bytesCopied, segmentsStroked, bitmapsAllocated: Int
    package var tasksStarted, tasksCancelled, tasksSuperseded, pixelsComposited: Int
    /// Most render threads drawing at once.
    package var threadsPeak: Int

    enum CodingKeys: String, CodingKey {
        case pixelsRasterized = "pixels_rasterized"
        case bytesCopied = "bytes_copied"
        case segmentsStroked = "segments_stroked"
        case bitmapsAllocated = "bitmaps_allocated"
        case tasksStarted = "tasks_started"
        case tasksCancelled = "tasks_cancelled"
        case tasksSuperseded = "tasks_superseded"
        case pixelsComposited = "pixels_composited"
        case threadsPeak = "threads_peak"
    }

    package init(_ c: WorkCounters, threadsPeak: Int) {
        pixelsRasterized = c.pixelsRasterized
        bytesCopied = c.bytesCopied
        segmentsStroked = c.segmentsStroked
        bitmapsAllocated = c.bitmapsAllocated
        tasksStarted = c.tasksStarted
        tasksCancelled = c.tasksCancelled
        tasksSuperseded = c.tasksSuperseded
        pixelsComposited = c.pixelsComposited
        self.threadsPeak = threadsPeak
    }
}

/// The summary of one run: the JSON object of `bench run --format json` (docs/model.md section 6).
package struct RunSummary: Hashable, Sendable, Codable {
    /// The version of this JSON shape written, and read back (a sweep's `runs/<id>.json` holds one).
    package static let format = FormatVersion(name: "run summary", current: 1)
    /// Version of this JSON shape; readers check it with `format.check`.
    package var formatVersion = RunSummary.format.current
    package var strategy: String
    package var device: String
    package var hz: Double
    package var clock: String
    package var delivery: String
    /// Where the timings come from: `measured` on this host, `zero`, or `model` (the device cost model).
    package var costs = "measured"
    /// `recorded` (samples at their times) or `display-link` (one sample per vsync-triggered turn).
    package var input = "recorded"
    package var trace: String
    /// Background queues (async strategies; the pool size or simulated workers).
    package var workers: Int
    /// Run-loop turns recorded (rows of the per-frame CSV).
    package var frames: Int
    /// Replayed time: the last vsync of the run, in seconds.
    package var durationS: Double
    package var samples: Int
    /// Percentiles over active frames (see `FrameRecord.isActive`).
    package var mainMs: Percentiles
    package var renderMs: Percentiles
    package var compositeMs: Percentiles
    package var overrunMs: Percentiles
    /// Touch-to-screen latency over every sample. A sample never shown counts with the time it waited
    /// until the replay's last vsync, a lower bound (`samplesNeverShown` says how many), never as 0 ms.
    package var latencyMs: Percentiles
    /// Samples whose ink no presented picture ever showed.
    package var samplesNeverShown: Int
    /// Presented pictures that show new ink, per second of the vsyncs at which the pen moved
    /// (`InkVisibility`): at most the refresh rate.
    package var inkUpdatesPerS: Double
    /// The longest time accepted ink waited unseen, in ms (`InkVisibility`).
    package var longestStaleMs: Double
    /// Background renders cancelled or thrown away, in percent of the renders that ended.
    package var rendersWastedPct: Double
    /// With modelled costs, the 5th and 95th percentiles of each figure the article's kind of table
    /// reports, over the draws of the model's joint uncertainty (`spread(over:)`); nil for other costs.
    package var displayLinkFpsLow, displayLinkFpsHigh: Double?
    package var mainThreadBusyPctLow, mainThreadBusyPctHigh: Double?
    package var renderServerBusyPctLow, renderServerBusyPctHigh: Double?
    package var hitchRatioMsPerSLow, hitchRatioMsPerSHigh: Double?
    package var droppedPctLow, droppedPctHigh: Double?
    /// With modelled costs, the ends of the 95th percentile of main-thread time, of touch-to-screen
    /// latency, and of the ink update rate, over the same draws.
    package var mainMsP95Low, mainMsP95High: Double?
    package var latencyMsP95Low, latencyMsP95High: Double?
    package var inkUpdatesPerSLow, inkUpdatesPerSHigh: Double?
    /// With modelled costs, the ends of the pen-to-pixel (end-to-end) latency's median and 95th
    /// percentile, and of the render server's composite time's 95th percentile, over the same draws;
    /// nil for other costs, and the latency's when no sample was shown.
    package var latencyE2eMsP50Low, latencyE2eMsP50High: Double?
    package var latencyE2eMsP95Low, latencyE2eMsP95High: Double?
    package var compositeMsP95Low, compositeMsP95High: Double?
    /// With modelled costs, the ends of perceived latency's median and 95th percentile over the same
    /// draws; nil for other costs, and where the central run has no perceived latency.
    package var perceivedLatencyMsP50Low, perceivedLatencyMsP50High: Double?
    package var perceivedLatencyMsP95Low, perceivedLatencyMsP95High: Double?
    /// A draw's end-to-end latency distribution (`ModelUncertainty`), which works out no other
    /// pen-to-pixel figure; not written.
    package var drawnEndToEndMs: Percentiles?
    /// The end-to-end distribution: the pen-to-pixel figures', or a draw's.
    package var endToEndMs: Percentiles? { penToPixel?.endToEndMs ?? drawnEndToEndMs }
    /// A draw's perceived latency distribution (`ModelUncertainty`), worked out beside its end-to-end
    /// one and no other pen-to-pixel figure; not written.
    package var drawnPerceivedMs: Percentiles?
    /// The perceived latency distribution: the pen-to-pixel figures', or a draw's.
    package var perceivedMs: Percentiles? { penToPixel?.perceivedMs ?? drawnPerceivedMs }
    /// With modelled costs, the share of the model's draws in each hitch band; nil for other costs.
    package var bandProbabilities: BandProbabilities?
    /// How main-thread time grows with the drawing: the least-squares slope of active frames'
    /// `main_ms` against the touch samples delivered so far (the points in the picture), in
    /// microseconds per thousand points. A strategy that redraws every stored point grows by its
    /// cost per point; one that keeps a bitmap stays near zero. Against points drawn rather than
    /// points a strategy retains, so strategies that flatten are measured on the same axis.
    package var mainUsPerThousandPoints: Double
    package var droppedFrames: Int
    package var droppedPct: Double
    package var droppedWorstSecond: Int
    package var droppedLongestRun: Int
    package var missedVsyncs: Int
    /// Vsyncs showing blank contents where there had been a picture.
    package var blankFrames: Int
    /// Vsyncs showing a picture older than the newest render finished by the previous vsync.
    package var staleFrames: Int
    /// Most render threads drawing at once (also under `counters`).
    package var threadsPeak: Int
    /// Renders finished and then thrown away (also under `counters`).
    package var tasksSuperseded: Int
    /// Most renders queued and not yet started.
    package var backlogPeak: Int
    /// Most bytes held by live bitmaps at once during the replay.
    package var bitmapBytesPeak: Int
    package var hitchTotalMs: Double
    package var hitchRatioMsPerS: Double
    package var hitchBand: HitchBand
    /// `CADisplayLink` callbacks per second while input was drawn: the source article's FPS counter.
    package var displayLinkFps: Double
    /// Main-thread busy time over the same span, in percent.
    package var mainThreadBusyPct: Double
    /// Render-server busy time (compositing the turns' commits) over the same span, in percent. Nil in
    /// records written before it existed.
    package var renderServerBusyPct: Double?
    /// Work on the main thread and the render server together, in ms a second replayed: the active
    /// frames' main-thread and composite times over the run's duration. What a ranking weighs, so that
    /// work moved to the render server (`sublayer`'s composites) still counts. Nil in records written
    /// before it existed.
    package var busyMsPerS: Double?
    /// Process CPU time (user + system) during the replay: a figure of this host, not of the replay.
    /// Nil in a sweep's record of a run with zero or modelled costs (`withoutHostFigures`).
    package var cpuS: Double?
    /// Peak resident memory of the process so far (getrusage's high-water mark): in a sweep it
    /// includes the runs before this one; `bitmapBytesPeak` is this run's own figure. Nil where `cpuS` is.
    package var peakMemoryMB: Double?
    package var counters: CounterSummary
    package var picture: PictureSummary?
    /// Host name and core count of the machine the run was measured on.
    package var machine: String
    /// Pen-to-pixel latency by stage (docs/latency.md); nil when no sample was shown.
    package var penToPixel: PenToPixel?

    enum CodingKeys: String, CodingKey {
        case formatVersion = "format_version"
        case strategy, device, hz, clock, delivery, costs, input, trace, workers, frames
        case durationS = "duration_s"
        case samples
        case mainMs = "main_ms"
        case renderMs = "render_ms"
        case compositeMs = "composite_ms"
        case overrunMs = "overrun_ms"
        case latencyMs = "latency_ms"
        case droppedFrames = "dropped_frames"
        case droppedPct = "dropped_pct"
        case mainUsPerThousandPoints = "main_us_per_1000_points"
        case droppedWorstSecond = "dropped_worst_second"
        case droppedLongestRun = "dropped_longest_run"
        case missedVsyncs = "missed_vsyncs"
        case blankFrames = "blank_frames"
        case staleFrames = "stale_frames"
        case threadsPeak = "threads_peak"
        case tasksSuperseded = "tasks_superseded"
        case backlogPeak = "backlog_peak"
        case bitmapBytesPeak = "bitmap_bytes_peak"
        case hitchTotalMs = "hitch_total_ms"
        case hitchRatioMsPerS = "hitch_ratio_ms_per_s"
        case displayLinkFps = "display_link_fps"
        case mainThreadBusyPct = "main_thread_busy_pct"
        case renderServerBusyPct = "render_server_busy_pct"
        case busyMsPerS = "busy_ms_per_s"
        case hitchBand = "hitch_band"
        case cpuS = "cpu_s"
        case peakMemoryMB = "peak_memory_mb"
        case counters, picture, machine
        case samplesNeverShown = "samples_never_shown"
        case inkUpdatesPerS = "ink_updates_per_s"
        case longestStaleMs = "longest_stale_ms"
        case rendersWastedPct = "renders_wasted_pct"
        case displayLinkFpsLow = "display_link_fps_low"
        case displayLinkFpsHigh = "display_link_fps_high"
        case mainThreadBusyPctLow = "main_thread_busy_pct_low"
        case mainThreadBusyPctHigh = "main_thread_busy_pct_high"
        case renderServerBusyPctLow = "render_server_busy_pct_low"
        case renderServerBusyPctHigh = "render_server_busy_pct_high"
        case hitchRatioMsPerSLow = "hitch_ratio_ms_per_s_low"
        case hitchRatioMsPerSHigh = "hitch_ratio_ms_per_s_high"
        case droppedPctLow = "dropped_pct_low"
        case droppedPctHigh = "dropped_pct_high"
        case mainMsP95Low = "main_ms_p95_low"
        case mainMsP95High = "main_ms_p95_high"
        case latencyMsP95Low = "latency_ms_p95_low"
        case latencyMsP95High = "latency_ms_p95_high"
        case inkUpdatesPerSLow = "ink_updates_per_s_low"
        case inkUpdatesPerSHigh = "ink_updates_per_s_high"
        case latencyE2eMsP50Low = "latency_e2e_ms_p50_low"
        case latencyE2eMsP50High = "latency_e2e_ms_p50_high"
        case latencyE2eMsP95Low = "latency_e2e_ms_p95_low"
        case latencyE2eMsP95High = "latency_e2e_ms_p95_high"
        case compositeMsP95Low = "composite_ms_p95_low"
        case compositeMsP95High = "composite_ms_p95_high"
        case perceivedLatencyMsP50Low = "perceived_latency_ms_p50_low"
        case perceivedLatencyMsP50High = "perceived_latency_ms_p50_high"
        case perceivedLatencyMsP95Low = "perceived_latency_ms_p95_low"
        case perceivedLatencyMsP95High = "perceived_latency_ms_p95_high"
        case bandProbabilities = "band_probabilities"
        case penToPixel = "pen_to_pixel"
    }

    package init(
        strategy: String, device: String, hz: Double, clock: String, delivery: String, trace: String,
        workers: Int, tally: FrameTally, samples: Int, sampleLatenciesMs: [Double], samplesNeverShown: Int = 0,
        presentations: [ScreenTimeline.Presentation], pending: [PendingContent],
        finishedRenders: [(time: Double, showsThrough: Int)],
        vsyncCount: Int, penVsyncs: [Int] = [], threadsPeak: Int, backlogPeak: Int, bitmapBytesPeak: Int,
        rendersEnded: Int = 0,
        cpuS: Double, peakMemoryMB: Double, picture: PictureSummary?, machine: String
    ) {
        self.strategy = strategy
        self.device = device
        self.hz = hz
        self.clock = clock
        self.delivery = delivery
        self.trace = trace
        self.workers = workers
        self.machine = machine
        frames = tally.frames
        durationS = Double(vsyncCount) / hz
        self.samples = samples
        mainMs = Percentiles(tally.activeMainMs)
        renderMs = Percentiles(tally.activeRenderMs)
        compositeMs = Percentiles(tally.activeCompositeMs)
        overrunMs = Percentiles(tally.activeOverrunMs)
        latencyMs = Percentiles(sampleLatenciesMs)
        self.samplesNeverShown = samplesNeverShown
        mainUsPerThousandPoints = 1_000_000 * tally.mainMsPerPoint
        let dropped = DroppedFrames(
            pending: pending, presentations: presentations.map { ($0.vsync, $0.showsThrough) },
            hz: hz, vsyncCount: vsyncCount)
        let screen = ScreenTimeline(
            presentations: presentations, finishedRenders: finishedRenders, hz: hz, vsyncCount: vsyncCount)
        blankFrames = screen.blankFrames
        staleFrames = screen.staleFrames
        self.threadsPeak = threadsPeak
        self.backlogPeak = backlogPeak
        self.bitmapBytesPeak = bitmapBytesPeak
        droppedFrames = dropped.count
        droppedPct = dropped.percent
        droppedWorstSecond = dropped.worstSecond
        droppedLongestRun = dropped.longestRun
        missedVsyncs = tally.missedVsyncs
        hitchTotalMs = tally.hitchTotalMs
        hitchRatioMsPerS = durationS > 0 ? hitchTotalMs / durationS : 0
        hitchBand = HitchBand(ratio: hitchRatioMsPerS)
        displayLinkFps = tally.displayLink.fps
        mainThreadBusyPct = tally.displayLink.busyPercent
        renderServerBusyPct = tally.displayLink.serverBusyPercent
        let busyMs = tally.activeMainMs.reduce(0, +) + tally.activeCompositeMs.reduce(0, +)
        busyMsPerS = durationS > 0 ? busyMs / durationS : 0
        let total = tally.counters
        counters = CounterSummary(total, threadsPeak: threadsPeak)
        tasksSuperseded = total.tasksSuperseded
        let ink = InkVisibility(
            presentations: presentations, pending: pending, hz: hz, vsyncCount: vsyncCount,
            penVsyncs: penVsyncs)
        inkUpdatesPerS = ink.inkUpdatesPerS
        longestStaleMs = ink.longestStaleMs
        rendersWastedPct =
            rendersEnded > 0 ? 100 * Double(total.tasksCancelled + total.tasksSuperseded) / Double(rendersEnded) : 0
        self.cpuS = cpuS
        self.peakMemoryMB = peakMemoryMB
        self.picture = picture
    }

    /// The summary without the host's figures (`cpuS`, `peakMemoryMB`), which depend on the machine,
    /// its load and the runs before this one in the process: what a sweep records of a run with zero or
    /// modelled costs, whose every other figure is counted or modelled, so that repeats and any
    /// `--jobs` give byte-identical files. A measured run keeps them: its times are the host's anyway.
    package var withoutHostFigures: RunSummary {
        var summary = self
        summary.cpuS = nil
        summary.peakMemoryMB = nil
        return summary
    }

    /// Sets the `_low` / `_high` figures to the 5th and 95th percentiles (nearest rank) over `draws`,
    /// the same replay priced at each draw of the model's joint uncertainty, stretched to hold this
    /// summary's own (central) figure, and the hitch band to the one at least 90% of the draws agree
    /// on (`uncertain` otherwise), with each band's share.
    ///
    /// The central replay prices every input at its median, which is not the median of a figure that
    /// bends with them (a turn that passes its vsync loses a whole frame): the central figure can lie
    /// outside the draws' 5-95%, and a range that leaves out the figure printed beside it says nothing.
    package mutating func spread(over draws: [RunSummary]) {
        let central = self
        func range(_ figure: (RunSummary) -> Double) -> (Double, Double) { rangeOver(draws, figure) }
        func rangeOver(_ draws: [RunSummary], _ figure: (RunSummary) -> Double) -> (Double, Double) {
            let values = draws.map(figure).sorted()
            guard !values.isEmpty else { return (figure(central), figure(central)) }
            return (
                min(Percentiles.rank(5, values), figure(central)), max(Percentiles.rank(95, values), figure(central))
            )
        }
        (mainMsP95Low, mainMsP95High) = range(\.mainMs.p95)
        (latencyMsP95Low, latencyMsP95High) = range(\.latencyMs.p95)
        (inkUpdatesPerSLow, inkUpdatesPerSHigh) = range(\.inkUpdatesPerS)
        (displayLinkFpsLow, displayLinkFpsHigh) = range(\.displayLinkFps)
        (mainThreadBusyPctLow, mainThreadBusyPctHigh) = range(\.mainThreadBusyPct)
        (renderServerBusyPctLow, renderServerBusyPctHigh) = range { $0.renderServerBusyPct ?? 0 }
        (hitchRatioMsPerSLow, hitchRatioMsPerSHigh) = range(\.hitchRatioMsPerS)
        (droppedPctLow, droppedPctHigh) = range(\.droppedPct)
        (compositeMsP95Low, compositeMsP95High) = range(\.compositeMs.p95)
        // Ranged only where the central run showed a sample: a draw that showed none has no distribution.
        if endToEndMs != nil {
            let shown = draws.filter { $0.endToEndMs != nil }
            (latencyE2eMsP50Low, latencyE2eMsP50High) = rangeOver(shown) { $0.endToEndMs!.p50 }
            (latencyE2eMsP95Low, latencyE2eMsP95High) = rangeOver(shown) { $0.endToEndMs!.p95 }
        }
        if perceivedMs != nil {
            let perceived = draws.filter { $0.perceivedMs != nil }
            (perceivedLatencyMsP50Low, perceivedLatencyMsP50High) = rangeOver(perceived) { $0.perceivedMs!.p50 }
            (perceivedLatencyMsP95Low, perceivedLatencyMsP95High) = rangeOver(perceived) { $0.perceivedMs!.p95 }
        }
        let bands = BandProbabilities(ratios: draws.map(\.hitchRatioMsPerS))
        bandProbabilities = bands
        hitchBand = bands.agreed
    }

    /// Least-squares slope of y against x (0 when x does not vary).
    static func slope(_ points: [(x: Double, y: Double)]) -> Double {
        var accumulator = SlopeAccumulator()
        for p in points { accumulator.add(x: p.x, y: p.y) }
        return accumulator.slope
    }
}
