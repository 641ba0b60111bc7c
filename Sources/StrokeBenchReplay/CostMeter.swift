import StrokeBenchCanvas
import StrokeBenchDevice

/// Where a measured cost was spent.
package enum CostPhase: Hashable, Sendable {
    case mainQueueBlocks, input, observers, commit, composite
    /// Step `index` (from 0) of a background render task, on worker `lane` (a serial queue, or a slot of
    /// the concurrent queue).
    case backgroundStep(index: Int, lane: Int)
}

/// Measures the cost of work for the virtual clock. The production meters read the wall clock
/// (`Stopwatch`), charge nothing, or charge the work counted (`ModelCostMeter`); tests substitute
/// scripted costs so that deadlines, missed vsyncs, hitches and latencies can be checked against
/// answers worked out by hand.
package protocol CostMeter: AnyObject {
    /// Runs `body` and returns its result with the cost to charge for it.
    /// - Parameter ledger: where `body`'s work is counted (the thread's own ledger), for meters that
    ///   charge by the work done.
    func measure<T>(_ phase: CostPhase, counting ledger: WorkLedger, _ body: () throws -> T) rethrows -> (
        T, ReplayDuration
    )
    /// Told when the number of background workers running changes, for meters that price what sharing
    /// the cores costs (`ModelCostMeter`); the others ignore it.
    func workersRunning(_ count: Int)
    /// What `measure` charges for `phase` when its body counts `work`, for a meter that charges by the
    /// work counted alone (`ModelCostMeter`); nil for one that times or scripts its costs. A queue given
    /// a price runs a render's strokes without measuring each (`StrokeSteps.run`).
    func price(_ work: WorkCounters, of phase: CostPhase) -> ReplayDuration?
}

extension CostMeter {
    /// Ignores the count: a meter that times or scripts its costs has no cores to share.
    package func workersRunning(_ count: Int) {}
    /// None: a meter that times or scripts its costs must run the work to price it.
    package func price(_ work: WorkCounters, of phase: CostPhase) -> ReplayDuration? { nil }
}

/// Charges what the work really took on this machine.
package final class WallClockMeter: CostMeter {
    package init() {}
    @inline(__always)
    package func measure<T>(_ phase: CostPhase, counting ledger: WorkLedger, _ body: () throws -> T) rethrows -> (
        T, ReplayDuration
    ) {
        let (result, seconds) = try Stopwatch.measure(body)
        return (result, ReplayDuration(seconds: seconds))
    }
}

/// Charges nothing for any work: the schedule of an infinitely fast device.
///
/// In the virtual clock a turn that runs late delays the next one, which then coalesces more samples
/// into one event; so with measured costs the work counters of `naive` or `point-array` change from run
/// to run with the machine's load. With every cost zero, every turn starts at its vsync and the schedule,
/// and so every counter and the final picture, is a function of the trace, device, rate, delivery and
/// strategy alone.
package final class ZeroCostMeter: CostMeter {
    /// Creates a meter; it holds no state.
    package init() {}
    /// Runs `body` and charges nothing for it.
    package func measure<T>(_ phase: CostPhase, counting ledger: WorkLedger, _ body: () throws -> T) rethrows -> (
        T, ReplayDuration
    ) {
        (try body(), .zero)
    }
}
