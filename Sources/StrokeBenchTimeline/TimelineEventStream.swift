import Foundation
import StrokeBenchMetrics
import StrokeBenchSpec

/// One event of a timeline, in the Chrome trace-event format (the JSON that ui.perfetto.dev and
/// chrome://tracing open): a slice, an instant, a counter sample, a name, or one end of a flow arrow.
/// Named for the timeline: in StrokeBench a "trace" is always recorded touch input.
///
/// Times are whole nanoseconds of the replay's own time base; the file carries them as microseconds
/// with three decimals, so no rounding happens on the way out and slices add up exactly.
package struct TimelineEvent: Sendable {
    /// The event's kind, as the format's `ph` letter.
    package enum Phase: String, Sendable {
        /// A slice with a start and a duration (`X`).
        case complete = "X"
        /// A moment on one thread (`i`, thread scope).
        case instant = "i"
        /// A sample of one or more counters (`C`); each argument is a series.
        case counter = "C"
        /// A process or thread name or sort order (`M`).
        case metadata = "M"
        /// The start of a flow arrow (`s`), bound to the slice that encloses it.
        case flowStart = "s"
        /// The end of a flow arrow (`f`), bound to the slice that encloses it (`bp: e`).
        case flowEnd = "f"
    }

    /// An argument value.
    package enum Argument: Sendable {
        case int(Int)
        case double(Double)
        case string(String)
        case bool(Bool)
    }

    package var phase: Phase
    package var name: String
    /// Category (`cat`), for filtering; nil to leave it out.
    package var category: String?
    package var pid: Int
    package var tid: Int
    /// Start, in nanoseconds (ignored for metadata).
    package var time: Int64
    /// Duration in nanoseconds, for `complete` slices.
    package var duration: Int64?
    /// Flow id, for `flowStart` and `flowEnd`.
    package var id: Int?
    /// Arguments, in order.
    package var args: [(String, Argument)]

    package init(
        _ phase: Phase, name: String, category: String? = nil, pid: Int, tid: Int, time: Int64 = 0,
        duration: Int64? = nil, id: Int? = nil, args: [(String, Argument)] = []
    ) {
        self.phase = phase
        self.name = name
        self.category = category
        self.pid = pid
        self.tid = tid
        self.time = time
        self.duration = duration
        self.id = id
        self.args = args
    }

    /// The event as one JSON object, without spaces.
    package var json: String {
        var s = "{\"ph\":\"\(phase.rawValue)\",\"name\":\(Self.quoted(name))"
        if let category { s += ",\"cat\":\(Self.quoted(category))" }
        s += ",\"pid\":\(pid),\"tid\":\(tid)"
        if phase != .metadata { s += ",\"ts\":\(Self.microseconds(time))" }
        if let duration { s += ",\"dur\":\(Self.microseconds(duration))" }
        switch phase {
        case .instant: s += ",\"s\":\"t\""
        case .flowEnd: s += ",\"bp\":\"e\""
        default: break
        }
        if let id { s += ",\"id\":\(id)" }
        if !args.isEmpty {
            s += ",\"args\":{" + args.map { "\(Self.quoted($0.0)):\(Self.value($0.1))" }.joined(separator: ",") + "}"
        }
        return s + "}"
    }

    /// Nanoseconds as decimal microseconds, exactly: `1234567` is `1234.567`.
    static func microseconds(_ ns: Int64) -> String {
        let sign = ns < 0 ? "-" : ""
        let magnitude = ns.magnitude
        let fraction = String(magnitude % 1000)
        return "\(sign)\(magnitude / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    static func value(_ argument: Argument) -> String {
        switch argument {
        case .int(let v): return String(v)
        case .double(let v):
            guard v.isFinite else { return "null" }
            var text = String(format: "%.6f", v)
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            return text == "-0" ? "0" : text
        case .string(let v): return quoted(v)
        case .bool(let v): return v ? "true" : "false"
        }
    }

    /// A JSON string literal.
    static func quoted(_ text: String) -> String {
        var s = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": s += "\\\""
            case "\\": s += "\\\\"
            case "\n": s += "\\n"
            case "\r": s += "\\r"
            case "\t": s += "\\t"
            case _ where scalar.value < 0x20: s += String(format: "\\u%04x", scalar.value)
            default: s.unicodeScalars.append(scalar)
            }
        }
        return s + "\""
    }
}

/// Writes Chrome trace-event JSON (`{"displayTimeUnit": ..., "otherData": ..., "traceEvents": [...]}`)
/// event by event, in blocks, so that the timeline of an hour-long replay is never held in memory.
/// Meant for the target an `AtomicFile` write gives its producer: the temporary file (a replay that
/// fails leaves the destination as it was), or a device, a FIFO or standard output written in place.
///
/// Thread-safe: in the realtime clock the render queues report from their own threads. The format
/// does not need events in time order; viewers sort them.
///
/// A write error does not stop the replay: the first one is kept, later events are dropped, and
/// `finish()` throws it.
package final class TimelineEventStream: @unchecked Sendable {  // everything mutable is guarded by `lock`
    /// The file could not be written.
    package struct WriteError: Error, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String { "\(path): \(reason)" }
    }

    /// The version of the layout this writer produces (`otherData.strokebench_timeline_version`):
    /// which processes and threads there are and what their events mean (docs/timeline.md). bench only
    /// writes it; `scripts/plot_timeline.py` reads it and refuses other versions.
    package static let format = FormatVersion(name: "timeline", current: 1)
    /// `format.current`.
    package static var version: Int { format.current }

    private let sink: OutputSink
    private let lock = NSLock()
    private var buffer = ""
    private var first = true
    private var failure: WriteError?
    private var written = 0
    /// Events appended so far.
    package var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return written
    }
    /// Events are written in blocks of about this many bytes.
    private static let block = 1 << 16

    /// Opens `path` with `OutputTarget.openForWriting` (a new file is created or emptied; a device,
    /// a FIFO or `-` is written as it is) and buffers the header.
    ///
    /// - Parameter metadata: string pairs for `otherData` (strategy, device, clock, ...), after the version.
    package init(path: String, metadata: [(String, String)]) throws {
        do { sink = try OutputSink(path: path) } catch { throw WriteError(path: path, reason: error.reason) }
        let other = [("strokebench_timeline_version", String(Self.version))] + metadata
        buffer =
            "{\"displayTimeUnit\":\"ms\",\"otherData\":{"
            + other.map { "\(TimelineEvent.quoted($0.0)):\(TimelineEvent.quoted($0.1))" }.joined(separator: ",")
            + "},\"traceEvents\":[\n"
    }

    /// Appends one event.
    package func append(_ event: TimelineEvent) {
        let text = event.json
        lock.lock()
        defer { lock.unlock() }
        guard failure == nil else { return }
        if !first { buffer += ",\n" }
        first = false
        buffer += text
        written += 1
        if buffer.utf8.count >= Self.block { flush() }
    }

    /// Closes the array and the object, writes what is buffered and closes the file.
    ///
    /// - Throws: `WriteError`, the first write that failed.
    package func finish() throws {
        lock.lock()
        defer { lock.unlock() }
        buffer += "\n]}\n"
        flush()
        if let failure { throw failure }
        do { try sink.close() } catch { throw WriteError(path: sink.path, reason: error.reason) }
    }

    /// Writes the buffer; the caller holds `lock`.
    private func flush() {
        guard failure == nil, !buffer.isEmpty else { return }
        do { try sink.write(buffer) } catch {
            failure = WriteError(path: sink.path, reason: error.reason)
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
