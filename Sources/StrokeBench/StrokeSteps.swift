import StrokeBenchCanvas

/// A render task's steps that each check for cancellation and then stroke one stored line: the display
/// block `async-pool` models (YYAsyncLayer's drawing checking `isCancelled` before each line, as YYText
/// does). One definition of such a step, which the task runs one at a time (`step`), and which a queue
/// whose costs are priced from the work counted may run many at a time (`run`), with the same checks,
/// strokes, counted work and times: a long session's renders stroke thousands of lines each, and a
/// closure call, two readings of the whole ledger and a count and a price for each line were most of a
/// modelled replay.
package final class StrokeSteps: @unchecked Sendable {
    // A render task's steps run one at a time, on one queue: `drawing` is never touched by two threads
    // at once.
    /// The task's steps that stroke: step `steps.lowerBound + i` strokes `lines[i]`.
    package let steps: Range<Int>
    /// The steps `run` runs: those of the lines before the newest, which the strategy's renders stroke
    /// again and again. The newest, still growing, is a new line at every render: nothing is kept of it.
    package var repeatedSteps: Range<Int> { steps.lowerBound..<steps.lowerBound + lines.earlier.count }
    private let lines: StoredLines.Snapshot
    private let style: StrokeStyle
    /// YYAsyncLayer's `isCancelled`.
    private let isCancelled: @Sendable () -> Bool
    /// The context of the task's bitmap, set by the step that makes it; nil when the task has none.
    package var drawing: Context?
    /// What the lines counted and cost at the strategy's earlier renders.
    private let repeated: RepeatedStrokes

    /// Steps from `first` on that stroke `lines`, one each, in `style`, into `drawing`; `repeated` is
    /// the strategy's, shared by all its renders.
    package init(
        from first: Int, lines: StoredLines.Snapshot, style: StrokeStyle, isCancelled: @escaping @Sendable () -> Bool,
        repeated: RepeatedStrokes
    ) {
        steps = first..<first + lines.count
        self.lines = lines
        self.style = style
        self.isCancelled = isCancelled
        self.repeated = repeated
    }

    /// Step `index`: the check, then the line. A render stopped here never finished its picture: it is
    /// cancelled.
    package func step(_ index: Int, _ task: TaskContext) -> StepOutcome {
        if task.check(isCancelled) {
            task.ledger.counters.tasksCancelled += 1
            return .stop
        }
        guard let drawing else { return .stop }
        drawing.stroke(lines[index - steps.lowerBound], style: style)
        return .proceed
    }

    /// Runs steps of `repeatedSteps` from `index` on, as `step` would, while each finds the task not
    /// cancelled and its stroke is only counted, one after the other from `start`, the first step's
    /// start, for as long as each ends by `deadline`: the one that ends after it is the last, and the
    /// newest line's step is left to `step`. Each step costs what `price` charges for the work it
    /// counted, with lines stroked at an earlier render, and so counted and priced then, taken from
    /// `repeated` (`Context.strokeAgain`); `priceKey` names the placement a price is for. Adds each
    /// step's cost to `task.elapsed`.
    ///
    /// Returns the first step not run and when the last one run ended; `putOff` when it ended after
    /// `deadline`. A step not run that is a stroke is one `step` must run (a check that finds the
    /// task cancelled, a stroke with pixels). The checks are not noted in `task`: only a queue that
    /// shows no timeline runs steps so.
    package func run(
        from index: Int, task: TaskContext, start: ReplayInstant, deadline: ReplayInstant, priceKey: Int,
        price: (WorkCounters) -> ReplayDuration
    ) -> (next: Int, end: ReplayInstant, putOff: Bool) {
        guard let drawing, !isCancelled() else { return (index, start, false) }
        let slot = index - steps.lowerBound
        var end = start
        var putOff = false
        // The lines read through their buffer, each lent where it lies (`Context.strokeAgain`).
        let stopped = lines.earlier.withUnsafeBufferPointer { lines in
            drawing.strokeAgain(
                lines, from: slot, firstSlot: 0, style: style, strokes: repeated, priceKey: priceKey, price: price
            ) { cost in
                task.elapsed += cost.seconds
                end = end + cost
                if end > deadline { putOff = true }
                // The next step's check: a step that finds the task cancelled is `step`'s to run.
                return !putOff && !isCancelled()
            }
        }
        return (steps.lowerBound + (stopped ?? slot), end, putOff)
    }
}
