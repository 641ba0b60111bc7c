import StrokeBenchCanvas

/// A render task's steps that each check for cancellation and then stroke one stored line: the display
/// block `async-pool` models (YYAsyncLayer's drawing checking `isCancelled` before each line, as YYText
/// does). One definition of such a step, which the task runs one at a time (`step`), and which a queue
/// whose costs are priced from the work counted may run many at a time (`run`), with the same checks,
/// strokes, counted work and times: a long session's renders stroke thousands of lines each, and a
/// closure call and two readings of the whole ledger for each line were most of a modelled replay.
package struct StrokeSteps: Sendable {
    /// The task's steps that stroke: step `steps.lowerBound + i` strokes `lines[i]`.
    package let steps: Range<Int>
    private let lines: StoredLines.Snapshot
    private let style: StrokeStyle
    /// YYAsyncLayer's `isCancelled`.
    private let isCancelled: @Sendable () -> Bool
    /// The context of the task's bitmap, made by an earlier step; nil when the task has none.
    private let drawing: @Sendable () -> Context?

    /// Steps from `first` on that stroke `lines`, one each, in `style`, into `drawing()`.
    package init(
        from first: Int, lines: StoredLines.Snapshot, style: StrokeStyle, isCancelled: @escaping @Sendable () -> Bool,
        drawing: @escaping @Sendable () -> Context?
    ) {
        steps = first..<first + lines.count
        self.lines = lines
        self.style = style
        self.isCancelled = isCancelled
        self.drawing = drawing
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

    /// Runs steps from `index` on, as `step` would, for as long as each finds the task not cancelled and
    /// its stroke is only counted (`Context.strokeCounted`), handing `ran` each step's index and the work
    /// it counted; `ran` says whether the next step runs straight after. Returns the first step not run:
    /// past the last line, one `ran` put off, or one that `step` must run (a check that finds the task
    /// cancelled, a stroke with pixels).
    ///
    /// The checks are not noted in the task's context: only a queue that shows no timeline runs steps so.
    package func run(from index: Int, ran: (_ step: Int, WorkCounters) -> Bool) -> Int {
        guard let drawing = drawing() else { return index }
        // The earlier lines read through their buffer, each lent where it lies: read through the snapshot's
        // subscript in a loop, each was copied, a retain and release of each of its buffers.
        let stopped = lines.earlier.withUnsafeBufferPointer { earlier -> Int? in
            for index in index..<steps.lowerBound + earlier.count {
                guard !isCancelled(), let work = drawing.strokeCounted(earlier[index - steps.lowerBound], style: style)
                else { return index }
                guard ran(index, work) else { return index + 1 }
            }
            return nil
        }
        if let stopped { return stopped }
        let newest = steps.lowerBound + lines.earlier.count
        guard let line = lines.newest else { return steps.upperBound }
        guard !isCancelled(), let work = drawing.strokeCounted(line, style: style) else { return newest }
        _ = ran(newest, work)  // the last line: whether the step after it is put off or not, it is next
        return steps.upperBound
    }
}
