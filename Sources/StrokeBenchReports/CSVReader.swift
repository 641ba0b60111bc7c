/// Reads RFC 4180 CSV, the dialect `CSVWriter` writes: quoted fields may hold commas, quotes
/// (doubled) and line breaks; lines end in CRLF or LF.
public enum CSVReader {
    /// A malformed file, with the 1-based line where the problem starts.
    public struct Failure: Error, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    /// Every record of `text`, the header included. A trailing line break ends the last record
    /// rather than starting an empty one.
    public static func records(_ text: String) throws -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false, afterQuote = false
        var line = 1, quoteLine = 1
        var iterator = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func next() -> Unicode.Scalar? {
            if let p = pending { pending = nil; return p }
            return iterator.next()
        }
        var sawAnything = false
        while let c = next() {
            sawAnything = true
            if quoted {
                if c == "\"" {
                    if let following = next() {
                        if following == "\"" { field.unicodeScalars.append("\"") } else { quoted = false; afterQuote = true; pending = following }
                    } else { quoted = false; afterQuote = true }
                } else {
                    if c == "\n" { line += 1 }
                    field.unicodeScalars.append(c)
                }
                continue
            }
            switch c {
            case ",":
                record.append(field); field = ""; afterQuote = false
            case "\r":
                break // part of CRLF; a bare CR is not a line end in what we write
            case "\n":
                record.append(field); field = ""; afterQuote = false
                records.append(record); record = []
                line += 1
                sawAnything = false
            case "\"":
                guard field.isEmpty, !afterQuote else { throw Failure(line: line, reason: "a quote inside an unquoted field") }
                quoted = true; quoteLine = line
            default:
                if afterQuote { throw Failure(line: line, reason: "text after a closing quote") }
                field.unicodeScalars.append(c)
            }
        }
        if quoted { throw Failure(line: quoteLine, reason: "a quoted field is never closed") }
        if sawAnything || !record.isEmpty { record.append(field); records.append(record) }
        return records
    }

    /// The records after the header, keyed by the header's names.
    /// - Throws: `Failure` when a record has a different number of fields than the header.
    public static func rows(_ text: String) throws -> (header: [String], rows: [[String: String]]) {
        let all = try records(text)
        guard let header = all.first else { return ([], []) }
        var rows: [[String: String]] = []
        for (offset, record) in all.dropFirst().enumerated() {
            if record == [""] { continue } // a blank line
            guard record.count == header.count else {
                throw Failure(line: offset + 2, reason: "\(record.count) fields where the header has \(header.count)")
            }
            rows.append(Dictionary(zip(header, record).map { ($0, $1) }, uniquingKeysWith: { first, _ in first }))
        }
        return (header, rows)
    }
}
