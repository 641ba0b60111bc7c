import Foundation

/// Writes RFC 4180 CSV: a header row, comma-separated fields, CRLF line ends, fields quoted when
/// they hold a comma, a quote or a line break.
public struct CSVWriter {
    private(set) public var text = ""

    public init(header: [String]) { append(header) }

    /// Appends one row.
    public mutating func append(_ fields: [String]) {
        text += fields.map(Self.escape).joined(separator: ",")
        text += "\r\n"
    }

    static func escape(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Formats a number for CSV: fixed decimals, no exponent.
    public static func number(_ v: Double, digits: Int = 4) -> String { String(format: "%.\(digits)f", v) }
}

/// The per-frame CSV of `bench run --csv` (MODEL.md section 6 names the first columns).
public enum FrameCSV {
    public static let columns = [
        "frame", "vsync_ms", "samples", "main_ms", "render_ms", "composite_ms", "overrun_ms", "missed_vsyncs",
        "hitch_ms", "latency_max_ms", "pixels_rasterized", "bytes_copied",
        "trigger", "start_ms", "end_ms", "deadline_ms", "present_ms", "input_ms", "observers_ms", "commit_ms",
        "latency_min_ms", "segments_stroked", "bitmaps_allocated", "tasks_started", "tasks_cancelled",
        "tasks_superseded", "pixels_composited", "points_retained",
    ]

    /// The CSV text for `frames`.
    public static func render(_ frames: [FrameRecord]) -> String {
        var csv = CSVWriter(header: columns)
        let n = { (v: Double) in CSVWriter.number(v) }
        let opt = { (v: Double?) in v.map { CSVWriter.number($0) } ?? "" }
        for f in frames {
            let c = f.counters
            csv.append([
                String(f.frame), n(f.vsyncMs), String(f.samples), n(f.mainMs), n(f.renderMs), n(f.compositeMs),
                n(f.overrunMs), String(f.missedVsyncs), n(f.hitchMs), opt(f.latencyMaxMs), String(c.pixelsRasterized),
                String(c.bytesCopied), f.trigger.rawValue, n(f.startMs), n(f.endMs), n(f.deadlineMs), opt(f.presentMs),
                n(f.inputMs), n(f.observersMs), n(f.commitMs), opt(f.latencyMinMs), String(c.segmentsStroked),
                String(c.bitmapsAllocated), String(c.tasksStarted), String(c.tasksCancelled), String(c.tasksSuperseded),
                String(c.pixelsComposited), String(f.pointsRetained),
            ])
        }
        return csv.text
    }
}
