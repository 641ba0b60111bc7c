import ArgumentParser
import Foundation
import StrokeBenchTraces

extension Bench.Trace {
    /// `bench trace import`: recorded human input in, one StrokeBench drawing session out.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import recorded pen input ($1 gesture logs, Omniglot drawings) as one drawing session.",
            discussion: """
                Folders are searched recursively for the format's files (.xml for dollar1, .txt for omniglot), \
                sorted by path. Every recorded sample is kept; times that step backwards are repaired by \
                retiming the fewest samples, and the repairs are reported and kept in the trace's metadata. \
                The layout on the canvas and in time is described in docs/trace-format.md.
                """)

        @Option(help: "The recorded format: \(TraceImportFormat.allCases.map(\.rawValue).joined(separator: " or ")).")
        var format: TraceImportFormat

        @Argument(help: "Files or folders to import.")
        var paths: [String]

        @Option(help: "The trace file to write.")
        var output: String

        @Option(
            parsing: .unconditional,
            help: "Pen-up pause between one file's last sample and the next file's first, in seconds.")
        var pauseBetweenFiles: Double = TraceImportLayout().pauseBetweenFiles

        @Option(
            parsing: .unconditional,
            help: "Resample the imported strokes to this digitizer rate in Hz (for example 240).")
        var resample: Double?

        func validate() throws {
            guard !paths.isEmpty else { throw ValidationError("give at least one file or folder to import") }
            guard pauseBetweenFiles.isFinite, (0...60).contains(pauseBetweenFiles) else {
                throw ValidationError("--pause-between-files must be 0...60 s, not \(pauseBetweenFiles)")
            }
            if let resample { try checkDigitizerRate(resample, option: "--resample") }
        }

        func run() throws {
            // The files the folders hold too: `--output` inside an imported folder, named like its files, is one of them.
            let inputs: [String]
            do { inputs = try TraceImporter.files(paths, format: format) } catch let error as TraceImportIOError {
                throw BenchFailure.io(error.description)
            }
            try refuseOverwriting(
                inputs.map { NamedPath(name: "a file to import", path: $0) },
                with: [NamedPath(name: "--output", path: output)])
            try checkWritable(output, option: "--output")
            var layout = TraceImportLayout()
            layout.pauseBetweenFiles = pauseBetweenFiles
            var trace: StrokeBenchTraces.Trace
            do {
                trace = try TraceImporter.importSession(paths, format: format, layout: layout)
            } catch let error as TraceError {
                throw BenchFailure.data(error.description)
            } catch let error as TraceImportIOError {
                throw BenchFailure.io(error.description)
            }
            if let resample { trace = try resampled(trace, to: resample, file: paths.joined(separator: ", ")) }
            try writeTrace(trace, to: output)
            print(
                "imported \(trace.metadata("import-files") ?? "?") \(format.rawValue) files: \(trace.strokes.count) stroke\(trace.strokes.count == 1 ? "" : "s"), "
                    + "\(trace.sampleCount) samples, \(String(format: "%.1f", trace.duration)) s -> \(output)")
            print("repairs: \(trace.metadata("import-repairs") ?? "none")")
        }
    }
}
