import Canvas
import Foundation
import Metrics
import Strategies

/// The main run loop, one turn per vsync (and one per main-queue wake-up between vsyncs):
/// main-queue blocks, input delivery, the BeforeWaiting observers, the CoreAnimation commit, then
/// the render server and presentation at the first vsync after the commit.
struct RunLoopSimulation {
    private let configuration: ReplayConfiguration
    private let input: ReplayInput
    private let hz: Double
    private let virtual: Bool
    private let mainQueue = MainQueue()
    private let scheduler = VirtualScheduler()
    private let ledger = WorkLedger()
    private let renderServer: RenderServer
    private let simulatedQueues: SimulatedRenderQueues?
    private let dispatchQueues: DispatchRenderQueues?
    private let strategy: any DrawingStrategy
    /// Charges main-thread phases: the configured meter in the virtual clock, the wall clock in realtime.
    private let meter: any CostMeter
    /// Wall-clock origin of a realtime run.
    private let origin: Double

    init(_ configuration: ReplayConfiguration) throws {
        self.configuration = configuration
        input = configuration.input
        hz = configuration.hz
        virtual = configuration.clock == .virtual
        meter = virtual ? configuration.meter : WallClockMeter()
        let canvas = configuration.canvas
        renderServer = try RenderServer(width: canvas.width, height: canvas.height, background: canvas.background,
                                        style: canvas.style, threaded: !virtual, meter: meter)
        let queues: RenderQueues
        let start = Stopwatch.now()
        if virtual {
            let q = SimulatedRenderQueues(count: configuration.resolvedWorkers, scheduler: scheduler,
                                          mainQueue: mainQueue, ledger: ledger, meter: meter)
            simulatedQueues = q; dispatchQueues = nil; queues = q
        } else {
            let q = DispatchRenderQueues(count: configuration.resolvedWorkers, mainQueue: mainQueue,
                                         origin: start, ledger: ledger)
            simulatedQueues = nil; dispatchQueues = q; queues = q
        }
        origin = start
        let environment = StrategyEnvironment(ledger: ledger, renderQueues: queues, options: configuration.options)
        // What the strategy allocates and draws up front is counted in the first frame's work.
        strategy = try configuration.strategy.init(canvas: canvas, environment: environment)
    }

    /// The index of the first vsync strictly after `time`.
    private func vsyncAfter(_ time: Double) -> Int { Int((time * hz + 1e-9).rounded(.down)) + 1 }

    /// Seconds since the start of a realtime replay.
    private func wallNow() -> Double { Stopwatch.now() - origin }

