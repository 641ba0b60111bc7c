import ArgumentParser
import Foundation
import StrokeBench
import StrokeBenchCanvas
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchRegression
import StrokeBenchReplay
import StrokeBenchReports
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTimeline
import StrokeBenchTraces

/// The one place an error becomes an exit status (docs/model.md section 6): every error type the
/// library throws has its documented status here, so no error path ends in the parser's
/// undocumented 1. An error of a type not listed is a fault of bench itself, said as such with 70.
extension BenchFailure {
    /// `error` as people see it: one line and its documented status; nil for the argument parser's
    /// own errors, help and clean exits, which it reports itself (`Bench.report`).
    init?(_ error: any Error) {
        switch error {
        case let failure as BenchFailure: self = failure
        // The parser's errors (and `ExitCode`, `CleanExit`) keep the parser's statuses.
        case is ValidationError, is ExitCode, is CleanExit: return nil
        case let failure as StrategyFailure: self = .software(failure.description)
        case let failure as StrategyError: self = .software(failure.description)
        case let failure as CanvasError: self = .software(failure.description)
        case let failure as StrategyRegistrationError: self = .usage(failure.description)
        case let failure as StrategyOptionError: self = .usage(failure.description)
        case let failure as ReplaySpecError: self = .usage(failure.description)
        case let failure as BudgetSettingError: self = .usage(failure.description)
        case let failure as SweepFolder.Failure:
            self.init(status: failure.cannotRead ? .io : .data, message: failure.description)
        case let failure as Study.Failure:
            self.init(status: failure.cannotRead ? .io : .data, message: failure.description)
        case let failure as DeviceCostError:
            self.init(status: failure.cannotRead ? .io : .data, message: Self.deviceData(failure.description))
        case let failure as BaselineError:
            switch failure {
            case .io: self = .io(failure.description)
            case .data: self = .data(failure.description)
            }
        case let failure as BoundedFile.Failure:
            switch failure {
            case .unreadable: self = .io(failure.description)
            case .tooLarge: self = .data(failure.description)
            }
        case let failure as TraceError: self = .data(failure.description)
        case let failure as FormatVersionError: self = .data(failure.description)
        case let failure as CSVReader.Failure: self = .data(failure.description)
        case let failure as DecodingError: self = .data(DecodingProblem.describe(failure))
        case let failure as FileReadError: self = .io(failure.description)
        case let failure as TraceImportIOError: self = .io(failure.description)
        case let failure as AtomicFile.WriteError: self = .io(failure.description)
        case let failure as FrameCSVStream.WriteError: self = .io(failure.description)
        case let failure as TimelineEventStream.WriteError: self = .io(failure.description)
        case let failure as CocoaError: self = .io(failure.localizedDescription)
        case let failure as POSIXError: self = .io(failure.localizedDescription)
        default:
            // The parser's internal errors (an unknown option, a missing value) map to 64 through
            // `Root.exitCode`; anything else is ours: a fault of bench, never the undocumented 1.
            guard Bench.Root.exitCode(for: error) == .failure else { return nil }
            self = .software(
                "internal error: \(String(describing: error).split(whereSeparator: \.isNewline).joined(separator: " "))"
            )
        }
    }

    /// A device-data message names the file it came from: the data shipped with bench or
    /// `STROKEBENCH_DEVICE_COSTS`'s (a message from loading names the file already).
    static func deviceData(_ message: String) -> String {
        let path = EngineInputs.deviceCostsPath ?? "device-costs.json"
        let origin = EngineInputs.deviceCostsPath == nil ? "" : "\(EngineInputs.deviceCostsVariable): "
        return origin + (message.hasPrefix(path) ? message : "\(path): \(message)")
    }
}

extension Bench {
    /// The exit status `error` ends a command with, as the command line maps it (`BenchFailure.init?(_:)`,
    /// then the parser's own statuses): what a test checks for every error type bench throws.
    package static func exitStatus(for error: any Error) -> Int32 {
        BenchFailure(error)?.status.rawValue ?? Root.exitCode(for: error).rawValue
    }
}
