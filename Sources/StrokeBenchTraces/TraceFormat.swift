import Foundation
import StrokeBenchSpec

/// StrokeBench's trace file format, version 2: UTF-8 text, one record per line, so that every
/// error can name its line. Documented in `docs/trace-format.md`.
///
/// ```
/// strokebench-trace 2
/// canvas 834 1194
/// meta source generated
/// stroke
/// 0.000000 120.50 300.25
/// 0.004167 121.00 301.75 0.8
/// end 2 1
/// ```
///
/// The last record, `end SAMPLES STROKES`, tells a whole file from part of one: a copy interrupted
/// or a disk filled, even at a line boundary, leaves a file without it (or with counts that
/// disagree), which is refused. Version 1 files, written before the `end` record existed, are still
/// read; they cannot show whether they were cut short (`TraceFormat.version(of:)` tells callers).
public enum TraceFormat {
    /// The magic word of the first line.
    package static let magic = "strokebench-trace"
    /// The version written (2) and read (1, with no `end` record so a cut cannot be told, and 2).
    package static let format = FormatVersion(name: "trace", current: 2, readable: 1...2)
    /// The version this build writes.
    package static var version: Int { format.current }
    /// More samples than this are refused: a trace that large (over an hour at 240 Hz, many times)
    /// would not fit the replay's memory budget.
    public static let maxSamples = 20_000_000
    /// Coordinates and canvas sides beyond this many points are refused as absurd.
    package static let maxCoordinate = 1_000_000.0
    /// Times beyond this many seconds (a week) are refused as absurd.
    package static let maxTime = 7 * 24 * 3600.0
    /// Files larger than this (1 GiB) are refused before they are read: `maxSamples` samples take
    /// about 700 MB of text. Reading holds the file's bytes and its decoded text for a moment (twice
    /// the file), then the text and 40 bytes per sample, reserved once per stroke: 668 MB at peak
    /// for a 260 MB file of one 10-million-sample stroke, 2.6 times its size (`docs/robustness.md`).
    package static let maxFileBytes = 1 << 30

    /// What is read from a pipe or a device (which says no size) at most: 256 MiB, about 9 million
    /// samples. A larger trace is read from a file, which says its size first.
    package static let maxStreamBytes = 256 << 20

    /// Refuses a file larger than `maxFileBytes` without reading it, then returns its bytes.
    ///
    /// A pipe or a device says no size, so it is read in blocks, at most `maxStreamBytes`, and
    /// refused at the first NUL byte: text never holds one, and `/dev/zero` (or a link to it in an
    /// imported folder) is refused at once instead of after a gigabyte. The buffer never grows past
    /// the limit, so memory stays bounded by it.
    ///
    /// Plain `open`, `fstat` and `read`: the size is checked on the descriptor that is then read,
    /// and Foundation's `Data(contentsOf:)` is avoided because it leaks its buffer on an empty
    /// file (LeakSanitizer reports it under `swift test --sanitize=address`).
    /// - Throws: `TraceError` (line 0) for a file too large or not text, or `FileReadError` when it cannot be read.
    static func readBytes(of path: String, limit: Int = maxFileBytes) throws -> Data {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileReadError(path: path, errno: errno) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw FileReadError(path: path, errno: errno) }
        let regular = status.st_mode & S_IFMT == S_IFREG
        let size = regular ? Int(status.st_size) : 0
        if size > limit {
            throw TraceError(
                file: path, line: 0,
                reason: "the file is \(size) bytes, more than the \(limit) a trace may have: too large to replay")
        }
        let cap = regular ? limit : min(limit, maxStreamBytes)
        // Read to the end whatever the size said (a file may grow), but never past the cap. One
        // byte more than the size, so that a file read whole meets its end without the buffer
        // growing; and `Data` throughout, returned without another copy.
        var bytes = Data(count: min(max(size + 1, 1 << 16), cap + 1))
        var filled = 0
        while true {
            if filled == bytes.count {
                guard bytes.count <= cap else { throw tooLarge(path, cap: cap, regular: regular) }
                bytes.count = min(bytes.count * 2, cap + 1)
            }
            let n = bytes.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileReadError(path: path, errno: errno)
            }
            if n == 0 { break }
            if !regular, let offset = bytes[filled..<(filled + n)].firstIndex(of: 0) {
                throw TraceError(
                    file: path, line: 0,
                    reason: "a NUL byte at byte \(offset): not text, so not a trace (a device such as /dev/zero?)")
            }
            filled += n
        }
        bytes.count = filled
        return bytes
    }

    private static func tooLarge(_ path: String, cap: Int, regular: Bool) -> TraceError {
        regular
            ? TraceError(
                file: path, line: 0,
                reason: "the file is more than the \(cap) bytes a trace may have: too large to replay")
            : TraceError(
                file: path, line: 0,
                reason:
                    "more than the \(cap) bytes read from a pipe or device at most: save the trace to a file (a file may have up to \(maxFileBytes))"
            )
    }
}

