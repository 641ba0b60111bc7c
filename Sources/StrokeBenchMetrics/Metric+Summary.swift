/// Every scalar figure of `RunSummary` as a `Metric`, named as summary.csv's column and the summary
/// JSON's key. Text figures (the hitch band, the picture's checksum, the modes) are not metrics: they
/// have no unit or direction, and the exports write them themselves.
extension Metric {
    private static func count(
        _ name: String, unit: String, polarity: Polarity = .lowerIsBetter,
        _ read: @escaping @Sendable (RunSummary) -> Int
    ) -> Metric {
        Metric(name, unit: unit, polarity: polarity, isWhole: true) { Double(read($0)) }
    }

    private static func measure(
        _ name: String, unit: String, polarity: Polarity = .lowerIsBetter,
        _ read: @escaping @Sendable (RunSummary) -> Double?
    ) -> Metric {
        Metric(name, unit: unit, polarity: polarity, read: read)
    }

    // The run's extent: what it was, not how well it went.
    package static let frames = count("frames", unit: "frames", polarity: .neither) { $0.frames }
    package static let durationS = measure("duration_s", unit: "s", polarity: .neither) { $0.durationS }
    package static let samples = count("samples", unit: "samples", polarity: .neither) { $0.samples }

    package static let mainMsP99 = percentile(.mainMs, .p99)
    package static let overrunMsP99 = percentile(.overrunMs, .p99)
    package static let latencyMsP95 = percentile(.latencyMs, .p95)
    /// Every percentile figure, distribution by distribution, rank by rank (summary.csv's order).
    package static let percentiles: [Metric] = Distribution.allCases.flatMap { d in
        PercentileRank.allCases.map { percentile(d, $0) }
    }

    // Frames the pen saw late, and hitches.
    package static let droppedFrames = count("dropped_frames", unit: "frames") { $0.droppedFrames }
    package static let droppedPct = measure("dropped_pct", unit: "%") { $0.droppedPct }
    package static let droppedWorstSecond = count("dropped_worst_second", unit: "frames") { $0.droppedWorstSecond }
    package static let droppedLongestRun = count("dropped_longest_run", unit: "frames") { $0.droppedLongestRun }
    package static let missedVsyncs = count("missed_vsyncs", unit: "vsyncs") { $0.missedVsyncs }
    package static let hitchTotalMs = measure("hitch_total_ms", unit: "ms") { $0.hitchTotalMs }
    package static let hitchRatio = measure("hitch_ratio_ms_per_s", unit: "ms/s") { $0.hitchRatioMsPerS }

    // The process.
    package static let cpuS = measure("cpu_s", unit: "s") { $0.cpuS }
    package static let peakMemoryMB = measure("peak_memory_mb", unit: "MB") { $0.peakMemoryMB }

    // The work counters (`counters` in the JSON).
    package static let pixelsRasterized = Metric("pixels_rasterized", unit: "px", counter: \.pixelsRasterized)
    package static let bytesCopied = Metric("bytes_copied", unit: "B", counter: \.bytesCopied)
    package static let segmentsStroked = Metric("segments_stroked", unit: "segments", counter: \.segmentsStroked)
    package static let bitmapsAllocated = Metric("bitmaps_allocated", unit: "bitmaps", counter: \.bitmapsAllocated)
    package static let tasksStarted = Metric("tasks_started", unit: "tasks", counter: \.tasksStarted)
    package static let tasksCancelled = Metric("tasks_cancelled", unit: "tasks", counter: \.tasksCancelled)
    package static let tasksSuperseded = Metric("tasks_superseded", unit: "tasks", counter: \.tasksSuperseded)
    package static let pixelsComposited = Metric("pixels_composited", unit: "px", counter: \.pixelsComposited)
    /// More render threads at once is neither good nor bad in itself.
    package static let threadsPeak = Metric("threads_peak", unit: "threads", polarity: .neither, counter: \.threadsPeak)
    /// The counters: deterministic for a trace and strategy, so comparable across machines.
    package static let counters = [
        pixelsRasterized, bytesCopied, segmentsStroked, bitmapsAllocated, tasksStarted,
        tasksCancelled, tasksSuperseded, pixelsComposited,
    ]

