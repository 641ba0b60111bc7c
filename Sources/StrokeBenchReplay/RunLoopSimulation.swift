import Foundation
import StrokeBenchCanvas
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchStrategies

/// The main run loop, one turn per vsync (and one per main-queue wake-up between vsyncs). Each turn
/// is four steps: gather the input, run the turn (main-queue blocks, input, BeforeWaiting observers,
/// CoreAnimation commit), present what it committed, and account for it. The clock decides how time
/// passes between and during them (`ReplayClock`).
struct RunLoopSimulation {
    private let configuration: ReplayConfiguration
    private let grid: VsyncGrid
    private let mainQueue = MainQueue()
    private let ledger: WorkLedger
    private let clock: any ReplayClock
    private let strategy: any DrawingStrategy
    private var coalescer: InputCoalescer
    private var accountant: FrameAccountant
    private var frameCount = 0
    /// The layer contents of the latest commit, to tell new contents from a backing store redrawn in place.
    private var committedContents: Surface?
    /// Predicted touches on a layer of their own (`--predict`).
    private var predicted: PredictedInk
    /// The live stroke drawn into the front buffer (`--wet-ink on`).
    private var wetInk: WetInkLayer

    init(_ configuration: ReplayConfiguration) throws {
        self.configuration = configuration
        grid = VsyncGrid(hz: configuration.hz)
        let ink = InkRecord(samples: configuration.input.points)
        ledger = WorkLedger(
            rasterizes: configuration.rasterizes, bitmaps: BitmapAccounting(), misuse: Misuse(), ink: ink)
        let workers = configuration.resolvedWorkers
        let canvas = configuration.canvas
        switch configuration.clock {
        case .virtual:
            clock = try VirtualClock(
                workers: workers, mainQueue: mainQueue, ledger: ledger, meter: configuration.meter, canvas: canvas,
                rasterizes: configuration.rasterizes)
        case .realtime:
            clock = try WallClock(workers: workers, mainQueue: mainQueue, ledger: ledger, canvas: canvas)
        }
        coalescer = InputCoalescer(input: configuration.input, delivery: configuration.delivery)
        accountant = FrameAccountant(
            configuration: configuration, grid: grid, renderServer: clock.renderServer, ink: ink)
        predicted = PredictedInk(
            configuration.pipeline.predict,
            horizon: (configuration.pipeline.predictHorizonMs ?? 1000 / configuration.hz) / 1000,
            input: configuration.input, lineWidth: DeviceProfile.lineWidthPoints * configuration.device.scale)
        // Only pen-to-pixel reads the wet layer: a replay that skips it (the model's draws, a ramp's
        // steps) keeps the layer off rather than draw it for nothing.
        wetInk = try WetInkLayer(
            configuration.analysesLatency || configuration.analysesEndToEnd ? configuration.pipeline.wetInk : .off,
            input: configuration.input,
            canvas: configuration.canvas,
            hz: configuration.hz, rasterizes: configuration.rasterizes)
        clock.attach(configuration.timeline)
        let environment = StrategyEnvironment(
            ledger: ledger, renderQueues: clock.renderQueues, settings: configuration.settings,
            imageRendererFormat: configuration.device.wideColor ? .extendedRange : .standard)
        // What the strategy allocates and draws up front is counted in the first frame's work.
        let type = configuration.strategy
        strategy = try Self.calling(type.name, .initialization, ledger) {
            try type.init(canvas: canvas, environment: environment)
        }
    }

    /// Runs one call into the strategy: what it throws, or a value it handed the drawing API that was
    /// refused (`Misuse`), ends the replay as a `StrategyFailure` naming it, the phase and the value.
    private static func calling<T>(
        _ name: String, _ phase: StrategyFailure.Phase, _ ledger: WorkLedger,
        _ body: () throws -> T
    ) throws -> T {
        let result: T
        do { result = try body() } catch let failure as StrategyFailure { throw failure } catch {
            throw StrategyFailure(strategy: name, phase: phase, reason: StrategyFailure.describe(thrown: error))
        }
        if let misuse = ledger.misuse.reason {
            throw StrategyFailure(strategy: name, phase: phase, reason: "it " + misuse)
        }
        return result
    }