/// read(2), under a name that `TraceFormat.read(contentsOf:)` does not hide.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }

/// A file that could not be opened or read, with the system's reason.
package struct FileReadError: Error, LocalizedError, CustomStringConvertible {
    package var path: String
    /// The system's reason, in words (`strerror`).
    package var reason: String

    init(path: String, errno code: Int32) {
        self.path = path
        reason = String(cString: strerror(code)).lowercased()
    }

    package var description: String { "\(path): \(reason)" }
    package var errorDescription: String? { reason }
}

/// Why a trace could not be read: the file, the line (1-based, 0 when the whole file is at fault) and what is wrong.
public struct TraceError: Error, Equatable, CustomStringConvertible {
    package var file: String
    package var line: Int
    package var reason: String

    package init(file: String, line: Int, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// `file:line: reason`, the one-line form people see.
    public var description: String { line > 0 ? "\(file):\(line): \(reason)" : "\(file): \(reason)" }
}

extension TraceFormat {
    /// Reads a trace file.
    /// - Throws: `TraceError` naming the file and line for malformed data, or an I/O error from
    ///   Foundation when the file cannot be read.
    package static func read(contentsOf path: String) throws -> Trace {
        try readVersioned(contentsOf: path).trace
    }

    /// Reads a trace file, with the format version it was written in (1 cannot show a cut).
    package static func readVersioned(contentsOf path: String) throws -> (trace: Trace, version: Int) {
        try parseVersioned(try readBytes(of: path), file: path)  // the bytes are consumed: freed once decoded
    }

    /// Parses trace text. `file` names the source in errors.
    /// - Parameter maxSamples: the most samples accepted (tests lower it to reach the limit cheaply).
    /// - Throws: `TraceError` naming the line (0 when the whole file is at fault).
    public static func parse(_ data: consuming Data, file: String, maxSamples: Int = TraceFormat.maxSamples)
        throws(TraceError) -> Trace
    {
        try parseVersioned(consume data, file: file, maxSamples: maxSamples).trace
    }

    /// `parse`, with the format version the text was written in.
    /// - Complexity: memory: the decoded text (for a moment beside `data`, which is released then if
    ///   the caller gave it up) and one `Sample` per sample, reserved per stroke, never doubled.
    package static func parseVersioned(_ data: consuming Data, file: String, maxSamples: Int = TraceFormat.maxSamples)
        throws(TraceError) -> (trace: Trace, version: Int)
    {
        guard !data.isEmpty else { throw TraceError(file: file, line: 0, reason: "empty file") }
        guard let text = String(data: data, encoding: .utf8) else {
            throw TraceError(file: file, line: 0, reason: "not UTF-8 text")
        }
        _ = consume data
        var reader = _TraceReader(file: file, maxSamples: maxSamples)
        var lines = _TextLines(text)
        while let (index, rawLine) = lines.next() {
            try reader.read(line: rawLine, number: index, lines: &lines)
        }
        return try reader.finish()
    }

