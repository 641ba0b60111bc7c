import ArgumentParser
import Foundation
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchReplay
import StrokeBenchReports
import StrokeBenchSpec
import StrokeBenchStrategies

extension Bench {
    /// `bench sweep`: every combination of strategies, devices, rates and traces, into one folder;
    /// `bench sweep merge` joins the parts of a sharded one.
    ///
    /// The plan is checked in `run`, not `validate`: the parser validates a parent command before it
    /// runs a subcommand, and `merge` must not build a sweep's plan.
    struct Sweep: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "sweep",
                abstract:
                    "Run every combination of strategies, devices, refresh rates and traces; write a tidy summary.",
                usage: """
                    bench sweep [--strategies <names>] [--devices <names>] [--traces <files> ...] [<options>] --output <dir>
                    bench sweep merge <parts> ... --output <dir> [--allow-partial]   (bench sweep merge --help)
                    """,
                discussion: """
                    Writes DIR/summary.csv (one row per run: the configuration, then every summary figure as its \
                    own column) and DIR/frames/<run>.csv (the per-frame CSV of each run), plus DIR/sweep.json \
                    (the plan). The clock is virtual unless --clock says otherwise, so a sweep never sleeps. \
                    Every file is written atomically and summary.csv after each run: an interrupted sweep (Ctrl-C \
                    stops after the current run) keeps every finished run, and --resume finishes it.

                    --shard I/N runs the I-th of N disjoint parts (each with an even share of every strategy), for \
                    a CI matrix, Slurm array jobs or GNU parallel over ssh; `bench sweep merge` joins the parts.

                    Exit status: 0 success, 64 bad usage, 65 bad input data, 70 a strategy's mistake, 74 I/O error, 130 interrupted.
                    """,
                subcommands: [Merge.self])
        }

        @Option(help: "Comma-separated strategies, or all (see `bench list`).")
        var strategies: String = "all"

        @Option(help: "Comma-separated device profiles, or all (see `bench list`).")
        var devices: String = "ipad-pro-11"

        @Option(
            parsing: .unconditional, help: "Comma-separated display refresh rates in Hz (default: each device's own).")
        var hz: String?

        @Option(
            parsing: .upToNextOption,
            help:
                "Trace files to replay; `default` is the built-in 30 s generated session (the default), `spiral` the source article's benchmark made for each device."
        )
        var traces: [String] = []

        /// Clock, delivery, costs and input, each a comma-separated list of values to sweep.
        @OptionGroup var modes: ReplayModeOptions

        @Option(name: .customLong("repeat"), parsing: .unconditional, help: "Run every configuration this many times.")
        var repetitions: Int = 1

        @Option(parsing: .unconditional, help: "Background queues for async strategies (default: as for `bench run`).")
        var workers: Int?

        @OptionGroup(title: "Strategy options")
        var strategyOptions: StrategyOptionArguments

        @Option(help: "Run only part I of N (1-based), e.g. 2/4.")
        var shard: String?

        @OptionGroup var destination: SweepDestination
        var output: String? { destination.output }

        @Flag(help: "Finish an interrupted sweep in --output: skip the runs it already holds.")
        var resume = false

        @Option(
            parsing: .unconditional,
            help:
                "Runs at once (default: this machine's cores with zero or modelled costs, which read no clock; 1 with measured costs, which must run alone). Output does not depend on it."
        )
        var jobs: Int?

        @Flag(
            help:
                "Rasterize with zero or modelled costs too, which otherwise replay dry (the same figures, no picture comparison)."
        )
        var raster = false

        /// Runs at once: as asked, or the default of the costs.
        var resolvedJobs: Int { jobs ?? (measures ? 1 : ProcessInfo.processInfo.activeProcessorCount) }

        /// True when some run times its work on this machine: then runs must not run side by side.
        var measures: Bool {
            (modes.costs?.values ?? SweepAxis(resting: .costs).typed(CostMode.self)).contains(.measured)
        }

        /// Checks the options, before any file is touched.
        func check() throws {
            // Bounds first: the plan is built only once its size is known to be one bench runs.
            let counts = SweepPlan.repetitionCounts
            guard counts.contains(repetitions) else {
                throw ValidationError(
                    "--repeat must be \(counts.lowerBound)...\(counts.upperBound), not \(repetitions)")
            }
            _ = try plan()
            if let shard, Shard(shard) == nil {
                throw ValidationError("--shard must be I/N with 1 <= I <= N, not '\(shard)'")
            }
            if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs must be 1...256, not \(jobs)") }
            if let jobs, jobs > 1, measures {
                throw ValidationError(
                    "--jobs \(jobs) needs --costs zero or model: measured costs time the work on this machine, and runs side by side would slow each other"
                )
            }
        }

        /// The full plan these options describe, with `all` expanded and every name checked.
        func plan() throws -> SweepPlan {
            let catalog = Bench.strategies
            let strategyNames = try Self.list(strategies, all: catalog.names, option: "--strategies", what: "strategy")
            let deviceNames = try Self.list(
                devices, all: DeviceProfile.all.map(\.name), option: "--devices", what: "device")
            var rates: [Double] = []
            if let hz {
                for item in hz.split(separator: ",", omittingEmptySubsequences: false) {
                    let text = item.trimmingCharacters(in: .whitespaces)
                    guard let rate = Double(text) else { throw ValidationError("--hz: '\(text)' is not a number") }
                    if !rates.contains(rate) { rates.append(rate) }
                }
            }
            let traceList = traces.isEmpty ? ["default"] : traces
            // Every swept strategy's declarations together: an option must mean something to one of them.
            let declared = strategyNames.flatMap(catalog.options(of:))
            let settings: StrategySettings
            let given = try strategyOptions.given()
            if let name = given.keys.sorted().first(where: { name in !declared.contains { $0.name == name } }) {
                throw ValidationError(
                    "--\(name) is an option of none of the swept strategies (\(strategyNames.joined(separator: ", ")))")
            }
            do { settings = try StrategySettings.given(given, declared: declared) } catch {
                throw ValidationError(error.description)
            }
            let named = [
                SweepAxis(.strategy, strategyNames), SweepAxis(.device, deviceNames),
                SweepAxis(.hz, rates.isEmpty ? [nil] : rates.map { Optional($0) }),
                SweepAxis(.trace, traceList.map { TraceIdentity(path: $0) }),
            ]
            let plan = SweepPlan(
                axes: named + modes.axes(clock: .virtual), repetitions: repetitions, workers: workers,
                options: settings, predictHorizonMs: modes.predictHorizon)
            guard let count = plan.runCount, count <= SweepPlan.maxRuns else {
                throw ValidationError(
                    "the sweep would make \(plan.runCount.map(String.init) ?? "too many") runs, more than the \(SweepPlan.maxRuns) a sweep may have; sweep fewer strategies, devices, rates, traces or repetitions"
                )
            }
            // Each run's spec validates as `bench run` would validate it (rates, workers, costs and clock).
            for run in plan.configurations {
                do { try plan.spec(for: run, strategies: catalog).validate(strategies: catalog) } catch {
                    throw ValidationError(error.description)
                }
            }
            // Run ids name files; two traces with one base name would overwrite each other's frames.
            let labels = traceList.map(SweepPlan.traceLabel)
            if let clash = labels.first(where: { l in labels.filter { $0 == l }.count > 1 }) {
                throw ValidationError("--traces: two traces are both named '\(clash)'; rename one")
            }
            return plan
        }

        /// Splits a comma-separated list, expanding `all` and rejecting unknown names; `also` are
        /// taken by name but are not in `all`.
        static func list(_ text: String, all: [String], also: [String] = [], option: String, what: String) throws
            -> [String]
        {
            var names: [String] = []
            for item in text.split(separator: ",", omittingEmptySubsequences: false) {
                let name = item.trimmingCharacters(in: .whitespaces)
                if name == "all" {
                    names += all.filter { !names.contains($0) }
                    continue
                }
                guard all.contains(name) || also.contains(name) else {
                    throw ValidationError(
                        "\(option): unknown \(what) '\(name)'; valid: \((all + also).joined(separator: ", ")), all")
                }
                if !names.contains(name) { names.append(name) }
            }
            return names
        }

        func run(with engine: EngineInputs) throws {
            try check()
            guard let output else { throw ValidationError("--output DIR is required: the folder the sweep writes") }
            let plan = try plan()
            let catalog = engine.strategies
            let part = shard.flatMap(Shard.init) ?? .whole
            try refuseInsideStudy(output, option: "--output")
            let folder = SweepFolder(path: output)
            try refuseWritingOverTraces(plan, into: folder, part: part)
            let manifest = SweepFolder.Manifest(plan: plan, shard: part)
            let runs = plan.runs(in: part)

            // Check every trace before the folder is made, so a typo fails in a second, not after an
            // hour, and leaves no folder behind that the corrected command would then refuse.
            let firstRun = plan.runs[0]
            for trace in plan.traces {
                var first = firstRun
                first.point.trace = TraceIdentity(path: trace)
                _ = try replayConfiguration(plan.spec(for: first, strategies: catalog), engine: engine)
            }
            var swept = try startFolder(folder, manifest: manifest, strategies: catalog)
            let finished = Set(swept.map(\.run.id))

            let interrupt = InterruptFlag.install(
                keeping: "kept the finished runs in \(output); --resume finishes the sweep")
            defer { interrupt.uninstall() }
            let todo = runs.filter { !finished.contains($0.id) }
            if !finished.isEmpty {
                printError("resuming: \(runs.count - todo.count) of \(runs.count) runs already in \(output)")
            }
            let progress = SweepProgress(total: todo.count)
            // Rows and results are kept in the plan's order whatever order runs finish in, so the files do
            // not depend on --jobs.
            let order = Dictionary(uniqueKeysWithValues: runs.enumerated().map { ($1.id, $0) })
            var results: [(run: SweepRun, summary: RunSummary)] = []
            let raster = self.raster
            let folderPath = folder.path
            try forEachRun(
                todo, jobs: resolvedJobs, stop: { interrupt.isSet },
                perform: { run in
                    progress.begin(run)
                    var configuration = try replayConfiguration(
                        plan.spec(for: run, strategies: catalog), engine: engine)
                    configuration.forcesRaster = raster
                    let result = try replay(
                        configuration, writingFramesTo: folderPath + "/" + SweepFolder.framesFile(for: run)
                    ) {
                        replayed, total in progress.update(run, replayed, total)
                    }
                    return UncheckedSendable(result.summary)
                },
                completed: { run, summary in
                    do {
                        let record = SweptRun(
                            run: run, spec: plan.spec(for: run, strategies: catalog),
                            framesCSV: SweepFolder.framesFile(for: run),
                            summary: summary.value)
                        swept.append(record)
                        swept.sort { $0.run.index < $1.run.index }
                        try folder.write(record, all: swept, strategies: catalog)
                    } catch {
                        throw BenchFailure.io(
                            "\(output): cannot write the results of run \(run.id) (\(error.localizedDescription))")
                    }
                    progress.end(run, summary.value)
                    results.append((run, summary.value))
                })
            progress.finish()
            results.sort { order[$0.run.id]! < order[$1.run.id]! }
            if !results.isEmpty {
                print(
                    SweepTable.render(
                        results.map { (plan.spec(for: $0.run, strategies: catalog), $0.summary) }, strategies: catalog))
            }
            if interrupt.isSet {
                printError(
                    "interrupted: \(swept.count) of \(runs.count) runs finished and kept in \(output); "
                        + "run the same command with --resume to finish the sweep")
                throw ExitCode(130)
            }
            printError("sweep done: \(swept.count) runs in \(folder.summaryPath)")
        }

        /// Refuses a sweep whose folder, or a file it would write there, is one of its traces.
        private func refuseWritingOverTraces(_ plan: SweepPlan, into folder: SweepFolder, part: Shard) throws {
            let traces = plan.traces.filter { !TraceIdentity(path: $0).isBuiltIn }.map {
                NamedPath(name: "a --traces input", path: $0)
            }
            let writes = folder.files(for: plan.runs(in: part)).map { file in
                NamedPath(name: file == folder.path ? "--output" : "--output \(folder.path) writes", path: file)
            }
            try refuseOverwriting(traces, with: writes)
        }

        /// Creates (or, with --resume, reopens) the output folder; the rows it already holds.
        private func startFolder(_ folder: SweepFolder, manifest: SweepFolder.Manifest, strategies: StrategyCatalog)
            throws -> [SweptRun]
        {
            let fm = FileManager.default
            let exists = fm.fileExists(atPath: folder.summaryPath) || fm.fileExists(atPath: folder.manifestPath)
            if exists && !resume {
                throw BenchFailure.usage(
                    "\(folder.path) already holds a sweep; pass --resume to finish it, or choose another --output")
            }
            // Run records without a manifest are another sweep's leftovers: readers of the folder would
            // take them for this sweep's runs.
            let stale = ((try? fm.contentsOfDirectory(atPath: folder.runsFolder)) ?? []).filter {
                $0.hasSuffix(".json")
            }
            if !exists, let record = stale.sorted().first {
                throw BenchFailure.usage(
                    "\(folder.runsFolder)/\(record): a run record of no sweep here (no sweep.json); remove \(folder.runsFolder) or choose another --output"
                )
            }
            do { try folder.create() } catch {
                throw BenchFailure.io("\(folder.path): cannot create the sweep folder (\(error.localizedDescription))")
            }
            var runs: [SweptRun] = []
            if exists {
                let old = try folder.readManifest()
                runs = try folder.readRuns()
                guard old == manifest else {
                    throw BenchFailure.usage(
                        "\(folder.manifestPath): --resume needs the same options as the interrupted sweep")
                }
                // A run is finished when every file it writes is there: a record whose per-frame CSV is
                // gone (deleted, or a copy of the folder without frames/) is run again, not counted done.
                // An empty one (a run killed as it began writing it) is not a finished run's either.
                let whole = runs.filter { run in
                    var status = stat()
                    return stat(folder.path + "/" + run.framesCSV, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
                        && status.st_size > 0
                }
                if whole.count < runs.count {
                    printError(
                        "resuming: \(runs.count - whole.count) finished runs have no per-frame CSV in \(folder.framesFolder); running them again"
                    )
                }
                runs = whole
            }
            // An empty summary.csv (the header) from the start: a part with no runs yet still merges.
            do {
                try folder.writeManifest(manifest)
                try folder.writeSummary(runs, strategies: strategies)
            } catch {
                throw BenchFailure.io("\(folder.manifestPath): cannot write (\(error.localizedDescription))")
            }
            return runs
        }

    }
}

