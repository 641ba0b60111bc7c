import Foundation
import StrokeBenchCanvas
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTraces
import StrokeBenchUnits
import Synchronization

/// The device cost model's joint uncertainty, priced (docs/device-model.md, "Uncertainty"): a modelled
/// replay is replayed again, dry, at each of `ModelDraw.standard`'s draws, and its summary reports each
/// figure's 5th and 95th percentiles over them and the share of draws in each hitch band.
///
/// Every draw moves every ranged input at once, with the model's one free factor refitted so that the
/// fitted figure (`DeviceCostData.fittedFigure`) holds in that draw too (`DeviceModel.fit`, worked out
/// above the engine by `ModelFitting`). A draw in which no factor reproduces the figure is left out.
package enum ModelUncertainty {
    /// `central`'s summary at every draw that reproduces the fitted figure. A draw whose schedule
    /// cannot differ from the central replay's (`CentralTurns.reprice`) is priced from the central
    /// replay's counted work; any other is replayed again, dry, with no frames kept or streamed and no
    /// timeline.
    static func draws(of configuration: ReplayConfiguration, central: RunSummary, turns: CentralTurns) throws
        -> [RunSummary]
    {
        // The draws are independent replays: priced on every core at once, each into its own slot, so
        // the result is the same, in the same order, however many cores there are.
        let draws = ModelDraw.standard
        let factors = try configuration.deviceModel.requireFit().factors
        let slots = Mutex<[Result<RunSummary?, any Error>]>(Array(repeating: .success(nil), count: draws.count))
        nonisolated(unsafe) let configuration = configuration
        nonisolated(unsafe) let turns = turns
        DispatchQueue.concurrentPerform(iterations: draws.count) { i in
            let outcome = Result {
                try factors[i].map {
                    try summary(of: configuration, at: draws[i], factor: $0, central: central, turns: turns)
                }
            }
            slots.withLock { $0[i] = outcome }
        }
        return try slots.withLock { $0 }.compactMap { try $0.get() }
    }

    /// `configuration`'s summary at `draw`, with the free factor refitted to `factor`. Re-priced from
    /// `turns` where the schedule cannot differ from the central replay's (`CentralTurns.reprice`);
    /// otherwise replayed again, dry, with no frames kept or streamed and no timeline, but with its
    /// composites.
    private static func summary(
        of configuration: ReplayConfiguration, at draw: ModelDraw, factor: Double,
        central: RunSummary, turns: CentralTurns
    ) throws -> RunSummary {
        // The draw's unit costs with the model's own error drawn too (`DeviceModel.structuralError`).
        let meter = ModelCostMeter(
            unitCosts: try configuration.deviceModel.unitCosts(of: configuration.device.name, at: draw, factor: factor))
        if let (tally, mainMs, compositeMs) = turns.reprice(at: meter.unitCosts) {
            // The same schedule presents every picture at the same vsync: the latencies, end to end
            // too, are the central replay's.
            var summary = central
            summary.displayLinkFps = tally.fps
            summary.mainThreadBusyPct = tally.busyPercent
            summary.renderServerBusyPct = tally.serverBusyPercent
            summary.mainMs = mainMs
            summary.compositeMs = compositeMs
            return summary
        }
        var priced = configuration
        priced.meter = meter
        priced.keepsFrames = false
        priced.onFrame = nil
        priced.timeline = NoTimeline()
        priced.comparePicture = false
        priced.forcesRaster = false
        // Composites stay: the render server is on the virtual clock, and a late one moves the schedule.
        priced.analysesLatency = false
        priced.analysesEndToEnd = true
        var loop = try RunLoopSimulation(priced)
        return try loop.run(progress: nil).summary
    }
}

