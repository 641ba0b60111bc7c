import Foundation

/// A recorded-input format `bench trace import` reads.
package enum TraceImportFormat: String, CaseIterable, Sendable {
    /// The $1 Unistroke Recognizer gesture logs: one stroke per XML file, stylus, millisecond times.
    case dollar1
    /// Omniglot drawings: several strokes per text file, with the recorded pen-up pauses between them.
    case omniglot

    /// The file name extension of the format's files; folders are searched for these.
    package var fileExtension: String {
        switch self {
        case .dollar1: "xml"
        case .omniglot: "txt"
        }
    }

    /// Where the data comes from, recorded as `source` in the trace's metadata.
    package var source: String {
        switch self {
        case .dollar1:
            "$1 Unistroke Recognizer gesture logs: Wobbrock, Wilson and Li (2007), Gestures without libraries, "
                + "toolkits or training, Proc. ACM UIST '07, pp. 159-168; https://depts.washington.edu/acelab/proj/dollar/"
        case .omniglot:
            "Omniglot stroke data: Lake, Salakhutdinov and Tenenbaum (2015), Human-level concept learning through "
                + "probabilistic program induction, Science 350(6266); https://github.com/brendenlake/omniglot"
        }
    }

    /// The data's licence, recorded as `license` in the trace's metadata so it travels with every copy.
    package var license: String {
        switch self {
        case .dollar1:
            "New BSD License, Copyright (C) 2007-2012 Jacob O. Wobbrock, Andrew D. Wilson and Yang Li; "
                + "full text in LICENSE-AND-ATTRIBUTION.txt beside the source files"
        case .omniglot:
            "MIT License, Copyright (c) 2015 Brenden Lake; full text in LICENSE beside the source files"
        }
    }

    /// Reads one file of this format.
    /// - Throws: `TraceError` for malformed data, or Foundation's error when the file cannot be read.
    package func read(contentsOf path: String) throws -> RecordedDrawing {
        try parse(try TraceFormat.readBytes(of: path), file: path)
    }

    /// Parses one file's bytes; `file` names it in errors.
    package func parse(_ data: Data, file: String) throws(TraceError) -> RecordedDrawing {
        switch self {
        case .dollar1: try DollarOneImporter.parse(data, file: file)
        case .omniglot: try OmniglotImporter.parse(data, file: file)
        }
    }
}

/// One source file's strokes as recorded: its own coordinates (converted to y down) and seconds
/// from its first sample, with times already put in order by `TimeRepair`.
public struct RecordedDrawing: Hashable, Sendable {
    /// The file it was read from, for messages.
    package var file: String
    /// The strokes, each with at least one sample.
    package var strokes: [Stroke]
    /// What was repaired and what messiness was seen (`largestShift` in seconds).
    package var report: TimeRepair.Report

    /// A drawing from parts already checked and ordered.
    package init(file: String, strokes: [Stroke], report: TimeRepair.Report) {
        self.file = file
        self.strokes = strokes
        self.report = report
    }

    /// Builds a drawing from recorded points grouped into strokes: repairs the time order across the
    /// whole file (the native format needs it across strokes too), converts times to seconds from
    /// the first sample, and counts repeated points.
    /// - Parameter timeScale: seconds per recorded time unit (0.001 for milliseconds).
    static func assemble(
        file: String, strokes raw: [[(x: Double, y: Double, t: Double)]], timeScale: Double,
        byteOrderMark: Bool
    ) -> RecordedDrawing {
        let (times, timeReport) = TimeRepair.repair(raw.flatMap { $0.map(\.t) })
        var report = timeReport
        report.largestShift *= timeScale
        report.byteOrderMarks = byteOrderMark ? 1 : 0
        let origin = times.first ?? 0
        var next = 0
        var strokes: [Stroke] = []
        for points in raw {
            var samples: [Sample] = []
            samples.reserveCapacity(points.count)
            for (k, p) in points.enumerated() {
                if k > 0, p.x == points[k - 1].x, p.y == points[k - 1].y { report.repeatedPoints += 1 }
                samples.append(Sample(time: (times[next] - origin) * timeScale, x: p.x, y: p.y))
                next += 1
            }
            strokes.append(Stroke(samples: samples))
        }
        return RecordedDrawing(file: file, strokes: strokes, report: report)
    }
}

