import StrokeBenchCanvas

/// Draws nothing. Its figures are the harness's own overhead: the calibration floor every other
/// strategy's numbers stand on.
///
/// It commits each turn that brought input and says the picture shows it, as a strategy that claims
/// ink it never drew would: the harness credits ink only where the composited picture changed, so
/// none of it counts as shown and the verdict is `no ink`. Nothing it is handed becomes pending
/// content (it draws, invalidates and queues nothing), so it drops no frames.
package final class NullStrategy: DrawingStrategy {
    package static let name = "null"
    package static let summary = "draws nothing: the harness's own overhead (calibration floor)"

    private var newest = -1
    private var changed = false

    package init(canvas: CanvasConfiguration, environment: StrategyEnvironment) {}

    /// Nothing is ever pending: it draws, invalidates and queues nothing.
    package var acceptedThrough: Int { -1 }

    package func handle(_ event: TouchEvent) {
        if let last = event.points.last {
            newest = last.index
            changed = true
        }
    }

    package func commit() -> LayerUpdate? {
        guard changed else { return nil }
        changed = false
        return LayerUpdate(contents: nil, damage: [], showsThrough: newest)
    }

    package func finalPicture() -> Surface? { nil }
}
