import ArgumentParser
import Foundation
import StrokeBenchCanvas
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchReplay
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTraces

extension ClockMode: ExpressibleByArgument {}
extension Delivery: ExpressibleByArgument {}
extension CostMode: ExpressibleByArgument {}
extension InputMode: ExpressibleByArgument {}

/// The options that choose what one replay is, pulled into `run` and `baseline record`: they make
/// one `ReplaySpec`. A strategy's own options (`--graver-keep-contents`) are declared by the strategy
/// (`DrawingStrategy.options`) and reach the parser through `StrategyOptionArguments`; only the chosen
/// strategy's may be given.
///
/// The command holds these, the modes (`ReplayModeOptions`) and the strategy's options as three groups
/// side by side rather than one inside another: in a debug build the parser checks every nested group
/// each time it builds its parent, so its cost grows exponentially with the nesting.
struct RunOptions: ParsableArguments {
    @Option(help: "Drawing strategy (see `bench list`, which also lists each strategy's own options).")
    var strategy: String

    @Option(
        help:
            "Trace file to replay, or `spiral` for the source article's benchmark made for --device (default: the built-in generated 30 s session)."
    )
    var trace: String?

    @Option(help: "Device profile (see `bench list`).")
    var device: String = "ipad-pro-11"

    // `.unconditional`: a negative number is a value to reject by range, not an option name.
    @Option(parsing: .unconditional, help: "Display refresh rate in Hz (default: the device's).")
    var hz: Double?

    @Option(
        parsing: .unconditional,
        help:
            "Background queues for async strategies (default: the device's cores in virtual, this machine's in realtime)."
    )
    var workers: Int?

    /// Checks that these options, the modes and the strategy's options describe a replay bench can run.
    /// The command that holds all three calls it from its `validate()`.
    func validate(with modes: ReplayModeOptions, _ strategyOptions: StrategyOptionArguments) throws {
        do { try spec(with: modes, strategyOptions).validate(strategies: Bench.strategies) } catch let error
            as ReplaySpecError
        { throw ValidationError(error.description) }
    }

    /// The replay these options, the modes and the strategy's options describe (its trace not yet read),
    /// its strategy's options checked against `catalog` (the parser's, while it validates).
    func spec(
        with modes: ReplayModeOptions, _ strategyOptions: StrategyOptionArguments,
        strategies catalog: StrategyCatalog = Bench.strategies
    ) throws -> ReplaySpec {
        let mode = try modes.single(clock: .realtime)
        var spec = ReplaySpec(
            strategy: strategy, device: device, hz: hz, clock: mode.clock, costs: mode.costs, delivery: mode.delivery,
            input: mode.input, workers: workers, trace: TraceIdentity(path: trace ?? TraceIdentity.builtIn),
            pipeline: mode.pipeline)
        if let declared = spec.strategyType(in: catalog)?.options {
            let given = try strategyOptions.given()
            if let name = given.keys.sorted().first(where: { name in !declared.contains { $0.name == name } }) {
                let owner = catalog.all.first { $0.options.contains { $0.name == name } }?.name ?? "another strategy"
                let own =
                    declared.isEmpty
                    ? "\(strategy) has no options"
                    : "\(strategy)'s options: " + declared.map { "--\($0.name)" }.joined(separator: ", ")
                throw ValidationError("--\(name) is an option of \(owner), not of \(strategy) (\(own))")
            }
            do { spec.options = try StrategySettings.given(given, declared: declared) } catch {
                throw ValidationError(error.description)
            }
        }
        return spec
    }

    /// The replay these options describe, with the engine's inputs. Reading the trace is the only
    /// fallible step.
    func configuration(
        with modes: ReplayModeOptions, _ strategyOptions: StrategyOptionArguments, engine: EngineInputs
    ) throws -> ReplayConfiguration {
        try replayConfiguration(try spec(with: modes, strategyOptions, strategies: engine.strategies), engine: engine)
    }
}

/// The replay `spec` describes, its trace read (or made, for `default` and `spiral`), its strategy one
/// of `engine.strategies`, priced with `engine.deviceModel` when its costs are modelled.
///
/// - Throws: `BenchFailure` for a trace that cannot be read (65 or 74) or a spec that does not
///   validate (64: the spec came from options the user gave).
func replayConfiguration(_ spec: ReplaySpec, engine: EngineInputs) throws -> ReplayConfiguration {
    let trace = try builtInTrace(spec) ?? readTrace(spec.trace.path)
    let configuration: ReplayConfiguration
    do {
        configuration = try ReplayConfiguration(
            spec, trace: trace, strategies: engine.strategies, deviceModel: engine.deviceModel)
    } catch {
        throw BenchFailure.usage(error.description)
    }
    try checkPlacement(of: trace, at: spec.trace.path, on: configuration.device)
    return configuration
}

/// Refuses a trace with a sample that, scaled to `device`, lands beyond the drawing API's reach
/// (`ReplayInput.maxPlacedMagnitude`): the harness's own scaling made that point, so it is the trace's
/// fault (65, naming the line and where the sample landed), never the strategy's that would stroke it.
func checkPlacement(of trace: StrokeBenchTraces.Trace, at path: String, on device: DeviceProfile) throws {
    guard let far = ReplayInput.firstBeyondReach(of: trace, on: device) else { return }
    let sample = trace.strokes[far.stroke].samples[far.sample]
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    let line = TraceFormat.line(ofSample: far.sample, inStroke: far.stroke, of: text).map { ":\($0)" } ?? ""
    throw BenchFailure.data(
        "\(path)\(line): the sample at (\(sample.x), \(sample.y)) lands at (\(far.at.x), \(far.at.y)) on the \(device.name), "
            + "scaled from the trace's \(Int(trace.canvas.width))x\(Int(trace.canvas.height)) canvas; a drawing reaches "
            + "±\(Int(ReplayInput.maxPlacedMagnitude)) pixels")
}

/// The trace StrokeBench makes for `spec` rather than reads: the generated session for `default`, the
/// companion app's spiral for the spec's device for `spiral`; nil for a file.
func builtInTrace(_ spec: ReplaySpec) -> StrokeBenchTraces.Trace? {
    switch spec.trace.path {
    case TraceIdentity.builtIn: TraceGenerator.default
    case TraceIdentity.spiral: spec.deviceProfile.map(SpiralTrace.companionApp(on:))
    default: nil
    }
}

/// Checks that `path` can be written before any work starts, so a typo in an output path fails in
/// a second rather than after an hour's replay (`AtomicFile.checkWritable` says what is checked:
/// what the path names, its folder, its name's length and its temporary file's).
/// - Throws: `BenchFailure.io` (74): `PATH: cannot write the OPTION file: REASON`.
func checkWritable(_ path: String, option: String) throws {
    do { try AtomicFile.checkWritable(path) } catch let error as AtomicFile.WriteError {
        throw BenchFailure.io("\(path): cannot write the \(option) file: \(error.reason)")
    }
}
