/// One digitizer sample: when and where the pen was.
package struct Sample: Hashable, Sendable {
    /// Seconds since the start of the trace.
    package var time: Double
    /// Position in points (origin top-left, y down), in the trace's canvas.
    package var x: Double
    package var y: Double
    /// Normalized pen pressure (1 is a nominal touch), when the digitizer reports it.
    package var force: Double?

    package init(time: Double, x: Double, y: Double, force: Double? = nil) {
        self.time = time
        self.x = x
        self.y = y
        self.force = force
    }
}

/// Samples from pen down to pen up.
package struct Stroke: Hashable, Sendable {
    package var samples: [Sample]
    package init(samples: [Sample]) { self.samples = samples }

    package var startTime: Double { samples.first?.time ?? 0 }
    package var endTime: Double { samples.last?.time ?? 0 }
}

/// A canvas size in points.
package struct CanvasSize: Hashable, Sendable {
    package var width: Double
    package var height: Double
    package init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A recorded or generated drawing session: strokes in time order on a canvas.
public struct Trace: Hashable, Sendable {
    /// The canvas the samples were recorded on, in points.
    package var canvas: CanvasSize
    /// Where the trace came from: free-form `key value` pairs (`source`, `license`, `seed`, `derived` ...),
    /// written to the file in this order.
    package var metadata: [(key: String, value: String)]
    package var strokes: [Stroke]

    package init(canvas: CanvasSize, metadata: [(key: String, value: String)] = [], strokes: [Stroke]) {
        self.canvas = canvas
        self.metadata = metadata
        self.strokes = strokes
    }

    /// Total number of samples.
    package var sampleCount: Int { strokes.reduce(0) { $0 + $1.samples.count } }
    /// Time of the last sample, in seconds (the trace starts at 0).
    package var duration: Double { strokes.last?.endTime ?? 0 }

    /// The first value recorded under `key`.
    package func metadata(_ key: String) -> String? { metadata.first { $0.key == key }?.value }

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
