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
        _ line: UnsafePointer<Polyline>, slot: Int, clip: PixelRect, radius: Double, extended: Bool, record: InkRecord?,
        priceKey: Int, price: (WorkCounters) -> ReplayDuration, into counters: inout WorkCounters,
        ink: inout InkSet
    ) -> ReplayDuration {
        if let countedFor, countedFor != (clip, radius, extended) { truncate(to: 0) }
        countedFor = (clip, radius, extended)
        let storage = line.pointee.storage
        if slot < storages.count, storages[slot] == storage {
            // Known: priced at this placement, or priced now.
        } else {
            var work = WorkCounters()
            Context.addStroke(of: line.pointee, radius: radius, clip: clip, extended: extended, to: &work)
            // Only the next slot is kept: a line whose slot is past the end is counted every time.
            guard slot <= storages.count else {
                if let id = record?.record(line.pointee) { ink.insert(id) }
                counters += work
                return price(work)
            }
            truncate(to: slot)
            lines.append(line.pointee)
            storages.append(storage)
            works.append(work)
            ids.append(record?.record(line.pointee))
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
    /// Strokes `lines` from `first` on, one at a time, as `stroke(_:style:)` does, each the stored line at
    /// slot `firstSlot` plus its index, for as long as `next`, handed each stroke's step cost, says the
    /// next one runs; returns the index of the first line not stroked (`lines.count` after the last).
    /// Each line's work, ink id and cost come from `strokes` where it holds the same line at that slot
    /// (priced again, by `price`, at a `priceKey` it was not priced at: the placement a step is priced
    /// for), and are counted, recorded and priced afresh, and kept there, where not.
    ///
    /// Strokes only where counting is all a stroke does: nil, having done nothing, on a surface with
    /// pixels, without a ledger, or in a style the context refuses; it stops before a line it refuses.
    /// The lines are read through their buffer, each lent where it lies (a line read out of an array, or
    /// handed on, is a copy, a retain and release of each of its buffers), and the ledger, record and
    /// surface are read once, not once a line.
    package func strokeAgain(
        _ lines: UnsafeBufferPointer<Polyline>, from first: Int, firstSlot: Int, style: StrokeStyle,
        strokes: RepeatedStrokes, priceKey: Int, price: (WorkCounters) -> ReplayDuration,
        next: (ReplayDuration) -> Bool
    ) -> Int? {
        guard handle == nil, let ledger, !style.isOutOfReach else { return nil }
        guard let base = lines.baseAddress else { return first }
        let record = ledger.ink ?? surface.inkRecord
        let (clip, radius, extended) = (clipExtents, style.inkRadius, surface.format == .extendedRange)
        var index = first
        while index < lines.count, base[index].refusedPoint == nil {
            let cost = strokes.stroke(
                base + index, slot: firstSlot + index, clip: clip, radius: radius, extended: extended, record: record,
                priceKey: priceKey, price: price, into: &ledger.counters, ink: &surface.ink)
            if record != nil { surface.strokesRecorded += 1 }
            index += 1
            guard next(cost) else { break }
        }
        return index
    }
}
