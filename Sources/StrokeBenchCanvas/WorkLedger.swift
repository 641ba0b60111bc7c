/// A mutable tally shared by the drawing objects of one thread of work.
///
/// The main thread has one per run; each background render task has its own and hands it back with its
/// result, so a ledger is never written from two threads at once.
public final class WorkLedger {
    /// Work done on this ledger's own thread.
    public var counters = WorkCounters()
    /// Work handed over by background tasks whose completion ran here: part of the frame's work, but
    /// not this thread's, so a cost model never charges it to this thread.
    public private(set) var handedOver = WorkCounters()
    /// False for a dry replay's ledger: the surfaces made with it have no pixels, and drawing into them
    /// only counts (`Surface.isDry`).
    public let rasterizes: Bool
    /// Where the bitmaps made with this ledger are counted while they live: one per replay.
    public let bitmaps: BitmapAccounting
    /// Where a context drawing with this ledger records a value it refused: one per replay.
    public let misuse: Misuse
    /// Where a context drawing with this ledger keeps its strokes, for the harness to tell which samples
    /// a picture holds: one per replay; nil outside one.
    package let ink: InkRecord?

    /// - Parameters:
    ///   - rasterizes: draw pixels (true), or only count the work (a dry replay).
    ///   - bitmaps: the replay's live-bitmap accounting.
    ///   - misuse: the replay's record of refused values.
    public init(rasterizes: Bool = true, bitmaps: BitmapAccounting = .process, misuse: Misuse = Misuse()) {
        self.rasterizes = rasterizes
        self.bitmaps = bitmaps
        self.misuse = misuse
        ink = nil
    }

    /// A replay's ledger, which also keeps the strokes drawn with it in `ink`.
    package init(rasterizes: Bool, bitmaps: BitmapAccounting, misuse: Misuse, ink: InkRecord?) {
        self.rasterizes = rasterizes
        self.bitmaps = bitmaps
        self.misuse = misuse
        self.ink = ink
    }

    /// A new ledger for another thread of the same replay: it rasterizes, or not, as this one does, and
    /// counts bitmaps and records misuse in the same place.
    public func sibling() -> WorkLedger {
        WorkLedger(rasterizes: rasterizes, bitmaps: bitmaps, misuse: misuse, ink: ink)
    }

    /// Adds a finished background task's work.
    public func absorb(_ background: WorkCounters) { handedOver += background }

    /// Returns what was counted since the last call, this thread's and handed over, and starts again
    /// from zero.
    public func take() -> (all: WorkCounters, own: WorkCounters) {
        defer {
            counters = WorkCounters()
            handedOver = WorkCounters()
        }
        var all = counters
        all += handedOver
        return (all, counters)
    }
}