/// The main thread's turns of a modelled replay, kept so that the replay can be priced again at
/// other unit costs without running it, where that cannot change what happens.
///
/// In the virtual clock the main thread's turns, background tasks and the render server's composites
/// move the schedule. So when a replay runs no background task, every turn is triggered by a vsync,
/// and every turn and its composite end before its deadline, both centrally and at the new costs, each
/// turn starts at the same vsync (no composite holds it back), takes the same samples and does the
/// same work: the schedule, and every figure that follows from it (fps, hitches, dropped frames, ink),
/// is the same, and only the main thread's and the render server's busy times change. Any replay or
/// draw that fails the test is replayed.
final class CentralTurns {
    private struct PricedTurn {
        var samples: Int
        /// The frame counts in the summary's frame-time percentiles (`FrameRecord.isActive`).
        var active: Bool
        var startMs, deadlineMs: Double
        var work: WorkCounters
        /// The render server's work compositing the turn's commit.
        var serverWork: WorkCounters
    }

    private var turns: [PricedTurn] = []
    /// False once a turn breaks the conditions above (or its work does not price to its cost).
    private(set) var canReprice: Bool
    private let centralCosts: UnitCosts?
    /// Charges the central replay, and keeps the work each turn was charged for.
    let meter: TurnWorkMeter?

    /// A log for `configuration`'s central replay (kept only for modelled costs): replay with
    /// `meter` in place of the configuration's.
    init(_ configuration: ReplayConfiguration) {
        let model = configuration.meter as? ModelCostMeter
        centralCosts = model?.unitCosts
        meter = model.map { TurnWorkMeter(inner: $0, keepsTurns: true) }
        canReprice = model != nil
    }

    /// Adds the next frame of the central replay.
    func add(_ frame: FrameRecord) {
        guard canReprice, let centralCosts, let meter else { return }
        let work = meter.work(ofTurn: frame.frame)
        let serverWork = meter.serverWork(ofTurn: frame.frame)
        let repriced = TurnWorkMeter.mainMs(of: work, at: centralCosts)
        // Each phase was rounded to the nanosecond on its own; the turn's work priced whole may differ
        // by a few. More than that means the work is not what the turn was charged for.
        guard frame.counters.tasksStarted == 0, frame.trigger == .vsync, frame.overrunMs + frame.compositeMs < 0,
            abs(repriced - frame.mainMs) < 1e-4, abs(frame.endMs - frame.startMs - frame.mainMs) < 1e-6,
            abs(TurnWorkMeter.serverMs(of: serverWork, at: centralCosts) - frame.compositeMs) < 1e-4
        else {
            canReprice = false
            turns = []
            return
        }
        meter.forget(throughTurn: frame.frame)
        turns.append(
            PricedTurn(
                samples: frame.samples, active: frame.isActive, startMs: frame.startMs, deadlineMs: frame.deadlineMs,
                work: work, serverWork: serverWork))
    }

    /// The display-link tally of the central replay's turns priced at `costs`, and the percentiles of
    /// their main-thread and composite times over the active turns; nil when the replay cannot be
    /// re-priced, or when a turn would run past its deadline at these costs.
    func reprice(at costs: UnitCosts) -> (DisplayLinkTally, mainMs: Percentiles, compositeMs: Percentiles)? {
        guard canReprice else { return nil }
        var tally = DisplayLinkTally()
        var active: [Double] = []
        var composites: [Double] = []
        for turn in turns {
            let mainMs = TurnWorkMeter.mainMs(of: turn.work, at: costs)
            let compositeMs = TurnWorkMeter.serverMs(of: turn.serverWork, at: costs)
            guard turn.startMs + mainMs + compositeMs < turn.deadlineMs else { return nil }
            if turn.active {
                active.append(mainMs)
                composites.append(compositeMs)
            }
            tally.add(
                isVsync: true, samples: turn.samples, startMs: turn.startMs, endMs: turn.startMs + mainMs,
                mainMs: mainMs, compositeMs: compositeMs)
        }
        return (tally, Percentiles(active), Percentiles(composites))
    }
}

