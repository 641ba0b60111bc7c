import Foundation

/// Reads one Omniglot drawing: a `START` line, then lines of `x,y,t` (t in milliseconds since the
/// drawing's first point), each stroke closed by a `BREAK` line (pen up). Coordinates are in
/// Omniglot's "motor space", where y is negated relative to the 105 x 105 image; the importer
/// negates y back, so the drawing is upright on StrokeBench's y-down canvas.
///
/// Times run on across strokes, so the gap between a stroke's last point and the next stroke's
/// first is the recorded pen-up pause. Browser event timing repeats times and occasionally steps
/// backwards; `TimeRepair` orders them.
public enum OmniglotImporter {
    /// Parses one file's bytes; `file` names it in errors.
    /// - Throws: `TraceError` with the line: a line that is neither `START`, `BREAK` nor three
    ///   numbers, a `BREAK` with no points before it, or a file with no points. Points after the
    ///   last `BREAK` are kept as a final stroke, since the pen must have lifted at the end.
    public static func parse(_ data: Data, file: String) throws(TraceError) -> RecordedDrawing {
        guard let text = String(data: data, encoding: .utf8) else {
            throw TraceError(file: file, line: 0, reason: "not UTF-8 text")
        }
        var strokes: [[(x: Double, y: Double, t: Double)]] = []
        var current: [(x: Double, y: Double, t: Double)] = []
        // Foundation drops a leading byte order mark while decoding, so look at the bytes.
        let hasBOM = data.starts(with: [0xEF, 0xBB, 0xBF])
        var first: Double?
        var count = 0
        for (lineNumber, raw) in _TextLines(text) {
            var line = raw
            if lineNumber == 1, line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
            line = line.drop { $0 == " " || $0 == "\t" }
            while let last = line.last, last == "\r" || last == " " || last == "\t" { line = line.dropLast() }
            if line.isEmpty { continue }
            if line == "START" { continue }
            if line == "BREAK" {
                guard !current.isEmpty else {
                    throw TraceError(file: file, line: lineNumber, reason: "BREAK with no points before it")
                }
                strokes.append(current)
                current = []
                continue
            }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == 3 else {
                throw TraceError(
                    file: file, line: lineNumber,
                    reason: "expected START, BREAK or 'x,y,t', found '\(line.quotedForError())'")
            }
            var values: [Double] = []
            for (field, name) in zip(fields, ["x", "y", "t"]) {
                guard let v = Double(field.trimmingCharacters(in: .whitespaces)), v.isFinite else {
                    throw TraceError(
                        file: file, line: lineNumber,
                        reason: "\(name) '\(field.quotedForError())' is not a finite number")
                }
                values.append(v)
            }
            if let problem = _ImportLimits.problem(x: values[0], y: values[1], t: values[2], first: first) {
                throw TraceError(file: file, line: lineNumber, reason: problem)
            }
            count += 1
            guard count <= TraceFormat.maxSamples else {
                throw TraceError(
                    file: file, line: lineNumber,
                    reason: "more than \(TraceFormat.maxSamples) points: too large to replay")
            }
            first = first ?? values[2]
            current.append((values[0], -values[1], values[2]))
        }
        if !current.isEmpty { strokes.append(current) }
        guard !strokes.isEmpty else {
            throw TraceError(file: file, line: 0, reason: "no points: not an Omniglot stroke file")
        }
        return RecordedDrawing.assemble(file: file, strokes: strokes, timeScale: 0.001, byteOrderMark: hasBOM)
    }
}
