/// The pipeline's what-ifs (docs/latency.md): how the picture reaches the screen, apart from the
/// strategy that draws it. One record, held by `ReplaySpec`, a sweep's runs and a replay's
/// configuration alike; how each reads in ids and commands is its `SpecField` (`SpecField.whatIfs`).
///
/// It is coded flat, into the record that holds it, each field left out at its default: a spec or a
/// run written before a what-if existed reads, and writes, exactly as it did.
package struct PipelineWhatIfs: Hashable, Sendable, Codable {
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

    enum CodingKeys: String, CodingKey {
        case presentQueueDepth = "present_queue_depth"
        case predict
        case predictHorizonMs = "predict_horizon_ms"
        case touchRate = "touch_hz"
        case wetInk = "wet_ink"
    }

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

    /// Reads the what-ifs from the keys of the record that holds them; a missing one is its default.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        presentQueueDepth = try c.decodeIfPresent(PresentQueueDepth.self, forKey: .presentQueueDepth) ?? .one
        predict = try c.decodeIfPresent(Prediction.self, forKey: .predict) ?? .none
        predictHorizonMs = try c.decodeIfPresent(
            Double.self, forKey: .predictHorizonMs, in: Self.predictHorizons, "a prediction horizon in ms")
        touchRate = try c.decodeIfPresent(TouchRate.self, forKey: .touchRate)
        wetInk = try c.decodeIfPresent(WetInk.self, forKey: .wetInk) ?? .off
    }

    /// Writes the what-ifs beside the holder's own keys, each only when it is not the default.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if presentQueueDepth != .one { try c.encode(presentQueueDepth, forKey: .presentQueueDepth) }
        if predict != .none { try c.encode(predict, forKey: .predict) }
        try c.encodeIfPresent(predictHorizonMs, forKey: .predictHorizonMs)
        try c.encodeIfPresent(touchRate, forKey: .touchRate)
        if wetInk != .off { try c.encode(wetInk, forKey: .wetInk) }
    }
}
