/// The device cost model one replay prices with, handed down from the command line: the data it
/// loaded (the shipped file, or the one `STROKEBENCH_DEVICE_COSTS` names) and, once fitted, the model's
/// free factor at every draw of its uncertainty. Nothing below the command line loads or fits it: the
/// command line does both once per process (`ModelFitting`, above the engine, since the fit replays).
public struct DeviceModel: Sendable {
    /// The sourced unit costs' data.
    package var data: DeviceCostData
    /// The free factor refitted at each draw; nil until fitted. A modelled replay's ranges need it.
    package var fit: ModelFit?
    /// The structural error term of the drawing kind, S in log units: the model's own error on a
    /// replay's frames, sized by `bench model validate` and drawn into a modelled run's ranges
    /// (`unitCosts(of:at:factor:)`). 0 draws no such error: the validation prices with 0, since it
    /// sizes the term (docs/device-model.md, "Validation").
    package var structuralError: Double

    package init(data: DeviceCostData, fit: ModelFit? = nil, structuralError: Double = 0) {
        self.data = data
        self.fit = fit
        self.structuralError = structuralError
    }

    /// The data shipped with StrokeBench, not yet fitted: what a replay that does not price with the
    /// model carries, and what tests, benchmarks and tools start from.
    public static var shipped: DeviceModel { DeviceModel(data: .shipped) }

    /// `fit`, or why a modelled replay cannot draw its ranges without it.
    package func requireFit() throws(DeviceCostError) -> ModelFit {
        guard let fit else {
            throw DeviceCostError("the device cost model is not fitted: a modelled replay needs its fit (ModelFitting)")
        }
        return fit
    }

    /// The unit costs of `device` at `draw` of the model's uncertainty, the free factor refitted to
    /// `factor`, times the draw's factor for the model's own error (`ModelDraw.structuralMultiplier`).
    /// The factor is applied after the fit, which never sees it: a refit would cancel it on the fitted chip.
    package func unitCosts(of device: String, at draw: ModelDraw, factor: Double?) throws(DeviceCostError)
        -> UnitCosts
    {
        try data.unitCosts(of: device, at: draw, factor: factor)
            .scaled(by: draw.structuralMultiplier(logError: structuralError))
    }
}

/// The model's one free factor refitted to the fitted figure at every draw of its joint uncertainty
/// (`ModelDraw.standard`), worked out by `ModelFitting` and read by the engine.
package struct ModelFit: Sendable, Equatable {
    /// By draw, in `ModelDraw.standard`'s order; nil for a draw in which no factor reproduces the figure.
    package var factors: [Double?]

    package init(factors: [Double?]) { self.factors = factors }
}
