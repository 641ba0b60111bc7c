import ArgumentParser
import Foundation
import StrokeBenchTraces

extension Bench.Trace {
    /// `bench trace resample`: a trace at another digitizer rate, marked as derived.
    struct Resample: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Resample a trace to a digitizer rate (for example 240 Hz pencil input from ~70 Hz recordings).",
            discussion: "Linear interpolation within each stroke; stroke ends, timing and pauses are kept. "
                + "The output's metadata says it is derived.")

        @Argument(help: "The trace file to resample.")
        var file: String

        @Option(parsing: .unconditional, help: "Target rate in Hz.")
        var rate: Double = 240

        @Option(help: "The trace file to write.")
        var output: String

        func validate() throws {
            try checkDigitizerRate(rate, option: "--rate")
        }

        func run() throws {
            try refuseOverwriting(
                [NamedPath(name: "the trace to resample", path: file)],
                with: [NamedPath(name: "--output", path: output)])
            try checkWritable(output, option: "--output")
            let trace = try resampled(try readTrace(file), to: rate, file: file)
            try writeTrace(trace, to: output)
            print(
                "resampled \(file) to \(String(format: "%g", rate)) Hz: \(trace.strokes.count) stroke\(trace.strokes.count == 1 ? "" : "s"), \(trace.sampleCount) samples -> \(output)"
            )
        }
    }
}
