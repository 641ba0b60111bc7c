import StrokeBenchCanvas

/// Graver's `WMGAsyncDrawView`: a draw count bumped by every invalidation, the whole picture drawn on
/// the global concurrent queue, and the contents cleared before each asynchronous draw.
///
/// Modelled on Graver (the seed notes and `WMGAsyncDrawView._displayLayer:`): `displayLayer:` bumps
/// the layer's drawing count and remembers it; unless "keep contents until the next drawing
/// completes" is set (`--graver-keep-contents`, Graver's `reserveContentsBeforeNextDrawingComplete`)
/// it sets `layer.contents = nil` at once, which is what shows blank frames; the draw checks the count
/// before drawing, after drawing, and on the main queue before setting the contents (Graver's
/// interrupt). An optional fade-in (`--graver-fade-in SECONDS`, Graver's `fadeDuration`) delays the
/// moment the new picture is fully shown.
package final class AsyncGraverStrategy: DrawingStrategy {
    package static let name = "async-graver"
    package static let summary =
        "Graver WMGAsyncDrawView: draw count interrupts, contents cleared before each async draw"
    /// Graver's `reserveContentsBeforeNextDrawingComplete`.
    package static let keepContentsOption = StrategyOption(
        name: "graver-keep-contents", kind: .flag,
        help: "keep the old contents until the next drawing completes (no blank frames)")
    /// Graver's `fadeDuration`.
    package static let fadeInOption = StrategyOption(
        name: "graver-fade-in", kind: .seconds(0...10), help: "seconds the new contents fade in")
    package static var options: [StrategyOption] { [keepContentsOption, fadeInOption] }

    private let canvas: CanvasConfiguration
    private let queues: RenderQueues
    private let ledger: WorkLedger
    private let keepContents: Bool
    private let fadeIn: Double
    private let drawingCount = Sentinel()
    private var stored: StoredLines
    private var needsDisplay = false
    private var inFlight = 0
    private var contents = LayerContents()

    package init(canvas: CanvasConfiguration, environment: StrategyEnvironment) throws {
        guard let queues = environment.renderQueues else { throw StrategyError.needsRenderQueues(Self.name) }
        self.canvas = canvas
        stored = StoredLines(style: canvas.style)
        self.queues = queues
        ledger = environment.ledger
        keepContents = environment.settings.flag(Self.keepContentsOption)
        fadeIn = environment.settings.seconds(Self.fadeInOption)
    }

    package var pointsRetained: Int { stored.pointCount }
    package var hasPendingWork: Bool { inFlight > 0 || needsDisplay }
    /// Every began or moved event invalidates the layer (`setNeedsDisplay`).
    package var acceptedThrough: Int { stored.newest }

    package func handle(_ event: TouchEvent) {
        if stored.handle(event) { needsDisplay = true }
    }

    package func commit() -> LayerUpdate? {
        if needsDisplay {
            needsDisplay = false
            displayLayer()
        }
        return contents.takeUpdate()
    }

    private func displayLayer() {
        let target = drawingCount.increase()
        let count = drawingCount
        let interrupted: @Sendable () -> Bool = { count.value != target }
        if !keepContents, contents.hasPicture {
            contents.clear(bounds: canvas.bounds, showsThrough: -1, releasingOn: queues)
        }
        let snapshot = stored.snapshot
        let showsThrough = stored.newest
        let canvas = self.canvas
        let drawn = Box<Surface>()
        let task = RenderTask(steps: [
            { context in
                if context.check(interrupted) {
                    context.ledger.counters.tasksCancelled += 1
                    return .stop
                }
                context.ledger.counters.tasksStarted += 1
                return .proceed
            },
            { context in
                drawn.value = renderWholePicture(snapshot, canvas: canvas, ledger: context.ledger)
                return drawn.value == nil ? .stop : .proceed
            },
            { context in
                if context.check(interrupted) {
                    context.ledger.counters.tasksSuperseded += 1
                    return .stop
                }
                guard let image = drawn.value else { return .stop }
                return .finish(RenderedImage(image: image, showsThrough: showsThrough))
            },
        ])
        inFlight += 1
        queues.submitConcurrent(task) { [unowned self] output, context in
            inFlight -= 1
            guard let rendered = output as? RenderedImage else { return }
            guard !context.check(interrupted) else {
                ledger.counters.tasksSuperseded += 1
                queues.release(rendered.image)
                return
            }
            contents.set(
                rendered, bounds: canvas.bounds, renderSeconds: context.elapsed, fadeIn: fadeIn, releasingOn: queues)
        }
    }

    package func finalPicture() -> Surface? { contents.current }
}