    // What the screen showed, and how the main thread fared.
    package static let mainUsPerThousandPoints = measure("main_us_per_1000_points", unit: "us/1000 points") {
        $0.mainUsPerThousandPoints
    }
    package static let blankFrames = count("blank_frames", unit: "vsyncs") { $0.blankFrames }
    package static let staleFrames = count("stale_frames", unit: "vsyncs") { $0.staleFrames }
    package static let backlogPeak = count("backlog_peak", unit: "renders") { $0.backlogPeak }
    package static let bitmapBytesPeak = count("bitmap_bytes_peak", unit: "B") { $0.bitmapBytesPeak }
    package static let displayLinkFps = measure("display_link_fps", unit: "fps", polarity: .higherIsBetter) {
        $0.displayLinkFps
    }
    package static let mainThreadBusyPct = measure("main_thread_busy_pct", unit: "%") { $0.mainThreadBusyPct }
    package static let renderServerBusyPct = measure("render_server_busy_pct", unit: "%") { $0.renderServerBusyPct }
    /// With modelled costs, the render server's busy share's ends over the model's uncertainty: after
    /// `laterModelledEnds` in summary.csv, since it came later still.
    package static let renderServerBusyEnds = ends(
        renderServerBusyPct, \.renderServerBusyPctLow, \.renderServerBusyPctHigh)
    /// With modelled costs, the ends of the pen-to-pixel latency's median and 95th percentile and of the
    /// composite time's 95th percentile over the model's uncertainty: summary.csv's last columns, since
    /// they came after the render server's busy share.
    package static let latestModelledEnds: [Metric] = [
        ends(penToPixel[0], \.latencyE2eMsP50Low, \.latencyE2eMsP50High),
        ends(penToPixel[1], \.latencyE2eMsP95Low, \.latencyE2eMsP95High),
        ends(percentile(.compositeMs, .p95), \.compositeMsP95Low, \.compositeMsP95High),
    ].flatMap { $0 }
    /// With modelled costs, the ends of perceived latency's median and 95th percentile over the model's
    /// uncertainty: summary.csv's last columns, since they came after `latestModelledEnds`.
    package static let perceivedModelledEnds: [Metric] = [
        ends(prediction[0], \.perceivedLatencyMsP50Low, \.perceivedLatencyMsP50High),
        ends(prediction[1], \.perceivedLatencyMsP95Low, \.perceivedLatencyMsP95High),
    ].flatMap { $0 }
    /// Main thread and render server together, ms of work a second replayed: what a ranking weighs.
    package static let busyMsPerS = measure("busy_ms_per_s", unit: "ms/s") { $0.busyMsPerS }
    package static let samplesNeverShown = count("samples_never_shown", unit: "samples") { $0.samplesNeverShown }
    package static let inkUpdatesPerS = measure("ink_updates_per_s", unit: "/s", polarity: .higherIsBetter) {
        $0.inkUpdatesPerS
    }
    package static let longestStaleMs = measure("longest_stale_ms", unit: "ms") { $0.longestStaleMs }
    package static let rendersWastedPct = measure("renders_wasted_pct", unit: "%") { $0.rendersWastedPct }

    /// With modelled costs, each figure's ends over the model's stated uncertainty (`_low`, `_high`),
    /// in summary.csv's order; absent for other costs.
    package static let modelledEnds: [Metric] = [
        ends(displayLinkFps, \.displayLinkFpsLow, \.displayLinkFpsHigh),
        ends(mainThreadBusyPct, \.mainThreadBusyPctLow, \.mainThreadBusyPctHigh),
        ends(hitchRatio, \.hitchRatioMsPerSLow, \.hitchRatioMsPerSHigh),
        ends(droppedPct, \.droppedPctLow, \.droppedPctHigh),
    ].flatMap { $0 }

    /// The ends of the figures that got a range later (main-thread time and latency p95, ink rate):
    /// summary.csv's last columns, so older summaries keep their column order.
    package static let laterModelledEnds: [Metric] = [
        ends(percentile(.mainMs, .p95), \.mainMsP95Low, \.mainMsP95High),
        ends(percentile(.latencyMs, .p95), \.latencyMsP95Low, \.latencyMsP95High),
        ends(inkUpdatesPerS, \.inkUpdatesPerSLow, \.inkUpdatesPerSHigh),
    ].flatMap { $0 }

