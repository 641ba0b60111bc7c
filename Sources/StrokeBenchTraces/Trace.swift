/// One digitizer sample: when and where the pen was.
public struct Sample: Hashable, Sendable {
    /// Seconds since the start of the trace.
    public var time: Double
    /// Position in points (origin top-left, y down), in the trace's canvas.
    public var x: Double
    public var y: Double
    /// Normalized pen pressure (1 is a nominal touch), when the digitizer reports it.
    public var force: Double?

    public init(time: Double, x: Double, y: Double, force: Double? = nil) {
        self.time = time
        self.x = x
        self.y = y
        self.force = force
    }
}

/// Samples from pen down to pen up.
public struct Stroke: Hashable, Sendable {
    public var samples: [Sample]
    public init(samples: [Sample]) { self.samples = samples }

    public var startTime: Double { samples.first?.time ?? 0 }
    public var endTime: Double { samples.last?.time ?? 0 }
}

/// A canvas size in points.
public struct CanvasSize: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A recorded or generated drawing session: strokes in time order on a canvas.
public struct Trace: Hashable, Sendable {
    /// The canvas the samples were recorded on, in points.
    public var canvas: CanvasSize
    /// Where the trace came from: free-form `key value` pairs (`source`, `license`, `seed`, `derived` ...),
    /// written to the file in this order.
    public var metadata: [(key: String, value: String)]
    public var strokes: [Stroke]

    public init(canvas: CanvasSize, metadata: [(key: String, value: String)] = [], strokes: [Stroke]) {
        self.canvas = canvas
        self.metadata = metadata
        self.strokes = strokes
    }

    /// Total number of samples.
    public var sampleCount: Int { strokes.reduce(0) { $0 + $1.samples.count } }
    /// Time of the last sample, in seconds (the trace starts at 0).
    public var duration: Double { strokes.last?.endTime ?? 0 }

    /// The first value recorded under `key`.
    public func metadata(_ key: String) -> String? { metadata.first { $0.key == key }?.value }

    public static func == (a: Trace, b: Trace) -> Bool {
        a.canvas == b.canvas && a.strokes == b.strokes
            && a.metadata.map { [$0.key, $0.value] } == b.metadata.map { [$0.key, $0.value] }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(canvas)
        hasher.combine(strokes)
        for (k, v) in metadata {
            hasher.combine(k)
            hasher.combine(v)
        }
    }
}
