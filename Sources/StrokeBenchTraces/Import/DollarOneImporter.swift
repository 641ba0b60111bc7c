internal import CLibXML2
import Foundation

/// Reads one $1 Unistroke gesture log: a `<Gesture>` element holding one stroke of
/// `<Point X="78" Y="156" T="118638558" />` elements, X and Y in screen pixels (origin top-left,
/// y down, as StrokeBench's canvas), T in milliseconds of the device's tick count (only differences
/// mean anything). Files usually start with a UTF-8 byte order mark.
///
/// libxml2's streaming reader (`xmlTextReader`) does the parsing, so comments, character references
/// and attribute order are handled as XML says. A document type declaration, and an encoding other
/// than UTF-8, are refused before libxml2 sees them: the logs have neither, and a DTD's entities are
/// the one way a small file can make the parser build text without bound (`prologProblem`). Not
/// Foundation's `XMLParser`: on Linux it crashes on some malformed documents (an element name that
/// is not UTF-8, a processing instruction with no data), which the FuzzDollarOne target found.
public enum DollarOneImporter {
    /// Parses one file's bytes; `file` names it in errors.
    /// - Throws: `TraceError` with the line of the first problem: bytes that are not UTF-8, another
    ///   encoding declared, a document type declaration, malformed XML (an entity reference other than XML's five predefined ones
    ///   among it), a `<Point>` missing an attribute or with one that is not a finite number, or a file
    ///   with no points.
    public static func parse(_ data: Data, file: String) throws(TraceError) -> RecordedDrawing {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let hasBOM = data.starts(with: bom)
        let body = Data(hasBOM ? data.dropFirst(3) : data)
        // The logs declare UTF-8; saying so names the problem better than libxml2's "invalid character".
        guard body.contains(where: { !(Character(UnicodeScalar($0)).isWhitespace) }) else {
            throw TraceError(file: file, line: 0, reason: "empty file")
        }
        if let line = firstInvalidUTF8Line(body) {
            throw TraceError(file: file, line: line, reason: "not UTF-8 text")
        }
        if let problem = prologProblem(body) {
            throw TraceError(file: file, line: problem.line, reason: problem.reason)
        }
        let points = try body.withUnsafeBytes { buffer in
            Result { () throws(TraceError) in try readPoints(buffer, file: file) }
        }.get()
        guard !points.isEmpty else {
            throw TraceError(file: file, line: 0, reason: "no <Point> elements: not a $1 gesture log")
        }
        return RecordedDrawing.assemble(file: file, strokes: [points], timeScale: 0.001, byteOrderMark: hasBOM)
    }

    /// Walks the document's nodes and collects every `<Point>`; stops at the first problem.
    private static func readPoints(_ buffer: UnsafeRawBufferPointer, file: String) throws(TraceError) -> [(
        x: Double, y: Double, t: Double
    )] {
        // The reader reads `buffer` in place: everything happens inside the caller's withUnsafeBytes.
        // Never fetch a DTD or entity from the network; count lines past 65,535. The bytes are read
        // as the UTF-8 they were checked to be, whatever the XML declaration says: a declared
        // encoding such as UTF-7 could spell `<!DOCTYPE` in bytes `documentTypeLine` never sees.
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_IGNORE_ENC.rawValue)
        guard let base = buffer.baseAddress?.assumingMemoryBound(to: CChar.self), buffer.count > 0,
            let reader = xmlReaderForMemory(base, Int32(buffer.count), nil, "UTF-8", options)
        else {
            throw TraceError(file: file, line: 1, reason: "not well-formed XML (\(xmlProblem(4)))")
        }
        defer { xmlFreeTextReader(reader) }
        strokebench_xml_silence_generic_errors()  // per thread in libxml2: set on every call
        var firstError = strokebench_xml_error()
        strokebench_xml_capture_errors(reader, &firstError)

        var points: [(x: Double, y: Double, t: Double)] = []
        var openElements: [String] = []
        while true {
            let status = xmlTextReaderRead(reader)
            if status == 0 { break }
            // The node's own line: the parser itself may have read ahead.
            let line =
                xmlTextReaderCurrentNode(reader).map { Int(xmlGetLineNo($0)) }
                ?? Int(xmlTextReaderGetParserLineNumber(reader))
            guard status == 1, firstError.set == 0 else {
                let code = firstError.set != 0 ? Int(firstError.code) : 1
                let at = firstError.set != 0 && firstError.line > 0 ? Int(firstError.line) : line
                throw TraceError(file: file, line: at, reason: "not well-formed XML (\(xmlProblem(code)))")
            }
            switch xmlTextReaderNodeType(reader) {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                let name = xmlTextReaderConstName(reader).map { String(cString: $0) } ?? ""
                if xmlTextReaderIsEmptyElement(reader) == 0 { openElements.append(name) }
                guard name == "Point" else { continue }
                func number(_ attribute: String) throws(TraceError) -> Double {
                    guard let value = xmlTextReaderGetAttribute(reader, attribute) else {
                        throw TraceError(file: file, line: line, reason: "<Point> has no \(attribute) attribute")
                    }
                    let text = String(cString: value)
                    strokebench_xml_free(value)
                    guard let v = Double(text.trimmingCharacters(in: .whitespaces)), v.isFinite else {
                        throw TraceError(
                            file: file, line: line,
                            reason: "<Point> \(attribute) '\(text[...].quotedForError())' is not a finite number")
                    }
                    return v
                }
                let x = try number("X")
                let y = try number("Y")
                let t = try number("T")
                if let reason = _ImportLimits.problem(x: x, y: y, t: t, first: points.first?.t) {
                    throw TraceError(file: file, line: line, reason: "<Point> " + reason)
                }
                guard points.count < TraceFormat.maxSamples else {
                    throw TraceError(
                        file: file, line: line,
                        reason: "more than \(TraceFormat.maxSamples) points: too large to replay")
                }
                points.append((x, y, t))
            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                _ = openElements.popLast()
            default:
                continue
            }
        }
        // A document cut off after a complete tag can end without an error: an element still open
        // at the end means the log was truncated, and would otherwise pass as a shorter gesture.
        if let open = openElements.last {
            throw TraceError(
                file: file, line: Int(xmlTextReaderGetParserLineNumber(reader)),
                reason: "the file ends inside <\(open)>: truncated?")
        }
        return points
    }

    /// The line holding the first byte sequence that is not UTF-8, or nil when all of it is.
    static func firstInvalidUTF8Line(_ bytes: Data) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var line = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): if scalar == "\n" { line += 1 }
            case .emptyInput: return nil
            case .error: return line
            }
        }
    }

    /// libxml2's error codes (`xmlParserErrors`, reported by number)
    /// in words, for the ones bad input usually hits; the number for the rest.
    static func xmlProblem(_ code: Int) -> String {
        let names: [Int: String] = [
            3: "no document start", 4: "empty document or not XML", 5: "extra content after the document",
            9: "invalid character", 23: "entity reference without ';'",
            26: "an entity other than XML's predefined &amp; &lt; &gt; &quot; &apos;",
            38: "'<' in an attribute value", 39: "attribute value not quoted", 40: "attribute value not finished",
            41: "attribute without a value", 57: "XML declaration not finished", 65: "space required",
            68: "name required", 73: "'>' required", 76: "closing tag does not match",
            77: "tag not finished (truncated file?)",
            89: "entity expands into itself or too far", 108: "unknown XML version",
        ]
        return names[code].map { "\($0), libxml2 error \(code)" } ?? "libxml2 error \(code)"
    }
}
