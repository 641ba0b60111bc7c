import ArgumentParser
import Foundation
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchReports
import StrokeBenchSpec
import StrokeBenchStrategies

/// The version `bench report` prints in its provenance: StrokeBench has no release yet.
let benchVersion = "0.1.0-dev"

extension Bench {
    /// `bench report`: a study (a sweep folder or one run's JSON) as one self-contained HTML page, the
    /// verdict first, or as Markdown for a pull-request comment.
    struct Report: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Turn a study into one self-contained HTML page, the verdict first (or Markdown for a pull request).",
            discussion: """
                STUDY is a sweep folder (bench sweep --output, whole or merged from shards) or one run's JSON \
                (bench run --format json). The page has, in order: the verdict matrix (strategies by device and \
                rate, one cell per configuration run: the band, with its share of the model's draws where the \
                figures are modelled, and whether ink reaches the screen), a ranking per device by a stated rule, \
                charts as inline SVG (the verdict grid, main-thread and latency percentiles, frame cost against \
                retained points), each configuration on demand (its figures, its worst frame, the command that \
                reproduces it) and provenance. It loads nothing from the network. --format markdown prints the \
                verdict matrix and the ranking alone; --format summary the answer in five lines (which strategies keep up, which may hitch, which fail and why, how certain, where from). SOURCE_DATE_EPOCH, when set, is the date the page gives. \
                Exit status: 0 success, 64 bad usage, 65 bad data, 74 a file that cannot be read or written.
                """)

        @Argument(help: "A sweep folder, or a run's JSON.")
        var study: String

        @Option(help: "Where to write the HTML page (html format; required there).")
        var output: String?

        @Option(
            help:
                "html (one self-contained page, to --output), markdown (the verdict and ranking) or summary (the answer in five lines), both to standard output."
        )
        var format: FormatOption<ReportFormats> = .init(.html)

        @Option(
            help: ArgumentHelp(
                "A results history (bench history add) whose series of this study's configurations the page charts.",
                valueName: "file.sqlite"))
        var history: String?

        func validate() throws {
            if format.format == .html && output == nil {
                throw ValidationError("--output is required for an HTML report: the file to write")
            }
            if format.format != .html && output != nil {
                throw ValidationError(
                    "--output is for the HTML page; --format \(format.format.rawValue) prints to standard output")
            }
        }

        func run(with engine: EngineInputs) throws {
            let read: Study
            do { read = try Study.load(study, declaredOptions: { engine.strategies.options(of: $0.strategy) }) } catch {
                throw error.cannotRead ? BenchFailure.io(error.description) : BenchFailure.data(error.description)
            }
            let loaded = read.leavingOut(Self.fasterThanItsDisplay)
            guard !loaded.runs.isEmpty else {
                throw BenchFailure.data(
                    "\(study): every run is at a rate its device's display does not have (\(loaded.leftOut.joined(separator: "; ")))"
                )
            }
            guard format.format == .html, let output else {
                let text =
                    format.format == .summary
                    ? ReportAnswer(study: loaded, modelAccuracy: .shipped).render()
                    : ReportMarkdown(study: loaded, modelAccuracy: .shipped).render()
                print(text, terminator: "")
                return
            }
            try refuseOverwriting(Self.inputs(of: loaded), with: [NamedPath(name: "--output", path: output)])
            try refuseInsideStudy(output, option: "--output")
            let progress = RampProgress()
            var page: ReportPage
            do {
                page = try ReportPage(study: loaded, provenance: Self.provenance()) { done, all in
                    progress.update("report: read \(done) of \(all) runs' frames")
                }
            } catch let failure as SweepFolder.Failure {
                progress.finish()
                throw failure.cannotRead ? BenchFailure.io(failure.description) : BenchFailure.data(failure.description)
            }
            progress.finish()
            if let history {
                page.trends = (history, try HistoryTrends.series(history, strategies: engine.strategies, study: loaded))
            }
            do { try AtomicFile.write(page.html(), to: output) } catch let error as AtomicFile.WriteError {
                throw BenchFailure.io("\(output): cannot write the report (\(error.reason))")
            }
            printError("wrote \(output): \(loaded.runs.count) configurations")
        }

        /// Why a run is no setting anyone ships: a rate above its device's display (the sweeps' `--hz 60,120`
        /// runs an iPhone 6s at 120 Hz too), or nil.
        static func fasterThanItsDisplay(_ run: StudyRun) -> String? {
            guard let device = DeviceProfile.named(run.summary.device), run.summary.hz > device.refreshRate else {
                return nil
            }
            return
                "\(device.name) at \(run.summary.hz.plainText) Hz, faster than its \(device.refreshRate.plainText) Hz display"
        }

        /// The study's files, which the page must not be written over.
        static func inputs(of study: Study) -> [NamedPath] {
            var paths = [study.source]
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: study.source, isDirectory: &isFolder), isFolder.boolValue {
                let runs = study.source + "/runs"
                let records = (try? FileManager.default.contentsOfDirectory(atPath: runs)) ?? []
                paths +=
                    [study.source + "/sweep.json", study.source + "/summary.csv"] + records.map { runs + "/" + $0 }
                paths += study.runs.compactMap(\.framesCSV)
            }
            return paths.map { NamedPath(name: "the study's file", path: $0) }
        }

        /// The version, the commit `bench` was built from, the device data's version and the date.
        static func provenance() -> Provenance {
            let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(Double.init)
            return Provenance(
                version: benchVersion, commit: buildCommit(), deviceDataVersion: DeviceCostData.version,
                date: epoch.map { Date(timeIntervalSince1970: $0) } ?? Date(), modelAccuracy: .shipped)
        }

        /// The commit of the git checkout `bench` was built in (`git rev-parse HEAD` beside the
        /// executable, whose build folder is inside it), or `unknown`. The executable is found from the
        /// process itself (`/proc/self/exe`), never from `argv[0]`: a `bench` found on PATH has the bare
        /// name there, whose folder is the working one, the user's own repository.
        static func buildCommit() -> String {
            guard let folder = executableFolder() else { return "unknown" }
            let git = Process()
            git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            git.arguments = ["git", "-C", folder, "rev-parse", "--short=12", "HEAD"]
            git.currentDirectoryURL = URL(fileURLWithPath: folder)
            // The checkout is the executable's: a GIT_DIR or GIT_WORK_TREE of the caller's would name theirs.
            git.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GIT_") }
            let out = Pipe()
            git.standardOutput = out
            git.standardError = FileHandle.nullDevice
            guard (try? git.run()) != nil else { return "unknown" }
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            git.waitUntilExit()
            let commit = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return git.terminationStatus == 0 && !commit.isEmpty ? commit : "unknown"
        }

        /// The folder of this process's executable, its links resolved: `/proc/self/exe`, or, where there
        /// is no /proc, Foundation's account of it; nil when neither says.
        static func executableFolder() -> String? {
            let path =
                realpath("/proc/self/exe", nil).map { pointer in
                    defer { free(pointer) }
                    return String(cString: pointer)
                }
                ?? Bundle.main.executablePath
            return path.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
        }
    }
}
