/// Where a piece of CPU work runs, for pricing: on the main thread or a background worker's lane, and
/// how many background workers are running at the time.
package struct Placement: Hashable, Sendable {
    /// The background worker's lane (a serial queue, or a slot of the concurrent queue), counted from 0;
    /// nil for the main thread.
    package var lane: Int?
    /// Background workers running at the time, the one being priced included.
    package var workers: Int

    package init(lane: Int?, workers: Int) {
        self.lane = lane
        self.workers = workers
    }

    /// The main thread with no worker running: what a strategy without background renders always is.
    package static let mainAlone = Placement(lane: nil, workers: 0)
}

/// How a device's cores and memory bandwidth are shared between the main thread and background workers
/// (docs/device-model.md, "Cores and bandwidth"):
///
/// - The main thread keeps a performance core to itself. UIKit runs it at the user-interactive quality
///   of service, the highest; a background render queue runs below it and never takes its core.
/// - Workers take the other performance cores first, in lane order, then the efficiency cores, where
///   the same work takes `efficiencyTime` times as long. A lane past the cores left runs on the slowest.
///   When more workers run than there are cores left, they share them equally (each takes
///   `workers / cores left` times as long).
/// - Every running thread moves memory as fast as one thread can, until together they would pass the
///   device's bandwidth cap; then they share it equally. The main thread is counted as running.
package struct CoreSharing: Hashable, Sendable {
    /// The chip's performance cores.
    package var performanceCores: Int
    /// The chip's efficiency cores (0 for a chip without them).
    package var efficiencyCores: Int
    /// How many times as long an efficiency core takes for the same work as a performance core.
    package var efficiencyTime: Double
    /// How many threads, each moving memory as fast as one thread can, the bandwidth cap holds: the cap
    /// over one thread's bandwidth.
    package var bandwidthThreads: Double

    package init(performanceCores: Int, efficiencyCores: Int, efficiencyTime: Double, bandwidthThreads: Double) {
        self.performanceCores = performanceCores
        self.efficiencyCores = efficiencyCores
        self.efficiencyTime = efficiencyTime
        self.bandwidthThreads = bandwidthThreads
    }

    /// As many equal cores as there are workers and no bandwidth cap: every placement costs what the main
    /// thread alone does (what a `UnitCosts` made by hand, for a test, prices with).
    package static let unshared = CoreSharing(
        performanceCores: .max, efficiencyCores: 0, efficiencyTime: 1, bandwidthThreads: .infinity)

    /// The cores the main thread leaves to workers.
    var workerCores: Int { max(1, performanceCores - 1 + efficiencyCores) }

    /// How many times its unit costs work at `placement` takes: for the compute kinds and for the memory
    /// kinds. Both are 1 for the main thread with fewer threads running than the cap holds, so a strategy
    /// without background renders is priced as it was before cores were modelled.
    package func multipliers(at placement: Placement) -> (compute: Double, memory: Double) {
        let threads = Double(1 + placement.workers)
        let capped = max(1, threads / bandwidthThreads)
        guard let lane = placement.lane else { return (1, capped) }
        let core = lane < performanceCores - 1 || efficiencyCores == 0 ? 1 : efficiencyTime
        let shared = max(1, Double(placement.workers) / Double(workerCores))
        return (core * shared, max(core, capped) * shared)
    }
}
