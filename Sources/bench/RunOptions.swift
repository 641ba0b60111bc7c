import ArgumentParser
import Canvas
import Display
import Foundation
import Strategies
import Traces

extension ClockMode: ExpressibleByArgument {}
extension Delivery: ExpressibleByArgument {}

/// What the virtual clock charges for work.
enum CostMode: String, CaseIterable, ExpressibleByArgument {
    /// What the work took on this machine.
    case measured
    /// Nothing: an infinitely fast device, for exactly repeatable counters.
    case zero
}

/// The options that choose what one replay is: pulled into `run` (and later `sweep`, `baseline`).
struct RunOptions: ParsableArguments {
    @Option(help: "Drawing strategy (see `bench list`).")
    var strategy: String

    @Option(help: "Trace file to replay (default: the built-in generated 30 s session).")
    var trace: String?

    @Option(help: "Device profile (see `bench list`).")
    var device: String = "ipad-pro-11"

    // `.unconditional`: a negative number is a value to reject by range, not an option name.
    @Option(parsing: .unconditional, help: "Display refresh rate in Hz (default: the device's).")
    var hz: Double?

    @Option(help: "realtime (wall-clock pacing, real threads) or virtual (simulated clock, never sleeps).")
    var clock: ClockMode = .realtime

    @Option(help: "coalesced (one event per turn) or per-sample (one event per sample).")
    var delivery: Delivery = .coalesced

    @Option(parsing: .unconditional, help: "Background queues for async strategies (default: the device's cores in virtual, this machine's in realtime).")
    var workers: Int?

    @Option(help: "Virtual clock only: charge 'measured' costs (default), or 'zero' for every phase, so the schedule, the work counters and the picture depend on the input alone (timings then read zero).")
    var costs: CostMode = .measured

    @Flag(help: "async-graver: keep the old contents until the next drawing completes (no blank frames).")
    var graverKeepContents = false

    @Option(parsing: .unconditional, help: "async-graver: seconds the new contents fade in.")
    var graverFadeIn: Double?

    func validate() throws {
        guard StrategyRegistry.strategy(named: strategy) != nil else {
            throw ValidationError("unknown strategy '\(strategy)'; valid: \(StrategyRegistry.names.joined(separator: ", "))")
        }
        guard DeviceProfile.named(device) != nil else {
            throw ValidationError("unknown device '\(device)'; valid: \(DeviceProfile.all.map(\.name).joined(separator: ", "))")
        }
        if let hz { guard hz.isFinite, hz > 0, hz <= 1000 else { throw ValidationError("--hz must be a rate in (0, 1000], not \(hz)") } }
        if let workers { guard (1...16).contains(workers) else { throw ValidationError("--workers must be 1...16, not \(workers)") } }
        if costs == .zero && clock != .virtual { throw ValidationError("--costs zero needs --clock virtual") }
        if costs == .zero && clock != .virtual { throw ValidationError("--costs zero needs --clock virtual") }
        if let graverFadeIn { guard graverFadeIn.isFinite, (0...10).contains(graverFadeIn) else { throw ValidationError("--graver-fade-in must be 0...10 seconds") } }
    }

    /// The replay these options describe. Reading the trace is the only fallible step.
    func configuration() throws -> ReplayConfiguration {
        let device = DeviceProfile.named(device)!
        let (trace, name) = try loadTrace()
        var configuration = ReplayConfiguration(
            input: ReplayInput(trace: trace, device: device), traceName: name, device: device, hz: hz,
            clock: clock, delivery: delivery, strategy: StrategyRegistry.strategy(named: strategy)!, workers: workers,
            options: strategyOptions)
        if costs == .zero { configuration.meter = ZeroCostMeter() }
        return configuration
    }

    /// Options only some strategies read, by name.
    var strategyOptions: [String: String] {
        var options: [String: String] = [:]
        if graverKeepContents { options["graver-keep-contents"] = "true" }
        if let graverFadeIn { options["graver-fade-in"] = String(graverFadeIn) }
        return options
    }

    private func loadTrace() throws -> (Trace, String) {
        guard let path = trace else { return (TraceGenerator.default, "default") }
        return (try readTrace(path), path)
    }
}

/// Checks that `path` can be written before any work starts, so a typo in an output path fails in
/// a second rather than after an hour's replay.
///
/// Permission bits are not enough (root passes them, and `/proc` or a read-only mount refuse
/// writes anyway), so this creates and removes a scratch file in the folder, which is exactly what
/// the atomic write at the end will need.
func checkWritable(_ path: String, option: String) throws {
    let what = "cannot write the \(option) file"
    let fm = FileManager.default
    var isDirectory: ObjCBool = false
    if fm.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        throw BenchFailure.io("\(path): \(what): it is a folder")
    }
    let folder = (path as NSString).deletingLastPathComponent
    let directory = folder.isEmpty ? "." : folder
    guard fm.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
        throw BenchFailure.io("\(path): \(what): folder \(directory) does not exist")
    }
    let probe = (directory as NSString).appendingPathComponent(".bench-write-check-\(getpid())-\(UUID().uuidString)")
    let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard fd >= 0 else {
        throw BenchFailure.io("\(path): \(what): \(String(cString: strerror(errno)).lowercased())")
    }
    close(fd)
    unlink(probe)
}
