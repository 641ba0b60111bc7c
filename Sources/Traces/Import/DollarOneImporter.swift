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
            let reason = parser.parserError.map { "not well-formed XML (\(($0 as NSError).code))" } ?? "not well-formed XML"
            throw TraceError(file: file, line: parser.lineNumber, reason: reason)
        }
        guard !collector.points.isEmpty else { throw TraceError(file: file, line: 0, reason: "no <Point> elements: not a $1 gesture log") }
        return RecordedDrawing.assemble(file: file, strokes: [collector.points], timeScale: 0.001, byteOrderMark: hasBOM)
    }

    /// Collects `<Point>` attributes; stops the parser at the first bad one.
    private final class PointCollector: NSObject, XMLParserDelegate {
        let file: String
        var points: [(x: Double, y: Double, t: Double)] = []
        var problem: TraceError?

        init(file: String) { self.file = file }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
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
