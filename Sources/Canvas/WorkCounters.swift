/// Deterministic work counted where it is done (in `Context`, `Surface` and `Compositor`), never
/// estimated from time. For a given trace, device and strategy these are the same on every run of
/// the virtual clock, which is what makes noise-free regression checks possible.
public struct WorkCounters: Hashable, Sendable, Codable {
    /// Pixels a drawing operation could write: the operation's extents clipped to the clip and the surface.
    public var pixelsRasterized: Int = 0
    /// Bytes moved by image copies (drawing one bitmap into another).
    public var bytesCopied: Int = 0
    /// Line segments handed to the stroker (a single-point stroke, a dot, counts as one).
    public var segmentsStroked: Int = 0
    /// Bitmaps (image surfaces) created.
    public var bitmapsAllocated: Int = 0
    /// Background render tasks started (they passed their first cancellation check).
    public var tasksStarted: Int = 0
    /// Background render tasks cancelled by a newer one before their picture was finished.
    public var tasksCancelled: Int = 0
    /// Background render tasks that finished drawing and whose picture was thrown away.
    public var tasksSuperseded: Int = 0
    /// Pixels the render server composited into the framebuffer.
    public var pixelsComposited: Int = 0

    public init() {}

    public static func += (lhs: inout WorkCounters, rhs: WorkCounters) {
        lhs.pixelsRasterized += rhs.pixelsRasterized
        lhs.bytesCopied += rhs.bytesCopied
        lhs.segmentsStroked += rhs.segmentsStroked
        lhs.bitmapsAllocated += rhs.bitmapsAllocated
        lhs.tasksStarted += rhs.tasksStarted
        lhs.tasksCancelled += rhs.tasksCancelled
        lhs.tasksSuperseded += rhs.tasksSuperseded
        lhs.pixelsComposited += rhs.pixelsComposited
    }
}

/// A mutable tally shared by the drawing objects of one thread of work.
///
/// The main thread has one per run; each background render task has its own and hands it back with its
/// result, so a ledger is never written from two threads at once.
public final class WorkLedger {
    public var counters = WorkCounters()
    public init() {}

    /// Returns what was counted since the last call and starts again from zero.
    public func take() -> WorkCounters {
        defer { counters = WorkCounters() }
        return counters
    }
}
