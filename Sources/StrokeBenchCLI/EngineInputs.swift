import ArgumentParser
import Foundation
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchModelFit
import StrokeBenchSpec
import StrokeBenchStrategies
import Synchronization

/// What the engine needs that the command line loads at its edge, once per process, and hands down as
/// arguments: the strategies this command line knows, and the device cost model, its data read from the
/// shipped file or the one `STROKEBENCH_DEVICE_COSTS` names, and fitted when the command may price with
/// it. Nothing below the command line reads the environment or fits the model.
struct EngineInputs: Sendable {
    var strategies: StrategyCatalog
    var deviceModel: DeviceModel

    /// Names another device-cost file than the shipped one: how scripts/fit_device.py tries a factor
    /// without rebuilding (docs/device-model.md).
    static let deviceCostsVariable = "STROKEBENCH_DEVICE_COSTS"

    /// The device-cost file this process reads: the variable's, or nil for the shipped one.
    static var deviceCostsPath: String? { ProcessInfo.processInfo.environment[deviceCostsVariable] }

    /// Reads and checks the device cost data before any command runs, so that a bad file is refused in
    /// one line now (65, or 74 when it cannot be read), never half-way through a sweep with some runs
    /// written. A command that may price a replay with the model (`ReplayingCommand.mayPriceWithModel`)
    /// also gets the model fitted now, once, rather than at its first modelled run (after a sweep's
    /// zero-cost runs), or at every run; one that replays with measured or zero costs alone is not
    /// fitted at all, since the fit replays the fitted figure at every draw (seconds of work).
    ///
    /// - Throws: `DeviceCostError`, one line naming the file and the field.
    static func load(for command: any ParsableCommand, strategies: StrategyCatalog) throws -> EngineInputs {
        var model = DeviceModel(data: try DeviceCostData.load(path: deviceCostsPath ?? DeviceCostData.shippedURL.path))
        if let replaying = command as? any ReplayingCommand, replaying.mayPriceWithModel {
            model.fit = try fit(model.data, strategies: strategies)
        }
        // The model's own error on frames, as the shipped validation sized it; not for the validation,
        // which sizes it and prices without it.
        if command is any ReplayingCommand, !(command is Bench.Model.Validate) {
            model.structuralError = try shippedStructuralError()
        }
        return EngineInputs(strategies: strategies, deviceModel: model)
    }

    /// The drawing kind's structural error term of the shipped validation
    /// (`Resources/model-validation.json`), which every modelled run draws.
    /// - Throws: `BenchFailure.software` when the shipped file lacks it: a broken build, not bad input.
    private static func shippedStructuralError() throws -> Double {
        guard let s = ModelAccuracy.shipped?.structuralError else {
            throw BenchFailure.software(
                "internal error: the shipped model-validation.json has no structural_error.drawing; regenerate it with bench model validate --format json"
            )
        }
        return s
    }

    /// Fits made in this process, by the device data they were fitted to (its canonical JSON). A process
    /// that runs the command line once fits once; one that runs it many times in process (the test
    /// suite, hundreds of times) fits each data once too, rather than replaying the fitted figure at
    /// every command.
    private static let fits = Mutex<[Data: ModelFit]>([:])

    /// `data` fitted (`ModelFitting.fit`), or the fit this process already made of the same data.
    private static func fit(_ data: DeviceCostData, strategies: StrategyCatalog) throws -> ModelFit {
        let key = try? ResultsJSON.encoder(escapingSlashes: true).encode(data)
        if let key, let kept = fits.withLock({ $0[key] }) { return kept }
        let fit: ModelFit
        do { fit = try ModelFitting.fit(data, strategies: strategies) } catch let error as DeviceCostError {
            throw error
        } catch { throw DeviceCostError("fitted_figure: the fitted replay fails: \(error)") }
        if let key { fits.withLock { $0[key] = fit } }
        return fit
    }
}

/// A command that runs with the engine's inputs the command line loaded, handed to it as an argument
/// (`Bench.run` calls `run(with:)`, never the parser's `run()`), rather than looked up.
protocol BenchCommand: ParsableCommand {
    func run(with engine: EngineInputs) throws
}

/// A command that replays, and so may need the device cost model fitted before it starts.
protocol ReplayingCommand: BenchCommand {
    /// Whether any replay the command runs may be priced with the device cost model (`--costs model`),
    /// and so needs the model fitted; a command that cannot tell before it runs says true.
    var mayPriceWithModel: Bool { get }
}

extension ReplayingCommand {
    var mayPriceWithModel: Bool { true }
}

extension BenchCommand {
    /// Not the way in: such a command runs with the inputs `Bench.run` loads for it.
    func run() throws {
        throw BenchFailure.software("internal error: \(Self.self) runs only with the engine's inputs (Bench.run)")
    }
}
