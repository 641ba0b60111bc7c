import ArgumentParser
import Foundation
import StrokeBenchCapacity
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchRegression
import StrokeBenchReplay
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTimeline
import StrokeBenchTraces

extension Bench {
    /// `bench ramp`: how much retained ink each strategy holds on each device before it stops keeping
    /// up, found as MotionMark finds a browser's complexity (docs/capacity.md).
    struct Ramp: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Find how much drawing a strategy holds before it stops keeping up: its capacity in retained points.",
            discussion: """
                Each step holds a history of retained points and judges one second of writing: it keeps up while its hitch ratio stays under 5 ms/s and ink updates on at least 90% of the vsyncs at which the pen moves. The ramp doubles the history until a step fails, then bisects. With --costs model the range is the model's 5-95% over its draws; with --costs measured it is a bootstrap over --repeats ramps. Always the virtual clock.
                Exit status: 0 success, 64 bad usage, 65 bad input data, 70 a strategy's mistake, 74 I/O error.
                """)

        @Option(help: "One strategy (see `bench list`).")
        var strategy: String?

        @Option(help: "Comma-separated strategies, or all: a capacity table and the crossings of their cost curves.")
        var strategies: String?

        @Option(help: "Device profile.")
        var device: String?

        @Option(help: "Comma-separated device profiles, or all.")
        var devices: String?

        @Option(parsing: .unconditional, help: "Display refresh rate in Hz (default: each device's).")
        var hz: Double?

        @Option(
            help:
                "measured (time the work here; the default), zero, or model (the device cost model, deterministic, with its 5-95% range)."
        )
        var costs: CostMode = .measured

        @Option(help: "coalesced (the default) or per-sample.")
        var delivery: Delivery = .coalesced

        @Option(parsing: .unconditional, help: "Background queues for async strategies (default: the device's cores).")
        var workers: Int?

        @Option(
            help:
                "The drawing that grows: handwriting (the default) or scribble. --trace repeats a recorded trace instead."
        )
        var drawing: DrawingKind = .handwriting

        @Option(help: "A trace file whose strokes, repeated, are the history.")
        var trace: String?

        @Option(
            help:
                "What grows: history (retained points, the default) or speed (the pen's speed in pt/s, at --history points)."
        )
        var axis: AxisKind = .history

        @Option(
            parsing: .unconditional,
            help: "With --axis speed: the points already on the canvas (0...2000000; default 10000).")
        var history: Int = 10_000

        @Option(
            parsing: .unconditional,
            help:
                "The most a ramp tries: retained points (1000...2000000; default 200000), or with --axis speed pt/s (100...100000; default 8000)."
        )
        var limit: Int?

        @Option(parsing: .unconditional, help: "Measured ramps run for the bootstrap interval (2...50; default 5).")
        var repeats: Int = StrokeBenchCapacity.Ramp.defaultRepeats

        @OptionGroup(title: "Strategy options") var strategyOptions: StrategyOptionArguments

        @Option(help: "table (for people) or json (every ramp, its steps and the crossings).")
        var format: FormatOption<TableOrJSON> = .init(.table)

        @Option(help: "Write one CSV row per step of each ramp to this file.")
        var csv: String?

        @Option(
            help:
                "One ramp only: write the timeline of its first failing step (else its last) to this file, Chrome trace-event JSON."
        )
        var timeline: String?

        @Option(
            help: "Add each ramp's capacity to this baseline file (created if missing), for `bench check` to guard.")
        var baseline: String?

        @Option(
            name: .customLong("at-least"), parsing: .unconditional,
            help: "With --baseline: the budget, points each ramp must hold (a ramp held to its limit counts the limit)."
        )
        var atLeast: Int?

        enum DrawingKind: String, CaseIterable, ExpressibleByArgument { case handwriting, scribble }
        enum AxisKind: String, CaseIterable, ExpressibleByArgument { case history, speed }

        /// The limit given, or the axis's default.
        var resolvedLimit: Int { limit ?? (axis == .history ? 200_000 : 8000) }

        /// The grid of the axis: history from 0, or pen speeds from 50 pt/s (slow writing).
        var grid: RampGrid {
            axis == .history
                ? RampGrid(limit: resolvedLimit)
                : RampGrid(start: 50, limit: resolvedLimit, includesZero: false, rounding: 1)
        }

        var rampAxis: RampAxis { axis == .history ? .history : .penSpeed(history: history) }

        func validate() throws {
            if strategy != nil && strategies != nil {
                throw ValidationError("give --strategy or --strategies, not both")
            }
            if strategy == nil && strategies == nil {
                throw ValidationError("--strategy NAME or --strategies LIST is required")
            }
            if device != nil && devices != nil { throw ValidationError("give --device or --devices, not both") }
            switch axis {
            case .history:
                if let limit, !(1000...2_000_000).contains(limit) {
                    throw ValidationError("--limit must be 1000...2000000 points, not \(limit)")
                }
            case .speed:
                if let limit, !(100...100_000).contains(limit) {
                    throw ValidationError("--limit must be 100...100000 pt/s with --axis speed, not \(limit)")
                }
                if !(0...2_000_000).contains(history) {
                    throw ValidationError("--history must be 0...2000000 points, not \(history)")
                }
                if trace != nil {
                    throw ValidationError(
                        "--axis speed ramps the seeded drawings' pen; a --trace keeps its recorded speed")
                }
                if baseline != nil {
                    throw ValidationError("--baseline guards capacities in retained points (--axis history)")
                }
            }
            if !(2...50).contains(repeats) { throw ValidationError("--repeats must be 2...50, not \(repeats)") }
            if atLeast != nil && baseline == nil {
                throw ValidationError("--at-least is a budget of a baseline: give --baseline FILE too")
            }
            if let atLeast, atLeast < 0 {
                throw ValidationError("--at-least must be a count of points, not \(atLeast)")
            }
            if baseline != nil && trace != nil {
                throw ValidationError("--baseline records ramps of the seeded drawings (--drawing), not of a --trace")
            }
        }

        func run(with engine: EngineInputs) throws {
            let plan = try self.plan(engine.strategies)
            if timeline != nil && plan.count != 1 {
                throw BenchFailure.usage("--timeline needs one ramp: one strategy on one device")
            }
            let outputs = [("--csv", csv), ("--timeline", timeline), ("--baseline", baseline)].compactMap {
                option, path in path.map { NamedPath(name: option, path: $0) }
            }
            try refuseOverwriting(trace.map { [NamedPath(name: "--trace", path: $0)] } ?? [], with: outputs)
            if let csv { try checkWritable(csv, option: "--csv") }
            if let timeline { try checkWritable(timeline, option: "--timeline") }
            if let baseline {
                try refuseNonRegular(
                    baseline, option: "--baseline", because: "a ramp reads the baseline and writes it whole again")
                try checkWritable(baseline, option: "--baseline")
            }
            // An existing baseline is read before any ramp: one that cannot be read fails in a second.
            var guarded = try baseline.map {
                FileManager.default.fileExists(atPath: $0) ? try readBaseline($0) : newBaseline()
            }
            let recorded = try trace.map(readTrace)
            if let recorded, let trace {
                // A ramp repeats the trace's strokes: of a drawing with none it would report a capacity
                // of nothing, "held to" its limit.
                guard recorded.sampleCount > 0 else {
                    throw BenchFailure.data(
                        "\(trace): no samples: a ramp repeats the trace's strokes, and this trace has none")
                }
                for device in Set(plan.map(\.1.name)).sorted().compactMap(DeviceProfile.named) {
                    try checkPlacement(of: recorded, at: trace, on: device)
                }
            }
            let progress = RampProgress()
            var results: [RampResult] = []
            var drawings: [String: RampDrawing] = [:]
            for (spec, device) in plan {
                let drawing =
                    drawings[device.name]
                    ?? makeDrawing(on: device, recorded: recorded, points: axis == .history ? resolvedLimit : history)
                drawings[device.name] = drawing
                var ramp = try makeRamp(spec, drawing: drawing, grid: grid, repeats: repeats, engine: engine)
                ramp.axis = rampAxis
                ramp.progress = { label, step in
                    progress.update(
                        "\(spec.strategy) on \(device.name), \(label): \(step.points) points \(step.keepsUp ? "keep up" : "fail")"
                    )
                }
                results.append(try ramp.run())
                progress.update("\(spec.strategy) on \(device.name): done")
            }
            progress.finish()
            let study = RampStudy(results)
            if let csv { try writeCSV(study, to: csv) }
            if let baseline, var kept = guarded {
                for result in results {
                    // A budget the ramp itself misses would fail the first `bench check`: said now.
                    if let atLeast, result.capacity.points < atLeast {
                        printError(
                            "warning: --at-least \(atLeast): \(result.strategy) on \(result.device.name) \(result.capacity.isFound ? "keeps up to" : "was held to") "
                                + "\(result.capacity.points) points in this very ramp, so bench check will fail against the budget"
                        )
                    }
                    kept.add(
                        CapacityEntry(result, repeats: costs == .measured ? repeats : 1, atLeast: atLeast),
                        strategies: engine.strategies)
                }
                do { try kept.write(to: baseline) } catch let error as BaselineError {
                    throw BenchFailure.io(error.description)
                }
                guarded = kept
            }
            if let timeline, let result = results.first {
                try writeTimeline(of: result, drawing: drawings[result.device.name]!, to: timeline, engine: engine)
            }
            // With `--csv -` the steps are standard output, and the table or JSON moves to stderr, as
            // `bench run --csv -` moves its summary: one stream, one format.
            let show: (String) -> Void = csv == "-" ? { printError($0) } : { print($0) }
            switch format.format {
            case .json: show(String(decoding: try study.json(), as: UTF8.self))
            default: show(RampTable.render(study))
            }
        }

        /// One spec per strategy and device, validated as `bench run` validates its own.
        private func plan(_ catalog: StrategyCatalog) throws -> [(ReplaySpec, DeviceProfile)] {
            let strategyNames = try Sweep.list(
                strategies ?? strategy!, all: catalog.names, option: strategies == nil ? "--strategy" : "--strategies",
                what: "strategy")
            // The validation phones are taken by name, as `bench list` says; `all` is the profiles without them.
            let deviceNames = try Sweep.list(
                devices ?? device ?? "ipad-pro-11", all: DeviceProfile.all.map(\.name),
                also: DeviceProfile.validation.map(\.name),
                option: devices == nil ? "--device" : "--devices", what: "device")
            let declared = strategyNames.flatMap(catalog.options(of:))
            let given = try strategyOptions.given()
            if let name = given.keys.sorted().first(where: { name in !declared.contains { $0.name == name } }) {
                throw BenchFailure.usage(
                    "--\(name) is an option of none of the ramped strategies (\(strategyNames.joined(separator: ", ")))"
                )
            }
            var plan: [(ReplaySpec, DeviceProfile)] = []
            for name in strategyNames {
                let own = catalog.options(of: name)
                let settings: StrategySettings
                do {
                    settings = try StrategySettings.given(
                        given.filter { key, _ in own.contains { $0.name == key } }, declared: own)
                } catch { throw BenchFailure.usage(error.description) }
                for deviceName in deviceNames {
                    let spec = ReplaySpec(
                        strategy: name, options: settings, device: deviceName, hz: hz, clock: .virtual, costs: costs,
                        delivery: delivery, input: .recorded, workers: workers, trace: TraceIdentity(path: "ramp"))
                    do { try spec.validate(strategies: catalog) } catch { throw BenchFailure.usage(error.description) }
                    plan.append((spec, spec.deviceProfile!))
                }
            }
            return plan
        }

        private func makeDrawing(on device: DeviceProfile, recorded: StrokeBenchTraces.Trace?, points: Int)
            -> RampDrawing
        {
            if let recorded, let trace {
                return RampDrawing(
                    trace: recorded, name: trace, device: device, points: points, windowSeconds: RampStep.windowSeconds)
            }
            return RampDrawing(
                drawing == .scribble ? .scribble : .handwriting, device: device, points: points,
                windowSeconds: RampStep.windowSeconds)
        }

        /// The per-step CSV, written atomically.
        private func writeCSV(_ study: RampStudy, to path: String) throws {
            var csv = CSVWriter(header: [
                "strategy", "device", "hz", "costs", "drawing", axis == .history ? "points" : "pt_per_s", "keeps_up",
                "verdict", "hitch_ratio_ms_per_s",
                "ink_updates_pct", "frame_cost_ms", "longest_turn_ms", "failure",
            ])
            for r in study.ramps {
                for s in r.steps {
                    csv.append([
                        r.strategy, r.device.name, CSVWriter.number(r.hz), r.spec.costs.rawValue, r.drawing,
                        String(s.points),
                        s.keepsUp ? "1" : "0", s.verdict.rawValue,
                        s.hitchRatioMsPerS.map { CSVWriter.number($0) } ?? "",
                        CSVWriter.number(s.inkUpdatesPct), CSVWriter.number(s.frameCostMs, digits: 6),
                        CSVWriter.number(s.longestTurnMs, digits: 6), s.failure ?? "",
                    ])
                }
            }
            do { try AtomicFile.write(csv.text, to: path) } catch let error as AtomicFile.WriteError {
                throw BenchFailure.io("\(path): cannot write the steps (\(error.reason))")
            }
        }

        /// The timeline of the ramp's first failing step (its last, if none failed), at the central
        /// estimate or with the ramp's own costs.
        private func writeTimeline(of result: RampResult, drawing: RampDrawing, to path: String, engine: EngineInputs)
            throws
        {
            let step = result.firstFailure?.points ?? result.steps.last?.points ?? 0
            var configuration = try ReplayConfiguration(
                result.spec, trace: StrokeBenchTraces.Trace(canvas: CanvasSize(width: 1, height: 1), strokes: []),
                strategies: engine.strategies, deviceModel: engine.deviceModel)
            configuration.input = RampStep.input(drawing, axis: result.axis, value: step, device: result.device)
            configuration.comparePicture = false
            // The central estimate alone: a timeline shows one replay, not the model's draws.
            configuration.meter = TurnWorkMeter(inner: configuration.meter)
            _ = try replay(configuration, writingFramesTo: nil, timelineTo: path) { _, _ in }
        }
    }
}