    mutating func run(progress: ((Double, Double) -> Void)?) throws -> ReplayResult {
        let usageBefore = ResourceUsage.now(thread: configuration.clock == .virtual)
        ledger.bitmaps.resetPeak()
        let traceEnd = ReplayInstant(seconds: configuration.input.times.last ?? 0)
        let watched = configuration.timeline.watches
        var inputEnd: ReplayInstant? = recordedInput ? traceEnd : nil  // display-link: known once taken
        var vsync = 0  // the vsync the next input turn belongs to
        var mainFree = ReplayInstant.zero  // when the main thread finishes its current turn
        var lastProgress: ReplayInstant?
        var timerFire = ReplayInstant.zero  // max-speed: when the drive's timer is next due
        while true {
            let maxSpeed = configuration.inputMode == .maxSpeed && !coalescer.isDone
            let due = maxSpeed ? max(timerFire, mainFree) : max(grid.time(of: vsync), mainFree)
            var (start, trigger) = clock.nextTurn(due: due)
            if maxSpeed && trigger == .vsync {
                // The timer's turn runs the display link's callback too only if a vsync has passed.
                if grid.time(of: vsync) > start { trigger = .timer }
                timerFire = start + Self.maxSpeedTimerInterval
            }
            let samplesBefore = coalescer.next
            let events = gather(trigger: trigger, start: start)
            accountant.noteDelivered(samplesBefore..<coalescer.next, at: start)
            if inputEnd == nil && coalescer.isDone { inputEnd = start }
            let turn = try runTurn(
                start: start, trigger: trigger, events: events, samples: coalescer.next - samplesBefore)
            try checkModelledWork(of: turn, events: events.count)
            wetInk.turn(
                delivered: samplesBefore..<coalescer.next, start: start, handled: start + turn.blocksCost,
                meter: configuration.meter)
            if watched {
                configuration.timeline.turnRan(
                    TimelineTurn(
                        turn, events: events, sampleTime: accountant.instant(of:),
                        liveBitmapBytes: ledger.bitmaps.liveBytes))
            }
            let presented = present(turn)
            try accountant.account(turn, presentedAt: presented)
            predicted.turn(
                delivered: samplesBefore..<coalescer.next,
                presentedAt: grid.time(of: presented ?? presentVsync(of: turn)),
                meter: configuration.meter)
            mainFree = turn.end
            if trigger == .vsync { vsync = max(vsync + 1, grid.firstVsync(after: turn.end) - 1) }
            clock.betweenTurns()
            if let progress, lastProgress.map({ turn.end - $0 >= ReplayDuration(seconds: 0.25) }) ?? true {
                progress(progressSeconds(at: turn.end, traceEnd: traceEnd), traceEnd.seconds)
                lastProgress = turn.end
            }
            guard let inputEnd else { continue }
            // Work still going five seconds after the input ended (or after the first second) is given up on.
            let giveUpAt = max(inputEnd, ReplayInstant(seconds: 1)) + ReplayDuration(seconds: 5)
            if (isSettled && grid.time(of: vsync) >= inputEnd && vsync >= accountant.lastPresent) || turn.end > giveUpAt
            {
                break
            }
        }
        return try finish(vsyncCount: max(vsync, accountant.lastPresent), usageBefore: usageBefore)
    }

    private var recordedInput: Bool { configuration.inputMode == .recorded }

    /// The most main-thread time the device cost model may price one touch event's handling at (or a
    /// turn that handles none): a minute, thousands of times what any strategy's event costs on any
    /// device of the data. The data's unit costs are bounded one by one (`DeviceCostData.checkValues`),
    /// but a product of plausible figures can still price an event at hours, and a replay whose every
    /// event takes hours of modelled time runs for hours; this bounds a modelled replay's clock by its
    /// work. Per event, not per turn: a main thread that falls behind handles every queued event in one
    /// turn (per-sample delivery at 240 Hz: `naive` on the spiral prices one turn at over a minute,
    /// `bench model validate`'s pencil row), and that is the model's answer, not bad data.
    static let maxModelledEvent = ReplayDuration(seconds: 60)

