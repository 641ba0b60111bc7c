import StrokeBenchDevice
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTraces

/// What a spec names, looked up in the strategies a bench knows and the devices it models, and its
/// checks against them.
extension ReplaySpec {
    /// The strategy type `strategy` names in `strategies` (valid after `validate(strategies:)`).
    package func strategyType(in strategies: StrategyCatalog) -> (any DrawingStrategy.Type)? {
        strategies.strategy(named: strategy)
    }
    /// The device profile named by `device` (valid after `validate()`).
    package var deviceProfile: DeviceProfile? { DeviceProfile.named(device) }

    /// Checks every field: names known, numbers in range, options declared by the strategy, and
    /// combinations that make sense.
    ///
    /// - Throws: `ReplaySpecError` naming the field (as the command-line option) and what is wrong.
    package func validate(strategies: StrategyCatalog) throws(ReplaySpecError) {
        guard let strategyType = strategyType(in: strategies) else {
            throw ReplaySpecError(
                field: "strategy", "unknown strategy '\(strategy)'; valid: \(strategies.names.joined(separator: ", "))")
        }
        guard deviceProfile != nil else {
            throw ReplaySpecError(
                field: "device",
                "unknown device '\(device)'; valid: \(DeviceProfile.known.map(\.name).joined(separator: ", "))")
        }
        if let hz, !(hz.isFinite && Self.rates.contains(hz)) {
            throw ReplaySpecError(field: "hz", RateBounds.problem(option: "--hz", rate: hz, bounds: Self.rates))
        }
        if let workers, !Self.workerCounts.contains(workers) {
            throw ReplaySpecError(
                field: "workers",
                "--workers must be \(Self.workerCounts.lowerBound)...\(Self.workerCounts.upperBound), not \(workers)")
        }
        if let horizon = pipeline.predictHorizonMs {
            let horizons = PipelineWhatIfs.predictHorizons
            guard horizon.isFinite, horizons.contains(horizon) else {
                throw ReplaySpecError(
                    field: "predict_horizon_ms",
                    "--predict-horizon must be \(horizons.lowerBound.plainText)..."
                        + "\(horizons.upperBound.plainText) ms, not \(horizon.plainText)")
            }
            guard pipeline.predict != .none else {
                throw ReplaySpecError(field: "predict_horizon_ms", "--predict-horizon needs --predict linear or kalman")
            }
        }
        if costs != .measured && clock != .virtual {
            throw ReplaySpecError(field: "costs", "--costs \(costs.rawValue) needs --clock virtual")
        }
        do { _ = try options.validated(for: strategyType.options) } catch {
            throw ReplaySpecError(field: "options", "\(strategy): \(error.description)")
        }
    }

    /// A short name for reports: `async-graver --graver-keep-contents ipad-pro-11 120Hz virtual coalesced default`,
    /// the options in the order `strategies` says the strategy declares them.
    package func id(strategies: StrategyCatalog) -> String { id(declared: strategies.options(of: strategy)) }

    /// The short name, the options in the order of `declared`, the strategy's declarations.
    /// Every field (`SpecField.all`) adds its words, so configurations that differ in any one field,
    /// a pipeline what-if included, are different configurations (a baseline keeps both).
    package func id(declared: [StrategyOption]) -> String {
        let context = fieldContext(declared: declared)
        return SpecField.all.flatMap { $0.idWords(self, context) }.joined(separator: " ")
    }

    /// What the fields need besides the spec to print themselves: the strategy's declared options and
    /// the device's own rate.
    package func fieldContext(declared: [StrategyOption]) -> SpecField.Context {
        SpecField.Context(declared: declared, deviceRate: deviceProfile?.refreshRate)
    }
}
