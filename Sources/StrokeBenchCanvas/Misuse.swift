import Synchronization

/// The first value a strategy handed the drawing API that no drawing can have (a point at infinity, a
/// line width of NaN, a dry image drawn into pixels), shared by every ledger of one replay.
///
/// CoreGraphics logs such a call and ignores it; so does a `Context` here, and records it, so that the
/// replay can end with a line naming the strategy and the value (exit 70) instead of trapping in
/// arithmetic on the value, or measuring a drawing the strategy did not mean.
public final class Misuse: Sendable {
    private let first = Mutex<String?>(nil)
    /// Set once a misuse is recorded: the replay asks after every call into the strategy, and an
    /// atomic load keeps that question off the lock.
    private let recorded = Atomic<Bool>(false)

    public init() {}

    /// Keeps `reason` if it is the first misuse.
    package func record(_ reason: String) {
        first.withLock { if $0 == nil { $0 = reason } }
        recorded.store(true, ordering: .releasing)
    }

    /// The first misuse recorded, if any.
    package var reason: String? {
        guard recorded.load(ordering: .acquiring) else { return nil }
        return first.withLock { $0 }
    }
}

extension Point {
    /// The farthest a coordinate handed to the drawing API may lie from the canvas's origin, in pixels:
    /// a thousand screens away. Beyond it the counted work (pixels, rows) of one stroke stops fitting
    /// the arithmetic that prices it; a finite point within it never traps.
    public static let maxMagnitude = 1_000_000.0

    /// True for a point no drawing can have: not finite, or beyond `maxMagnitude`.
    public var isOutOfReach: Bool { !(abs(x) <= Self.maxMagnitude && abs(y) <= Self.maxMagnitude) }
}

extension PixelRect {
    /// True for a rect no drawing can have: an edge or a size beyond `Point.maxMagnitude`.
    public var isOutOfReach: Bool {
        let limit = Int(Point.maxMagnitude)
        return
            !((-limit...limit).contains(x) && (-limit...limit).contains(y) && width <= 2 * limit && height <= 2 * limit)
    }
}