/// The bounds every importer enforces on recorded values, so that what an import produces can be
/// written and read back as a native trace, and so that a corrupt file is refused by line rather
/// than turned into an absurd canvas or session.
enum _ImportLimits {
    /// Largest |x| or |y| in recorded units: a tenth of the native limit, so that a page of 3 x 4
    /// cells, each as large as the widest drawing, still fits `TraceFormat.maxCoordinate`.
    static let maxCoordinate = TraceFormat.maxCoordinate / 10
    /// Largest time from a file's first point to any other, in recorded milliseconds (a week).
    static let maxSpanMs = TraceFormat.maxTime * 1000
    /// Largest |t| as recorded, in milliseconds: tick counts are large, but past this a double no
    /// longer holds whole milliseconds.
    static let maxRecordedMs = 1e15

    /// Checks one recorded point; `first` is the file's first time, if one was seen.
    /// - Returns: nil when the point is acceptable, else the reason to refuse it.
    static func problem(x: Double, y: Double, t: Double, first: Double?) -> String? {
        if abs(x) > maxCoordinate || abs(y) > maxCoordinate {
            return "coordinate (\(x), \(y)) is absurdly large (beyond ±\(Int(maxCoordinate)))"
        }
        if abs(t) > maxRecordedMs { return "time \(t) ms is absurdly large" }
        if let first, abs(t - first) > maxSpanMs {
            return "time \(t) ms is more than a week from the file's first point (\(first) ms)"
        }
        return nil
    }
}

/// A path that could not be listed or read during an import (an I/O problem, not bad data).
package struct TraceImportIOError: Error, CustomStringConvertible {
    /// The path at fault, as given.
    package var path: String
    /// What went wrong, in words.
    package var reason: String
    /// An error for `path`.
    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    /// `path: reason`, the one-line form people see.
    package var description: String { "\(path): \(reason)" }
}

/// Turns recorded files into one StrokeBench drawing session. The layout is documented in
/// `docs/trace-format.md`; in short:
///
/// - **Files** are taken in the order given; a folder contributes every file with the format's
///   extension below it, recursively, sorted by path (byte order), so a folder imports the same way
///   on every machine. Hidden files and folders (a leading dot) are skipped.
/// - **Space**: the canvas is a page of `columns` x `rows` cells, each as large as the largest
///   drawing's bounding box plus `margin` on every side. Drawing *i* goes in cell *i* mod
///   (`columns` x `rows`), row by row, translated so its bounding box is centred in the cell and
///   otherwise keeping its recorded shape and size. After the last cell the page starts again at
///   the first, drawing over what is there, as someone filling page after page would: it keeps the
///   recorded scale instead of shrinking thousands of gestures onto one canvas.
/// - **Time**: every stroke keeps its recorded timing, and the pen-up pauses inside a file are the
///   recorded ones. Files follow one another with `pauseBetweenFiles` of pen-up time between the
///   last sample of one and the first of the next, because no format records the time between files.
package struct TraceImportLayout: Hashable, Sendable {
    /// Cells across the page.
    package var columns = 3
    /// Cells down the page (3 x 4 cells is about the portrait shape of a tablet).
    package var rows = 4
    /// Empty space around a drawing's bounding box in its cell, in the recorded units.
    package var margin = 12.0
    /// Pen-up time between the end of one file and the start of the next, in seconds.
    package var pauseBetweenFiles = 0.5

    /// The documented layout: 3 x 4 cells, 12-unit margins, 0.5 s between files.
    package init() {}

    /// Lays `drawings` out as one session. The metadata names the format's source and licence, the
    /// files, the layout and what was repaired.
    package func session(_ drawings: [RecordedDrawing], format: TraceImportFormat) -> Trace {
        var report = TimeRepair.Report()
        var cellWidth = 0.0
        var cellHeight = 0.0
        var boxes: [(minX: Double, minY: Double, maxX: Double, maxY: Double)] = []
        for d in drawings {
            report.merge(d.report)
            let all = d.strokes.lazy.flatMap(\.samples)
            let box = (
                minX: all.map(\.x).min() ?? 0, minY: all.map(\.y).min() ?? 0,
                maxX: all.map(\.x).max() ?? 0, maxY: all.map(\.y).max() ?? 0
            )
            boxes.append(box)
            cellWidth = max(cellWidth, box.maxX - box.minX)
            cellHeight = max(cellHeight, box.maxY - box.minY)
        }
        cellWidth = (cellWidth + 2 * margin).rounded(.up)
        cellHeight = (cellHeight + 2 * margin).rounded(.up)

        var strokes: [Stroke] = []
        var start = 0.0
        for (i, d) in drawings.enumerated() {
            let cell = i % (columns * rows)
            let box = boxes[i]
            let dx = Double(cell % columns) * cellWidth + (cellWidth - (box.maxX - box.minX)) / 2 - box.minX
            let dy = Double(cell / columns) * cellHeight + (cellHeight - (box.maxY - box.minY)) / 2 - box.minY
            for stroke in d.strokes {
                strokes.append(
                    Stroke(
                        samples: stroke.samples.map {
                            Sample(time: start + $0.time, x: $0.x + dx, y: $0.y + dy, force: $0.force)
                        }))
            }
            start = (strokes.last?.endTime ?? start) + pauseBetweenFiles
        }
        let metadata: [(key: String, value: String)] = [
            ("source", format.source),
            ("license", format.license),
            ("import-format", format.rawValue),
            ("import-files", String(drawings.count)),
            (
                "import-layout",
                "\(columns)x\(rows) cells of \(TraceFormat.format(cellWidth)) x \(TraceFormat.format(cellHeight)), "
                    + "file order, bounding boxes centred, pages drawn over; recorded timing, "
                    + "\(TraceFormat.format(pauseBetweenFiles, digits: 3)) s between files"
            ),
            ("import-pause-between-files-s", TraceFormat.format(pauseBetweenFiles, digits: 6)),
            ("import-repairs", report.description),
        ]
        return Trace(
            canvas: CanvasSize(width: Double(columns) * max(cellWidth, 1), height: Double(rows) * max(cellHeight, 1)),
            metadata: metadata, strokes: strokes)
    }
}