    /// The line of `text` (1-based) that holds sample `sample` of stroke `stroke` (both from 0), as
    /// `parse` reads it; nil when there is none. For errors about a sample found after reading, which
    /// a `Trace` keeps without its lines.
    package static func line(ofSample sample: Int, inStroke stroke: Int, of text: String) -> Int? {
        var strokes = -1
        var samples = -1
        var number = 0
        var header = false
        // "\r\n" is one Character in Swift: a CRLF file splits on it, not on "\n".
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard header else {
                header = true
                continue
            }
            let word = trimmed.prefix { $0 != " " && $0 != "\t" && $0 != "\r" }
            switch word {
            case "stroke":
                strokes += 1
                samples = -1
            case "canvas", "meta", "end": continue
            default:
                guard strokes >= 0 else { continue }
                samples += 1
                if strokes == stroke && samples == sample { return number }
            }
        }
        return nil
    }

    /// Why an `end` record's counts and the file disagree: fewer held than counted is a file cut
    /// short; more held is lines added or the record edited.
    static func endMismatch(counted: (Int, Int), held: (Int, Int)) -> String {
        if counted.0 >= held.0 && counted.1 >= held.1 { return "part of the file is missing" }
        if counted.0 <= held.0 && counted.1 <= held.1 {
            return "the file holds more than its 'end' record says (lines added, or the record edited)"
        }
        return "the counts and the file disagree (the file or its 'end' record was edited)"
    }

    /// The trace as file text. Times are written to the microsecond and positions to a hundredth
    /// of a point, which `parse` reads back exactly as written.
    package static func serialize(_ trace: Trace) -> String {
        var out = "\(magic) \(version)\n"
        out += "canvas \(format(trace.canvas.width)) \(format(trace.canvas.height))\n"
        for (k, v) in trace.metadata {
            out += "meta \(k) \(v.replacingOccurrences(of: "\n", with: " "))\n"
        }
        for stroke in trace.strokes {
            out += "stroke\n"
            for s in stroke.samples {
                out += "\(format(s.time, digits: 6)) \(format(s.x)) \(format(s.y))"
                if let f = s.force { out += " \(format(f, digits: 3))" }
                out += "\n"
            }
        }
        out += "end \(trace.strokes.reduce(0) { $0 + $1.samples.count }) \(trace.strokes.count)\n"
        return out
    }

    /// Rounds a trace to what the file keeps, so that `parse(serialize(t)) == rounded(t)`.
    package static func rounded(_ trace: Trace) -> Trace {
        var t = trace
        t.strokes = t.strokes.map { s in
            Stroke(
                samples: s.samples.map {
                    Sample(
                        time: round($0.time, 6), x: round($0.x, 2), y: round($0.y, 2),
                        force: $0.force.map { round($0, 3) })
                })
        }
        return t
    }

    static func round(_ v: Double, _ digits: Int) -> Double {
        Double(format(v, digits: digits))!
    }

    static func format(_ v: Double, digits: Int = 2) -> String {
        String(format: "%.\(digits)f", v)
    }
}

extension TraceFormat {
    /// Writes a trace to `path` atomically (a temporary file renamed into place), so a failed write
    /// leaves the previous file or none. Only a regular file (or none) is replaced that way: a
    /// symbolic link is followed to its target, and a device or FIFO is written in place, never
    /// renamed over (`bench` itself writes through `AtomicFile`, which has the same rules).
    /// - Throws: Foundation's error, or `POSIXError` for a device or FIFO that cannot be written.
    package static func write(_ trace: Trace, to path: String) throws {
        let data = Data(serialize(trace).utf8)
        let target =
            realpath(path, nil).map { resolved in
                defer { free(resolved) }
                return String(cString: resolved)
            } ?? path
        var status = stat()
        guard stat(target, &status) == 0, status.st_mode & S_IFMT != S_IFREG else {
            return try data.write(to: URL(fileURLWithPath: target), options: .atomic)
        }
        let fd = open(target, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(fd) }
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                offset += n
            }
        }
    }
}
