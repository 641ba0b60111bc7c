import StrokeBenchCanvas

/// Draws nothing. Its figures are the harness's own overhead: the calibration floor every other
/// strategy's numbers stand on.
///
/// It still reports each turn's input as shown, so that latency and dropped-frame accounting run
/// through the same code as for a real strategy.
public final class NullStrategy: DrawingStrategy {
    public static let name = "null"
    public static let summary = "draws nothing: the harness's own overhead (calibration floor)"

    private var newest = -1
    private var changed = false

    public init(canvas: CanvasConfiguration, environment: StrategyEnvironment) {}

    /// Pending as soon as it arrives: it reports every event as shown, so that the accounting runs as for a real strategy.
    public var acceptedThrough: Int { newest }

    public func handle(_ event: TouchEvent) {
        if let last = event.points.last { newest = last.index; changed = true }
    }

    public func commit() -> LayerUpdate? {
        guard changed else { return nil }
        changed = false
        return LayerUpdate(contents: nil, damage: [], showsThrough: newest)
    }

    public func finalPicture() -> Surface? { nil }
}
