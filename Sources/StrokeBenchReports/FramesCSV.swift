import Foundation
import StrokeBenchMetrics
import StrokeBenchSpec

/// Reading back the per-frame CSV `bench run --csv` and sweeps write: CSV import, by column name.
extension SweepFolder {
    /// Main-thread times (ms) of the active frames of one per-frame CSV: the samples the
    /// significance test compares. Active is `FrameRecord.isActive`: input delivered, a main-queue
    /// block run, or a picture presented; idle vsyncs cost nothing and would only dilute the test.
    public static func activeMainMs(csvAt file: String) throws -> [Double] {
        let text: String
        do { text = try String(contentsOfFile: file, encoding: .utf8) }
        catch { throw Failure("\(file): cannot read the per-frame CSV") }
        let table: (header: [String], rows: [[String: String]])
        do { table = try CSVReader.rows(text) } catch { throw Failure("\(file): \(error)") }
        guard table.header.contains("main_ms"), table.header.contains("samples") else {
            throw Failure("\(file): no main_ms or samples column; not a per-frame CSV of bench")
        }
        var values: [Double] = []
        for (offset, row) in table.rows.enumerated() {
            // No `format_version` column is version 1 (`FrameCSV.format`): every file before the column.
            do { _ = try FrameCSV.format.check(text: row["format_version"] ?? "1") }
            catch { throw Failure("\(file):\(offset + 2): \(error)") }
            let samples = Int(row["samples"] ?? "") ?? 0
            let presented = !(row["present_ms"] ?? "").isEmpty
            let mainQueue = row["trigger"] == "main-queue"
            guard samples > 0 || presented || mainQueue else { continue }
            let text = row["main_ms"] ?? ""
            guard let ms = Double(text) else { throw Failure("\(file):\(offset + 2): main_ms '\(text)' is not a number") }
            // A time is finite and not negative: -1e308 would make a -inf median and a verdict of "better".
            guard ms.isFinite, ms >= 0 else {
                throw Failure("\(file):\(offset + 2): main_ms \(text) is not a possible time (a time is a finite number of ms, 0 or more)")
            }
            values.append(ms)
        }
        return values
    }
}