/// Finds the files an import reads and reads them.
package enum TraceImporter {
    /// The files named by `paths`: a file as given, a folder searched recursively for files with the
    /// format's extension (case-insensitive), sorted by path. Folder names may contain spaces.
    /// - Throws: `TraceImportIOError` for a path that does not exist or a folder that cannot be listed.
    package static func files(_ paths: [String], format: TraceImportFormat) throws -> [String] {
        var result: [String] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw TraceImportIOError(path: path, reason: "no such file or folder")
            }
            guard isDirectory.boolValue else {
                result.append(path)
                continue
            }
            guard let walker = fm.enumerator(atPath: path) else {
                throw TraceImportIOError(path: path, reason: "cannot list the folder")
            }
            var found: [String] = []
            while let relative = walker.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") {
                    walker.skipDescendants()
                    continue
                }
                guard (name as NSString).pathExtension.lowercased() == format.fileExtension else { continue }
                let full = (path as NSString).appendingPathComponent(relative)
                var isFolder: ObjCBool = false
                if fm.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue { found.append(full) }
            }
            // Byte order, not locale order: the same on every machine.
            result += found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        }
        return result
    }

    /// Reads every file `paths` names and lays them out as one session.
    /// - Throws: `TraceError` (bad data, naming the file and line) or `TraceImportIOError`.
    package static func importSession(
        _ paths: [String], format: TraceImportFormat,
        layout: TraceImportLayout = TraceImportLayout()
    ) throws -> Trace {
        let files = try files(paths, format: format)
        guard !files.isEmpty else {
            throw TraceImportIOError(
                path: paths.joined(separator: " "), reason: "no .\(format.fileExtension) files found")
        }
        var drawings: [RecordedDrawing] = []
        drawings.reserveCapacity(files.count)
        var samples = 0
        var bytes = 0
        for file in files {
            let data: Data
            do { data = try TraceFormat.readBytes(of: file) } catch let error as TraceError { throw error } catch {
                throw TraceImportIOError(path: file, reason: "cannot read the file")
            }
            // The whole session must fit what a native trace may hold, checked as it grows so that
            // a folder of many large files is refused before it is all in memory.
            bytes += data.count
            guard bytes <= TraceFormat.maxFileBytes else {
                throw TraceError(
                    file: file, line: 0,
                    reason:
                        "the files up to this one hold more than \(TraceFormat.maxFileBytes) bytes: too large to import as one trace"
                )
            }
            let drawing = try format.parse(data, file: file)
            samples += drawing.strokes.reduce(0) { $0 + $1.samples.count }
            guard samples <= TraceFormat.maxSamples else {
                throw TraceError(
                    file: file, line: 0,
                    reason:
                        "the files up to this one hold more than \(TraceFormat.maxSamples) samples: too large to replay"
                )
            }
            drawings.append(drawing)
        }
        let session = layout.session(drawings, format: format)
        guard session.duration <= TraceFormat.maxTime else {
            throw TraceError(
                file: files.last!, line: 0,
                reason:
                    "the session up to this file lasts \(Int(session.duration)) s, more than the \(Int(TraceFormat.maxTime)) s a trace may"
            )
        }
        return session
    }
}