    /// Refuses a modelled turn dearer than `maxModelledEvent` for each event it handled: the device data
    /// is at fault (65).
    private func checkModelledWork(of turn: Turn, events: Int) throws {
        let limit = Self.maxModelledEvent.seconds * Double(max(1, events))
        guard configuration.costs == .model, turn.mainCost.seconds > limit else { return }
        throw DeviceCostError(
            "the device cost model prices turn \(turn.frame) of \(configuration.strategy.name) on \(configuration.device.name) "
                + "at \(Int(turn.mainCost.seconds)) s of main-thread work for \(events) touch events, more than the "
                + "\(Int(Self.maxModelledEvent.seconds)) s any event may take; check host.unit_costs_ns and the devices' compute ratios"
        )
    }

    /// The companion app's max-speed timer: `Timer.scheduledTimer(withTimeInterval: 0.00001, repeats:
    /// true)` (`Drawable.swift`, almaleh/Drawing-Performance; docs/research/companion-app.md).
    static let maxSpeedTimerInterval = ReplayDuration(seconds: 0.00001)

    /// The input of a turn: nothing for a main-queue wake-up; at a vsync, every sample recorded by the
    /// turn's start, or with display-link input the next sample, as a display-link callback takes it.
    private mutating func gather(trigger: FrameRecord.Trigger, start: ReplayInstant) -> [TouchEvent] {
        guard trigger != .mainQueue else { return [] }
        return recordedInput ? coalescer.events(through: start) : coalescer.events(taking: 1)
    }

    /// How far the replay has got, in trace seconds: the clock with recorded input, the share of
    /// samples taken with display-link input (whose pace the trace's times do not set).
    private func progressSeconds(at time: ReplayInstant, traceEnd: ReplayInstant) -> Double {
        if recordedInput { return time.seconds }
        let count = configuration.input.count
        return count == 0 ? traceEnd.seconds : traceEnd.seconds * Double(coalescer.next) / Double(count)
    }

    /// Runs one turn, phase by phase, each timed by the clock.
    private mutating func runTurn(
        start: ReplayInstant, trigger: FrameRecord.Trigger, events: [TouchEvent], samples: Int
    ) throws -> Turn {
        let blocks = clock.takeMainQueueBlocks(turnStart: start)
        let (_, blocksCost) = clock.runPhase(.mainQueueBlocks) { for block in blocks { block() } }
        // Locals, not `self`, inside the timed closures: a closure that used `self` in this mutating
        // method copied the whole simulation each phase (1.7 us a turn of the null strategy).
        let strategy = strategy
        let name = configuration.strategy.name
        let ledger = ledger
        let (_, inputCost) = try clock.runPhase(.input) {
            try Self.calling(name, .handle, ledger) { for event in events { try strategy.handle(event) } }
        }
        let (_, observersCost) = try clock.runPhase(.observers) {
            try Self.calling(name, .beforeWaiting, ledger) { try strategy.beforeWaiting() }
        }
        let (update, commitCost) = try clock.runPhase(.commit) { try commit() }
        defer { frameCount += 1 }
        let counters = ledger.take()
        return Turn(
            frame: frameCount, trigger: trigger, start: start, end: clock.now, samples: samples,
            blocksCost: blocksCost, inputCost: inputCost, observersCost: observersCost, commitCost: commitCost,
            update: update, counters: counters.all, mainCounters: counters.own,
            acceptedThrough: strategy.acceptedThrough, pointsRetained: strategy.pointsRetained)
    }

    /// CoreAnimation's commit: the strategy displays what needs it, and a layer given new contents
    /// has the whole image prepared for the render server (counted as uploaded; a backing store drawn
    /// in place is the same image and is not).
    private mutating func commit() throws -> LayerUpdate? {
        let strategy = strategy
        let update = try Self.calling(configuration.strategy.name, .commit, ledger) { try strategy.commit() }
        if let problem = update?.problem(sampleCount: configuration.input.count, rasterizes: configuration.rasterizes) {
            throw StrategyFailure(strategy: configuration.strategy.name, phase: .commit, reason: problem)
        }
        if let contents = update?.contents, contents !== committedContents {
            contents.countUpload(in: ledger)
            committedContents = contents
        }
        return update
    }

