import StrokeBenchSpec
import StrokeBenchUnits

/// One column of the per-frame CSV: its name, its unit, and how a frame's cell is written. The
/// header and every row are generated from `FrameColumn.all`, so they cannot drift apart.
package struct FrameColumn: Sendable, CustomStringConvertible {
    /// The header's name for the column (`main_ms`).
    package let name: String
    /// `ms`, `px`, `B`, or empty for counts, text and the version.
    package let unit: String
    private let cell: @Sendable (FrameRecord) -> String

    /// A column whose cell `cell` writes.
    package init(_ name: String, unit: String = "", cell: @escaping @Sendable (FrameRecord) -> String) {
        self.name = name
        self.unit = unit
        self.cell = cell
    }

    /// The column's cell for `frame`.
    package func value(in frame: FrameRecord) -> String { cell(frame) }

    package var description: String { name }

    /// A time in ms, to four decimals.
    static func ms(_ name: String, _ read: @escaping @Sendable (FrameRecord) -> Double) -> FrameColumn {
        FrameColumn(name, unit: "ms") { CSVWriter.number(read($0)) }
    }

    /// A time in ms the frame may not have (no picture presented, no latency): empty when absent.
    static func optionalMs(_ name: String, _ read: @escaping @Sendable (FrameRecord) -> Double?) -> FrameColumn {
        FrameColumn(name, unit: "ms") { read($0).map { CSVWriter.number($0) } ?? "" }
    }

    /// A whole number: a count, a counter, an index.
    static func count(_ name: String, unit: String = "", _ read: @escaping @Sendable (FrameRecord) -> Int)
        -> FrameColumn
    {
        FrameColumn(name, unit: unit) { String(read($0)) }
    }
}

extension FrameColumn {
    /// Every column, in order. The first twelve are docs/model.md section 6's contract; columns added later
    /// go at the end, so scripts that read by position keep working.
    package static let all: [FrameColumn] = contract + turn + counters + mainThread + background + [formatVersion]

    /// The columns docs/model.md section 6 names.
    static let contract: [FrameColumn] = [
        count("frame") { $0.frame }, ms("vsync_ms") { $0.vsyncMs }, count("samples") { $0.samples },
        ms("main_ms") { $0.mainMs }, ms("render_ms") { $0.renderMs }, ms("composite_ms") { $0.compositeMs },
        ms("overrun_ms") { $0.overrunMs }, count("missed_vsyncs") { $0.missedVsyncs }, ms("hitch_ms") { $0.hitchMs },
        optionalMs("latency_max_ms") { $0.latencyMaxMs },
        count("pixels_rasterized", unit: "px") { $0.counters.pixelsRasterized },
        count("bytes_copied", unit: "B") { $0.counters.bytesCopied },
    ]

    /// When the turn ran and what its main-thread time was spent on.
    static let turn: [FrameColumn] = [
        FrameColumn("trigger") { $0.trigger.rawValue }, ms("start_ms") { $0.startMs }, ms("end_ms") { $0.endMs },
        ms("deadline_ms") { $0.deadlineMs }, optionalMs("present_ms") { $0.presentMs }, ms("input_ms") { $0.inputMs },
        ms("observers_ms") { $0.observersMs }, ms("commit_ms") { $0.commitMs },
        optionalMs("latency_min_ms") { $0.latencyMinMs },
    ]

    /// The rest of the turn's work counters, and the points the strategy still holds.
    static let counters: [FrameColumn] = [
        count("segments_stroked") { $0.counters.segmentsStroked },
        count("bitmaps_allocated") { $0.counters.bitmapsAllocated },
        count("tasks_started") { $0.counters.tasksStarted }, count("tasks_cancelled") { $0.counters.tasksCancelled },
        count("tasks_superseded") { $0.counters.tasksSuperseded },
        count("pixels_composited", unit: "px") { $0.counters.pixelsComposited },
        count("points_retained") { $0.pointsRetained },
    ]

    /// A column of counted work after its prefix (`main_`, `task_`): its name, its unit, and how to
    /// read it from a tally.
    private struct Kind: Sendable {
        let name: String, unit: String
        /// In the background renders' columns too: uploads happen at a commit and the extended share is
        /// a detail of the main thread's pixels.
        let background: Bool
        let read: @Sendable (WorkCounters) -> Int
        init(
            _ name: String, unit: String = "", background: Bool = true,
            _ read: @escaping @Sendable (WorkCounters) -> Int
        ) {
            self.name = name
            self.unit = unit
            self.background = background
            self.read = read
        }
    }

    /// Every kind the device model charges a thread for, in `WorkKind`'s order (compositing is the render
    /// server's, a column of its own above), with the extended-range share of the pixels after the bitmaps.
    private static let kinds: [Kind] = WorkKind.allCases.filter { $0 != .pixelComposited }.flatMap { kind -> [Kind] in
        let column = Kind(kind.columnName, unit: kind.unit, background: kind.isDoneInBackground) { kind.count(in: $0) }
        return kind == .bitmapAllocated ? [column, extendedRange] : [column]
    }

    /// The extended-range pixels among those cleared, filled, blended, stroked and uploaded: a detail
    /// of the main thread's pixels, not a kind of its own.
    private static let extendedRange = Kind("extended_range_pixels", unit: "px", background: false) {
        $0.extendedRangePixels
    }

    /// The main thread's own work, by kind (`main_pixels_cleared`, ...).
    static let mainThread: [FrameColumn] = kinds.map { kind in
        count("main_\(kind.name)", unit: kind.unit) { kind.read($0.mainCounters) }
    }

    /// Background tasks' own work, by the same kinds (`task_pixels_cleared`, ...): `counters` less
    /// `mainCounters`, the work of the renders whose completion ran in this turn, which `render_ms` times
    /// for an async strategy's frame.
    static let background: [FrameColumn] = kinds.filter(\.background).map { kind in
        count("task_\(kind.name)", unit: kind.unit) { kind.read($0.taskCounters) }
    }

    /// The file's version on every row, as `summary.csv` has it: a row copied out of its file still says
    /// which column set it belongs to.
    static let formatVersion = FrameColumn("format_version") { _ in String(FrameCSV.format.current) }
}

extension FrameRecord {
    /// Background tasks' share of `counters`: what the renders whose completion ran in this turn did.
    var taskCounters: WorkCounters { counters - mainCounters }
}
