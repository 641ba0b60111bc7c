import Foundation
import StrokeBenchCanvas
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTraces

/// Everything one replay needs: what it is (its `ReplaySpec`, with the strategy and device it names
/// resolved), the input read from its trace, and how the run is observed (callbacks, whether frames
/// are kept).
public struct ReplayConfiguration {
    /// What the replay is, as one spec: the strategy's options, the rate asked for (nil for the
    /// device's own), clock, costs, delivery, input mode, workers, the trace's path and the pipeline's
    /// what-ifs, each read and written through the properties below; its strategy and device are
    /// `strategy`'s and `device`'s names. `spec` gives it back with the identity of the input read.
    private var described: ReplaySpec
    package var input: ReplayInput
    /// How the trace is named in reports.
    package var traceName: String {
        get { described.trace.path }
        set { described.trace = TraceIdentity(path: newValue) }
    }
    /// The device the spec names, resolved: its digitizer at the what-if rate when one is set.
    package var device: DeviceProfile { didSet { described.device = device.name } }
    /// Display refresh rate in Hz (the device's own unless overridden).
    package var hz: Double {
        get { described.hz ?? device.refreshRate }
        set { described.hz = newValue }
    }
    package var clock: ClockMode {
        get { described.clock }
        set { described.clock = newValue }
    }
    package var delivery: Delivery {
        get { described.delivery }
        set { described.delivery = newValue }
    }
    /// Recorded timing or display-link pacing.
    package var inputMode: InputMode {
        get { described.input }
        set { described.input = newValue }
    }
    /// The strategy the spec names, resolved.
    package var strategy: any DrawingStrategy.Type { didSet { described.strategy = strategy.name } }
    /// Background queues; nil for the default (the device's cores in the virtual clock, this
    /// machine's active processors in realtime, clamped to 1...16 as YYAsyncLayer does).
    package var workers: Int? {
        get { described.workers }
        set { described.workers = newValue }
    }
    /// The strategy's declared options.
    package var settings: StrategySettings {
        get { described.options }
        set { described.options = newValue }
    }
    /// The pipeline's what-ifs: present-queue depth, predicted ink (`PredictedInk`), the digitizer's
    /// rate (when set, `device.touchRate` is that rate) and wet ink (`WetInkLayer`).
    package var pipeline: PipelineWhatIfs {
        get { described.pipeline }
        set { described.pipeline = newValue }
    }
    /// What the virtual clock charges; `meter` follows it.
    package var costs: CostMode {
        get { described.costs }
        set {
            described.costs = newValue
            meter = Self.meter(for: newValue, device: device, data: deviceModel.data)
        }
    }
    /// The device cost model modelled costs price with, handed down from the command line: its data,
    /// and the fit a modelled replay's ranges need (`Replay.run`). Setting it with modelled costs sets
    /// `meter` to the model's again.
    package var deviceModel: DeviceModel {
        didSet { if costs == .model { meter = Self.meter(for: .model, device: device, data: deviceModel.data) } }
    }
    /// Compare the final picture with the reference (skipped by callers that only want timing, and by a
    /// dry replay, which has no picture).
    public var comparePicture: Bool
    /// Rasterize even where the costs need no pixels (`--raster`, `--png`): the picture is drawn and
    /// compared, and every other figure is the same as the dry replay's.
    package var forcesRaster = false
    /// Whether this replay draws pixels. Measured costs time the drawing, so they always do; zero and
    /// modelled costs charge the work counted from geometry, so they replay dry, counting the same work
    /// without rasterizing it, unless `forcesRaster`.
    package var rasterizes: Bool { costs == .measured || clock == .realtime || forcesRaster }
    /// What the virtual clock charges for work: set from `costs`; tests substitute scripted costs.
    package var meter: any CostMeter
    /// Hand each update to the render server. In the virtual clock its cost is kept off the main
    /// thread's timeline, so the schedule, and every figure that follows from it, is the same without
    /// it: the draws of the model's uncertainty, which read only those figures, skip it. Off, nothing
    /// is composited (`composite_ms` and `pixels_composited` are 0).
    package var composites = true
    /// Work out pen-to-pixel latency by stage, perceived latency and spatial lag at the end
    /// (`RunSummary.penToPixel`, `ReplayResult.sampleStages`). The model's draws and a ramp's steps
    /// read only frame pacing, and skip it.
    package var analysesLatency = true
    /// With `analysesLatency` off, still work out the end-to-end and perceived latencies'
    /// distributions (and with them the wet-ink layer they may go through), and nothing else of
    /// pen-to-pixel: what the model's draws range (`RunSummary.drawnEndToEndMs`, `drawnPerceivedMs`).
    package var analysesEndToEnd = false
    /// Keep every `FrameRecord` in `ReplayResult.frames`. Tests and short replays want them; the
    /// command line streams them through `onFrame` instead, so that memory stays flat however long
    /// the trace (the summary needs only a `FrameTally`).
    public var keepsFrames = true
    /// Called with each frame's finished record, in order, outside every timed phase (a frame is
    /// handed over one turn late, once the render server has composited it).
    package var onFrame: ((FrameRecord) throws -> Void)?
    /// Told every step of the replay as it happens (`bench run --timeline`); nothing by default.
    package var timeline: any ReplayTimeline = NoTimeline()

