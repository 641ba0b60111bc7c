import ArgumentParser
import Foundation
import StrokeBenchCanvas
import StrokeBenchMetrics
import StrokeBenchReplay
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTimeline

extension Bench {
    /// `bench run`: one replay of one trace with one strategy.
    struct Run: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "run",
                abstract: "Replay a trace with one strategy and report frame times.",
                discussion:
                    "Exit status: 0 success, 64 bad usage, 65 bad input data, 70 a strategy's mistake, 74 I/O error.")
        }

        @OptionGroup var options: RunOptions

        @OptionGroup var modes: ReplayModeOptions

        @OptionGroup(title: "Strategy options") var strategyOptions: StrategyOptionArguments

        @Option(help: "Write one CSV row per frame to this file.")
        var csv: String?

        @Option(help: "Write the final picture, as the display showed it, to this PNG file.")
        var png: String?

        @Option(help: "Write the replay as a timeline, Chrome trace-event JSON (ui.perfetto.dev), to this file.")
        var timeline: String?

        @Option(help: "table (for people) or json (the summary object).")
        var format: FormatOption<TableOrJSON> = .init(.table)

        @Flag(
            help:
                "Rasterize with zero or modelled costs too, which otherwise replay dry: they count the work from geometry without drawing it, with the same figures, and no picture. --png rasterizes as well."
        )
        var raster = false

        @Flag(
            help:
                "Replay a strategy added by your own package dry too. Such a strategy is rasterized by default, zero or modelled costs or not, so that its final picture is checked against the reference: no test of StrokeBench's has checked it, and counting alone cannot tell a wrong picture."
        )
        var dry = false

        func validate() throws { try options.validate(with: modes, strategyOptions) }

        func run(with engine: EngineInputs) throws {
            if raster && dry { throw BenchFailure.usage("--raster and --dry contradict each other; give one") }
            let outputs = [("--csv", csv), ("--png", png), ("--timeline", timeline)].compactMap { option, path in
                path.map { NamedPath(name: option, path: $0) }
            }
            try refuseOverwriting(options.inputs, with: outputs)
            if let csv { try checkWritable(csv, option: "--csv") }
            if let png { try checkWritable(png, option: "--png") }
            if let timeline { try checkWritable(timeline, option: "--timeline") }
            var configuration = try options.configuration(with: modes, strategyOptions, engine: engine)
            let unverified = !engine.strategies.isBuiltIn(configuration.strategy)
            configuration.forcesRaster = raster || png != nil || (unverified && !dry)
            let progress = ProgressLine(clock: configuration.clock)
            let result = try replay(configuration, writingFramesTo: csv, timelineTo: timeline) { replayed, total in
                progress.update(replayed, total)
            }
            progress.finish()

            if let png, let screen = result.screen { try writePNG(screen, to: png) }
            let summary =
                switch format.format {
                case .json: try SummaryJSON.encode(JudgedSummary(result.summary))
                default: SummaryTable.render(result.summary)
                }
            // An output written to standard output (`-`) owns it: the summary goes to stderr instead.
            if outputs.contains(where: { $0.path == OutputTarget.standardOutputName }) {
                printError(summary)
            } else {
                print(summary)
            }
        }
    }
}

/// Replays `configuration` without keeping its frames, so memory stays flat however long the trace,
/// streaming the per-frame CSV to `csvPath` (if given) as the frames are made. The CSV is written
/// atomically: a replay that fails or is killed leaves the previous file, or none.
func replay(
    _ configuration: ReplayConfiguration, writingFramesTo csvPath: String?,
    progress: @escaping (Double, Double) -> Void
) throws -> ReplayResult {
    var configuration = configuration
    configuration.keepsFrames = false
    guard let csvPath else { return try Replay.run(configuration, progress: progress) }
    var result: ReplayResult?
    do {
        try AtomicFile.write(to: csvPath) { temporary in
            let stream = try FrameCSVStream(path: temporary)
            configuration.onFrame = { try stream.append($0) }
            result = try Replay.run(configuration, progress: progress)
            try stream.finish()
        }
    } catch let error as FrameCSVStream.WriteError {
        throw BenchFailure.io("\(csvPath): cannot write the frames (\(error.reason))")
    } catch let error as AtomicFile.WriteError {
        throw BenchFailure.io("\(csvPath): cannot write the frames (\(error.reason))")
    }
    return result!
}

