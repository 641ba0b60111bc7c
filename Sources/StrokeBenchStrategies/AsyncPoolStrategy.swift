import StrokeBenchCanvas

/// YYAsyncLayer: the whole picture is drawn on a pool of serial background queues, and a sentinel
/// cancels every older render.
///
/// Modelled on YYAsyncLayer, YYSentinel and YYTransaction as the seed articles show them:
/// - A touch stores the points and commits a `YYTransaction` (target: the view, selector:
///   `contentsNeedUpdated`); transactions are a set, so a burst of touches in one run-loop turn makes
///   one. Its BeforeWaiting observer calls `layer.setNeedsDisplay()`, which first increases the
///   sentinel (`_cancelAsyncDisplay`). docs/model.md's turn runs the observers before the CoreAnimation
///   commit, so the display happens in the same turn. (On a device YYTransaction's observer has a
///   lower priority, 0xFFFFFF, than CoreAnimation's, 2000000, and the display waits for the next
///   wake-up: docs/model.md's pipeline is followed here.)
/// - `display` (at the commit) snapshots the points on the main thread (`newAsyncDisplayTask`) and
///   dispatches the render to the next of N serial queues, round robin (N = active processor count,
///   clamped to 1...16). A layer smaller than 1 x 1 gets nil contents and no task.
/// - The render task checks `isCancelled` when it starts, makes a new bitmap, fills it with the
///   background (the layer is opaque), runs the display block, checks again, makes the image, checks
///   again, and posts a block to the main queue that checks once more before setting the contents.
///   The old contents are released on a background queue. The display block strokes the lines one
///   by one and checks `isCancelled` before each, as YYAsyncLayer's drawing code is meant to
///   ("the drawing code can call isCancelled at any time") and as YYText does between lines.
///
/// A task stopped at its first check is *cancelled*; one stopped after drawing is *superseded* (its
/// picture was thrown away).
package final class AsyncPoolStrategy: DrawingStrategy {
    package static let name = "async-pool"
    package static let summary = "YYAsyncLayer: whole picture drawn on a pool of serial queues, sentinel-cancelled"

    private let canvas: CanvasConfiguration
    private let queues: RenderQueues
    private let ledger: WorkLedger
    private let sentinel = Sentinel()
    private var stored: StoredLines
    /// The pending YYTransaction (a set of one: this view's `contentsNeedUpdated`).
    private var transactionPending = false
    private var needsDisplay = false
    private var nextQueue = 0
    private var inFlight = 0
    private var contents = LayerContents()
    /// What each stored line counted and cost at the last render, for the next (`StrokeSteps`).
    private let repeated = RepeatedStrokes()

    package init(canvas: CanvasConfiguration, environment: StrategyEnvironment) throws {
        guard let queues = environment.renderQueues else {
            throw StrategyError.needsRenderQueues(Self.name)
        }
        self.canvas = canvas
        stored = StoredLines(style: canvas.style)
        self.queues = queues
        ledger = environment.ledger
    }

    package var pointsRetained: Int { stored.pointCount }
    package var hasPendingWork: Bool { inFlight > 0 || needsDisplay || transactionPending }
    /// Every began or moved event commits a YYTransaction, which invalidates the layer this turn.
    package var acceptedThrough: Int { stored.newest }

    package func handle(_ event: TouchEvent) {
        if stored.handle(event) { transactionPending = true }  // [[YYTransaction ...] commit]
    }

    /// YYTransaction's BeforeWaiting observer: `contentsNeedUpdated` -> `layer.setNeedsDisplay()`.
    package func beforeWaiting() {
        guard transactionPending else { return }
        transactionPending = false
        sentinel.increase()  // _cancelAsyncDisplay
        needsDisplay = true
    }

    package func commit() -> LayerUpdate? {
        if needsDisplay {
            needsDisplay = false
            display()
        }
        return contents.takeUpdate()
    }

    /// `_displayAsync:YES`.
    private func display() {
        guard canvas.width >= 1, canvas.height >= 1 else {
            contents.clear(bounds: nil, showsThrough: stored.newest, releasingOn: queues)
            return
        }
        let value = sentinel.value
        let sentinel = self.sentinel
        let isCancelled: @Sendable () -> Bool = { value != sentinel.value }
        let snapshot = stored.snapshot
        let showsThrough = stored.newest
        let canvas = self.canvas
        let drawn = Box<Surface>()
        // task.display: like YYText's drawing, which checks the cancel block before each line, the canvas
        // checks isCancelled before each stroke (and so at its start, as the seed's display block does); a
        // render stopped there never finished its picture: it is cancelled.
        let strokes = StrokeSteps(
            from: 2, lines: snapshot, style: canvas.style, isCancelled: isCancelled, repeated: repeated)
        // Steps: start, begin the image, one per stored line, end the image, hand it over. Made by index,
        // so a render over a long session's thousands of lines costs only the steps it reaches.
        var task = RenderTask(stepCount: snapshot.count + 4) { index, context in
            switch index {
            case 0:
                if context.check(isCancelled) {
                    context.ledger.counters.tasksCancelled += 1
                    return .stop
                }
                context.ledger.counters.tasksStarted += 1
                return .proceed
            case 1:
                // UIGraphicsBeginImageContextWithOptions(size, opaque, scale) and the opaque fill.
                guard let image = try? Surface(width: canvas.width, height: canvas.height, counting: context.ledger),
                    let cg = try? Context(surface: image, counting: context.ledger)
                else { return .stop }
                cg.fill(canvas.bounds, with: canvas.background)
                drawn.value = image
                strokes.drawing = cg
                return .proceed
            case 2..<snapshot.count + 2:
                return strokes.step(index, context)
            case snapshot.count + 2:
                strokes.drawing = nil
                if context.check(isCancelled) {
                    context.ledger.counters.tasksSuperseded += 1
                    return .stop
                }
                // UIGraphicsGetImageFromCurrentImageContext: the bitmap becomes the image, no copy.
                return .proceed
            default:
                if context.check(isCancelled) {
                    context.ledger.counters.tasksSuperseded += 1
                    return .stop
                }
                guard let image = drawn.value else { return .stop }
                return .finish(RenderedImage(image: image, showsThrough: showsThrough))
            }
        }
        task.strokes = strokes
        inFlight += 1
        let queue = nextQueue
        nextQueue = (nextQueue + 1) % queues.count
        queues.submit(task, toQueue: queue) { [unowned self] output, context in
            inFlight -= 1
            guard let rendered = output as? RenderedImage else { return }
            // The block on the main queue: one last check before the contents are set.
            guard !context.check(isCancelled) else {
                ledger.counters.tasksSuperseded += 1
                return
            }
            contents.set(rendered, bounds: canvas.bounds, renderSeconds: context.elapsed, releasingOn: queues)
        }
    }

    package func finalPicture() -> Surface? { contents.current }
}

/// A slot one render task fills in one step and reads in a later one, on the same serial queue.
final class Box<T>: @unchecked Sendable {
    var value: T?
}
