import Foundation
import StrokeBenchUnits

/// The main dispatch queue as the run loop sees it: blocks posted from any thread, each with the
/// time it was posted, run by the main thread in its next turn (or waking it if it is idle).
final class MainQueue: @unchecked Sendable {
    // Guarded by `lock`; posted to from background queues, drained by the main thread.
    private let lock = NSLock()
    private var blocks: [(time: ReplayInstant, block: () -> Void)] = []
    /// Signalled on every post, so a sleeping realtime main thread wakes up.
    let wakeUp = DispatchSemaphore(value: 0)

    /// Posts a block. The block itself runs on the main thread only.
    func post(at time: ReplayInstant, _ block: @escaping () -> Void) {
        lock.lock()
        blocks.append((time, block))
        lock.unlock()
        wakeUp.signal()
    }

    /// The earliest post time waiting, if any.
    var earliest: ReplayInstant? {
        lock.lock()
        defer { lock.unlock() }
        return blocks.map(\.time).min()
    }

    /// Drops every block not yet run, at the end of a replay (the blocks capture render results and
    /// the workers that made them).
    func discardPending() {
        lock.lock()
        defer { lock.unlock() }
        blocks.removeAll()
    }

    /// Removes and returns the blocks posted at or before `time` (every block for nil), in posting order.
    func take(postedBy time: ReplayInstant?) -> [() -> Void] {
        lock.lock()
        defer { lock.unlock() }
        var due: [() -> Void] = []
        blocks.removeAll { entry in
            if let time, entry.time > time { return false }
            due.append(entry.block)
            return true
        }
        return due
    }
}
