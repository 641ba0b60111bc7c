import Synchronization

/// YYSentinel: a thread-safe counter. A render task remembers the value it started with and is
/// cancelled once the value moves on.
public final class Sentinel: Sendable {
    private let counter = Atomic<Int>(0)
    public init() {}
    /// The current value.
    public var value: Int { counter.load(ordering: .acquiring) }
    /// Increases the value by one (`OSAtomicIncrement32`), cancelling every task that holds an older value.
    @discardableResult
    public func increase() -> Int { counter.add(1, ordering: .acquiringAndReleasing).newValue }
}
