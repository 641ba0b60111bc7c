import StrokeBenchDevice
import StrokeBenchReplay
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTraces
import StrokeBenchUnits

/// The device cost model's fit (docs/device-model.md, "Uncertainty"): its one free factor refitted to
/// the fitted figure at every draw of the model's joint uncertainty, so that the figure is an
/// observation every draw reproduces, not a constant that holds only at the centre.
///
/// The fit replays the fitted figure with the engine, so it lives above it: the command line fits the
/// data it loaded once per process, before any modelled run, and hands the result down in
/// `DeviceModel.fit`; the engine only reads it.
public enum ModelFitting {
    /// `data` with its free factor fitted at every draw: what a modelled replay prices with.
    ///
    /// - Parameter strategies: where the fitted figure's strategy is looked up (one of the literature's).
    /// - Throws: `DeviceCostError` when the fitted figure is not a replay this bench can run, or no
    ///   factor reproduces it at the central estimate; the replay's own error when it fails.
    public static func fitted(_ data: DeviceCostData, strategies: StrategyCatalog) throws -> DeviceModel {
        DeviceModel(data: data, fit: try fit(data, strategies: strategies))
    }

    /// The free factor refitted at each of `ModelDraw.standard`'s draws: the data's fitted value, scaled
    /// by how much the closed-form fit moves from the central draw to that one. Nil for a draw in which
    /// no factor reproduces the figure.
    package static func fit(_ data: DeviceCostData, strategies: StrategyCatalog) throws -> ModelFit {
        let reference = try countReference(data, strategies: strategies)
        func fit(_ draw: ModelDraw) throws -> Double? {
            // The fitted turn, at a factor of 1: the main thread's memory-bound time scales as 1 / factor,
            // its compute does not, nor does the render server's composite that the next turn waits for
            // (priced at the GPU's share of the bandwidth, not the fitted thread's).
            let costs = try data.unitCosts(of: data.fittedFigure.device, at: draw, factor: 1)
            let turns = Double(reference.turns)
            func ns(_ cost: ReplayDuration) -> Double { Double(cost.nanoseconds) / turns }
            let memoryKinds = TurnWorkMeter.mainKinds.filter(\.isMemoryBound)
            let memory = ns(costs.cost(of: reference.work, kinds: memoryKinds))
            let compute =
                ns(costs.cost(of: reference.work, kinds: TurnWorkMeter.mainKinds.filter { !$0.isMemoryBound }))
                + ns(costs.cost(of: reference.serverWork, kinds: ModelCostMeter.renderServerKinds))
            // The figure itself is drawn too: its reading's spread, and what the recording cost the app.
            let fps = draw.value(.fittedReading, in: data) * draw.value(.recordingOverhead, in: data)
            let left = 1e9 / fps - compute
            return left > 0 ? memory / left : nil
        }
        guard let central = try fit(.central) else {
            throw DeviceCostError(
                "fitted_figure: its compute work alone outlasts the figure's turn at the central estimate")
        }
        // The factor divides the memory-bound work the figure's strategy does on the main thread: a
        // strategy that moves no memory there ('null') fits no factor, and dividing by it would price
        // every later replay at an infinite or NaN time.
        guard central.isFinite, central > 0 else {
            throw DeviceCostError(
                "fitted_figure.strategy: '\(data.fittedFigure.strategy)' moves no memory on the main thread in the fitted replay, so no memory efficiency factor reproduces the figure"
            )
        }
        return ModelFit(
            factors: try ModelDraw.standard.map { draw in
                try fit(draw).flatMap {
                    let factor = data.memoryEfficiencyFactor.value * $0 / central
                    return factor.isFinite && factor > 0 ? factor : nil
                }
            })
    }

    /// The fitted strategy's main-thread work per turn: what the closed-form refit prices at each draw.
    struct Reference {
        /// Main-thread work over the fitted replay's active turns.
        var work: WorkCounters
        /// The render server's work compositing those turns' commits: at max speed a turn waits for
        /// the composite before it (`VirtualClock.nextTurn`), so the figure's turn holds both.
        var serverWork: WorkCounters
        /// Those turns.
        var turns: Int
    }

    /// Replays the fitted figure (its strategy, trace, input, device and rate) at the central estimate
    /// and counts the main thread's work (a dry spiral replay takes a fraction of a second).
    static func countReference(_ data: DeviceCostData, strategies: StrategyCatalog) throws -> Reference {
        let figure = data.fittedFigure
        // The fitted figure is a published one, so its strategy is one of the literature's, built in.
        guard let strategy = strategies.strategy(named: figure.strategy),
            let device = DeviceProfile.named(figure.device),
            let input = InputMode(rawValue: figure.input), figure.trace == TraceIdentity.spiral
        else {
            throw DeviceCostError(
                "fitted_figure: \(figure.strategy) on \(figure.trace) on \(figure.device) is not a replay this bench can run"
            )
        }
        var configuration = ReplayConfiguration(
            input: ReplayInput(trace: SpiralTrace.companionApp(on: device), device: device), traceName: figure.trace,
            device: device, hz: figure.hz, clock: .virtual, delivery: .coalesced, inputMode: input, strategy: strategy,
            workers: nil, settings: StrategySettings(), costs: .model, comparePicture: false,
            deviceModel: DeviceModel(data: data))
        // A meter that is not the model's own is not drawn: the replay runs once, at the central estimate.
        let meter = TurnWorkMeter(inner: ModelCostMeter(device: device, data: data))
        configuration.meter = meter
        configuration.keepsFrames = false
        let result = try Replay.run(configuration)
        return Reference(work: meter.total, serverWork: meter.serverTotal, turns: max(1, result.tally.activeFrames))
    }
}
