import Synchronization

/// Bytes held by live bitmaps (every `Surface` that owns its pixels), and the peak since the last reset:
/// the memory spikes that whole-picture strategies cause.
public enum BitmapAccounting {
    private static let live = Atomic<Int>(0)
    private static let peak = Atomic<Int>(0)

    static func allocated(_ bytes: Int) {
        let now = live.add(bytes, ordering: .relaxed).newValue
        var seen = peak.load(ordering: .relaxed)
        while now > seen {
            let (exchanged, original) = peak.compareExchange(expected: seen, desired: now, ordering: .relaxed)
            if exchanged { break }
            seen = original
        }
    }

    static func freed(_ bytes: Int) { live.subtract(bytes, ordering: .relaxed) }

    /// Bytes held by live bitmaps now.
    public static var liveBytes: Int { live.load(ordering: .relaxed) }
    /// The most bytes held at once since `resetPeak()`.
    public static var peakBytes: Int { peak.load(ordering: .relaxed) }
    /// Starts a new peak from what is live now.
    public static func resetPeak() { peak.store(live.load(ordering: .relaxed), ordering: .relaxed) }
}
