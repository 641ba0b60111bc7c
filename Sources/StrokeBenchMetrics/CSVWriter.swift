import Foundation
import StrokeBenchSpec

/// Writes RFC 4180 CSV: a header row, comma-separated fields, CRLF line ends, fields quoted when
/// they hold a comma, a quote or a line break.
package struct CSVWriter {
    private(set) package var text = ""

    package init(header: [String]) { append(header) }

    /// Appends one row.
    package mutating func append(_ fields: [String]) {
        text += fields.map(Self.escape).joined(separator: ",")
        text += "\r\n"
    }

    static func escape(_ field: String) -> String {
        // Bytes, not Characters: a per-frame CSV escapes tens of fields a frame, and grapheme breaking
        // each one cost more than the replay.
        guard
            field.utf8.contains(where: {
                $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\n")
                    || $0 == UInt8(ascii: "\r")
            })
        else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Forgets the rows written so far (a stream that has written them to a file).
    package mutating func clear() { text.removeAll(keepingCapacity: true) }

    /// Formats a number for CSV: fixed decimals, no exponent, exactly as `String(format: "%.4f")` does.
    ///
    /// A per-frame CSV formats a dozen numbers a frame, and `String(format:)` took more time than a dry
    /// replay itself; so a number whose scaled value is clearly not a rounding tie is rounded and printed
    /// as integers, and anything else (a near tie, a huge or non-finite value) goes to `String(format:)`.
    /// `CSVNumberTests` checks the two agree.
    package static func number(_ v: Double, digits: Int = 4) -> String {
        guard (0...9).contains(digits) else { return String(format: "%.\(digits)f", v) }
        let scale = Self.powersOfTen[digits]
        let scaled = abs(v) * Double(scale)
        // The product is within |scaled|·2^-53 of the exact one: a fraction farther than that from one
        // half rounds the same way as the exact value, which is what printf rounds.
        let fraction = scaled - scaled.rounded(.down)
        guard v.isFinite, scaled < 0x1p52, abs(fraction - 0.5) > scaled * 0x1p-50 + 0x1p-60 else {
            return String(format: "%.\(digits)f", v)
        }
        let units = UInt64(scaled.rounded(.toNearestOrAwayFromZero))
        var text = v.sign == .minus ? "-" : ""
        text += String(units / scale)
        guard digits > 0 else { return text }
        let decimals = String(units % scale)
        return text + "." + String(repeating: "0", count: digits - decimals.count) + decimals
    }

    private static let powersOfTen: [UInt64] = (0...9).map { (0..<$0).reduce(UInt64(1)) { r, _ in r * 10 } }
}

/// The per-frame CSV of `bench run --csv` (docs/model.md section 6 names the first columns), generated
/// from `FrameColumn.all`.
package enum FrameCSV {
    /// The column set's version, in the last column, `format_version`. Version 1 is every per-frame CSV
    /// written before that column existed: a file without it is read as version 1, whose columns
    /// are version 2's without `format_version`, so readers take both. Version 3 adds
    /// `main_pixels_copied` and `task_pixels_copied` (an opaque image drawn is a copy, not a blend);
    /// every other column is version 2's.
    package static let format = FormatVersion(name: "per-frame CSV", current: 3, readable: 1...3)

    /// The header: every column's name, in order.
    package static let columns = FrameColumn.all.map(\.name)

    /// The CSV text for `frames`.
    package static func render(_ frames: [FrameRecord]) -> String {
        var csv = CSVWriter(header: columns)
        for f in frames { csv.append(fields(f)) }
        return csv.text
    }

    /// One frame's fields, in the order of `columns`.
    package static func fields(_ f: FrameRecord) -> [String] {
        FrameColumn.all.map { $0.value(in: f) }
    }
}

/// The per-frame CSV written row by row while a replay runs, so that the frames of a long replay
/// need not be held in memory. Meant for the target an `AtomicFile` write gives its producer: the
/// temporary file (a replay that fails leaves the destination as it was), or a device, a FIFO or
/// standard output written in place.
///
/// Not thread-safe: the replay's thread appends.
package final class FrameCSVStream {
    /// A row could not be written.
    package struct WriteError: Error, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String { "\(path): \(reason)" }
    }

    private let sink: OutputSink
    private var buffer = CSVWriter(header: FrameCSV.columns)
    /// Rows are written in blocks of about this many bytes.
    private static let block = 1 << 16

    /// Opens `path` with `OutputTarget.openForWriting` (a new file is created or emptied; a device,
    /// a FIFO or `-` is written as it is) and buffers the header.
    package init(path: String) throws {
        do { sink = try OutputSink(path: path) } catch { throw WriteError(path: path, reason: error.reason) }
    }

    /// Appends one frame's row.
    package func append(_ frame: FrameRecord) throws {
        buffer.append(FrameCSV.fields(frame))
        if buffer.text.utf8.count >= Self.block { try flush() }
    }

    /// Writes what is buffered and closes the file.
    package func finish() throws {
        try flush()
        do { try sink.close() } catch { throw WriteError(path: sink.path, reason: error.reason) }
    }

    private func flush() throws {
        guard !buffer.text.isEmpty else { return }
        do { try sink.write(buffer.text) } catch { throw WriteError(path: sink.path, reason: error.reason) }
        buffer.clear()
    }
}
