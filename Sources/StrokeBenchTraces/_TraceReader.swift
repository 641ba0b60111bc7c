import StrokeBenchSpec

/// The state of reading one trace file, line by line, with one method per kind of record: the header,
/// `canvas`, `meta`, `stroke`, a sample and `end` (`TraceFormat.parseVersioned`; docs/trace-format.md).
struct _TraceReader {
    let file: String
    let maxSamples: Int
    private var lineNumber = 0
    private var sawHeader = false
    private var canvas: CanvasSize?
    private var metadata: [(key: String, value: String)] = []
    private var strokes: [Stroke] = []
    /// The stroke being read, nil before the first `stroke` record and after `end`.
    private var current: [Sample]? = nil
    /// Where the open stroke began, named if it turns out empty.
    private var currentLine = 0
    private var lastTime = -Double.infinity
    private var samples = 0
    private var fileVersion = TraceFormat.version
    private var endLine: Int?

    init(file: String, maxSamples: Int) {
        self.file = file
        self.maxSamples = maxSamples
    }

    private func fail(_ line: Int, _ reason: String) -> TraceError {
        TraceError(file: file, line: line, reason: reason)
    }

    /// Reads line `number`; `lines` is there to look ahead (a stroke reserves room for its samples).
    mutating func read(line rawLine: Substring, number: Int, lines: inout _TextLines) throws(TraceError) {
        lineNumber = number
        var line = rawLine
        if lineNumber == 1, line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return }
        // Most lines are valid samples: read them from their bytes (anything else, or anything this
        // refuses, goes on to the general path and its exact error).
        if current != nil, endLine == nil, samples < maxSamples, let sample = TraceFormat.fastSample(trimmed),
            sample.time >= lastTime
        {
            lastTime = sample.time
            samples += 1
            current!.append(sample)
            return
        }
        let fields = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard sawHeader else { return try readHeader(fields) }
        if let endLine { throw fail(lineNumber, "a record after the 'end' record of line \(endLine)") }
        switch fields[0] {
        case "end" where fileVersion >= 2: try readEnd(fields)
        case "canvas": try readCanvas(fields)
        case "meta": try readMeta(fields, trimmed)
        case "stroke": try openStroke(lines: &lines)
        default: try readSample(fields)
        }
    }

    /// `strokebench-trace VERSION`.
    private mutating func readHeader(_ fields: [Substring]) throws(TraceError) {
        let magic = TraceFormat.magic
        guard fields.first == Substring(magic) else {
            throw fail(lineNumber, "not a StrokeBench trace (expected '\(magic) \(TraceFormat.version)')")
        }
        guard fields.count == 2 else { throw fail(lineNumber, "missing format version") }
        // Text that is not a number is quoted here (it may hold control characters); a number goes to
        // the one sentence every format says about a version it does not read.
        guard let v = Int(fields[1]) else {
            throw fail(lineNumber, "format version '\(fields[1].quotedForError())' is not a number")
        }
        do { fileVersion = try TraceFormat.format.check(v) } catch { throw fail(lineNumber, error.description) }
        sawHeader = true
    }

    /// `end SAMPLES STROKES` (version 2): closes the last stroke and checks the counts.
    private mutating func readEnd(_ fields: [Substring]) throws(TraceError) {
        try closeStroke()
        guard fields.count == 3, let n = Int(fields[1]), let m = Int(fields[2]) else {
            throw fail(lineNumber, "'end' needs the sample and stroke counts")
        }
        guard n >= 0, m >= 0 else {
            throw fail(
                lineNumber,
                "'end' needs counts of 0 or more, not \(fields[1].quotedForError()) \(fields[2].quotedForError())")
        }
        guard n == samples, m == strokes.count else {
            throw fail(
                lineNumber,
                "'end' counts \(n) samples in \(m) strokes, but the file holds \(samples) in \(strokes.count): "
                    + TraceFormat.endMismatch(counted: (n, m), held: (samples, strokes.count)))
        }
        endLine = lineNumber
    }

    /// `canvas WIDTH HEIGHT`, once.
    private mutating func readCanvas(_ fields: [Substring]) throws(TraceError) {
        guard canvas == nil else { throw fail(lineNumber, "second 'canvas' line") }
        guard fields.count == 3 else { throw fail(lineNumber, "'canvas' needs a width and a height") }
        let w = try number(fields[1], "canvas width")
        let h = try number(fields[2], "canvas height")
        guard w > 0, h > 0 else {
            throw fail(
                lineNumber,
                "canvas must have a positive size, not \(fields[1].quotedForError()) x \(fields[2].quotedForError())")
        }
        let limit = TraceFormat.maxCoordinate
        guard w <= limit, h <= limit else {
            throw fail(
                lineNumber,
                "canvas \(fields[1].quotedForError()) x \(fields[2].quotedForError()) is absurdly large (more than \(Int(limit)) points)"
            )
        }
        canvas = CanvasSize(width: w, height: h)
    }

    /// `meta KEY VALUE...`: the value is the rest of the line, spaces kept.
    private mutating func readMeta(_ fields: [Substring], _ trimmed: Substring) throws(TraceError) {
        guard fields.count >= 2 else { throw fail(lineNumber, "'meta' needs a key") }
        let key = String(fields[1])
        let afterKey = trimmed.dropFirst(4).drop { $0 == " " || $0 == "\t" }.dropFirst(key.count)
        metadata.append((key, String(afterKey.drop { $0 == " " || $0 == "\t" })))
    }

    /// `stroke`: closes the open stroke and opens a new one.
    private mutating func openStroke(lines: inout _TextLines) throws(TraceError) {
        guard canvas != nil else { throw fail(lineNumber, "'stroke' before the 'canvas' line") }
        try closeStroke()
        // Room for every line up to the next stroke: an array grown by doubling would hold the old and
        // the new storage at once, up to three times the samples.
        current = []
        current!.reserveCapacity(min(lines.countBeforeNextRecord("stroke"), maxSamples - samples + 1))
        currentLine = lineNumber
    }

    /// Adds the open stroke to the trace; a stroke with no samples is an error at the line it began.
    private mutating func closeStroke(_ hint: String = "") throws(TraceError) {
        guard let done = current else { return }
        guard !done.isEmpty else { throw fail(currentLine, "stroke with no samples\(hint)") }
        strokes.append(Stroke(samples: done))
        current = nil
    }

    /// `TIME X Y [FORCE]`, by the general path: whatever the fast path refused, with its exact error.
    private mutating func readSample(_ fields: [Substring]) throws(TraceError) {
        guard current != nil else {
            // A number here is a sample whose 'stroke' line is missing; anything else is a word we do not know.
            let reason =
                Double(fields[0]) != nil
                ? "sample before any 'stroke' line" : "unknown record '\(fields[0].quotedForError())'"
            throw fail(lineNumber, reason)
        }
        // A word where a sample's time belongs is a record we do not know, not a short sample.
        if fields[0].first?.isLetter == true && Double(fields[0]) == nil {
            throw fail(lineNumber, "unknown record '\(fields[0].quotedForError())'")
        }
        guard fields.count == 3 || fields.count == 4 else {
            throw fail(lineNumber, "a sample is 'time x y [force]', found \(fields.count) fields")
        }
        let t = try number(fields[0], "time")
        let x = try number(fields[1], "x")
        let y = try number(fields[2], "y")
        let force = fields.count == 4 ? try number(fields[3], "force") : nil
        guard t >= 0, t <= TraceFormat.maxTime else {
            throw fail(lineNumber, "time \(fields[0].quotedForError()) is outside 0...\(Int(TraceFormat.maxTime)) s")
        }
        let limit = TraceFormat.maxCoordinate
        guard abs(x) <= limit, abs(y) <= limit else {
            throw fail(
                lineNumber,
                "coordinate (\(fields[1].quotedForError()), \(fields[2].quotedForError())) is absurdly large (beyond ±\(Int(limit)) points)"
            )
        }
        if let force, force < 0 || force > 1000 { throw fail(lineNumber, "force \(force) is outside 0...1000") }
        guard t >= lastTime else {
            throw fail(lineNumber, "time goes backwards (\(fields[0].quotedForError()) s after \(lastTime) s)")
        }
        lastTime = t
        samples += 1
        guard samples <= maxSamples else {
            throw fail(lineNumber, "more than \(maxSamples) samples: too large to replay")
        }
        current!.append(Sample(time: t, x: x, y: y, force: force))
    }

    private func number(_ field: Substring, _ name: String) throws(TraceError) -> Double {
        guard let v = Double(field), v.isFinite else {
            throw fail(lineNumber, "\(name) '\(field.quotedForError())' is not a finite number")
        }
        return v
    }

    /// The trace, once every line is read: header, canvas and (version 2) the `end` record required.
    mutating func finish() throws(TraceError) -> (trace: Trace, version: Int) {
        guard sawHeader else { throw fail(0, "no '\(TraceFormat.magic) \(TraceFormat.version)' header") }
        guard let canvas else { throw fail(0, "no 'canvas' line") }
        if fileVersion >= 2 && endLine == nil {
            throw fail(
                0,
                "no 'end' record after line \(lineNumber): the file is cut short (an interrupted copy or a full disk?)")
        }
        try closeStroke(" (truncated file?)")
        return (Trace(canvas: canvas, metadata: metadata, strokes: strokes), fileVersion)
    }
}
