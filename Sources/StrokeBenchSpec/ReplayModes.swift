/// How time passes during a replay (docs/model.md section 4).
public enum ClockMode: String, CaseIterable, Sendable, Codable {
    /// Wall-clock pacing: the main thread sleeps until each vsync; background queues are real threads.
    case realtime
    /// Never sleeps: each phase's measured cost advances a simulated clock; background queues are
    /// simulated workers.
    case virtual
}

/// How touch samples reach the strategy in a run-loop turn.
public enum Delivery: String, CaseIterable, Sendable, Codable {
    /// Every sample that arrived since the previous turn, as one event (UIKit's `coalescedTouches`).
    case coalesced
    /// One event per sample.
    case perSample = "per-sample"
}

/// Where the pace of input comes from (docs/model.md section 5).
public enum InputMode: String, CaseIterable, Sendable, Codable {
    /// Each sample arrives at its recorded time: open-loop, the trace sets the pace.
    case recorded
    /// Each vsync-triggered main-thread turn takes the next sample, whatever its time, as the source
    /// article's companion app draws its spiral from a `CADisplayLink`: closed-loop, the app's own
    /// speed sets the pace.
    case displayLink = "display-link"
    /// The companion app's "Spiral (Max Speed)" drive: a repeating `Timer` of 10 us in the common run
    /// loop mode draws the next sample each time it fires, which is once per run-loop turn, turns
    /// following each other as fast as the main thread allows, not tied to the display. A turn that
    /// starts after a vsync also runs the display link's callback (what the app's FPS label counts).
    case maxSpeed = "max-speed"

    /// True for the closed-loop drives, where the app's own speed sets the pace and a sample counts
    /// its latency from the turn that took it.
    package var takesSamplesByTurn: Bool { self != .recorded }
}

/// How many frames the render server may queue between a commit and the screen (docs/latency.md):
/// each frame queued ahead of a picture delays it by one refresh.
package enum PresentQueueDepth: String, CaseIterable, Sendable, Codable {
    case one = "1"
    case two = "2"
    case three = "3"

    /// The depth in frames.
    package var frames: Int {
        switch self {
        case .one: 1
        case .two: 2
        case .three: 3
        }
    }
}

/// Predicted touches drawn as provisional ink (docs/latency.md): UIKit's `predictedTouches(for:)`, which
/// an app draws ahead of the pen on a layer of its own and replaces when the real samples arrive.
package enum Prediction: String, CaseIterable, Sendable, Codable {
    /// No prediction: ink only where the pen has been.
    case none
    /// The pen's latest velocity, carried forward.
    case linear
    /// A constant-acceleration Kalman filter over the stroke's samples, as androidx.input's motion
    /// predictor keeps one.
    case kalman
}

/// The digitizer's sampling rate, overriding the device's own (docs/latency.md): iPhones sample touch
/// at 60 or 120 Hz, an iPad's Apple Pencil at 240 Hz. A trace recorded slower than the rate keeps its
/// own samples: nothing is invented between them.
package enum TouchRate: String, CaseIterable, Sendable, Codable {
    case hz60 = "60"
    case hz120 = "120"
    case hz240 = "240"

    /// The rate in Hz.
    package var hz: Double { Double(rawValue)! }
}

/// A front-buffered "wet ink" layer for the live stroke (docs/latency.md): each new segment is drawn
/// straight into the buffer being scanned out, as Android's low-latency renderer does, instead of
/// waiting for a commit and a vsync. iOS offers no public front-buffer API: on an iPhone or iPad this is
/// a what-if, not a setting an app can reach.
package enum WetInk: String, CaseIterable, Sendable, Codable {
    case off, on
}
