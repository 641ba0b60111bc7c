import Foundation
import Synchronization

// Swift Testing runs every test on the cooperative pool, one thread a core (two here). A test that blocks
// a pool thread (`waitUntilExit()`, `Thread.sleep`, a blocking open or read) keeps that thread from every
// other test for as long as it waits: a child process replaying in real time, or a poll, left half the
// machine idle. These helpers wait by suspending the test's task instead, so the thread runs other tests.

extension Process {
    /// Waits until the process has ended, without holding a thread: the task is suspended and resumed
    /// by the process's termination handler. Call it after `run()`; a handler set before is still called.
    package func exited() async {
        let resumer = Resumer()
        let earlier = terminationHandler
        await withCheckedContinuation { continuation in
            resumer.hold(continuation)
            terminationHandler = { process in
                earlier?(process)
                resumer.resume()
            }
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

/// The `bench` processes async tests run at once: two, one a core. A test that waits without holding a
/// thread lets the next test start, and so the next process: unbounded, every process test started at
/// once, each fitting the device model (two seconds of CPU in a debug build), and their 30 and 60 s
/// deadlines passed on a busy machine. Two at a time is what the tests ran when each held a thread.
package let benchProcesses = ProcessSlots(2)

/// A count of processes that may run at once; waiting for a slot suspends the task.
package actor ProcessSlots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    package init(_ count: Int) { free = count }

    /// Runs `process` once a slot is free; the slot is given back when the process ends.
    package func run(_ process: Process) async throws {
        if free > 0 {
            free -= 1
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
        let giveBack = Once { Task { await self.giveBack() } }
        process.terminationHandler = { _ in giveBack.run() }  // set before run(): it is called at the end
        do { try process.run() } catch {
            giveBack.run()
            throw error
        }
    }

    private func giveBack() {
        if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
    }
}

/// An action run at most once, by whichever caller comes first.
private final class Once: Sendable {
    private let action: Mutex<(@Sendable () -> Void)?>
    init(_ action: @escaping @Sendable () -> Void) { self.action = Mutex(action) }
    func run() { action.withLock { $0.take() }?() }
}

extension BenchTool {
    /// `start` for async tests: starts the `bench` executable once one of `benchProcesses`' slots is free.
    package static func start(_ arguments: [String], in folder: URL, using binary: URL? = nil) async throws -> (
        Process, stdout: URL, stderr: URL
    ) {
        let started = try prepare(arguments, in: folder, using: binary)
        try await benchProcesses.run(started.0)
        return started
    }

    /// `spawn` for async tests: runs the `bench` executable to the end without holding a pool thread
    /// while it runs (nor while it waits for a slot).
    package static func spawn(_ arguments: [String], in folder: URL, using binary: URL? = nil) async throws
        -> BenchOutcome
    {
        let (process, out, err) = try await start(arguments, in: folder, using: binary)
        await process.exited()
        return try collect(process, out, err)
    }

    /// The outcome of a process `start` began, once it has ended, waited for without holding a thread.
    package static func outcome(of process: Process, _ out: URL, _ err: URL) async throws -> BenchOutcome {
        await process.exited()
        return try collect(process, out, err)
    }
}
