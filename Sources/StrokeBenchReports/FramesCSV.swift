import Foundation
import StrokeBenchMetrics
import StrokeBenchSpec

/// Reading back the per-frame CSV `bench run --csv` and sweeps write: CSV import, by column name.
extension SweepFolder {
    /// The largest per-frame CSV read (1 GiB): a row is about 200 bytes, so this is millions of
    /// frames, hours of replay at 120 Hz. A larger file is refused before it is read.
    package static let maxFramesCSVBytes = 1 << 30

    /// Main-thread times (ms) of the active frames of one per-frame CSV: the samples the
    /// significance test compares. Active is `FrameRecord.isActive`: input delivered, a main-queue
    /// block run, or a picture presented; idle vsyncs cost nothing and would only dilute the test.
    ///
    /// The file is streamed, a record at a time, and bounded (`maxFramesCSVBytes`, and
    /// `CSVReader.maxFieldBytes` a field), so no file makes this read more than it keeps.
    /// With `regularOnly` (a file of a study folder), anything but a regular file is refused unopened.
    package static func activeMainMs(csvAt file: String, regularOnly: Bool = false) throws -> [Double] {
        var values: [Double] = []
        try forEachFrame(csvAt: file, regularOnly: regularOnly) { frame in
            let samples = Int(frame.cell("samples") ?? "") ?? 0
            let presented = !(frame.cell("present_ms") ?? "").isEmpty
            let mainQueue = frame.cell("trigger") == "main-queue"
            guard samples > 0 || presented || mainQueue else { return }
            values.append(try frame.time("main_ms"))
        }
        return values
    }

    /// Calls `body` with every frame of one per-frame CSV, in order, streamed and bounded as
    /// `activeMainMs` reads: a file of any version this build reads, with a `main_ms` and a `samples`
    /// column.
    /// With `regularOnly` (a file of a study folder), anything but a regular file is refused unopened.
    package static func forEachFrame(csvAt file: String, regularOnly: Bool = false, _ body: (FrameRow) throws -> Void)
        throws
    {
        try withoutActuallyEscaping(body) {
            try forEachFrame(csvAt: file, regularOnly: regularOnly, reader: FrameRowReader(file: file, body: $0))
        }
    }

    private static func forEachFrame(csvAt file: String, regularOnly: Bool, reader: FrameRowReader) throws {
        var reader = reader
        var stream = CSVReader.Stream()
        do {
            try BoundedFile.forEachChunk(of: file, limit: maxFramesCSVBytes, regularOnly: regularOnly) { chunk in
                try stream.feed(chunk) { record, line in try reader.take(record, line: line) }
            }
            try stream.finish { record, line in try reader.take(record, line: line) }
        } catch BoundedFile.Failure.tooLarge(let limit) {
            throw Failure("\(file): more than \(limit) bytes: too large for a per-frame CSV of bench")
        } catch BoundedFile.Failure.unreadable(let reason) {
            throw Failure("\(file): cannot read the per-frame CSV (\(reason))", cannotRead: true)
        } catch let failure as CSVReader.Failure {
            throw Failure("\(file): \(failure)")
        }
        guard reader.header != nil else { throw Failure("\(file): empty; not a per-frame CSV of bench") }
    }
}

/// One frame of a per-frame CSV, by column name.
package struct FrameRow {
    let file: String
    let line: Int
    let header: [String: Int]
    let record: [String]

    /// The text of column `name`, or nil when the file has no such column.
    package func cell(_ name: String) -> String? { header[name].map { record[$0] } }

    /// Column `name` as a time in ms: a finite number, 0 or more.
    /// - Throws: `SweepFolder.Failure` naming the file, the line and the column.
    package func time(_ name: String) throws -> Double {
        let text = cell(name) ?? ""
        guard let ms = Double(text) else {
            throw SweepFolder.Failure("\(file):\(line): \(name) '\(text)' is not a number")
        }
        // A time is finite and not negative: -1e308 would make a -inf median and a verdict of "better".
        guard ms.isFinite, ms >= 0 else {
            throw SweepFolder.Failure(
                "\(file):\(line): \(name) \(text) is not a possible time (a time is a finite number of ms, 0 or more)")
        }
        return ms
    }

    /// Column `name` as a count, 0 when the file has no such column.
    /// - Throws: `SweepFolder.Failure` when the column holds something else.
    package func count(_ name: String) throws -> Int {
        guard let text = cell(name) else { return 0 }
        guard let value = Int(text), value >= 0 else {
            throw SweepFolder.Failure("\(file):\(line): \(name) '\(text)' is not a count")
        }
        return value
    }
}

/// Checks a per-frame CSV's header and every record's width and version as they stream past, and hands
/// each frame on.
private struct FrameRowReader {
    let file: String
    let body: (FrameRow) throws -> Void
    private(set) var header: [String: Int]?
    private var fieldCount = 0

    init(file: String, body: @escaping (FrameRow) throws -> Void) {
        self.file = file
        self.body = body
    }

    mutating func take(_ record: [String], line: Int) throws {
        guard let header else {
            let columns = Dictionary(record.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            guard columns["main_ms"] != nil, columns["samples"] != nil else {
                throw SweepFolder.Failure("\(file): no main_ms or samples column; not a per-frame CSV of bench")
            }
            self.header = columns
            fieldCount = record.count
            return
        }
        if record == [""] { return }  // a blank line
        guard record.count == fieldCount else {
            throw SweepFolder.Failure("\(file):\(line): \(record.count) fields where the header has \(fieldCount)")
        }
        let row = FrameRow(file: file, line: line, header: header, record: record)
        // No `format_version` column is version 1 (`FrameCSV.format`): every file before the column.
        do { _ = try FrameCSV.format.check(text: row.cell("format_version") ?? "1") } catch {
            throw SweepFolder.Failure("\(file):\(line): \(error)")
        }
        try body(row)
    }
}