    /// Hands the turn's update to the render server; returns the vsync it is presented at: the one
    /// the turn was due at, or the first after the commit (in the virtual clock, after its composite)
    /// if that finished later, and with a present queue deeper than one frame, a refresh later for each
    /// frame queued ahead of it (at a steady rate the queue stays full, so every picture waits the
    /// whole queue).
    private func present(_ turn: Turn) -> Int? {
        guard let update = turn.update else { return nil }
        var done = turn.end
        if configuration.composites,
            let composited = clock.renderServer.submit(update, frame: turn.frame, committed: turn.end)
        {
            done = max(done, composited)
        }
        return presentVsync(of: turn, doneAt: done)
    }

    /// The vsync a change committed by `turn`, and ready on the server at `done`, is on screen at.
    private func presentVsync(of turn: Turn, doneAt done: ReplayInstant? = nil) -> Int {
        max(grid.firstVsync(after: turn.start), grid.firstVsync(after: done ?? turn.end))
            + configuration.pipeline.presentQueueDepth.frames - 1
    }

    /// Every sample delivered and on screen, and no work left anywhere.
    private var isSettled: Bool {
        coalescer.isDone && accountant.shown >= configuration.input.count - 1 && !strategy.hasPendingWork
            && clock.backgroundPending == 0 && mainQueue.earliest == nil && clock.isQuiet
    }

