import StrokeBenchMetrics
import StrokeBenchSpec
import StrokeBenchStrategies

/// The tidy `summary.csv` of a sweep: one row per run, the configuration first, then every figure of
/// the run's `RunSummary` as its own column (`main_ms_p99`, `hitch_ratio_ms_per_s`,
/// `pixels_rasterized`, ...), so that a spreadsheet, pandas or R reads it without reshaping.
package enum SummaryCSV {
    /// Version of the column set, in the `format_version` column.
    package static let format = FormatVersion(name: "summary.csv", current: 1)

    /// One column: its name and how a run's cell is written, given the strategies the sweep knew.
    /// Header and rows both come from `layout`, so a column cannot be added to one and not the other.
    struct Column: Sendable {
        let name: String
        let cell: @Sendable (SweptRun, StrategyCatalog) -> String

        /// A figure of the run's summary, written as the metric writes it.
        static func metric(_ metric: Metric) -> Column {
            Column(name: metric.name) { swept, _ in metric.csvCell(in: swept.summary) }
        }
        /// Text, or a figure that is not a metric (the hitch band, the picture).
        static func text(_ name: String, _ cell: @escaping @Sendable (SweptRun) -> String) -> Column {
            Column(name: name) { swept, _ in cell(swept) }
        }
        /// A field of the run's spec, as its declaration writes it (`SpecField.csvCell`), under its key;
        /// the rate and workers as the run resolved them.
        static func spec(_ field: SpecField) -> Column {
            Column(name: field.key) { swept, strategies in
                let context = SpecField.Context(
                    declared: strategies.options(of: swept.spec.strategy), deviceRate: swept.summary.hz,
                    workers: swept.summary.workers)
                return field.csvCell(swept.spec, context)
            }
        }
    }

    /// The configuration columns, in order. `run` is the position in the full plan; `frames_csv` the
    /// per-frame CSV of the run, relative to the sweep folder; `machine` where it was measured.
    static let configuration: [Column] = [
        .text("format_version") { _ in String(format.current) }, .text("run") { String($0.run.index) },
        .text("run_id") { $0.run.id }, .spec(.strategy), .spec(.device), .spec(.hz), .spec(.clock), .spec(.delivery),
        .spec(.trace), .text("repetition") { String($0.run.repetition) }, .spec(.workers),
        .text("machine") { $0.summary.machine }, .text("frames_csv") { $0.framesCSV },
    ]

    /// The figure columns, in order: every scalar figure as its `Metric`, and the summary's text.
    static let figures: [Column] = {
        var columns: [Column] = [Metric.frames, .durationS, .samples].map(Column.metric)
        columns += Metric.percentiles.map(Column.metric)
        columns += [
            Metric.droppedFrames, .droppedPct, .droppedWorstSecond, .droppedLongestRun, .missedVsyncs,
            .hitchTotalMs, .hitchRatio,
        ].map(Column.metric)
        columns.append(.text("hitch_band") { $0.summary.hitchBand.rawValue })
        columns += ([Metric.cpuS, .peakMemoryMB] + Metric.counters + [.threadsPeak]).map(Column.metric)
        columns += picture
        // Added after the first sweeps: at the end, so older summaries keep their column order.
        columns += [
            Metric.mainUsPerThousandPoints, .blankFrames, .staleFrames, .backlogPeak, .bitmapBytesPeak,
            .displayLinkFps, .mainThreadBusyPct,
        ].map(Column.metric)
        columns += [.spec(.costs), .spec(.input)]
        columns += [Metric.samplesNeverShown, .inkUpdatesPerS, .longestStaleMs, .rendersWastedPct].map(Column.metric)
        // With modelled costs, each figure's range over the model's stated uncertainty; empty otherwise.
        columns += Metric.modelledEnds.map(Column.metric)
        // The strategy's own options as command-line arguments (`--graver-fade-in 0.2`); empty for none.
        columns.append(.spec(.options))
        // With modelled costs, the share of the model's draws in each hitch band; empty otherwise.
        columns += Metric.bandShares.map(Column.metric)
        // The run's one judgement (`RunJudgement`): its word (keeps up, may hitch, hitches, drops frames,
        // ink lags, no ink), and at the end, the failing dimensions behind it, worst first.
        columns.append(.text("verdict") { $0.summary.judgement.verdict.rawValue })
        // Pen-to-pixel latency by stage's headline figures (docs/latency.md); empty when nothing was shown.
        columns += Metric.penToPixel.map(Column.metric)
        // The frames the render server may queue (a sweep axis, `--present-queue-depth`).
        columns.append(.spec(.presentQueueDepth))
        // Predicted touches (a sweep axis, `--predict`), and their figures (docs/latency.md); empty without.
        columns.append(.spec(.predict))
        columns += Metric.prediction.map(Column.metric)
        // The digitizer's rate when the run set it (`--touch-hz`); empty for the device's own.
        columns.append(.spec(.touchRate))
        // The front-buffered wet-ink layer (a sweep axis, `--wet-ink`), and what it cost; empty without.
        columns.append(.spec(.wetInk))
        columns += Metric.wetInk.map(Column.metric)
        columns.append(.metric(.busyMsPerS))
        columns.append(.text("reasons") { $0.summary.judgement.reasons.map(\.text).joined(separator: "; ") })
        // Added later: the ranges of main-thread time and latency p95 and of the ink rate.
        columns += Metric.laterModelledEnds.map(Column.metric)
        // The render server's busy share, and with modelled costs its range.
        columns += ([Metric.renderServerBusyPct] + Metric.renderServerBusyEnds).map(Column.metric)
        // With modelled costs, the ranges of pen-to-pixel latency (p50, p95) and of composite time (p95).
        columns += Metric.latestModelledEnds.map(Column.metric)
        // The prediction's horizon was the last column before perceived latency got its range.
        columns.append(.spec(.predictHorizon))
        // With modelled costs, the ranges of perceived latency (p50, p95).
        columns += Metric.perceivedModelledEnds.map(Column.metric)
        // Every spec field not placed above (any field declared later), at
        // the end, so a field added to `SpecField.all` is a column without a word changed here.
        let placed = Set((configuration + columns).map(\.name))
        columns += SpecField.all.filter { !placed.contains($0.key) }.map(Column.spec)
        return columns
    }()

    /// How the final picture compares with the reference; empty cells for a run without one.
    static let picture: [Column] = [
        .text("picture_checksum") { $0.summary.picture?.checksum ?? "" },
        .text("picture_differing_pct") { $0.summary.picture.map { CSVWriter.number($0.differingPct) } ?? "" },
        .text("picture_max_channel_diff") { $0.summary.picture.map { String($0.maxChannelDiff) } ?? "" },
        .text("picture_matches_reference") { $0.summary.picture.map { String($0.matchesReference) } ?? "" },
    ]

    /// Every column, in order.
    static let layout = configuration + figures

    /// The configuration columns' names, in order.
    package static let configurationColumns = configuration.map(\.name)
    /// The figure columns' names, in order.
    package static let figureColumns = figures.map(\.name)
    /// Every column of `summary.csv`, in order.
    package static let columns = layout.map(\.name)
    /// The counters: deterministic for a trace and strategy, so comparable across machines.
    package static let counterColumns = Metric.counters.map(\.name)

    /// The row for one finished run, aligned with `columns`; its options in the order its strategy in
    /// `strategies` declares them.
    package static func fields(_ swept: SweptRun, strategies: StrategyCatalog) -> [String] {
        layout.map { $0.cell(swept, strategies) }
    }

    /// The whole `summary.csv` of `runs`, in plan order.
    package static func render(_ runs: [SweptRun], strategies: StrategyCatalog) -> String {
        var csv = CSVWriter(header: columns)
        for run in runs.sorted(by: { $0.run.index < $1.run.index }) { csv.append(fields(run, strategies: strategies)) }
        return csv.text
    }
}
