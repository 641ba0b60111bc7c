import StrokeBenchUnits

/// One run-loop turn and the vsync its picture was presented at: a row of the per-frame CSV.
package struct FrameRecord: Hashable, Sendable {
    /// Why the turn ran: at a vsync (input delivery, and a display-link callback), woken by a
    /// main-queue block in between, or by the max-speed drive's timer with no vsync since the last
    /// callback (`--input max-speed`).
    package enum Trigger: String, Sendable {
        case vsync
        case mainQueue = "main-queue"
        case timer
    }

    package var frame: Int
    package var trigger: Trigger
    /// The vsync at or before the turn's start, in ms since the replay started.
    package var vsyncMs: Double
    package var startMs: Double
    /// When the commit finished.
    package var endMs: Double
    /// The vsync the turn was due at (the first after its start).
    package var deadlineMs: Double
    /// The vsync the turn's picture was presented at (nil when it committed nothing new).
    package var presentMs: Double?
    /// Touch samples delivered in the turn.
    package var samples: Int
    /// Main-thread busy time: input + observers + commit (+ main-queue blocks).
    package var mainMs: Double
    package var inputMs: Double
    package var observersMs: Double
    package var commitMs: Double
    /// Rasterization time of the frame's content, wherever it ran.
    package var renderMs: Double
    /// Render-server time compositing this frame.
    package var compositeMs: Double
    /// Completion minus deadline, signed: positive is late.
    package var overrunMs: Double
    /// Vsyncs between the deadline and the presentation.
    package var missedVsyncs: Int
    /// Presentation minus deadline, in ms (0 when on time).
    package var hitchMs: Double
    /// Touch-to-screen latency of the newest and oldest samples this frame shows for the first time.
    package var latencyMinMs: Double?
    package var latencyMaxMs: Double?
    /// Work counted during the turn (and by background tasks that finished in it).
    package var counters: WorkCounters
    /// The main thread's own share of `counters`, without background tasks' work: what the device
    /// cost model charges the main thread for, and what the host fit explains `main_ms` with.
    package var mainCounters: WorkCounters
    /// Points the strategy still stores and redraws.
    package var pointsRetained: Int

    package init(
        frame: Int, trigger: Trigger, vsyncMs: Double, startMs: Double, endMs: Double, deadlineMs: Double,
        presentMs: Double?, samples: Int, mainMs: Double, inputMs: Double, observersMs: Double,
        commitMs: Double, renderMs: Double, compositeMs: Double, overrunMs: Double, missedVsyncs: Int,
        hitchMs: Double, latencyMinMs: Double?, latencyMaxMs: Double?, counters: WorkCounters,
        mainCounters: WorkCounters = WorkCounters(), pointsRetained: Int
    ) {
        self.frame = frame
        self.trigger = trigger
        self.vsyncMs = vsyncMs
        self.startMs = startMs
        self.endMs = endMs
        self.deadlineMs = deadlineMs
        self.presentMs = presentMs
        self.samples = samples
        self.mainMs = mainMs
        self.inputMs = inputMs
        self.observersMs = observersMs
        self.commitMs = commitMs
        self.renderMs = renderMs
        self.compositeMs = compositeMs
        self.overrunMs = overrunMs
        self.missedVsyncs = missedVsyncs
        self.hitchMs = hitchMs
        self.latencyMinMs = latencyMinMs
        self.latencyMaxMs = latencyMaxMs
        self.counters = counters
        self.mainCounters = mainCounters
        self.pointsRetained = pointsRetained
    }

    /// A turn that did something: delivered input, ran main-queue blocks, or committed a picture.
    /// Summary percentiles are over these; idle vsyncs cost nothing and would only dilute them.
    package var isActive: Bool { samples > 0 || trigger == .mainQueue || presentMs != nil }
}
