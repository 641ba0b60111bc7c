import StrokeBenchMetrics
import StrokeBenchSpec
import StrokeBenchStrategies

/// The tidy `summary.csv` of a sweep: one row per run, the configuration first, then every figure of
/// the run's `RunSummary` as its own column (`main_ms_p99`, `hitch_ratio_ms_per_s`,
/// `pixels_rasterized`, ...), so that a spreadsheet, pandas or R reads it without reshaping.
public enum SummaryCSV {
    /// Version of the column set, in the `format_version` column.
    public static let format = FormatVersion(name: "summary.csv", current: 1)

    /// The configuration columns, in order. `run` is the position in the full plan; `frames_csv` the
    /// per-frame CSV of the run, relative to the sweep folder; `machine` where it was measured.
    public static let configurationColumns = [
        "format_version", "run", "run_id", "strategy", "device", "hz", "clock", "delivery", "trace", "repetition",
        "workers", "machine", "frames_csv",
    ]

    /// The percentile figures, each expanded to `_p50, _p90, _p95, _p99, _max`.
    static let percentileFigures = ["main_ms", "render_ms", "composite_ms", "overrun_ms", "latency_ms"]
    static let percentileSuffixes = ["p50", "p90", "p95", "p99", "max"]

    /// The figure columns, in order.
    public static let figureColumns: [String] = {
        var columns = ["frames", "duration_s", "samples"]
        for figure in percentileFigures { columns += percentileSuffixes.map { "\(figure)_\($0)" } }
        columns += [
            "dropped_frames", "dropped_pct", "dropped_worst_second", "dropped_longest_run", "missed_vsyncs",
            "hitch_total_ms", "hitch_ratio_ms_per_s", "hitch_band", "cpu_s", "peak_memory_mb",
            "pixels_rasterized", "bytes_copied", "segments_stroked", "bitmaps_allocated", "tasks_started",
            "tasks_cancelled", "tasks_superseded", "pixels_composited", "threads_peak",
            "picture_checksum", "picture_differing_pct", "picture_max_channel_diff", "picture_matches_reference",
            // Added after the first sweeps: at the end, so older summaries keep their column order.
            "main_us_per_1000_points", "blank_frames", "stale_frames", "backlog_peak", "bitmap_bytes_peak",
            "display_link_fps", "main_thread_busy_pct", "costs", "input",
            "samples_never_shown", "ink_updates_per_s", "longest_stale_ms", "renders_wasted_pct",
            // With modelled costs, each figure's range over the model's stated uncertainty; empty otherwise.
            "display_link_fps_low", "display_link_fps_high", "main_thread_busy_pct_low", "main_thread_busy_pct_high",
            "hitch_ratio_ms_per_s_low", "hitch_ratio_ms_per_s_high", "dropped_pct_low", "dropped_pct_high",
            // The strategy's own options as command-line arguments (`--graver-fade-in 0.2`); empty for none.
            "options",
        ]
        return columns
    }()

    /// Every column of `summary.csv`, in order.
    public static var columns: [String] { configurationColumns + figureColumns }

    /// The counters: deterministic for a trace and strategy, so comparable across machines.
    public static let counterColumns = [
        "pixels_rasterized", "bytes_copied", "segments_stroked", "bitmaps_allocated", "tasks_started",
        "tasks_cancelled", "tasks_superseded", "pixels_composited",
    ]

    /// The row for one finished run, aligned with `columns`.
    public static func fields(_ swept: SweptRun) -> [String] {
        let run = swept.run, s = swept.summary, framesCSV = swept.framesCSV
        let n = { (v: Double) in CSVWriter.number(v) }
        var fields: [String] = [
            String(format.current), String(run.index), run.id, s.strategy, s.device, SweepPlan.formatRate(s.hz), s.clock,
            s.delivery, s.trace, String(run.repetition), String(s.workers), s.machine, framesCSV,
            String(s.frames), n(s.durationS), String(s.samples),
        ]
        for p in [s.mainMs, s.renderMs, s.compositeMs, s.overrunMs, s.latencyMs] {
            fields += [p.p50, p.p90, p.p95, p.p99, p.max].map(n)
        }
        let c = s.counters
        fields += [
            String(s.droppedFrames), n(s.droppedPct), String(s.droppedWorstSecond), String(s.droppedLongestRun),
            String(s.missedVsyncs), n(s.hitchTotalMs), n(s.hitchRatioMsPerS), s.hitchBand.rawValue, n(s.cpuS),
            n(s.peakMemoryMB),
            String(c.pixelsRasterized), String(c.bytesCopied), String(c.segmentsStroked), String(c.bitmapsAllocated),
            String(c.tasksStarted), String(c.tasksCancelled), String(c.tasksSuperseded), String(c.pixelsComposited),
            String(c.threadsPeak),
            s.picture?.checksum ?? "", s.picture.map { n($0.differingPct) } ?? "",
            s.picture.map { String($0.maxChannelDiff) } ?? "", s.picture.map { String($0.matchesReference) } ?? "",
            n(s.mainUsPerThousandPoints), String(s.blankFrames), String(s.staleFrames), String(s.backlogPeak),
            String(s.bitmapBytesPeak), n(s.displayLinkFps), n(s.mainThreadBusyPct), s.costs, s.input,
            String(s.samplesNeverShown), n(s.inkUpdatesPerS), n(s.longestStaleMs), n(s.rendersWastedPct),
        ] + [s.displayLinkFpsLow, s.displayLinkFpsHigh, s.mainThreadBusyPctLow, s.mainThreadBusyPctHigh,
             s.hitchRatioMsPerSLow, s.hitchRatioMsPerSHigh, s.droppedPctLow, s.droppedPctHigh].map { $0.map(n) ?? "" }
        let declared = StrategyRegistry.strategy(named: swept.spec.strategy)?.options ?? []
        fields.append(swept.spec.options.arguments(declared: declared).joined(separator: " "))
        return fields
    }

    /// The whole `summary.csv` of `runs`, in plan order.
    public static func render(_ runs: [SweptRun]) -> String {
        var csv = CSVWriter(header: columns)
        for run in runs.sorted(by: { $0.run.index < $1.run.index }) { csv.append(fields(run)) }
        return csv.text
    }
}
