import Foundation
import StrokeBenchCanvas
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchReplay
import StrokeBenchUnits
import Synchronization

/// Replays ramp steps: the configuration of the ramp's strategy, device and modes, with a step's input
/// in place of a trace, every frame kept and nothing compared or written.
struct StepReplayer: @unchecked Sendable {
    let template: ReplayConfiguration
    let drawing: RampDrawing
    let axis: RampAxis

    /// The step at `value` on the axis.
    func input(_ value: Int) -> ReplayInput {
        RampStep.input(drawing, axis: axis, value: value, device: template.device)
    }

    /// The step at `points` replayed, charged by `meter` (wrapped, so that a modelled meter is not priced
    /// again at the model's draws: a ramp prices its own), and its outcome.
    func outcome(points: Int, meter: any CostMeter) throws -> StepOutcome {
        var configuration = template
        configuration.input = input(points)
        configuration.meter = TurnWorkMeter(inner: FreeHistoryMeter(inner: meter))
        configuration.keepsFrames = true
        configuration.comparePicture = false
        configuration.analysesLatency = false
        let result = try Replay.run(configuration)
        return WindowFigures(result, input: configuration.input, hz: template.hz).outcome(
            points: points, hz: template.hz)
    }
}

/// Steps priced from their counted work, for the device model's central estimate and each of its draws
/// (docs/capacity.md, "Pricing a step").
///
/// Each step is replayed once at zero cost, keeping each turn's main-thread work. Where that replay
/// starts no background task and every turn is a vsync's, a step keeps up at given unit costs exactly
/// when the history's turns end before the window and every window turn ends before its deadline: then
/// each turn starts at the same vsync and takes the same samples as at zero cost, so the window is the
/// zero-cost window (no hitch, the same pictures at the same vsyncs, so the same dropped frames, ink and
/// latencies: the same judgement); and late turns in the window hitch at least a refresh
/// period each, which fails the step when they add up past the good band's 5 ms in the second (one
/// late turn does at 200 Hz and below). Any other step, a few late turns above 200 Hz included, is
/// replayed at the draw's costs.
final class PricedSteps: @unchecked Sendable {
    /// A step's zero-cost replay, kept as work.
    struct Record {
        struct Turn {
            var startMs, deadlineMs: Double
            var work: WorkCounters
        }
        /// The turns before the window: the history's burst (free: `FreeHistoryMeter`), then the pause.
        var before: [Turn]
        /// The window's turns at which the pen moved.
        var window: [Turn]
        /// The zero-cost window's figures: a step whose turns all end in time has them.
        var figures: WindowFigures
        /// False when the step starts background work or a turn not at a vsync: it must be replayed.
        var canPrice: Bool
    }

    let replayer: StepReplayer
    private let records = Mutex<[Int: Record]>([:])

    init(_ replayer: StepReplayer) { self.replayer = replayer }

    /// The step at `points` at `costs` (replayed with `meter` where it cannot be priced).
    func outcome(points: Int, costs: UnitCosts, meter: @autoclosure () -> any CostMeter) throws -> StepOutcome {
        let record = try self.record(points)
        guard record.canPrice else { return try replayer.outcome(points: points, meter: meter()) }
        func ms(_ turn: Record.Turn) -> Double { TurnWorkMeter.mainMs(of: turn.work, at: costs) }
        let historyEnd = record.before.dropFirst().reduce(0.0) { end, turn in max(end, turn.startMs) + ms(turn) }
        let turns = record.window.map(ms)
        let late = zip(record.window, turns).filter { turn, ms in turn.startMs + ms >= turn.deadlineMs }.count
        // Each late turn hitches at least one refresh period. Above 200 Hz a period is under the good
        // band's 5 ms, so a few late turns may still keep the window good: only a replay says, as the
        // rule is stated (the window's hitch ratio), never "one late turn fails" at every rate.
        let periodMs = 1000 / replayer.template.hz
        if late > 0, HitchBand(ratio: Double(late) * periodMs / RampStep.windowSeconds) == .good {
            return try replayer.outcome(points: points, meter: meter())
        }
        let outcome = StepOutcome(
            points: points, keepsUp: false, verdict: .keepsUp, hitchRatioMsPerS: nil,
            inkUpdatesPct: record.figures.inkPct,
            frameCostMs: turns.isEmpty ? 0 : turns.reduce(0, +) / Double(turns.count), longestTurnMs: turns.max() ?? 0,
            failure: nil)
        // Turns late by a refresh period or more hitch the window past the good band (above); a history
        // still being drawn when the window opens delays its first turns as much. Either is a hitch.
        let hitch: String? =
            historyEnd >= RampStep.windowMs.lowerBound
            ? "the pause before the window took \(rounded(historyEnd)) ms"
            : late == 1 ? "1 turn past its deadline" : late > 1 ? "\(late) turns past their deadline" : nil
        guard let hitch else {
            return outcome.judged(by: record.figures.judgement(hitchRatio: 0, hz: replayer.template.hz))
        }
        var failed = outcome
        failed.verdict = .hitches
        failed.failure = "\(DrawingVerdict.hitches.rawValue): \(hitch)"
        return failed
    }

    /// The zero-cost replay of the step at `points`, made once and shared by every draw.
    private func record(_ points: Int) throws -> Record {
        if let kept = records.withLock({ $0[points] }) { return kept }
        let meter = TurnWorkMeter(inner: ZeroCostMeter(), keepsTurns: true)
        var configuration = replayer.template
        configuration.input = replayer.input(points)
        configuration.meter = meter
        configuration.keepsFrames = true
        configuration.comparePicture = false
        configuration.analysesLatency = false
        let result = try Replay.run(configuration)
        let frames = result.frames
        var record = Record(
            before: [], window: [],
            figures: WindowFigures(result, input: configuration.input, hz: replayer.template.hz),
            canPrice: frames.allSatisfy { $0.trigger == .vsync && $0.counters.tasksStarted == 0 })
        let window = RampStep.windowMs
        for f in frames {
            let turn = Record.Turn(startMs: f.startMs, deadlineMs: f.deadlineMs, work: meter.work(ofTurn: f.frame))
            if f.vsyncMs < window.lowerBound {
                record.before.append(turn)
            } else if window.contains(f.vsyncMs), f.samples > 0 {
                record.window.append(turn)
            }
        }
        records.withLock { $0[points] = record }
        return record
    }
}

/// Charges nothing for the main thread's first turn, in which the whole history arrives, and what
/// `inner` charges for everything else: a ramp measures a canvas that holds the history, not the
/// drawing of it, which a person did stroke by stroke over minutes. Background work started in that
/// turn (an async strategy's render of the whole history) is charged, as every later render of it is.
final class FreeHistoryMeter: CostMeter {
    let inner: any CostMeter
    private var turn = -1

    init(inner: any CostMeter) { self.inner = inner }

    func workersRunning(_ count: Int) { inner.workersRunning(count) }

    func measure<T>(_ phase: CostPhase, counting ledger: WorkLedger, _ body: () throws -> T) rethrows -> (
        T, ReplayDuration
    ) {
        if phase == .mainQueueBlocks { turn += 1 }
        switch phase {
        case .mainQueueBlocks, .input, .observers, .commit:
            return turn == 0 ? (try body(), .zero) : try inner.measure(phase, counting: ledger, body)
        case .composite, .backgroundStep:
            return try inner.measure(phase, counting: ledger, body)
        }
    }
}
