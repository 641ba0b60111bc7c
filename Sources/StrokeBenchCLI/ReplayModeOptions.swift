import ArgumentParser
import StrokeBenchSpec

extension PresentQueueDepth: ExpressibleByArgument {}
extension Prediction: ExpressibleByArgument {}
extension TouchRate: ExpressibleByArgument {}
extension WetInk: ExpressibleByArgument {}

/// Values of one spec field as the command line gives them: `model`, or `zero,model` to sweep both.
/// `bench run` and `bench baseline record` take one value; `bench sweep` makes each value an axis.
struct AxisList<Value: ExpressibleByArgument & CaseIterable & RawRepresentable & Equatable>: ExpressibleByArgument
where Value.RawValue == String {
    var values: [Value]

    init?(argument: String) {
        var values: [Value] = []
        for item in argument.split(separator: ",", omittingEmptySubsequences: false) {
            guard let value = Value(argument: item.trimmingCharacters(in: .whitespaces)) else { return nil }
            if !values.contains(value) { values.append(value) }
        }
        guard !values.isEmpty else { return nil }
        self.values = values
    }

    static var allValueStrings: [String] { Value.allCases.map(\.rawValue) }
    var defaultValueDescription: String { values.map(\.rawValue).joined(separator: ",") }
}

/// The replay-wide modes of a spec, declared once for `run`, `baseline record` and `sweep`: a single
/// value replays it, a comma-separated list (sweep only) makes it an axis. Defaults differ by command
/// (`run` paces in real time, a sweep never sleeps), so each command resolves an absent option itself.
struct ReplayModeOptions: ParsableArguments {
    @Option(
        help:
            "realtime (wall-clock pacing, real threads) or virtual (simulated clock, never sleeps). Default: realtime for run and baseline record, virtual for sweep."
    )
    var clock: AxisList<ClockMode>?

    @Option(help: "coalesced (one event per turn, the default) or per-sample (one event per sample).")
    var delivery: AxisList<Delivery>?

    @Option(
        help:
            "Virtual clock only: charge 'measured' costs (the default); 'zero' for every phase, so the schedule, the work counters and the picture depend on the input alone (timings then read zero); or 'model', the device cost model: counted work times the device's sourced unit costs, the same on every machine (docs/device-model.md)."
    )
    var costs: AxisList<CostMode>?

    @Option(
        help:
            "recorded (each sample at its recorded time, the default), display-link (each vsync-triggered turn takes the next sample, whatever its time: the source article's spiral benchmark) or max-speed (the companion app's Spiral (Max Speed) drive: a 10 us timer takes the next sample every run-loop turn, as fast as the main thread allows)."
    )
    var input: AxisList<InputMode>?

    @Option(
        parsing: .unconditional,
        help:
            "1 (the default), 2 or 3: frames the render server may queue between a commit and the screen; each frame queued delays the picture by one refresh (docs/latency.md)."
    )
    var presentQueueDepth: AxisList<PresentQueueDepth>?

    @Option(
        help:
            "none (the default), linear or kalman: draw predicted touches ahead of the pen as provisional ink on a layer of its own, replaced every turn and removed when the pen lifts (UIKit's predictedTouches; docs/latency.md)."
    )
    var predict: AxisList<Prediction>?

    @Option(
        parsing: .unconditional,
        help:
            "60, 120 or 240: the digitizer's sampling rate, instead of the device's own (a trace recorded slower keeps its samples; docs/latency.md)."
    )
    var touchHz: AxisList<TouchRate>?

    @Option(
        help:
            "off (the default) or on: also draw the live stroke straight into the buffer being scanned out, as Android's front-buffered low-latency renderer does, counting the writes the scan-out tears; iOS has no public front-buffer API, so this is a what-if (docs/latency.md)."
    )
    var wetInk: AxisList<WetInk>?

    @Option(
        parsing: .unconditional,
        help:
            "With --predict: how far ahead of the latest sample the predictor reaches, in ms, 1...50 (default: one frame)."
    )
    var predictHorizon: Double?

    /// The axes of the modes given, each the values given (the clock's, `defaultClock` when none is
    /// given, as a sweep never sleeps); a mode not given is left to the plan, which runs its default.
    func axes(clock defaultClock: ClockMode) -> [SweepAxis] {
        let given: [SweepAxis?] = [
            SweepAxis(.clock, clock?.values ?? [defaultClock]), delivery.map { SweepAxis(.delivery, $0.values) },
            costs.map { SweepAxis(.costs, $0.values) }, input.map { SweepAxis(.input, $0.values) },
            presentQueueDepth.map { SweepAxis(.presentQueueDepth, $0.values) },
            predict.map { SweepAxis(.predict, $0.values) },
            touchHz.map { SweepAxis(.touchRate, $0.values.map { Optional($0) }) },
            wetInk.map { SweepAxis(.wetInk, $0.values) },
        ]
        return given.compactMap { $0 }
    }

    /// Whether a replay these modes describe may be priced with the device cost model: `--costs` names
    /// `model`, or, not given, its resting value does.
    var pricesWithModel: Bool {
        (costs?.values ?? SweepAxis(resting: .costs).typed(CostMode.self)).contains(.model)
    }

    /// The one value of each mode, for a single replay.
    /// - Throws: `ValidationError` naming the option given a list.
    func single(clock defaultClock: ClockMode) throws -> (
        clock: ClockMode, delivery: Delivery, costs: CostMode, input: InputMode,
        pipeline: PipelineWhatIfs
    ) {
        func one<T>(_ list: AxisList<T>?, _ name: String, _ fallback: T) throws -> T {
            guard let list else { return fallback }
            guard list.values.count == 1 else {
                throw ValidationError(
                    "--\(name) takes one value here; `bench sweep --\(name) \(list.defaultValueDescription)` sweeps them"
                )
            }
            return list.values[0]
        }
        return (
            try one(clock, "clock", defaultClock), try one(delivery, "delivery", .coalesced),
            try one(costs, "costs", .measured), try one(input, "input", .recorded),
            PipelineWhatIfs(
                presentQueueDepth: try one(presentQueueDepth, "present-queue-depth", .one),
                predict: try one(predict, "predict", .none), predictHorizonMs: predictHorizon,
                touchRate: try touchHz.map { try one($0, "touch-hz", .hz240) }, wetInk: try one(wetInk, "wet-ink", .off)
            )
        )
    }
}
