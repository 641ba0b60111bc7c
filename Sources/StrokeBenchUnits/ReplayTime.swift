/// A moment of a replay, counted in whole nanoseconds from its start.
///
/// Whole numbers make the vsync arithmetic exact: "the first vsync after the commit" needs no
/// epsilon, and two runs that do the same work agree to the nanosecond in every column.
public struct ReplayInstant: Comparable, Hashable, Sendable {
    /// Nanoseconds since the replay started.
    public var nanoseconds: Int64

    /// The start of the replay.
    package static let zero = ReplayInstant(nanoseconds: 0)

    @inlinable package init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// The instant `seconds` after the start, to the nearest nanosecond (trace times are microseconds).
    @inlinable package init(seconds: Double) { nanoseconds = Int64((seconds * 1e9).rounded()) }

    /// Seconds since the start.
    @inlinable package var seconds: Double { Double(nanoseconds) / 1e9 }
    /// Milliseconds since the start, as the CSV reports instants.
    @inlinable package var milliseconds: Double { Double(nanoseconds) / 1e6 }

    @inlinable public static func < (a: ReplayInstant, b: ReplayInstant) -> Bool { a.nanoseconds < b.nanoseconds }
    @inlinable package static func + (a: ReplayInstant, d: ReplayDuration) -> ReplayInstant {
        ReplayInstant(nanoseconds: a.nanoseconds + d.nanoseconds)
    }
    @inlinable package static func - (a: ReplayInstant, b: ReplayInstant) -> ReplayDuration {
        ReplayDuration(nanoseconds: a.nanoseconds - b.nanoseconds)
    }
    @inlinable package static func += (a: inout ReplayInstant, d: ReplayDuration) { a = a + d }
}

/// A span of replay time (a phase's cost, an overrun), in whole nanoseconds; may be negative.
public struct ReplayDuration: Comparable, Hashable, Sendable, AdditiveArithmetic {
    public var nanoseconds: Int64

    public static let zero = ReplayDuration(nanoseconds: 0)

    @inlinable public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// `seconds`, to the nearest nanosecond.
    @inlinable package init(seconds: Double) { nanoseconds = Int64((seconds * 1e9).rounded()) }

    @inlinable package var seconds: Double { Double(nanoseconds) / 1e9 }
    @inlinable package var milliseconds: Double { Double(nanoseconds) / 1e6 }

    @inlinable public static func < (a: ReplayDuration, b: ReplayDuration) -> Bool { a.nanoseconds < b.nanoseconds }
    @inlinable public static func + (a: ReplayDuration, b: ReplayDuration) -> ReplayDuration {
        ReplayDuration(nanoseconds: a.nanoseconds + b.nanoseconds)
    }
    @inlinable public static func - (a: ReplayDuration, b: ReplayDuration) -> ReplayDuration {
        ReplayDuration(nanoseconds: a.nanoseconds - b.nanoseconds)
    }
}

/// The display's vsyncs: vsync k at `k / hz` seconds, each rounded to the nanosecond once, here.
public struct VsyncGrid: Hashable, Sendable {
    /// Refresh rate in Hz.
    public let hz: Double

    @inlinable public init(hz: Double) {
        precondition(hz > 0 && hz.isFinite, "a refresh rate is positive")
        self.hz = hz
    }

    /// The time of vsync `k`.
    @inlinable public func time(of k: Int) -> ReplayInstant { ReplayInstant(seconds: Double(k) / hz) }

    /// The index of the first vsync strictly after `instant`: the vsync a turn started then is due at,
    /// and the earliest a commit finished then can be presented at.
    @inlinable package func firstVsync(after instant: ReplayInstant) -> Int {
        // The floating estimate is within one of the answer; the comparisons against `time(of:)` make it exact.
        var k = max(0, Int((instant.seconds * hz).rounded(.down)))
        while k > 0 && time(of: k - 1) > instant { k -= 1 }
        while time(of: k) <= instant { k += 1 }
        return k
    }

    /// The duration of `vsyncs` refresh periods.
    @inlinable package func duration(ofVsyncs vsyncs: Int) -> ReplayDuration {
        ReplayDuration(seconds: Double(vsyncs) / hz)
    }
}
