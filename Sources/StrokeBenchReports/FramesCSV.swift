import Foundation
import StrokeBenchMetrics
import StrokeBenchSpec

/// Reading back the per-frame CSV `bench run --csv` and sweeps write: CSV import, by column name.
extension SweepFolder {
    /// The largest per-frame CSV read (1 GiB): a row is about 200 bytes, so this is millions of
    /// frames, hours of replay at 120 Hz. A larger file is refused before it is read.
    public static let maxFramesCSVBytes = 1 << 30

    /// Main-thread times (ms) of the active frames of one per-frame CSV: the samples the
    /// significance test compares. Active is `FrameRecord.isActive`: input delivered, a main-queue
    /// block run, or a picture presented; idle vsyncs cost nothing and would only dilute the test.
    ///
    /// The file is streamed, a record at a time, and bounded (`maxFramesCSVBytes`, and
    /// `CSVReader.maxFieldBytes` a field), so no file makes this read more than it keeps.
    public static func activeMainMs(csvAt file: String) throws -> [Double] {
        var reader = ActiveMainMsReader(file: file)
        var stream = CSVReader.Stream()
        do {
            try BoundedFile.forEachChunk(of: file, limit: maxFramesCSVBytes) { chunk in
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
        return reader.values
    }
}

/// The columns `activeMainMs` reads, taken from a per-frame CSV's records as they stream past.
private struct ActiveMainMsReader {
    let file: String
    private(set) var header: [String: Int]?
    private(set) var values: [Double] = []
    private var fieldCount = 0

    init(file: String) { self.file = file }

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
        if record == [""] { return } // a blank line
        guard record.count == fieldCount else {
            throw SweepFolder.Failure("\(file):\(line): \(record.count) fields where the header has \(fieldCount)")
        }
        func cell(_ name: String) -> String? { header[name].map { record[$0] } }
        // No `format_version` column is version 1 (`FrameCSV.format`): every file before the column.
        do { _ = try FrameCSV.format.check(text: cell("format_version") ?? "1") }
        catch { throw SweepFolder.Failure("\(file):\(line): \(error)") }
        let samples = Int(cell("samples") ?? "") ?? 0
        let presented = !(cell("present_ms") ?? "").isEmpty
        let mainQueue = cell("trigger") == "main-queue"
        guard samples > 0 || presented || mainQueue else { return }
        let text = cell("main_ms") ?? ""
        guard let ms = Double(text) else { throw SweepFolder.Failure("\(file):\(line): main_ms '\(text)' is not a number") }
        // A time is finite and not negative: -1e308 would make a -inf median and a verdict of "better".
        guard ms.isFinite, ms >= 0 else {
            throw SweepFolder.Failure("\(file):\(line): main_ms \(text) is not a possible time (a time is a finite number of ms, 0 or more)")
        }
        values.append(ms)
    }
}