    public init(
        input: ReplayInput, traceName: String, device: DeviceProfile, hz: Double? = nil,
        clock: ClockMode = .virtual, delivery: Delivery = .coalesced, inputMode: InputMode = .recorded,
        strategy: any DrawingStrategy.Type, workers: Int? = nil, settings: StrategySettings = StrategySettings(),
        costs: CostMode = .measured, comparePicture: Bool = true, deviceModel: DeviceModel = .shipped
    ) {
        described = ReplaySpec(
            strategy: strategy.name, options: settings, device: device.name, hz: hz, clock: clock, costs: costs,
            delivery: delivery, input: inputMode, workers: workers, trace: TraceIdentity(path: traceName))
        self.input = input
        self.device = device
        self.strategy = strategy
        self.comparePicture = comparePicture
        self.deviceModel = deviceModel
        meter = Self.meter(for: costs, device: device, data: deviceModel.data)
    }

    /// The replay `spec` describes, over `trace` (already read from `spec.trace.path`), its strategy
    /// looked up in `strategies`, priced with `deviceModel` when its costs are modelled.
    ///
    /// - Throws: `ReplaySpecError` when the spec does not validate.
    package init(_ spec: ReplaySpec, trace: Trace, strategies: StrategyCatalog, deviceModel: DeviceModel)
        throws(ReplaySpecError)
    {
        try spec.validate(strategies: strategies)
        var device = spec.deviceProfile!
        // the input is thinned to it, and latency samples at it
        if let rate = spec.pipeline.touchRate { device.touchRate = rate.hz }
        self.init(
            input: ReplayInput(trace: trace, device: device), traceName: spec.trace.path, device: device,
            hz: spec.hz, clock: spec.clock, delivery: spec.delivery, inputMode: spec.input,
            strategy: spec.strategyType(in: strategies)!,
            workers: spec.workers, settings: spec.options, costs: spec.costs, deviceModel: deviceModel)
        described = spec
    }

    /// The short name of this replay for reports (`ReplaySpec.id(strategies:)`).
    package var id: String { spec.id(declared: strategy.options) }

    /// The specification of this replay, with the identity of the input it read.
    package var spec: ReplaySpec {
        var spec = described
        spec.hz = hz == device.refreshRate ? nil : hz
        spec.trace = TraceIdentity(path: traceName, inputChecksum: input.checksum, samples: input.count)
        return spec
    }

