import ArgumentParser
import Canvas
import Display
import Foundation
import Metrics

/// How a summary is shown.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    case table, json
}

extension Bench {
    /// `bench run`: one replay of one trace with one strategy.
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replay a trace with one strategy and report frame times.",
            discussion: "Exit status: 0 success, 64 bad usage, 65 bad input data, 74 I/O error.")

        @OptionGroup var options: RunOptions

        @Option(help: "Write one CSV row per frame to this file.")
        var csv: String?

        @Option(help: "Write the final picture, as the display showed it, to this PNG file.")
        var png: String?

        @Option(help: "table (for people) or json (the summary object).")
        var format: OutputFormat = .table

        func run() throws {
            if let csv { try checkWritable(csv, option: "--csv") }
            if let png { try checkWritable(png, option: "--png") }
            let configuration = try options.configuration()
            let progress = ProgressLine(enabled: configuration.clock == .realtime)
            let result = try Replay.run(configuration) { replayed, total in progress.update(replayed, total) }
            progress.finish()

            if let csv {
                do { try AtomicFile.write(FrameCSV.render(result.frames), to: csv) }
                catch { throw BenchFailure.io("\(csv): cannot write the frames (\(error))") }
            }
            if let png { try writePNG(result.screen, to: png) }
            switch format {
            case .json: print(try SummaryJSON.encode(result.summary))
            case .table: print(SummaryTable.render(result.summary))
            }
        }
    }
}

/// Writes a PNG atomically (a temporary file renamed into place), mapping failure to exit status 74.
func writePNG(_ surface: Surface, to path: String) throws {
    do {
        try AtomicFile.write(to: path) { temporary in try surface.writePNG(to: temporary) }
    } catch {
        throw BenchFailure.io("\(path): cannot write the picture (\(error))")
    }
}

/// Progress on stderr while a realtime replay runs: one line rewritten in place on a terminal,
/// a line every five seconds of replay otherwise.
final class ProgressLine {
    private let enabled: Bool
    private let terminal = isatty(STDERR_FILENO) != 0
    private var lastLine = -5.0

    init(enabled: Bool) { self.enabled = enabled }

    func update(_ replayed: Double, _ total: Double) {
        guard enabled else { return }
        let percent = total > 0 ? min(100, 100 * replayed / total) : 100
        if terminal {
            printError(String(format: "\rreplaying %5.1f / %.1f s (%3.0f%%)", replayed, total, percent), terminator: "")
        } else if replayed - lastLine >= 5 {
            printError(String(format: "replaying %.1f / %.1f s (%.0f%%)", replayed, total, percent))
            lastLine = replayed
        }
    }

    func finish() {
        if enabled && terminal { printError("\r\u{1B}[K", terminator: "") }
    }
}