/// Replays `configuration` as `replay(_:writingFramesTo:progress:)` does, streaming its timeline as
/// Chrome trace-event JSON to `timelinePath` (if given), atomically too: a replay that fails or is
/// killed leaves the previous file, or none.
func replay(
    _ configuration: ReplayConfiguration, writingFramesTo csvPath: String?, timelineTo timelinePath: String?,
    progress: @escaping (Double, Double) -> Void
) throws -> ReplayResult {
    guard let timelinePath else { return try replay(configuration, writingFramesTo: csvPath, progress: progress) }
    var configuration = configuration
    var result: ReplayResult?
    do {
        try AtomicFile.write(to: timelinePath) { temporary in
            let timeline = try ChromeTimeline(path: temporary, configuration: configuration)
            configuration.timeline = timeline
            result = try replay(configuration, writingFramesTo: csvPath, progress: progress)
            try timeline.finish()
        }
    } catch let error as TimelineEventStream.WriteError {
        throw BenchFailure.io("\(timelinePath): cannot write the timeline (\(error.reason))")
    } catch let error as AtomicFile.WriteError {
        throw BenchFailure.io("\(timelinePath): cannot write the timeline (\(error.reason))")
    }
    return result!
}

/// Writes a PNG atomically (a temporary file renamed into place; a device, FIFO or `-` in place),
/// mapping failure to exit status 74.
func writePNG(_ surface: Surface, to path: String) throws {
    do {
        try AtomicFile.writeThroughFile(to: path) { temporary in try surface.writePNG(to: temporary) }
    } catch let error as AtomicFile.WriteError {
        throw BenchFailure.io("\(path): cannot write the picture (\(error.reason))")
    } catch {
        throw BenchFailure.io("\(path): cannot write the picture (\(error))")
    }
}

/// Progress on stderr while a replay runs: one line rewritten in place on a terminal, a plain line
/// now and then otherwise.
///
/// A realtime replay reports from the start, every five seconds of replay when stderr is not a
/// terminal. A virtual replay is usually over in a second and stays silent; one that is still going
/// after two seconds of wall-clock time (an hour-long imported session, say) reports too, every
/// ten seconds of wall-clock time when stderr is not a terminal, with how far ahead of real time it runs.
final class ProgressLine {
    private let clock: ClockMode
    private let terminal = Console.current.errorsGoToTerminal
    private let started = Date()
    private var lastReplayed = -5.0
    private var lastWall = -10.0
    private var shown = false

    init(clock: ClockMode) { self.clock = clock }

    func update(_ replayed: Double, _ total: Double) {
        let percent = total > 0 ? min(100, 100 * replayed / total) : 100
        let wall = Date().timeIntervalSince(started)
        var text = String(format: "replaying %5.1f / %.1f s (%3.0f%%)", replayed, total, percent)
        switch clock {
        case .realtime:
            guard terminal || replayed - lastReplayed >= 5 else { return }
            lastReplayed = replayed
        case .virtual:
            guard wall >= 2, terminal || wall - lastWall >= 10 else { return }
            lastWall = wall
            text += String(format: ", virtual clock, %.1fx real time", replayed / wall)
        }
        shown = true
        if terminal { printError("\r" + text + "\u{1B}[K", terminator: "") } else { printError(text) }
    }

    func finish() {
        if shown && terminal { printError("\r\u{1B}[K", terminator: "") }
    }
}
