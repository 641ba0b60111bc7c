/// What stroking each of a strategy's stored lines alone, into a new bitmap of the same size, counted
/// and cost at its last render, kept for the next: a whole-picture render strokes every stored line
/// again (`async-pool`, one step a line), and over a long session that was thousands of lines counted,
/// priced and looked up in the ink record at every render of every replay.
///
/// A line is known by its slot, the line's place among the stored lines, and checked by its storage
/// (`Polyline.Storage`): the same points. The entry holds the line, so its storage is never another
/// line's. The counts hold for one clip, ink radius and format; another empties the record.
///
/// Used from one thread: the simulated queues of the virtual clock run every step on the replay's.
package final class RepeatedStrokes: @unchecked Sendable {
    // Slot by slot, in arrays of their own: an entry read whole was a copy of its line and its work.
    /// The lines, held so that no other line can take their storage.
    private var lines: [Polyline] = []
    private var storages: [Polyline.Storage] = []
    /// What `Context.stroke` adds to the ledger for each line alone.
    private var works: [WorkCounters] = []
    /// Each line's id in the replay's ink record, nil without one.
    private var ids: [Int?] = []
    /// The placements the lines were priced at (`priceKeys[i]`), and at each, the cost of the step that
    /// strokes each line (`costs[i][slot]`, nil where not priced): renders on several queues at once
    /// price the same lines at different placements, turn and turn about.
    private var priceKeys: [Int] = []
    private var costs: [[ReplayDuration?]] = []
    /// The clip, ink radius and format the entries were counted for.
    private var countedFor: (clip: PixelRect, radius: Double, extended: Bool)?

    package init() {}

    /// The cost of stroking `line`, the line at `slot`, at the placement `priceKey` names: its work
    /// added to `counters` and its id (if any) to `ink`. Counted and recorded (in `record`) afresh where
    /// `slot` holds no such line, priced afresh where not priced at this placement before.
    func stroke(
        _ line: Polyline, slot: Int, clip: PixelRect, radius: Double, extended: Bool, record: InkRecord?,
        priceKey: Int, price: (WorkCounters) -> ReplayDuration, into counters: inout WorkCounters,
        ink: inout InkSet
    ) -> ReplayDuration {
        if let countedFor, countedFor != (clip, radius, extended) { truncate(to: 0) }
        countedFor = (clip, radius, extended)
        let storage = line.storage
        if slot < storages.count, storages[slot] == storage {
            // Known: priced at this placement, or priced now.
        } else {
            var tally = StrokeTally()
            line.count(into: &tally, clip: clip, radius: radius)
            var work = WorkCounters()
            Context.add(tally, radius: radius, clip: clip, extended: extended, to: &work)
            // Only the next slot is kept: a line whose slot is past the end is counted every time.
            guard slot <= storages.count else {
                if let id = record?.record(line) { ink.insert(id) }
                counters += work
                return price(work)
            }
            truncate(to: slot)
            lines.append(line)
            storages.append(storage)
            works.append(work)
            ids.append(record?.record(line))
            for i in costs.indices { costs[i].append(nil) }
        }
        if let id = ids[slot] { ink.insert(id) }
        counters += works[slot]
        let k = placement(priceKey)
        if let cost = costs[k][slot] { return cost }
        let cost = price(works[slot])
        costs[k][slot] = cost
        return cost
    }

    /// The index of `priceKey` in `priceKeys`, added (with no line priced) where new.
    private func placement(_ priceKey: Int) -> Int {
        if let k = priceKeys.firstIndex(of: priceKey) { return k }
        priceKeys.append(priceKey)
        costs.append(Array(repeating: nil, count: storages.count))
        return costs.count - 1
    }

    /// Forgets the slots from `count` on: a slot that holds another line now, and those after it, hold
    /// the lines of an older store.
    private func truncate(to count: Int) {
        guard count < storages.count else { return }
        lines.removeSubrange(count...)
        storages.removeSubrange(count...)
        works.removeSubrange(count...)
        ids.removeSubrange(count...)
        for i in costs.indices { costs[i].removeSubrange(count...) }
    }
}

extension Context {
    /// Strokes `line`, the stored line at `slot`, as `stroke(_:style:)` does, and returns the cost of the
    /// step that did: from `strokes` where it counted and priced the same line at `slot` before (priced
    /// again, by `price`, at another `priceKey`, the placement a step is priced for), and otherwise
    /// counted and priced afresh and kept there. Nil, having done nothing, where counting is not all a
    /// stroke does: a surface with pixels, no ledger, or a line or style the context refuses.
    package func strokeAgain(
        _ line: Polyline, slot: Int, style: StrokeStyle, strokes: RepeatedStrokes, priceKey: Int,
        price: (WorkCounters) -> ReplayDuration
    ) -> ReplayDuration? {
        guard handle == nil, let ledger, !style.isOutOfReach, line.refusedPoint == nil else { return nil }
        let record = ledger.ink ?? surface.inkRecord
        let cost = strokes.stroke(
            line, slot: slot, clip: clipExtents, radius: style.inkRadius, extended: surface.format == .extendedRange,
            record: record, priceKey: priceKey, price: price, into: &ledger.counters, ink: &surface.ink)
        if record != nil { surface.strokesRecorded += 1 }
        return cost
    }
}