/// Where `sweep` and `sweep merge` write. One group shared by both, because the argument parser
/// reads a parent command's options after a subcommand's name too: two `--output` declarations
/// would leave the subcommand's unset.
struct SweepDestination: ParsableArguments {
    @Option(help: "Folder for summary.csv, sweep.json and frames/ (created if missing).")
    var output: String?
}

/// A one-line-per-run table of a sweep's results on stdout, for people watching it finish.
enum SweepTable {
    /// The table of `runs`, in order, their options as their strategies in `strategies` declare them.
    static func render(_ runs: [(spec: ReplaySpec, summary: RunSummary)], strategies: StrategyCatalog) -> String {
        let f = SummaryTable.fmt
        let summaries = runs.map(\.summary)
        // Costs always have a column (measured or modelled is the first thing to know of a figure); any
        // other field of the spec (`SpecField.shown`) gets one when it was swept, so rows can be told apart.
        let fixed = [SpecField.strategy, .device, .hz, .trace, .costs].map(\.key)
        // A field is swept when the specs differ in it, not when what each run resolved it to does
        // (every device has its own default count of workers): the cell then prints the resolved value.
        let cells = SpecField.shown.filter { !fixed.contains($0.key) }.map { field in
            (
                name: field.name,
                asked: Set(
                    runs.map { run in
                        field.text(
                            run.spec,
                            SpecField.Context(declared: strategies.options(of: run.spec.strategy), deviceRate: nil))
                    }),
                values: runs.map { run in
                    field.text(
                        run.spec,
                        SpecField.Context(
                            declared: strategies.options(of: run.spec.strategy), deviceRate: run.summary.hz,
                            workers: run.summary.workers))
                }
            )
        }
        let swept = cells.filter { $0.asked.count > 1 }
        var table = [
            ["strategy", "device", "hz", "trace", "costs"] + swept.map(\.name)
                + ["main p50 ms", "main p99 ms", "hitch ms/s", "band", "dropped %", "verdict"]
        ]
        for (row, s) in summaries.enumerated() {
            table.append(
                [s.strategy, s.device, SweepPlan.formatRate(s.hz), SweepPlan.traceLabel(s.trace), s.costs]
                    + swept.map { $0.values[row] }
                    + [
                        f(s.mainMs.p50, 3), f(s.mainMs.p99, 3), f(s.hitchRatioMsPerS, 2), s.hitchBand.rawValue,
                        f(s.droppedPct, 2),
                        s.judgement.verdict.rawValue,
                    ])
        }
        var lines = SummaryTable.align(table)
        if summaries.contains(where: { $0.costs == "model" }), let certainty = ModelAccuracy.shipped?.certainty {
            lines.append("modelled verdicts: \(certainty)")
        }
        return lines.joined(separator: "\n")
    }
}

/// Ctrl-C during a sweep: the first asks the sweep to stop after the current run, the second stops
/// at once (`Interruption`, which removes the run's half-written file). Files are written
/// atomically, so stopping at once loses only the run in progress.
final class InterruptFlag: @unchecked Sendable {  // `interrupted` is guarded by `lock`
    private let lock = NSLock()
    private var interrupted = false

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return interrupted
    }

    /// Takes the first SIGINT from `Interruption`; `kept` says what a sweep stopped at once keeps.
    static func install(keeping kept: String) -> InterruptFlag {
        let flag = InterruptFlag()
        Interruption.shared.takeInterrupts(kept: kept) { [flag] in
            flag.lock.lock()
            let again = flag.interrupted
            flag.interrupted = true
            flag.lock.unlock()
            if again { return false }
            printError("\ninterrupted: stopping after the current run (Ctrl-C again to stop now)")
            return true
        }
        return flag
    }

    func uninstall() { Interruption.shared.release() }
}