    mutating func run(progress: ((Double, Double) -> Void)?) throws -> ReplayResult {
        let count = input.count
        let traceEnd = input.times.last ?? 0
        let giveUpAt = max(traceEnd, 1.0) + 5.0
        let usageBefore = ResourceUsage.now()

        var frames: [FrameRecord] = []
        var tally = FrameTally()
        var frameCount = 0
        // The newest turn's record waits one turn for its composite cost: in the realtime clock the
        // render server finishes it on its own thread, before the next turn's fence.
        var held: FrameRecord?
        func handOver(_ record: FrameRecord) throws {
            var record = record
            let cost = renderServer.takeCost(ofFrame: record.frame)
            record.compositeMs = cost.seconds * 1000
            record.counters.pixelsComposited += cost.pixels
            tally.add(record)
            if configuration.keepsFrames { frames.append(record) }
            try configuration.onFrame?(record)
        }
        var presentations: [ScreenTimeline.Presentation] = []
        BitmapAccounting.resetPeak()
        var latencies = [Double](repeating: .nan, count: count)
        var vsync = 0                // the vsync the next input turn belongs to
        var mainFree = 0.0           // when the main thread finishes its current turn
        var nextSample = 0
        var shown = -1               // newest sample on screen (or committed for it)
        var lastPresent = 0
        var strokeOpen = false
        var events: [TouchEvent] = []
        var lastProgress = -1.0

        while true {
            let turnAt = max(Double(vsync) / hz, mainFree)
            var start: Double
            var trigger: FrameRecord.Trigger = .vsync
            if virtual {
                scheduler.advance(to: turnAt, stoppingWhen: { mainQueue.earliest != nil })
                if let posted = mainQueue.earliest, posted < turnAt {
                    start = max(posted, mainFree); trigger = .mainQueue
                } else {
                    start = turnAt
                }
            } else {
                while true {
                    let now = wallNow()
                    if now >= turnAt { start = now; break }
                    if mainQueue.earliest != nil { start = now; trigger = .mainQueue; break }
                    _ = mainQueue.wakeUp.wait(timeout: .now() + (turnAt - now))
                }
                renderServer.waitUntilIdle() // the fence: the server may still read our backing store
                start = max(start, wallNow())
            }

            // Gather this turn's input (harness work: not timed).
            events.removeAll(keepingCapacity: true)
            var delivered = 0
            if trigger == .vsync {
                var moved: [TouchPoint] = []
                func flushMoved() {
                    if !moved.isEmpty { events.append(TouchEvent(phase: .moved, points: moved)); moved = [] }
                }
                while nextSample < count, input.times[nextSample] <= start {
                    let i = nextSample
                    let point = TouchPoint(location: input.points[i], index: i)
                    if input.isStrokeStart[i] {
                        flushMoved()
                        events.append(TouchEvent(phase: .began, points: [point]))
                        strokeOpen = true
                    } else if configuration.delivery == .perSample {
                        events.append(TouchEvent(phase: .moved, points: [point]))
                    } else {
                        moved.append(point)
                    }
                    if input.isStrokeEnd[i] {
                        flushMoved()
                        events.append(TouchEvent(phase: .ended, points: []))
                        strokeOpen = false
                    }
                    nextSample += 1
                    delivered += 1
                }
                flushMoved()
            }
            _ = strokeOpen

            // The turn, timed phase by phase. In the virtual clock the simulated workers catch up to
            // the main thread before each phase, so they see the state of that moment.
            var t = start
            func catchUp(_ cost: Double) {
                t += cost
                if virtual { scheduler.advance(to: t); simulatedQueues?.mainNow = t }
            }
            simulatedQueues?.mainNow = t
            let blocks = mainQueue.take(postedBy: virtual ? start : .infinity)
            let (_, blockCost) = meter.measure(.mainQueueBlocks) { for block in blocks { block() } }
            let (_, inputCost) = try meter.measure(.input) { for event in events { try strategy.handle(event) } }
            catchUp(blockCost + inputCost)
            let (_, observersCost) = try meter.measure(.observers) { try strategy.beforeWaiting() }
            catchUp(observersCost)
            let (update, commitCost) = try meter.measure(.commit) { try strategy.commit() }
            catchUp(commitCost)
            let end = virtual ? t : wallNow()
            mainFree = end

            let deadlineIndex = vsyncAfter(start)
            var presentIndex: Int?
            var latencyMin: Double?, latencyMax: Double?
            if let update {
                let p = max(deadlineIndex, vsyncAfter(end))
                presentIndex = p
                lastPresent = max(lastPresent, p)
                renderServer.submit(update, frame: frameCount)
                presentations.append(.init(vsync: p, showsThrough: update.showsThrough, blank: update.isBlank))
                if update.showsThrough > shown && !update.isBlank {
                    // A fading-in picture counts as shown once the fade has finished.
                    let presentTime = Double(p) / hz + update.fadeIn
                    for i in (shown + 1)...update.showsThrough { latencies[i] = (presentTime - input.times[i]) * 1000 }
                    latencyMax = latencies[shown + 1]
                    latencyMin = latencies[update.showsThrough]
                    shown = update.showsThrough
                }
            }
            let mainCost = blockCost + inputCost + observersCost + commitCost
            let missed = presentIndex.map { $0 - deadlineIndex } ?? 0
            let render = update?.backgroundRenderSeconds ?? (update == nil ? 0 : inputCost + commitCost)
            if let previous = held { try handOver(previous) }
            held = FrameRecord(
                frame: frameCount, trigger: trigger,
                vsyncMs: Double(deadlineIndex - 1) / hz * 1000, startMs: start * 1000, endMs: end * 1000,
                deadlineMs: Double(deadlineIndex) / hz * 1000, presentMs: presentIndex.map { Double($0) / hz * 1000 },
                samples: delivered, mainMs: mainCost * 1000, inputMs: inputCost * 1000,
                observersMs: observersCost * 1000, commitMs: commitCost * 1000, renderMs: render * 1000,
                compositeMs: 0, overrunMs: (end - Double(deadlineIndex) / hz) * 1000, missedVsyncs: missed,
                hitchMs: Double(missed) / hz * 1000, latencyMinMs: latencyMin, latencyMaxMs: latencyMax,
                counters: ledger.take(), pointsRetained: strategy.pointsRetained)
            frameCount += 1

            simulatedQueues?.dropReleased()
            if trigger == .vsync { vsync = max(vsync + 1, vsyncAfter(end) - 1) }

            if let progress, end - lastProgress >= 0.25 { progress(end, traceEnd); lastProgress = end }

            let pendingBackground = (simulatedQueues?.pending ?? 0) + (dispatchQueues?.pending ?? 0)
            let settled = nextSample == count && shown >= count - 1 && !strategy.hasPendingWork
                && pendingBackground == 0 && mainQueue.earliest == nil && (!virtual || scheduler.isEmpty)
            if (settled && Double(vsync) / hz >= traceEnd && vsync >= lastPresent) || end > giveUpAt { break }
        }

        let bitmapBytesPeak = BitmapAccounting.peakBytes
        let queueLog = simulatedQueues?.log ?? dispatchQueues?.log ?? RenderQueueLog()
        let screen = try renderServer.screen()
        if let last = held { try handOver(last) }
        // Work the replay gave up on (five seconds after the last sample) is dropped, not leaked.
        simulatedQueues?.discardPending()
        scheduler.discardPending()
        mainQueue.discardPending()
        let usage = ResourceUsage.now()
        let vsyncCount = max(vsync, lastPresent)
        var picture: PictureSummary?
        if configuration.comparePicture {
            let reference = try ReferencePicture.render(input.polylines, canvas: configuration.canvas)
            let canvas = configuration.canvas
            let difference = PictureDifference(screen, reference: reference, background: canvas.background, ink: canvas.style.color)
            picture = PictureSummary(
                checksum: PictureChecksum.hex(of: screen), differingPct: difference.differingPercent,
                maxChannelDiff: difference.maxChannelDifference,
                stronglyDifferingPixels: difference.stronglyDifferingPixels,
                matchesReference: difference.matches)
        }
        let summary = RunSummary(
            strategy: configuration.strategy.name, device: configuration.device.name, hz: hz,
            clock: configuration.clock.rawValue, delivery: configuration.delivery.rawValue,
            trace: configuration.traceName, workers: configuration.resolvedWorkers, tally: tally,
            sampleTimes: input.times, sampleLatenciesMs: latencies.filter { !$0.isNaN },
            presentations: presentations, finishedRenders: queueLog.finished, vsyncCount: vsyncCount,
            threadsPeak: queueLog.threadsPeak, backlogPeak: queueLog.backlogPeak, bitmapBytesPeak: bitmapBytesPeak,
            cpuS: usage.cpuSeconds - usageBefore.cpuSeconds, peakMemoryMB: usage.peakResidentMB,
            picture: picture, machine: Machine.current.description)
        return ReplayResult(frames: frames, tally: tally, summary: summary, screen: screen)
    }
}