    private static func meter(for costs: CostMode, device: DeviceProfile, data: DeviceCostData) -> any CostMeter {
        switch costs {
        case .measured: WallClockMeter()
        case .zero: ZeroCostMeter()
        case .model: ModelCostMeter(device: device, data: data)
        }
    }

    /// The canvas every strategy draws on this device.
    package var canvas: CanvasConfiguration {
        CanvasConfiguration(
            width: device.width, height: device.height, scale: device.scale,
            style: StrokeStyle(lineWidth: DeviceProfile.lineWidthPoints * device.scale))
    }

    /// The number of background queues this run uses.
    package var resolvedWorkers: Int {
        let n = workers ?? (clock == .virtual ? device.cores : ProcessInfo.processInfo.activeProcessorCount)
        return min(16, max(1, n))
    }
}

/// What a replay produced.
public struct ReplayResult {
    /// Every frame, when `ReplayConfiguration.keepsFrames` is set; empty otherwise.
    package var frames: [FrameRecord]
    /// What the summary was computed from: counts, totals and the active frames' times.
    public var tally: FrameTally
    package var summary: RunSummary
    /// The picture the display showed at the end; nil after a dry replay (`ReplayConfiguration.rasterizes`).
    package var screen: Surface?
    /// Each shown sample's latency, stage by stage (the summary's `penToPixel` is their distribution).
    package var sampleStages: [SampleStages] = []
    /// What the screen showed of each sample, kept so that part of the replay (a ramp step's judged
    /// second) can be judged by the rules the whole run is (`RunJudgement`).
    package var shown = ShownSamples()
}

/// What a replay's screen showed of its samples, and when: the summary's dropped-frame, latency and
/// never-shown figures, before they are summed over the whole replay.
package struct ShownSamples: Sendable {
    /// Every picture presented, in commit order.
    package var presentations: [ScreenTimeline.Presentation] = []
    /// When content became pending, in turn order.
    package var pending: [PendingContent] = []
    /// The replay's last vsync.
    package var vsyncCount = 0
    /// Each sample's touch-to-screen latency (ms); for a sample never shown, its wait until the last
    /// vsync, a lower bound (`RunSummary.latencyMs` counts it so too).
    package var latenciesMs: [Double] = []
    /// Whether each sample was shown.
    package var isShown: [Bool] = []
}

/// Replays a trace against the simulated display: the run loop of docs/model.md section 1.
public enum Replay {
    /// Runs the replay to the end: past the last sample, until every sample is on screen and no
    /// background work is left (or five seconds after the last sample, whichever comes first).
    ///
    /// - Parameter progress: called now and then with (replayed seconds, trace seconds).
    ///
    /// With the device cost model, the replay is priced again, dry and without outputs, at every draw
    /// of the model's joint uncertainty (`ModelUncertainty`), and the summary carries each figure's
    /// 5-95% range and the share of draws in each hitch band: the configuration's `deviceModel` must
    /// be fitted (`DeviceModel.fit`; a `DeviceCostError` otherwise).
    public static func run(
        _ configuration: ReplayConfiguration,
        progress: ((Double, Double) -> Void)? = nil
    ) throws -> ReplayResult {
        guard configuration.costs == .model, configuration.meter is ModelCostMeter else {
            var loop = try RunLoopSimulation(configuration)
            return try loop.run(progress: progress)
        }
        // The central replay's turns are kept as they stream past, to price the draws without
        // replaying where that cannot change the schedule.
        let turns = CentralTurns(configuration)
        var central = configuration
        if let meter = turns.meter { central.meter = meter }
        let onFrame = configuration.onFrame
        central.onFrame = { frame in
            turns.add(frame)
            try onFrame?(frame)
        }
        var loop = try RunLoopSimulation(central)
        var result = try loop.run(progress: progress)
        result.summary.spread(
            over: try ModelUncertainty.draws(of: configuration, central: result.summary, turns: turns))
        return result
    }
}
