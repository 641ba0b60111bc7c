import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads one $1 Unistroke gesture log: a `<Gesture>` element holding one stroke of
/// `<Point X="78" Y="156" T="118638558" />` elements, X and Y in screen pixels (origin top-left,
/// y down, as StrokeBench's canvas), T in milliseconds of the device's tick count (only differences
/// mean anything). Files usually start with a UTF-8 byte order mark.
///
/// Foundation's `XMLParser` does the parsing, so entities, comments and attribute order are
/// handled as XML says; it reads the 1,584 files of the shared subset in well under a second.
public enum DollarOneImporter {
    /// Parses one file's bytes; `file` names it in errors.
    /// - Throws: `TraceError` with the line of the first problem: malformed XML, a `<Point>` missing
    ///   an attribute or with one that is not a finite number, or a file with no points.
    public static func parse(_ data: Data, file: String) throws(TraceError) -> RecordedDrawing {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let hasBOM = data.starts(with: bom)
        let collector = PointCollector(file: file)
        let parser = XMLParser(data: hasBOM ? data.dropFirst(3) : data)
        parser.delegate = collector
        let ok = parser.parse()
        if let problem = collector.problem { throw problem }
        guard ok else {
            let reason = parser.parserError.map { "not well-formed XML (\(xmlProblem(($0 as NSError).code)))" } ?? "not well-formed XML"
            throw TraceError(file: file, line: parser.lineNumber, reason: reason)
        }
        // libxml2 reports no error for a document cut off after a complete tag, so a half-written
        // log would pass as a shorter gesture: an element still open at the end means truncation.
        if let open = collector.openElements.last {
            throw TraceError(file: file, line: parser.lineNumber, reason: "the file ends inside <\(open)>: truncated?")
        }
        guard !collector.points.isEmpty else { throw TraceError(file: file, line: 0, reason: "no <Point> elements: not a $1 gesture log") }
        return RecordedDrawing.assemble(file: file, strokes: [collector.points], timeScale: 0.001, byteOrderMark: hasBOM)
    }

    /// libxml2's error codes (`xmlParserErrors`, which XMLParser passes through without a message)
    /// in words, for the ones bad input usually hits; the number for the rest.
    static func xmlProblem(_ code: Int) -> String {
        let names: [Int: String] = [
            3: "no document start", 4: "empty document or not XML", 5: "extra content after the document",
            9: "invalid character", 23: "entity reference without ';'", 26: "undeclared entity",
            38: "'<' in an attribute value", 39: "attribute value not quoted", 40: "attribute value not finished",
            41: "attribute without a value", 57: "XML declaration not finished", 65: "space required",
            68: "name required", 73: "'>' required", 76: "closing tag does not match", 77: "tag not finished (truncated file?)",
            89: "entity expands into itself or too far", 108: "unknown XML version",
        ]
        return names[code].map { "\($0), libxml2 error \(code)" } ?? "libxml2 error \(code)"
    }

    /// Collects `<Point>` attributes; stops the parser at the first bad one.
    private final class PointCollector: NSObject, XMLParserDelegate {
        let file: String
        var points: [(x: Double, y: Double, t: Double)] = []
        var problem: TraceError?
        /// Elements started and not yet ended, outermost first.
        var openElements: [String] = []

        init(file: String) { self.file = file }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            _ = openElements.popLast()
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            openElements.append(elementName)
            guard elementName == "Point" else { return }
            func number(_ name: String) -> Double? {
                guard let text = attributes[name] else {
                    problem = TraceError(file: file, line: parser.lineNumber, reason: "<Point> has no \(name) attribute")
                    return nil
                }
                guard let v = Double(text.trimmingCharacters(in: .whitespaces)), v.isFinite else {
                    problem = TraceError(file: file, line: parser.lineNumber, reason: "<Point> \(name) '\(text[...].quotedForError())' is not a finite number")
                    return nil
                }
                return v
            }
            guard let x = number("X"), let y = number("Y"), let t = number("T") else { parser.abortParsing(); return }
            if let reason = _ImportLimits.problem(x: x, y: y, t: t, first: points.first?.t) {
                problem = TraceError(file: file, line: parser.lineNumber, reason: "<Point> " + reason)
            } else if points.count >= TraceFormat.maxSamples {
                problem = TraceError(file: file, line: parser.lineNumber, reason: "more than \(TraceFormat.maxSamples) points: too large to replay")
            }
            if problem != nil { parser.abortParsing(); return }
            points.append((x, y, t))
        }
    }
}