    /// The last frame, the final picture and its comparison with the reference, and the summary.
    private mutating func finish(vsyncCount: Int, usageBefore: ResourceUsage) throws -> ReplayResult {
        let bitmapBytesPeak = ledger.bitmaps.peakBytes
        let queueLog = clock.queueLog
        let screen = try clock.renderServer.screen()
        // Provisional ink still up when the replay ends is on the screen too: the picture shows it.
        if let screen, let (base, tip) = predicted.finalTip {
            try Context(surface: screen).stroke([[base, tip]], style: configuration.canvas.style)
        }
        try accountant.finish()
        clock.discardPending()
        let usage = ResourceUsage.now(thread: configuration.clock == .virtual)
        let picture = try configuration.comparePicture ? screen.map(compareWithReference) : nil
        let (latenciesMs, neverShown) = accountant.sampleLatencies(endingAt: grid.time(of: vsyncCount))
        var summary = RunSummary(
            strategy: configuration.strategy.name, device: configuration.device.name, hz: grid.hz,
            clock: configuration.clock.rawValue, delivery: configuration.delivery.rawValue,
            trace: configuration.traceName, workers: configuration.resolvedWorkers, tally: accountant.tally,
            samples: configuration.input.count, sampleLatenciesMs: latenciesMs, samplesNeverShown: neverShown,
            presentations: accountant.presentations, pending: accountant.pending,
            finishedRenders: queueLog.finished, vsyncCount: vsyncCount, penVsyncs: penVsyncs(),
            threadsPeak: queueLog.threadsPeak, backlogPeak: queueLog.backlogPeak, bitmapBytesPeak: bitmapBytesPeak,
            rendersEnded: queueLog.ended,
            cpuS: usage.cpuSeconds - usageBefore.cpuSeconds, peakMemoryMB: usage.peakResidentMB,
            picture: picture, machine: Machine.current.description)
        summary.costs = configuration.costs.rawValue
        summary.input = configuration.inputMode.rawValue
        let shown = ShownSamples(
            presentations: accountant.presentations, pending: accountant.pending, vsyncCount: vsyncCount,
            latenciesMs: latenciesMs, isShown: accountant.samplesShown)
        let device = DeviceLatency(device: configuration.device, hz: grid.hz)
        // A sample never shown enters the end-to-end figures at its wait until the last vsync plus the
        // device's own stages: a lower bound, never left out (docs/latency.md).
        let deviceMs = Double(device.digitizerNs + device.scanOutAndPanelNs) / 1e6
        guard configuration.analysesLatency else {
            if configuration.analysesEndToEnd {
                let endToEndNs = firstShownEndToEndNs(device: device)
                summary.drawnEndToEndMs = endToEndMs(endToEndNs, latenciesMs: latenciesMs, deviceMs: deviceMs)
                // A sample is shown where it has an end-to-end figure: the same test as its stages'.
                let (stroke, changes) = screenChanges(device: device)
                summary.drawnPerceivedMs = perceivedLatency(
                    device: device, stroke: stroke, changes: changes, shown: endToEndNs.map { $0 != nil },
                    endNs: grid.time(of: vsyncCount).nanoseconds)
            }
            return ReplayResult(
                frames: accountant.frames, tally: accountant.tally, summary: summary, screen: screen, shown: shown)
        }
        let (stages, wetFirst) = firstPixels(device: device)
        let neverShownMs = stages.indices.filter { stages[$0] == nil }.map { latenciesMs[$0] + deviceMs }
        summary.penToPixel = PenToPixel(
            shown: stages.compactMap { $0 }, neverShownMs: neverShownMs, samples: configuration.input.count,
            hz: grid.hz)
        let (stroke, changes) = screenChanges(device: device)
        summary.penToPixel?.perceivedMs = perceivedLatency(
            device: device, stroke: stroke, changes: changes,
            shown: stages.map { $0 != nil }, endNs: grid.time(of: vsyncCount).nanoseconds)
        summary.penToPixel?.spatialLag = SpatialLag(
            SpatialLagMeter.measure(
                vsyncs: SpatialLagMeter.vsyncs(count: vsyncCount, on: grid),
                times: (0..<configuration.input.count).map { accountant.instant(of: $0).nanoseconds },
                points: configuration.input.points, stroke: stroke, changes: changes,
                mmPerPixel: configuration.device.millimetresPerPixel))
        summary.penToPixel?.prediction = predicted.figures(
            endingAt: grid.time(of: vsyncCount).nanoseconds,
            mmPerPixel: configuration.device.millimetresPerPixel)
        summary.penToPixel?.wetInk = wetInk.figures(firstShown: wetFirst)
        configuration.timeline.latencyStages(
            stages.indices.compactMap { i in
                stages[i].map { TimelineLatency(sample: i, time: accountant.instant(of: i), stages: $0) }
            })
        return ReplayResult(
            frames: accountant.frames, tally: accountant.tally, summary: summary, screen: screen,
            sampleStages: stages.compactMap { $0 }, shown: shown)
    }

    /// The vsyncs at which the pen moved: the first vsync after each sample was taken, in order, once
    /// each (as many as there are samples at most, whatever the trace's length).
    private func penVsyncs() -> [Int] {
        let vsyncs = (0..<configuration.input.count).map { grid.firstVsync(after: accountant.instant(of: $0)) }
        return vsyncs.sorted().reduce(into: []) { if $1 != $0.last { $0.append($1) } }
    }

    /// Each sample's end-to-end latency in ns, worked out without its stages: its stages summed
    /// (`FrameAccountant.endToEndNs`), or the wet ink's where that lit it sooner; nil for a sample never
    /// shown, exactly where `firstPixels` gives none.
    private func firstShownEndToEndNs(device: DeviceLatency) -> [Int64?] {
        var committed = accountant.endToEndNs(device: device)
        if configuration.pipeline.wetInk != .off {
            for i in committed.indices {
                guard
                    let wet = wetInk.stages(of: i, sampled: accountant.instant(of: i).nanoseconds, device: device)?
                        .endToEndNs
                else { continue }
                if committed[i].map({ wet < $0 }) ?? true { committed[i] = wet }
            }
        }
        return committed
    }

