import ArgumentParser
import Canvas
import Display
import Foundation
import Strategies
import Traces

extension ClockMode: ExpressibleByArgument {}
extension Delivery: ExpressibleByArgument {}
extension CostMode: ExpressibleByArgument {}
extension InputMode: ExpressibleByArgument {}

/// The options that choose what one replay is, pulled into `run` and `baseline record`: they make
/// one `ReplaySpec`. A strategy's own options (`--graver-keep-contents`) are not declared here but
/// by the strategy (`DrawingStrategy.options`); they are collected as they come and checked against
/// the chosen strategy's declarations.
struct RunOptions: ParsableArguments {
    @Option(help: "Drawing strategy (see `bench list`, which also lists each strategy's own options).")
    var strategy: String

    @Option(help: "Trace file to replay (default: the built-in generated 30 s session).")
    var trace: String?

    @Option(help: "Device profile (see `bench list`).")
    var device: String = "ipad-pro-11"

    // `.unconditional`: a negative number is a value to reject by range, not an option name.
    @Option(parsing: .unconditional, help: "Display refresh rate in Hz (default: the device's).")
    var hz: Double?

    @Option(help: "realtime (wall-clock pacing, real threads) or virtual (simulated clock, never sleeps).")
    var clock: ClockMode = .realtime

    @Option(help: "coalesced (one event per turn) or per-sample (one event per sample).")
    var delivery: Delivery = .coalesced

    @Option(parsing: .unconditional, help: "Background queues for async strategies (default: the device's cores in virtual, this machine's in realtime).")
    var workers: Int?

    @Option(help: "Virtual clock only: charge 'measured' costs (default); 'zero' for every phase, so the schedule, the work counters and the picture depend on the input alone (timings then read zero); or 'model', the device cost model: counted work times the device's sourced unit costs, the same on every machine (docs/device-model.md).")
    var costs: CostMode = .measured

    @Option(help: "recorded (each sample at its recorded time, the default) or display-link (each vsync-triggered turn takes the next sample, whatever its time: the source article's spiral benchmark).")
    var input: InputMode = .recorded

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp(
        "The strategy's own options, as `bench list` shows them (e.g. --graver-keep-contents, --graver-fade-in 0.2).",
        valueName: "strategy-options"))
    var strategyArguments: [String] = []

    func validate() throws {
        do { try spec().validate() }
        catch let error as ReplaySpecError { throw ValidationError(error.description) }
    }

    /// The replay these options describe (its trace not yet read).
    func spec() throws -> ReplaySpec {
        var spec = ReplaySpec(strategy: strategy, device: device, hz: hz, clock: clock, costs: costs, delivery: delivery,
                              input: input, workers: workers, trace: TraceIdentity(path: trace ?? TraceIdentity.builtIn))
        if let declared = spec.strategyType?.options {
            do { spec.options = try StrategySettings.parse(strategyArguments, declared: declared, strategy: strategy) }
            catch { throw ValidationError(error.description) }
        }
        return spec
    }

    /// The replay these options describe. Reading the trace is the only fallible step.
    func configuration() throws -> ReplayConfiguration { try replayConfiguration(try spec()) }
}

/// The replay `spec` describes, its trace read (the built-in one for `default`).
///
/// - Throws: `BenchFailure` for a trace that cannot be read (65 or 74) or a spec that does not
///   validate (64: the spec came from options the user gave).
func replayConfiguration(_ spec: ReplaySpec) throws -> ReplayConfiguration {
    let trace = spec.trace.isBuiltIn ? TraceGenerator.default : try readTrace(spec.trace.path)
    do { return try ReplayConfiguration(spec, trace: trace) }
    catch { throw BenchFailure.usage(error.description) }
}

/// Checks that `path` can be written before any work starts, so a typo in an output path fails in
/// a second rather than after an hour's replay.
///
/// Permission bits are not enough (root passes them, and `/proc` or a read-only mount refuse
/// writes anyway), so this creates and removes a scratch file in the folder, which is exactly what
/// the atomic write at the end will need.
func checkWritable(_ path: String, option: String) throws {
    let what = "cannot write the \(option) file"
    let fm = FileManager.default
    var isDirectory: ObjCBool = false
    if fm.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        throw BenchFailure.io("\(path): \(what): it is a folder")
    }
    let folder = (path as NSString).deletingLastPathComponent
    let directory = folder.isEmpty ? "." : folder
    guard fm.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
        throw BenchFailure.io("\(path): \(what): folder \(directory) does not exist")
    }
    let probe = (directory as NSString).appendingPathComponent(".bench-write-check-\(getpid())-\(UUID().uuidString)")
    let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard fd >= 0 else {
        throw BenchFailure.io("\(path): \(what): \(String(cString: strerror(errno)).lowercased())")
    }
    close(fd)
    unlink(probe)
}
