/// Reads RFC 4180 CSV, the dialect `CSVWriter` writes: quoted fields may hold commas, quotes
/// (doubled) and line breaks; lines end in CRLF or LF.
package enum CSVReader {
    /// A malformed file, with the 1-based line where the problem starts.
    package struct Failure: Error, CustomStringConvertible {
        package var line: Int
        package var reason: String
        package var description: String { "line \(line): \(reason)" }
    }

    /// The longest field read, in bytes: a per-frame CSV's longest is a few dozen. A file that is one
    /// long line is refused where that field passes this, not read whole into memory.
    package static let maxFieldBytes = 1 << 16

    /// Every record of `text`, the header included. A trailing line break ends the last record
    /// rather than starting an empty one.
    package static func records(_ text: String) throws -> [[String]] {
        var records: [[String]] = []
        var stream = Stream()
        var bytes = Array(text.utf8)
        try bytes.withUnsafeMutableBytes {
            try stream.feed(UnsafeRawBufferPointer($0)) { record, _ in records.append(record) }
        }
        try stream.finish { record, _ in records.append(record) }
        return records
    }

    /// The records after the header, keyed by the header's names.
    /// - Throws: `Failure` when a record has a different number of fields than the header.
    package static func rows(_ text: String) throws -> (header: [String], rows: [[String: String]]) {
        let all = try records(text)
        guard let header = all.first else { return ([], []) }
        var rows: [[String: String]] = []
        for (offset, record) in all.dropFirst().enumerated() {
            if record == [""] { continue }  // a blank line
            guard record.count == header.count else {
                throw Failure(line: offset + 2, reason: "\(record.count) fields where the header has \(header.count)")
            }
            rows.append(Dictionary(zip(header, record).map { ($0, $1) }, uniquingKeysWith: { first, _ in first }))
        }
        return (header, rows)
    }

    /// The parser, fed a file's bytes a chunk at a time: each record is handed on, with the line it
    /// starts on, as soon as it ends, so a file of any length is read in the memory of one record.
    package struct Stream {
        private var record: [String] = []
        private var field: [UInt8] = []
        private var quoted = false, afterQuote = false, quoteInQuoted = false, sawAnything = false
        private var line = 1, quoteLine = 1, recordLine = 1

        package init() {}

        /// Parses `bytes`, calling `emit` with each record that ends in them and its first line.
        package mutating func feed(_ bytes: UnsafeRawBufferPointer, emit: ([String], Int) throws -> Void) throws {
            for byte in bytes { try take(byte, emit: emit) }
        }

        /// Ends the input: the last record, if it has no line break after it.
        package mutating func finish(emit: ([String], Int) throws -> Void) throws {
            if quoteInQuoted {
                quoteInQuoted = false
                quoted = false
                afterQuote = true
            }
            if quoted { throw Failure(line: quoteLine, reason: "a quoted field is never closed") }
            if sawAnything || !record.isEmpty {
                endField()
                try emit(record, recordLine)
                record = []
            }
        }

        private mutating func take(_ byte: UInt8, emit: ([String], Int) throws -> Void) throws {
            sawAnything = true
            if quoteInQuoted {
                // A quote inside a quoted field: doubled, it is a quote; otherwise it closed the field.
                quoteInQuoted = false
                if byte == UInt8(ascii: "\"") {
                    try append(byte)
                    return
                }
                quoted = false
                afterQuote = true
            }
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    quoteInQuoted = true
                    return
                }
                if byte == UInt8(ascii: "\n") { line += 1 }
                try append(byte)
                return
            }
            switch byte {
            case UInt8(ascii: ","):
                endField()
            case UInt8(ascii: "\r"):
                break  // part of CRLF; a bare CR is not a line end in what we write
            case UInt8(ascii: "\n"):
                endField()
                try emit(record, recordLine)
                record = []
                line += 1
                recordLine = line
                sawAnything = false
            case UInt8(ascii: "\""):
                guard field.isEmpty, !afterQuote else {
                    throw Failure(line: line, reason: "a quote inside an unquoted field")
                }
                quoted = true
                quoteLine = line
            default:
                if afterQuote { throw Failure(line: line, reason: "text after a closing quote") }
                try append(byte)
            }
        }

        private mutating func append(_ byte: UInt8) throws {
            guard field.count < CSVReader.maxFieldBytes else {
                throw Failure(
                    line: line, reason: "a field longer than \(CSVReader.maxFieldBytes) bytes; not a CSV bench writes")
            }
            field.append(byte)
        }

        private mutating func endField() {
            record.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            afterQuote = false
        }
    }
}
