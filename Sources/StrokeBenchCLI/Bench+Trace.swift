import ArgumentParser
import Foundation
import StrokeBenchMetrics
import StrokeBenchTraces

extension Bench {
    /// `bench trace`: import recorded human input, describe traces, generate and resample them.
    struct Trace: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import, inspect, generate and resample stroke traces.",
            discussion: "Exit status: 0 success, 64 bad usage, 65 bad input data, 74 I/O error.",
            subcommands: [Import.self, Info.self, Generate.self, Resample.self, Compare.self])
    }
}

extension TraceImportFormat: ExpressibleByArgument {}

/// Reads a native trace for `run`, `sweep` and the `trace` subcommands, mapping failures to the
/// documented exit statuses: 74 when the file cannot be read, 65 when its contents are bad.
func readTrace(_ path: String) throws -> StrokeBenchTraces.Trace {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw BenchFailure.io("\(path): cannot read the trace file: no such file")
    }
    guard !isDirectory.boolValue else { throw BenchFailure.io("\(path): cannot read the trace file: it is a folder") }
    guard FileManager.default.isReadableFile(atPath: path) else {
        throw BenchFailure.io("\(path): cannot read the trace file: permission denied")
    }
    do {
        let (trace, version) = try TraceFormat.readVersioned(contentsOf: path)
        if version < TraceFormat.version {
            printError(
                "note: \(path) is a version \(version) trace, written before traces recorded their end: it cannot show whether it was cut short"
            )
        }
        return trace
    } catch let error as TraceError {
        throw BenchFailure.data(error.description)
    } catch {
        throw BenchFailure.io("\(path): cannot read the trace file (\(error.localizedDescription))")
    }
}

/// Writes a native trace for a `trace` subcommand (atomically), mapping failure to exit status 74.
func writeTrace(_ trace: StrokeBenchTraces.Trace, to path: String) throws {
    // AtomicFile rather than TraceFormat.write (Foundation's atomic write): its temporary file is
    // one an interrupted bench knows to remove.
    do { try AtomicFile.write(TraceFormat.serialize(trace), to: path) } catch let error as AtomicFile.WriteError {
        throw BenchFailure.io("\(path): cannot write the trace (\(error.reason))")
    } catch { throw BenchFailure.io("\(path): cannot write the trace (\(error.localizedDescription))") }
}

/// Refuses a digitizer rate (`--rate`, `--resample`) that no touch screen or pen samples at, saying
/// the bounds (`TraceGenerator.Digitizer.rates`).
func checkDigitizerRate(_ rate: Double, option: String) throws {
    let bounds = TraceGenerator.Digitizer.rates
    guard bounds.contains(rate) else {
        throw ValidationError(RateBounds.problem(option: option, rate: rate, bounds: bounds))
    }
}

/// `trace` resampled to `rate`, once the samples that makes are known to be ones a trace may hold:
/// two samples a week apart at 1000 Hz would otherwise allocate for minutes toward a file bench's
/// own reader refuses (`TraceFormat.maxSamples`).
/// - Throws: `BenchFailure.data` (exit 65) naming `file`, before any sample is made.
func resampled(_ trace: StrokeBenchTraces.Trace, to rate: Double, file: String) throws -> StrokeBenchTraces.Trace {
    let resampler = TraceResampler(rate: rate)
    let count = resampler.sampleCount(of: trace)
    guard count <= Double(TraceFormat.maxSamples) else {
        throw BenchFailure.data(
            "\(file): resampling it to \(String(format: "%g", rate)) Hz would make \(String(format: "%.0f", count)) samples, more than the \(TraceFormat.maxSamples) a trace may hold; resample a shorter trace or to a lower rate"
        )
    }
    return resampler.resample(trace)
}
