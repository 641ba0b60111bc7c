import HeapModule
import StrokeBenchUnits

/// Simulated time for the virtual clock: events run in deadline order, ties in insertion order, and
/// time moves only through `advance(to:)`. Nothing here reads the wall clock.
final class VirtualScheduler {
    private struct Event: Comparable {
        var time: ReplayInstant
        var sequence: Int
        var action: () -> Void
        static func < (a: Event, b: Event) -> Bool { (a.time, a.sequence) < (b.time, b.sequence) }
        static func == (a: Event, b: Event) -> Bool { (a.time, a.sequence) == (b.time, b.sequence) }
    }

    private var events = Heap<Event>()
    private var sequence = 0
    /// The simulated time of the event running, or of the last `advance(to:)`.
    private(set) var now = ReplayInstant.zero
    /// The end of the `advance(to:)` under way; nil outside one.
    private var limit: ReplayInstant?

    /// Runs `action` at `time` (not before now).
    func schedule(at time: ReplayInstant, _ action: @escaping () -> Void) {
        sequence += 1
        events.insert(Event(time: Swift.max(time, now), sequence: sequence, action: action))
    }

    /// Runs every event due at or before `time`, in order, then sets the clock to `time`.
    /// `stop` is asked after each event; when it returns true, the clock stays at that event's time.
    func advance(to time: ReplayInstant, stoppingWhen stop: () -> Bool = { false }) {
        let outer = limit
        limit = time
        defer { limit = outer }
        while let next = events.min, next.time <= time {
            let event = events.removeMin()
            now = event.time
            event.action()
            if stop() { return }
        }
        now = Swift.max(now, time)
    }

    /// True, with the clock moved to `time`, when an event scheduled now at `time` would be the very
    /// next to run in the `advance(to:)` under way: no event is due at or before it (one due at the same
    /// time would run first, by insertion order) and it is not past the advance's end. The caller then
    /// runs it at once instead of scheduling it: the same order and times, without a heap entry and a
    /// closure for each step of a long render. The caller must not have posted to the main queue in
    /// the event it is running (`advance(to:stoppingWhen:)` asks its `stop` only between events).
    func runsNext(at time: ReplayInstant) -> Bool {
        let time = Swift.max(time, now)
        guard let last = lastEndRunningNext, time <= last else { return false }
        now = time
        return true
    }

    /// The latest a step may end for `runsNext(at:)` to run the next one at once: by the advance's end,
    /// and before every event scheduled (one due at the same time would run first); nil outside an
    /// advance.
    var lastEndRunningNext: ReplayInstant? {
        guard let limit else { return nil }
        guard let next = events.min?.time else { return limit }
        return Swift.min(limit, ReplayInstant(nanoseconds: next.nanoseconds - 1))
    }

    /// Drops every event not yet run. Events hold closures over the simulated workers, which hold
    /// this scheduler: a replay that ends with work still scheduled must break that cycle.
    func discardPending() { events = Heap<Event>() }

    var isEmpty: Bool { events.isEmpty }
}
