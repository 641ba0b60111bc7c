import Synchronization

/// Stamps that order the ink drawn anywhere in the process: every stroke takes the next one, so a
/// surface's `Surface.inkStamp` says how new the newest ink in it is. Strategies draw on background
/// threads, hence the atomic; only the order matters, never a stamp's value.
public enum InkStamp {
    private static let counter = Atomic<Int>(0)

    /// A stamp newer than every one handed out before.
    static func next() -> Int { counter.add(1, ordering: .relaxed).newValue }
}