    /// Every scalar figure of a summary, in summary.csv's order: what budgets and a baseline's timing
    /// runs may name. The one list; summary.csv interleaves its text columns with it.
    package static let all: [Metric] =
        [frames, durationS, samples] + percentiles
        + [
            droppedFrames, droppedPct, droppedWorstSecond, droppedLongestRun, missedVsyncs, hitchTotalMs, hitchRatio,
            cpuS, peakMemoryMB,
        ] + counters + [threadsPeak]
        + [
            mainUsPerThousandPoints, blankFrames, staleFrames, backlogPeak, bitmapBytesPeak, displayLinkFps,
            mainThreadBusyPct,
        ]
        + [samplesNeverShown, inkUpdatesPerS, longestStaleMs, rendersWastedPct] + modelledEnds + bandShares + penToPixel
        + prediction + wetInk
        + [busyMsPerS] + laterModelledEnds + [renderServerBusyPct] + renderServerBusyEnds + latestModelledEnds
        + perceivedModelledEnds

    private static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The figure named `name` (summary.csv's column), if there is one.
    package static func named(_ name: String) -> Metric? { byName[name] }

    /// With modelled costs, the share of the model's draws in each hitch band, in percent; absent for
    /// other costs.
    package static let bandShares: [Metric] = [
        measure("band_good_pct", unit: "%", polarity: .higherIsBetter) { $0.bandProbabilities.map { 100 * $0.good } },
        measure("band_warning_pct", unit: "%") { $0.bandProbabilities.map { 100 * $0.warning } },
        measure("band_critical_pct", unit: "%") { $0.bandProbabilities.map { 100 * $0.critical } },
    ]

    /// Pen-to-pixel latency (docs/latency.md): the end-to-end distribution's middle and tail, and the
    /// share of every sample within each named target; empty when no sample was shown.
    package static let penToPixel: [Metric] = [
        measure("latency_e2e_ms_p50", unit: "ms") { $0.penToPixel?.endToEndMs.p50 },
        measure("latency_e2e_ms_p95", unit: "ms") { $0.penToPixel?.endToEndMs.p95 },
        measure("latency_within_9_ms_pct", unit: "%", polarity: .higherIsBetter) { $0.penToPixel?.withinPct.ms9 },
        measure("latency_within_13_ms_pct", unit: "%", polarity: .higherIsBetter) { $0.penToPixel?.withinPct.ms13 },
        measure("latency_within_one_frame_pct", unit: "%", polarity: .higherIsBetter) {
            $0.penToPixel?.withinPct.oneFrame
        },
        measure("latency_within_50_ms_pct", unit: "%", polarity: .higherIsBetter) { $0.penToPixel?.withinPct.ms50 },
    ]

    /// Perceived latency, and what predicted touches cost (docs/latency.md); empty where there is none.
    package static let prediction: [Metric] = [
        measure("perceived_latency_ms_p50", unit: "ms") { $0.penToPixel?.perceivedMs?.p50 },
        measure("perceived_latency_ms_p95", unit: "ms") { $0.penToPixel?.perceivedMs?.p95 },
        measure("ghost_ink_mm_p95", unit: "mm") { $0.penToPixel?.prediction?.ghostInkMm.p95 },
        measure("ghost_lifetime_ms_p95", unit: "ms") { $0.penToPixel?.prediction?.ghostLifetimeMs.p95 },
        measure("retractions_per_s", unit: "/s") { $0.penToPixel?.prediction?.retractionsPerS },
        measure("prediction_extra_pixels", unit: "px") { $0.penToPixel?.prediction.map { Double($0.extraPixels) } },
    ]

    /// What the front-buffered wet-ink layer cost (docs/latency.md); empty without it.
    package static let wetInk: [Metric] = [
        measure("wet_ink_torn_pct", unit: "%") { $0.penToPixel?.wetInk?.tornPct },
        measure("wet_ink_pixels", unit: "px") { $0.penToPixel?.wetInk.map { Double($0.pixels) } },
    ]

    private static func ends(
        _ figure: Metric, _ low: KeyPath<RunSummary, Double?> & Sendable,
        _ high: KeyPath<RunSummary, Double?> & Sendable
    ) -> [Metric] {
        [
            measure(figure.name + "_low", unit: figure.unit, polarity: figure.polarity) { $0[keyPath: low] },
            measure(figure.name + "_high", unit: figure.unit, polarity: figure.polarity) { $0[keyPath: high] },
        ]
    }
}
