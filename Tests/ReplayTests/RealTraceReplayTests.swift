import Foundation
import StrokeBenchDevice
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTraces
import Testing

@testable import StrokeBenchReplay

/// Every strategy replays recorded human input, imported as `bench trace import` does, and ends
/// with the reference picture: a few real files from each data set in `../shared/traces` (the
/// acceptance check replays the whole folders with some strategies; the whole Omniglot folder is
/// seventy minutes of drawing). Skipped, with a line saying so, when that folder is absent.
@Suite(.enabled(if: SharedTraceFolder.available, "needs ../shared/traces"))
struct RealTraceReplayTests {
    /// Two $1 gestures of one writer and two Omniglot drawings (several strokes, real pen-up pauses).
    static let sessions: [(format: TraceImportFormat, files: [String])] = [
        (.dollar1, ["dollar1/xml_logs/s02/slow/check02.xml", "dollar1/xml_logs/s02/slow/x03.xml"]),
        (
            .omniglot,
            [
                "omniglot/strokes_background_small1/Latin/character01/0683_04.txt",
                "omniglot/strokes_background_small1/Latin/character01/0683_07.txt",
            ]
        ),
    ]

    @Test(arguments: StrategyCatalog.builtIn.names.filter { $0 != "null" }, [0, 1])
    func everyStrategyReplaysARealSessionToTheReferencePicture(strategy: String, session: Int) throws {
        let (format, files) = Self.sessions[session]
        let trace = try TraceImporter.importSession(
            files.map { (SharedTraceFolder.path as NSString).appendingPathComponent($0) }, format: format)
        #expect(trace.sampleCount > 0)
        var configuration = ReplayConfiguration(
            input: ReplayInput(trace: trace, device: DeviceProfile.named("iphone-6s")!), traceName: format.rawValue,
            device: DeviceProfile.named("iphone-6s")!, clock: .virtual,
            strategy: StrategyCatalog.builtIn.strategy(named: strategy)!)
        configuration.meter = ZeroCostMeter()  // the picture, not the timing: every turn on time
        let result = try Replay.run(configuration)
        #expect(result.summary.samples == configuration.input.count)  // the samples a 60 Hz digitizer reports
        #expect(
            result.summary.picture?.matchesReference == true,
            "\(strategy) on \(format.rawValue): \(String(describing: result.summary.picture))")
    }

    /// Predicted touches on real pens, which turn and stop: on both data sets the Kalman filter's
    /// provisional ink lowers the perceived latency (its middle or its tail, and neither rises), costs
    /// ghost ink, and leaves the final picture as it is (docs/latency.md). The central replay only: every
    /// figure checked is the central replay's, and the model's draws, which only give ranges, took most of
    /// the time.
    @Test(arguments: [0, 1])
    func predictionLowersPerceivedLatencyOnRealPens(session: Int) throws {
        let (format, files) = Self.sessions[session]
        let trace = try TraceImporter.importSession(
            files.map { (SharedTraceFolder.path as NSString).appendingPathComponent($0) }, format: format)
        let device = DeviceProfile.named("ipad-pro-11")!
        var results: [ReplayResult] = []
        for predict in [Prediction.none, .kalman] {
            var configuration = ReplayConfiguration(
                input: ReplayInput(trace: trace, device: device), traceName: format.rawValue,
                device: device, clock: .virtual, strategy: StrategyCatalog.builtIn.strategy(named: "dirty-rect")!,
                costs: .model, deviceModel: .fittedForTests)
            configuration.forcesRaster = true
            configuration.pipeline.predict = predict
            var central = try RunLoopSimulation(configuration)
            results.append(try central.run(progress: nil))
        }
        let before = try #require(results[0].summary.penToPixel?.perceivedMs)
        let after = try #require(results[1].summary.penToPixel?.perceivedMs)
        // Omniglot's pens are slow: half their samples are within 1 mm of the ink at the first picture
        // already, the floor of the device's own stages, so there prediction shows in the tail.
        #expect(
            after.p50 <= before.p50 && after.p95 <= before.p95 && (after.p50 < before.p50 || after.p95 < before.p95),
            "\(format.rawValue): p50 \(after.p50) vs \(before.p50), p95 \(after.p95) vs \(before.p95)")
        #expect((results[1].summary.penToPixel?.prediction?.ghostInkMm.max ?? 0) > 0)
        #expect(results[1].summary.picture?.matchesReference == true)
        #expect(results[1].summary.picture?.checksum == results[0].summary.picture?.checksum)
    }
}

/// `../shared/traces`, beside the package root; never copied into the repository.
enum SharedTraceFolder {
    static let path = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/traces").path
    /// Whether it is there; prints one line when it is not, since a skipped test reads as a passed one.
    static let available: Bool = {
        let found = FileManager.default.fileExists(atPath: path)
        if !found { print("SKIPPED: real-trace replay tests need \(path), which is missing") }
        return found
    }()
}
