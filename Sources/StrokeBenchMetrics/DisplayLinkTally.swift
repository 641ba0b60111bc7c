/// What the source article's FPS counter would show, gathered a frame at a time (docs/model.md section 3).
///
/// *Display-link fps*: callbacks per second a `CADisplayLink` on the main run loop would deliver while
/// input is being drawn, that is vsync-triggered turns per second from the turn that delivers the
/// first sample to the turn that delivers the last. The companion app's counter (konoma's
/// FPSCounter) counts callbacks after the first of a window over the window's time, so the rate is
/// intervals over time: `(callbacks - 1) / (last start - first start)`.
///
/// *Main-thread busy share*: main-thread busy time of every turn over the same span (from the first
/// delivering turn's start to the last delivering turn's end), in percent.
///
/// *Render-server busy share*: the render server's time compositing those turns' commits over the same
/// span, in percent.
package struct DisplayLinkTally: Sendable, Hashable {
    private var firstStartMs: Double?
    private var callbacks = 0
    private var busyMs = 0.0
    private var serverMs = 0.0
    /// Callbacks, last delivering start and end, and busy times, as of the last turn that delivered a sample.
    private var atLastDelivery: (callbacks: Int, startMs: Double, endMs: Double, busyMs: Double, serverMs: Double)?

    package init() {}

    package static func == (a: Self, b: Self) -> Bool {
        a.firstStartMs == b.firstStartMs && a.callbacks == b.callbacks && a.busyMs == b.busyMs
            && a.atLastDelivery?.callbacks == b.atLastDelivery?.callbacks
            && a.atLastDelivery?.startMs == b.atLastDelivery?.startMs
            && a.atLastDelivery?.endMs == b.atLastDelivery?.endMs
            && a.atLastDelivery?.busyMs == b.atLastDelivery?.busyMs && a.serverMs == b.serverMs
            && a.atLastDelivery?.serverMs == b.atLastDelivery?.serverMs
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(callbacks)
        hasher.combine(busyMs)
    }

    /// Adds the next turn, in order.
    package mutating func add(_ frame: FrameRecord) {
        add(
            isVsync: frame.trigger == .vsync, samples: frame.samples, startMs: frame.startMs, endMs: frame.endMs,
            mainMs: frame.mainMs, compositeMs: frame.compositeMs)
    }

    /// Adds the next turn from the figures the tally reads: what re-pricing a replay's turns at other
    /// costs feeds it.
    /// - Parameter compositeMs: the render server's time for the turn's commit.
    package mutating func add(
        isVsync: Bool, samples: Int, startMs: Double, endMs: Double, mainMs: Double, compositeMs: Double = 0
    ) {
        if firstStartMs == nil {
            guard samples > 0 else { return }
            firstStartMs = startMs
        }
        if isVsync { callbacks += 1 }
        busyMs += mainMs
        serverMs += compositeMs
        if samples > 0 { atLastDelivery = (callbacks, startMs, endMs, busyMs, serverMs) }
    }

    /// Callbacks per second while input was drawn; 0 when fewer than two turns delivered input.
    package var fps: Double {
        guard let first = firstStartMs, let last = atLastDelivery, last.startMs > first, last.callbacks > 1 else {
            return 0
        }
        return Double(last.callbacks - 1) / ((last.startMs - first) / 1000)
    }

    /// Main-thread busy time over the span input was drawn, in percent; 0 for an empty span.
    package var busyPercent: Double {
        guard let first = firstStartMs, let last = atLastDelivery, last.endMs > first else { return 0 }
        return 100 * last.busyMs / (last.endMs - first)
    }

    /// Render-server busy time over the span input was drawn, in percent; 0 for an empty span.
    package var serverBusyPercent: Double {
        guard let first = firstStartMs, let last = atLastDelivery, last.endMs > first else { return 0 }
        return 100 * last.serverMs / (last.endMs - first)
    }
}
