import StrokeBenchCanvas

/// A render task's steps that each check for cancellation and then stroke one stored line: the display
/// block `async-pool` models (YYAsyncLayer's drawing checking `isCancelled` before each line, as YYText
/// does). One definition of such a step, which the task runs one at a time (`step`), and which a queue
/// whose costs are priced from the work counted may run many at a time (`run`), with the same checks,
/// strokes, counted work and times: a long session's renders stroke thousands of lines each, and a
/// closure call, two readings of the whole ledger and a count and a price for each line were most of a
/// modelled replay.
package final class StrokeSteps: Sendable {
    /// The task's steps that stroke: step `steps.lowerBound + i` strokes `lines[i]`.
    package let steps: Range<Int>
    private let lines: StoredLines.Snapshot
    /// The snapshot's newest line, if any, in an array of its own, read as the earlier ones are.
    private let newest: [Polyline]
    private let style: StrokeStyle
    /// YYAsyncLayer's `isCancelled`.
    private let isCancelled: @Sendable () -> Bool
    /// The context of the task's bitmap, made by an earlier step; nil when the task has none.
    private let drawing: @Sendable () -> Context?
    /// What the lines counted and cost at the strategy's earlier renders.
    private let repeated: RepeatedStrokes

    /// Steps from `first` on that stroke `lines`, one each, in `style`, into `drawing()`; `repeated` is
    /// the strategy's, shared by all its renders.
    package init(
        from first: Int, lines: StoredLines.Snapshot, style: StrokeStyle, isCancelled: @escaping @Sendable () -> Bool,
        drawing: @escaping @Sendable () -> Context?, repeated: RepeatedStrokes
    ) {
        steps = first..<first + lines.count
        self.lines = lines
        newest = lines.newest.map { [$0] } ?? []
        self.style = style
        self.isCancelled = isCancelled
        self.drawing = drawing
        self.repeated = repeated
    }

    /// Step `index`: the check, then the line. A render stopped here never finished its picture: it is
    /// cancelled.
    package func step(_ index: Int, _ task: TaskContext) -> StepOutcome {
        if task.check(isCancelled) {
            task.ledger.counters.tasksCancelled += 1
            return .stop
        }
        guard let drawing = drawing() else { return .stop }
        drawing.stroke(lines[index - steps.lowerBound], style: style)
        return .proceed
    }

    /// Runs steps from `index` on, as `step` would, while each finds the task not cancelled and its
    /// stroke is only counted, one after the other from `start`, the first step's start, for as long as
    /// each ends by `deadline`: the one that ends after it is the last. Each step costs what `price`
    /// charges for the work it counted, with lines stroked at an earlier render, and so counted and
    /// priced then, taken from `repeated` (`Context.strokeAgain`); `priceKey` names the placement a
    /// price is for. Adds each step's cost to `task.elapsed`.
    ///
    /// Returns the first step not run and when the last one run ended; `putOff` when it ended after
    /// `deadline`. A step not run that is a stroke is one `step` must run (a check that finds the
    /// task cancelled, a stroke with pixels). The checks are not noted in `task`: only a queue that
    /// shows no timeline runs steps so.
    package func run(
        from index: Int, task: TaskContext, start: ReplayInstant, deadline: ReplayInstant, priceKey: Int,
        price: (WorkCounters) -> ReplayDuration
    ) -> (next: Int, end: ReplayInstant, putOff: Bool) {
        guard let drawing = drawing() else { return (index, start, false) }
        var end = start
        var putOff = false
        // `part`'s lines from `index` on, `part`'s first being step `partStart`'s: the first step not run
        // where one stopped the run, nil where the part ran to its end and the next step runs at once.
        func run(_ part: [Polyline], from partStart: Int) -> Int? {
            let first = Swift.max(index, partStart) - partStart
            guard first < part.count else { return nil }
            guard !isCancelled() else { return partStart + first }
            let stopped = part.withUnsafeBufferPointer { lines in
                drawing.strokeAgain(
                    lines, from: first, firstSlot: partStart - steps.lowerBound, style: style, strokes: repeated,
                    priceKey: priceKey, price: price
                ) { cost in
                    task.elapsed += cost.seconds
                    end = end + cost
                    if end > deadline { putOff = true }
                    // The next step's check: a step that finds the task cancelled is `step`'s to run.
                    return !putOff && !isCancelled()
                }
            }
            guard let stopped else { return partStart + first }
            return stopped < part.count || putOff ? partStart + stopped : nil
        }
        let newestStep = steps.lowerBound + lines.earlier.count
        if let next = run(lines.earlier, from: steps.lowerBound) ?? run(newest, from: newestStep) {
            return (next, end, putOff)
        }
        return (steps.upperBound, end, false)
    }
}