    /// The end-to-end distribution `finish` reports in `PenToPixel.endToEndMs`, worked out alone from
    /// `firstShownEndToEndNs` (`committed`), each never-shown sample at its lower bound. Nil when none
    /// was shown.
    private func endToEndMs(_ committed: [Int64?], latenciesMs: [Double], deviceMs: Double) -> Percentiles? {
        guard committed.contains(where: { $0 != nil }) else { return nil }
        return Percentiles(
            committed.indices.map { i in committed[i].map { Double($0) / 1e6 } ?? latenciesMs[i] + deviceMs })
    }

    /// Each sample's stages to its first pixels (nil for a sample never shown): through the committed
    /// frames, or through the wet-ink layer where that lit it sooner; and how many the wet ink lit first.
    private func firstPixels(device: DeviceLatency) -> (stages: [SampleStages?], wetFirst: Int) {
        var stages = accountant.stagesBySample(device: device)
        var wetFirst = 0
        for i in stages.indices {
            guard let wet = wetInk.stages(of: i, sampled: accountant.instant(of: i).nanoseconds, device: device) else {
                continue
            }
            if stages[i].map({ wet.endToEndNs < $0.endToEndNs }) ?? true {
                stages[i] = wet
                wetFirst += 1
            }
        }
        return (stages, wetFirst)
    }

    /// Each sample's stroke, and what the screen showed when: every picture presented (its newest
    /// sample), every change of the provisional ink and every sample the wet ink lit, in time order.
    private func screenChanges(device: DeviceLatency) -> (stroke: [Int], changes: [PerceivedLatency.Change]) {
        let input = configuration.input
        var stroke: [Int] = []
        var current = -1
        for i in 0..<input.count {
            if input.isStrokeStart[i] { current += 1 }
            stroke.append(max(current, 0))
        }
        var changes = accountant.presentations.filter { !$0.blank }.map {
            PerceivedLatency.Change(time: grid.time(of: $0.vsync).nanoseconds, realTip: $0.showsThrough, segment: nil)
        }
        changes += predicted.shown.map { PerceivedLatency.Change(time: $0.time, realTip: nil, segment: $0) }
        // Perceived latency adds the average scan-out to every change (`perceivedLatency`); a wet-ink
        // sample's change is placed that much before the scan reached its row, so the sum is when it did.
        let scanOutNs = Int64((device.scanOutMs * 1e6).rounded())
        for (i, visible) in wetInk.visibleNs.enumerated() {
            if let visible {
                changes.append(PerceivedLatency.Change(time: visible - scanOutNs, realTip: i, segment: nil))
            }
        }
        changes.sort { $0.time < $1.time }
        return (stroke, changes)
    }

    /// Perceived latency's distribution, the device's own stages included (`PerceivedLatency`). A sample
    /// whose ink never came within reach counts at its wait until the last vsync (`endNs`), a lower
    /// bound, never left out.
    private func perceivedLatency(
        device: DeviceLatency, stroke: [Int], changes: [PerceivedLatency.Change], shown: [Bool],
        endNs: Int64
    ) -> Percentiles {
        let input = configuration.input
        let within = PenToPixel.perceivedWithinMm / configuration.device.millimetresPerPixel
        let perceived = PerceivedLatency.compute(
            times: (0..<input.count).map { accountant.instant(of: $0).nanoseconds },
            points: input.points, stroke: stroke, shown: shown,
            changes: changes, within: within)
        let deviceNs = device.digitizerNs + device.scanOutAndPanelNs
        return Percentiles(
            perceived.indices.map { i in
                Double((perceived[i] ?? max(0, endNs - accountant.instant(of: i).nanoseconds)) + deviceNs) / 1e6
            })
    }

    private func compareWithReference(_ screen: Surface) throws -> PictureSummary {
        let canvas = configuration.canvas
        let reference = try ReferencePicture.render(configuration.input.polylines, canvas: canvas)
        let difference = PictureDifference(
            screen, reference: reference, background: canvas.background, ink: canvas.style.color)
        return PictureSummary(
            checksum: PictureChecksum.hex(of: screen), differingPct: difference.differingPercent,
            maxChannelDiff: difference.maxChannelDifference,
            stronglyDifferingPixels: difference.stronglyDifferingPixels,
            matchesReference: difference.matches)
    }
}
