/// The pipeline's what-ifs (docs/latency.md): how the picture reaches the screen, apart from the
/// strategy that draws it. One record, held by `ReplaySpec`, a sweep's runs and a replay's
/// configuration alike; how each reads in ids, commands and records is its `SpecField`
/// (`SpecField.whatIfs`): coded flat, into the record that holds it, each left out at its default, so
/// a spec or a run written before a what-if existed reads, and writes, exactly as it did.
package struct PipelineWhatIfs: Hashable, Sendable {
    /// Frames the render server may queue (1 by default: a commit is on screen at the next vsync).
    package var presentQueueDepth: PresentQueueDepth
    /// Predicted touches drawn as provisional ink (none by default).
    package var predict: Prediction
    /// How far ahead of the latest sample the predictor reaches, in ms; nil for one frame.
    package var predictHorizonMs: Double?
    /// The digitizer's rate; nil for the device's own.
    package var touchRate: TouchRate?
    /// The live stroke drawn into the front buffer as well (off by default).
    package var wetInk: WetInk

    /// The prediction horizons accepted, in ms: up to six frames at 120 Hz, past which no predictor
    /// of pen motion is used.
    package static let predictHorizons: ClosedRange<Double> = 1...50

    package init(
        presentQueueDepth: PresentQueueDepth = .one, predict: Prediction = .none, predictHorizonMs: Double? = nil,
        touchRate: TouchRate? = nil, wetInk: WetInk = .off
    ) {
        self.presentQueueDepth = presentQueueDepth
        self.predict = predict
        self.predictHorizonMs = predictHorizonMs
        self.touchRate = touchRate
        self.wetInk = wetInk
    }
}
