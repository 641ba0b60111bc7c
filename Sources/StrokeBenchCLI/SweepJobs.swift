import Foundation
import StrokeBenchReports

/// Runs a sweep's runs, `jobs` at a time, each on a thread of its own.
///
/// A replay with zero or modelled costs reads no clock: what it charges is counted work, so it does not
/// depend on the load beside it, and runs can share the machine. Each replay owns everything it touches
/// (its ledgers, its bitmap accounting, its frames file), so runs side by side cannot see each other.
/// Measured costs time the work on this machine and must run alone (`jobs` 1).
///
/// `perform` runs on the worker threads; `completed` is called once per finished run, one call at a
/// time, in the order runs finish. No new run starts once `stop()` is true or a run has failed; the
/// runs already going are let finish, and the first failure is then thrown.
func forEachRun<Result>(
    _ runs: [SweepRun], jobs: Int, stop: @escaping @Sendable () -> Bool,
    perform: @escaping @Sendable (SweepRun) throws -> Result,
    completed: @escaping (SweepRun, Result) throws -> Void
) throws {
    if jobs <= 1 {
        for run in runs {
            if stop() { break }
            try completed(run, try perform(run))
        }
        return
    }
    let state = SweepJobsState(runs: runs)
    let completedBox = UncheckedSendable(completed)
    // The workers write progress to the console of the command that started them.
    let console = Console.current
    DispatchQueue.concurrentPerform(iterations: min(jobs, runs.count)) { _ in
        Console.$current.withValue(console) { work(state, stop: stop, perform: perform, completed: completedBox) }
    }
    if let failure = state.failure { throw failure }
}

/// One worker's loop: runs until none is left, a run failed, or `stop` says so.
private func work<Result>(
    _ state: SweepJobsState, stop: @escaping @Sendable () -> Bool,
    perform: @escaping @Sendable (SweepRun) throws -> Result,
    completed completedBox: UncheckedSendable<(SweepRun, Result) throws -> Void>
) {
    while let run = state.next(stopping: stop) {
        do {
            let result = try perform(run)
            try state.serialized { try completedBox.value(run, result) }
        } catch {
            state.fail(error)
        }
    }
}

/// The runs not yet started and the first failure, shared by the sweep's worker threads.
// every field is guarded by `lock`, `completion` serializes callbacks
private final class SweepJobsState: @unchecked Sendable {
    private let lock = NSLock()
    private let completion = NSLock()
    private var remaining: ArraySlice<SweepRun>
    private(set) var failure: Error?

    init(runs: [SweepRun]) { remaining = runs[...] }

    /// The next run to start, or nil when none is left, a run failed, or `stop` says so.
    func next(stopping stop: () -> Bool) -> SweepRun? {
        lock.lock()
        defer { lock.unlock() }
        guard failure == nil, !stop() else { return nil }
        return remaining.popFirst()
    }

    func fail(_ error: Error) {
        lock.lock()
        defer { lock.unlock() }
        if failure == nil { failure = error }
    }

    /// Runs `body` with no other completion running.
    func serialized(_ body: () throws -> Void) throws {
        completion.lock()
        defer { completion.unlock() }
        try body()
    }
}

/// A value handed to other threads whose users serialize every access themselves.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