/// Which ramp is being judged, on stderr: rewritten in place on a terminal; otherwise a line every ten
/// seconds, so a measured ramp of many minutes shows it is alive and a modelled one stays quiet.
final class RampProgress {
    private let terminal = Console.current.errorsGoToTerminal
    private var last = Date()
    private var shown = false

    func update(_ text: String) {
        if terminal {
            printError("\r" + text + "\u{1B}[K", terminator: "")
            shown = true
        } else if Date().timeIntervalSince(last) >= 10 {
            printError(text)
            last = Date()
        }
    }

    func finish() { if shown { printError("\r\u{1B}[K", terminator: "") } }
}

/// The ramp `spec` describes over `drawing`: the spec validated against `engine.strategies` (exit 64
/// when it does not), priced with `engine.deviceModel`, its input left empty for the steps to fill.
func makeRamp(_ spec: ReplaySpec, drawing: RampDrawing, grid: RampGrid, repeats: Int, engine: EngineInputs)
    throws -> StrokeBenchCapacity.Ramp
{
    var template: ReplayConfiguration
    do {
        template = try ReplayConfiguration(
            spec, trace: StrokeBenchTraces.Trace(canvas: CanvasSize(width: 1, height: 1), strokes: []),
            strategies: engine.strategies, deviceModel: engine.deviceModel)
    } catch { throw BenchFailure.usage(error.description) }
    template.comparePicture = false
    return StrokeBenchCapacity.Ramp(template: template, drawing: drawing, grid: grid, repeats: repeats)
}

/// A baseline with no configuration yet, recorded now on this machine, with the default budgets.
func newBaseline() -> StrokeBenchRegression.Baseline {
    StrokeBenchRegression.Baseline(
        recorded: ISO8601DateFormatter().string(from: Date()), machine: Machine.current.description,
        budgets: Budgets.defaults, configurations: [])
}

extension CapacityEntry {
    /// What `result` found, to be guarded with at least `atLeast` points.
    init(_ result: RampResult, repeats: Int, atLeast: Int?) {
        self.init(
            ramp: result.spec, drawing: result.drawing, limitPoints: result.limit, repeats: repeats,
            capacityPoints: result.capacity.isFound ? result.capacity.points : nil,
            heldToPoints: result.capacity.isFound ? nil : result.capacity.points,
            capacityPointsLow: result.interval?.low, capacityPointsHigh: result.interval?.high, atLeastPoints: atLeast)
    }
}
