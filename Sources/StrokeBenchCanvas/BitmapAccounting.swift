import Synchronization

/// Bytes held by live bitmaps (every `Surface` that owns its pixels, or stands for them in a dry replay),
/// and the peak since the last reset: the memory spikes that whole-picture strategies cause.
///
/// Each replay counts its own (its ledgers share one), so replays running side by side in one process
/// (`bench sweep --jobs`) do not see each other's bitmaps; surfaces made without a ledger are counted in
/// `process`.
public final class BitmapAccounting: Sendable {
    private let live = Atomic<Int>(0)
    private let peak = Atomic<Int>(0)

    /// Bitmaps made outside any replay's ledger.
    public static let process = BitmapAccounting()

    package init() {}

    func allocated(_ bytes: Int) {
        let now = live.add(bytes, ordering: .relaxed).newValue
        var seen = peak.load(ordering: .relaxed)
        while now > seen {
            let (exchanged, original) = peak.compareExchange(expected: seen, desired: now, ordering: .relaxed)
            if exchanged { break }
            seen = original
        }
    }

    func freed(_ bytes: Int) { live.subtract(bytes, ordering: .relaxed) }

    /// Bytes held by live bitmaps now.
    package var liveBytes: Int { live.load(ordering: .relaxed) }
    /// The most bytes held at once since `resetPeak()`.
    package var peakBytes: Int { peak.load(ordering: .relaxed) }
    /// Starts a new peak from what is live now.
    package func resetPeak() { peak.store(live.load(ordering: .relaxed), ordering: .relaxed) }
}
