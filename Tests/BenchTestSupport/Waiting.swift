import Foundation
import Synchronization

// Swift Testing runs every test on the cooperative pool, one thread a core (two here). A test that blocks
// a pool thread (`waitUntilExit()`, `Thread.sleep`, a blocking open or read) keeps that thread from every
// other test for as long as it waits: a child process replaying in real time, or a poll, left half the
// machine idle. These helpers wait by suspending the test's task instead, so the thread runs other tests.

extension Process {
    /// Waits until the process has ended, without holding a thread: the task is suspended and resumed
    /// by the process's termination handler. Call it after `run()`; it replaces any termination handler.
    package func exited() async {
        let resumer = Resumer()
        await withCheckedContinuation { continuation in
            resumer.hold(continuation)
            terminationHandler = { _ in resumer.resume() }
            // A process that ended before the handler was set never calls it.
            if !isRunning { resumer.resume() }
        }
    }
}

/// A continuation resumed once, by whichever of its two resumers comes first.
private final class Resumer: Sendable {
    private let continuation = Mutex<CheckedContinuation<Void, Never>?>(nil)

    func hold(_ continuation: CheckedContinuation<Void, Never>) {
        self.continuation.withLock { $0 = continuation }
    }

    func resume() {
        continuation.withLock { $0.take() }?.resume()
    }
}

/// Runs `body` on a thread of its own and waits for it without holding a pool thread: for work that
/// must block (opening a FIFO waits for the other end) or that mostly sleeps (a realtime replay).
package func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// Polls `ready` every 20 ms until it holds, suspending between polls rather than sleeping on a pool
/// thread. Returns false, without waiting longer, once `stillWaiting` says there is no point (the process
/// being waited on has ended) or `limit` has passed.
package func poll(
    until ready: () throws -> Bool, while stillWaiting: () -> Bool = { true }, limit: Duration = .seconds(60)
) async throws -> Bool {
    let deadline = ContinuousClock.now + limit
    while try !ready() {
        guard stillWaiting(), ContinuousClock.now < deadline else { return false }
        try await Task.sleep(for: .milliseconds(20))
    }
    return true
}

extension BenchTool {
    /// `spawn` for async tests: runs the `bench` executable to the end without holding a pool thread
    /// while it runs.
    package static func spawn(_ arguments: [String], in folder: URL, using binary: URL? = nil) async throws
        -> BenchOutcome
    {
        let (process, out, err) = try start(arguments, in: folder, using: binary)
        await process.exited()
        return try collect(process, out, err)
    }

    /// The outcome of a process `start` began, once it has ended, waited for without holding a thread.
    package static func outcome(of process: Process, _ out: URL, _ err: URL) async throws -> BenchOutcome {
        await process.exited()
        return try collect(process, out, err)
    }
}
