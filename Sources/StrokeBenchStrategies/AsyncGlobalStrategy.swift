import StrokeBenchCanvas

/// The plain async label of the seed articles (`displayLayer:` dispatching to the global queue) with
/// VVeboLabel's stale-result flag: every invalidation draws the whole picture on the global
/// concurrent queue, with no pool and no cancellation.
///
/// Modelled on the seeds' `AsyncDrawLabel` and on VVeboLabel: `displayLayer:` captures the state and
/// a new draw flag, `dispatch_async(dispatch_get_global_queue(0, 0), ...)` draws into a new bitmap,
/// and the block on the main queue sets `layer.contents` only if the flag is still the newest; an
/// older result, finished at full cost, is thrown away there. Nothing stops a render once queued.
package final class AsyncGlobalStrategy: DrawingStrategy {
    package static let name = "async-global"
    package static let summary =
        "plain async label / VVeboLabel: whole picture on the global queue, stale results dropped by flag"

    private let canvas: CanvasConfiguration
    private let queues: RenderQueues
    private let ledger: WorkLedger
    private var stored: StoredLines
    private var needsDisplay = false
    private var drawFlag = 0
    private var inFlight = 0
    private var contents = LayerContents()

    package init(canvas: CanvasConfiguration, environment: StrategyEnvironment) throws {
        guard let queues = environment.renderQueues else { throw StrategyError.needsRenderQueues(Self.name) }
        self.canvas = canvas
        stored = StoredLines(style: canvas.style)
        self.queues = queues
        ledger = environment.ledger
    }

    package var pointsRetained: Int { stored.pointCount }
    package var hasPendingWork: Bool { inFlight > 0 || needsDisplay }
    /// Every began or moved event invalidates the layer (`setNeedsDisplay`).
    package var acceptedThrough: Int { stored.newest }

    package func handle(_ event: TouchEvent) {
        if stored.handle(event) { needsDisplay = true }  // [self.layer setNeedsDisplay]
    }

    package func commit() -> LayerUpdate? {
        if needsDisplay {
            needsDisplay = false
            displayLayer()
        }
        return contents.takeUpdate()
    }

    private func displayLayer() {
        drawFlag += 1
        let flag = drawFlag
        let snapshot = stored.snapshot
        let showsThrough = stored.newest
        let canvas = self.canvas
        // Steps as in every async strategy here: start (no check: nothing can cancel it), draw, hand over.
        let drawn = Box<Surface>()
        let task = RenderTask(steps: [
            { context in
                context.ledger.counters.tasksStarted += 1
                return .proceed
            },
            { context in
                drawn.value = renderWholePicture(snapshot, canvas: canvas, ledger: context.ledger)
                return drawn.value == nil ? .stop : .proceed
            },
            { _ in drawn.value.map { .finish(RenderedImage(image: $0, showsThrough: showsThrough)) } ?? .stop },
        ])
        inFlight += 1
        queues.submitConcurrent(task) { [unowned self] output, context in
            inFlight -= 1
            guard let rendered = output as? RenderedImage else { return }
            guard !context.check({ flag != drawFlag }) else {
                ledger.counters.tasksSuperseded += 1  // finished, then dropped by the flag check
                queues.release(rendered.image)
                return
            }
            contents.set(rendered, bounds: canvas.bounds, renderSeconds: context.elapsed, releasingOn: queues)
        }
    }

    package func finalPicture() -> Surface? { contents.current }
}