/// Charges what `inner` charges, and adds up the work charged to the main thread's phases: in all,
/// and (with `keepsTurns`) turn by turn. Every turn runs the same four main-thread phases in order,
/// main-queue blocks first, so a turn begins where its blocks are measured.
package final class TurnWorkMeter: CostMeter {
    /// The kinds a main-thread phase is charged for: all but compositing (`ModelCostMeter`).
    package static let mainKinds = WorkKind.allCases.filter { $0 != .pixelComposited }
    /// A turn's main-thread `work` priced at `costs`, in ms: what the model charges the main thread.
    package static func mainMs(of work: WorkCounters, at costs: UnitCosts) -> Double {
        costs.cost(of: work, kinds: mainKinds).milliseconds
    }
    /// A composite's `work` priced at `costs`, in ms: what the model charges the render server.
    package static func serverMs(of work: WorkCounters, at costs: UnitCosts) -> Double {
        costs.cost(of: work, kinds: ModelCostMeter.renderServerKinds).milliseconds
    }
    package let inner: any CostMeter
    private let keepsTurns: Bool
    /// The main thread's charged work over the whole replay.
    package private(set) var total = WorkCounters()
    /// The render server's charged work over the whole replay.
    package private(set) var serverTotal = WorkCounters()
    /// Charged work of the turns not yet forgotten, by turn, from `firstKept`; and their composites'.
    private var byTurn: [WorkCounters] = []
    private var serverByTurn: [WorkCounters] = []
    private var firstKept = 0
    private var turn = -1

    package init(inner: any CostMeter, keepsTurns: Bool = false) {
        self.inner = inner
        self.keepsTurns = keepsTurns
    }

    package func workersRunning(_ count: Int) { inner.workersRunning(count) }

    /// `inner`'s price of a background step, which `measure` passes through uncounted; nil for a phase
    /// of the main thread or the render server, whose work is kept turn by turn here.
    package func price(_ work: WorkCounters, of phase: CostPhase) -> ReplayDuration? {
        guard case .backgroundStep = phase else { return nil }
        return inner.price(work, of: phase)
    }

    package func measure<T>(_ phase: CostPhase, counting ledger: WorkLedger, _ body: () throws -> T) rethrows -> (
        T, ReplayDuration
    ) {
        let before = ledger.counters
        let (result, cost) = try inner.measure(phase, counting: ledger, body)
        switch phase {
        case .mainQueueBlocks, .input, .observers, .commit:
            if phase == .mainQueueBlocks {
                turn += 1
                if keepsTurns {
                    byTurn.append(WorkCounters())
                    serverByTurn.append(WorkCounters())
                }
            }
            let work = ledger.counters - before
            total += work
            if keepsTurns, turn >= firstKept { byTurn[turn - firstKept] += work }
        case .composite:
            // The render server composites a turn's commit before the next turn starts, in its own ledger.
            let work = ledger.counters - before
            serverTotal += work
            if keepsTurns, turn >= firstKept { serverByTurn[turn - firstKept] += work }
        case .backgroundStep: break
        }
        return (result, cost)
    }

    /// The work charged to turn `index` (zero for a turn forgotten or never run).
    package func work(ofTurn index: Int) -> WorkCounters {
        let i = index - firstKept
        return byTurn.indices.contains(i) ? byTurn[i] : WorkCounters()
    }

    /// The render server's work for turn `index`'s commit (zero for a turn forgotten or never run).
    package func serverWork(ofTurn index: Int) -> WorkCounters {
        let i = index - firstKept
        return serverByTurn.indices.contains(i) ? serverByTurn[i] : WorkCounters()
    }

    /// Forgets turns up to `index`: frames are handed over in order, so memory stays a turn or two.
    func forget(throughTurn index: Int) {
        let drop = min(byTurn.count, index + 1 - firstKept)
        guard drop > 0 else { return }
        byTurn.removeFirst(drop)
        serverByTurn.removeFirst(drop)
        firstKept += drop
    }
}
