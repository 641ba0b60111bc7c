/// What the virtual clock charges for work (docs/model.md section 4).
public enum CostMode: String, CaseIterable, Sendable, Codable {
    /// What the work took on this machine.
    case measured
    /// Nothing: an infinitely fast device, so the schedule, counters and picture depend on the input alone.
    case zero
    /// The device cost model: the work each phase counted times the device's unit costs
    /// (`DeviceCosts`). Deterministic: the same on every machine and under any load.
    case model
}

/// Which trace a replay reads, and, once it has been read, what it held.
package struct TraceIdentity: Hashable, Sendable, Codable {
    /// The file as the user named it, or `default` for the built-in session.
    package var path: String
    /// FNV-1a 64 of the replayed input (sample times, device positions, stroke boundaries), set once
    /// the trace has been read: a baseline notices a trace file that changed since it was recorded.
    package var inputChecksum: String?
    /// Samples replayed, set with the checksum.
    package var samples: Int?

    enum CodingKeys: String, CodingKey {
        case path
        case inputChecksum = "input_checksum"
        case samples
    }

    /// The name of the built-in trace.
    package static let builtIn = "default"
    /// The name of the source article's benchmark input: the companion app's spiral, made for the
    /// replay's device (`SpiralTrace`).
    package static let spiral = "spiral"

    package init(path: String, inputChecksum: String? = nil, samples: Int? = nil) {
        self.path = path
        self.inputChecksum = inputChecksum
        self.samples = samples
    }

    /// True for a trace StrokeBench makes rather than reads: the generated session or the spiral.
    package var isBuiltIn: Bool { path == Self.builtIn || path == Self.spiral }

    /// The file's base name without its extension (`t` for `traces/t.trace`): the same file in two
    /// folders is the same trace.
    package var label: String {
        let base = path.split(separator: "/").last.map(String.init) ?? path
        if let dot = base.lastIndex(of: "."), dot != base.startIndex { return String(base[..<dot]) }
        return base
    }
}

/// Everything that decides what one replay does, as one value: the command line makes it, sweeps
/// enumerate it, baselines store it whole and `bench check` decodes it and replays it as it was.
/// Nothing in it is ever turned back into command-line arguments and parsed again.
package struct ReplaySpec: Hashable, Sendable, Codable {
    /// Strategy name (`bench list`).
    package var strategy: String
    /// The strategy's declared options and their values.
    package var options: StrategySettings
    /// Device profile name.
    package var device: String
    /// Display refresh rate in Hz; nil for the device's own.
    package var hz: Double?
    package var clock: ClockMode
    package var costs: CostMode
    package var delivery: Delivery
    /// Recorded timing (the default) or display-link pacing.
    package var input: InputMode
    /// Background queues; nil for the default of the clock and device.
    package var workers: Int?
    package var trace: TraceIdentity
    /// The pipeline's what-ifs: present-queue depth, prediction, touch rate, wet ink (coded flat,
    /// beside the fields above).
    package var pipeline: PipelineWhatIfs

    /// The refresh rates accepted, in Hz: the rates a display can be driven at. 1 Hz is the floor of
    /// variable-refresh panels (an iPhone's always-on screen); 1000 Hz is above every display sold
    /// (the fastest monitors refresh at 480 to 540 Hz). Near zero a realtime replay would wait hours
    /// for each vsync (10,000 s at 0.0001 Hz). Every rate option words its error alike: `RateBounds`.
    package static let rates: ClosedRange<Double> = 1...1000
    /// The background queue counts accepted (YYAsyncLayer's pool is at most 16).
    package static let workerCounts = 1...16

    package init(
        strategy: String, options: StrategySettings = StrategySettings(), device: String = "ipad-pro-11",
        hz: Double? = nil, clock: ClockMode = .realtime, costs: CostMode = .measured,
        delivery: Delivery = .coalesced, input: InputMode = .recorded, workers: Int? = nil,
        trace: TraceIdentity = TraceIdentity(path: TraceIdentity.builtIn), pipeline: PipelineWhatIfs = PipelineWhatIfs()
    ) {
        self.strategy = strategy
        self.options = options
        self.device = device
        self.hz = hz
        self.clock = clock
        self.costs = costs
        self.delivery = delivery
        self.input = input
        self.workers = workers
        self.trace = trace
        self.pipeline = pipeline
    }

    /// Decodes a spec field by field (`SpecField.all`), each as its declaration reads it: a spec whose
    /// `options`, `input` or what-ifs are missing is one from before they existed, and has their defaults.
    package init(from decoder: any Decoder) throws {
        self = try Self.decodeFields(from: decoder, in: .record, over: ReplaySpec(strategy: ""))
    }

    /// Writes the spec field by field, each under its key, the what-ifs left out at their defaults, so
    /// a spec without them writes as it did before they existed.
    package func encode(to encoder: any Encoder) throws {
        try encodeFields(to: encoder, in: .record)
    }
}

/// A replay specification that cannot be run: the field at fault and why, in one line.
package struct ReplaySpecError: Error, Equatable, CustomStringConvertible {
    /// The field (`hz`, `options`, ...).
    package var field: String
    package var reason: String
    package init(field: String, _ reason: String) {
        self.field = field
        self.reason = reason
    }
    package var description: String { reason }
}
