import ArgumentParser
import BenchTestSupport
import Foundation
import StrokeBenchMetrics
import StrokeBenchRegression
import StrokeBenchReplay
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTraces
import StrokeBenchUnits
import Testing

@testable import StrokeBenchCLI
@testable import StrokeBenchReports

/// Every field of the spec, as `SpecField.all` declares it, varied alone from random valid specs: it
/// tells configurations apart everywhere a configuration is named or stored. The test walks the
/// declaration, so a field added to it is covered here without a word changed.
@Suite struct SpecFieldPropertyTests {
    /// Random valid specs: the built-in default, then a few fields varied by their own declaration.
    static func randomSpecs(count: Int, seed: UInt64) -> [ReplaySpec] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            var spec = ReplaySpec(strategy: "naive", clock: .virtual, costs: .zero)
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                let field = SpecField.all.randomElement(using: &generator)!
                spec = field.variation(spec, { Int.random(in: 0..<$0, using: &generator) }).1
            }
            return spec
        }
    }

    /// Each field with a base spec and that spec with the field varied, from every random spec.
    static func variations(seed: UInt64 = 47, specs: Int = 12) -> [(
        field: SpecField, before: ReplaySpec, after: ReplaySpec
    )] {
        var generator = SeededGenerator(seed: seed ^ 0xF1E1D)
        return randomSpecs(count: specs, seed: seed).flatMap { spec in
            SpecField.all.map { field in
                let (before, after) = field.variation(spec, { Int.random(in: 0..<$0, using: &generator) })
                return (field, before, after)
            }
        }
    }

    @Test func theVariationsAreValidAndDifferInTheirFieldAlone() throws {
        for (field, before, after) in Self.variations() {
            #expect(before != after, "\(field)")
            for spec in [before, after] {
                #expect(throws: Never.self, "\(field): \(spec)") { try spec.validate(strategies: .builtIn) }
            }
            // Every other field's own cell reads the same on both sides (the rate as given: left to the
            // device, it follows the device). Its summary.csv cell, since a field shown within another's
            // text (the horizon in `kalman 8 ms`) changes that text too.
            for other in SpecField.all where other.key != field.key {
                let (a, b) = (Self.cell(other, before), Self.cell(other, after))
                #expect(a == b, "varying \(field) changed \(other): \(a) → \(b)")
            }
        }
    }

    @Test func eachFieldChangesTheIdAndSoKeepsTwoBaselineEntries() {
        for (field, before, after) in Self.variations() {
            #expect(
                before.id(strategies: .builtIn) != after.id(strategies: .builtIn),
                "\(field): both are '\(before.id(strategies: .builtIn))'")
            var baseline = Baseline(recorded: "", machine: "m", budgets: .none, configurations: [])
            baseline.add(Self.entry(before), strategies: .builtIn)
            baseline.add(Self.entry(after), strategies: .builtIn)
            #expect(baseline.configurations.count == 2, "\(field)")
        }
    }

    @Test func eachFieldIsNamedByCompare() {
        for (field, before, after) in Self.variations() {
            let differing = ComparisonDimension.allCases.filter { dimension in
                dimension.value(of: Self.compared(before), strategies: .builtIn)
                    != dimension.value(of: Self.compared(after), strategies: .builtIn)
            }
            #expect(!differing.isEmpty, "\(field): compare names no dimension")
            if let own = ComparisonDimension(rawValue: field.key) {
                #expect(differing.contains(own), "\(field): compare names \(differing) but not \(own)")
            }
        }
    }

    /// The reproduce command names the field, and `bench run` parses it back into the very spec (fewer
    /// specs: a parse in a debug build takes a tenth of a second).
    @Test func eachFieldAppearsInTheReproduceCommandWhichParsesToTheSpec() throws {
        for (field, before, after) in Self.variations(specs: 3) {
            let commands = [before, after].map { $0.commandWords($0.fieldContext(declared: Self.declared($0))) }
            #expect(commands[0] != commands[1], "\(field): one command for both")
            if let flag = field.flag {
                #expect(commands.contains { $0.contains(flag) }, "\(field): \(flag) in neither \(commands)")
            }
            for (spec, words) in zip([before, after], commands) {
                let command = try Bench.Run.parse(words)
                let parsed = try command.options.spec(with: command.modes, command.strategyOptions)
                #expect(parsed == spec, "\(field): \(words)")
            }
        }
    }

    /// A run record holds the spec whole; a sweep's run its point; a baseline its entry's spec.
    @Test func eachFieldRoundTripsThroughRecordsSweepsAndBaselines() throws {
        for (field, before, after) in Self.variations() {
            for spec in [before, after] {
                #expect(try Self.roundTrip(spec) == spec, "\(field)")
                let entry = Self.entry(spec)
                #expect(try Self.roundTrip(entry).configuration == spec, "\(field)")
                let run = SweepRun(
                    index: 0, strategy: spec.strategy, device: spec.device, hz: spec.hz, trace: spec.trace.path,
                    clock: spec.clock, delivery: spec.delivery, costs: spec.costs, input: spec.input, repetition: 1,
                    pipeline: spec.pipeline)
                #expect(try Self.roundTrip(run) == run, "\(field)")
            }
            // A sweep's runs carry each field but the plan-wide options and workers: their ids differ.
            guard field.key != "options", field.key != "workers" else { continue }
            let ids = [before, after].map { spec in
                SweepRun(
                    index: 0, strategy: spec.strategy, device: spec.device, hz: spec.hz, trace: spec.trace.path,
                    clock: spec.clock, delivery: spec.delivery, costs: spec.costs, input: spec.input, repetition: 1,
                    pipeline: spec.pipeline
                ).id
            }
            #expect(ids[0] != ids[1], "\(field): run id \(ids[0]) for both")
        }
    }

    /// Each field varied alone, both sides replayed as a sweep replays a run: two summary.csv rows
    /// that differ in the field's column, two rows of the sweep's table told apart, two cells of the report's matrix, `compare` naming it, records
    /// that round-trip, and a reproduce command that `bench run` (in process) replays to the same
    /// figures, byte for byte. One variation per field from a short trace, so it stays cheap: zero
    /// costs and the virtual clock, but for the clock's own variation (measured costs, whose timings
    /// are this machine's: there the configuration and the picture must match).
    @Test func eachFieldVariedAloneIsTwoRowsTwoCellsNamedByCompareAndReplaysFromItsCommand() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["a.trace", "b.trace"] { try write(Self.shortTrace(name), to: name, in: folder) }
        // Fitted, as a run with --costs model is: one variation prices with the model.
        let engine = try EngineInputs.load(
            for: try Bench.Run.parse(["--strategy", "naive", "--clock", "virtual", "--costs", "model"]),
            strategies: .builtIn)
        let base = ReplaySpec(
            strategy: "naive", clock: .virtual, costs: .zero, trace: TraceIdentity(path: "a.trace"))
        for field in SpecField.all {
            // The last candidate of each choice: a short trace, never the spiral.
            let sides = field.variation(base, { $0 - 1 })
            let specs = [sides.0, sides.1].map { Self.placed($0, in: folder) }
            let swept = try specs.enumerated().map { index, spec in try Self.sweptRun(spec, index: index, engine) }

            // Two summary.csv rows, apart in the field's own column.
            let rows = swept.map { SummaryCSV.fields($0, strategies: .builtIn) }
            let column = try #require(SummaryCSV.columns.firstIndex(of: field.key), "\(field): no summary.csv column")
            #expect(rows[0][column] != rows[1][column], "\(field): one summary.csv cell, \(rows[0][column])")

            // Two rows of the table a sweep prints, told apart.
            let table = SweepTable.render(swept.map { ($0.spec, $0.summary) }, strategies: .builtIn)
                .split(separator: "\n")
            #expect(table[1] != table[2], "\(field): the sweep's table shows \(table[1]) twice")

            // Two cells of the report's matrix.
            let study = Study(source: "property", runs: swept.map(Self.studyRun))
            let matrix = VerdictMatrix(study)
            let cells = matrix.settings.flatMap { matrix.runs(at: $0) }
            #expect(cells.count == 2, "\(field): \(cells.count) report cell(s)")

            // Compare names it (a field shown within another, by that other).
            let compared = swept.map { run in ComparedRun(run, samples: { [1, 2, 3] }) }
            let comparison = try Comparison(
                baselineName: "before", baseline: [compared[0]], candidateName: "after", candidate: [compared[1]],
                strategies: .builtIn)
            if field.shownApart {
                #expect(
                    comparison.varied[ComparisonDimension(field)] != nil, "\(field): compare names \(comparison.varied)"
                )
                #expect(try comparison.render(.table).contains("\(field.key) differs"), "\(field)")
            } else {
                #expect(!comparison.varied.isEmpty, "\(field): compare names nothing")
            }

            for (spec, run) in zip(specs, swept) {
                #expect(try Self.roundTrip(run) == run, "\(field): the sweep's record")
                try Self.expectReproduced(run, field: field, spec: spec, in: folder)
            }
        }
    }

    // MARK: helpers

    /// A trace of three samples, its name in its coordinates, so `a.trace` and `b.trace` replay apart.
    static func shortTrace(_ name: String) -> String {
        let x = name.hasPrefix("a") ? 10 : 14
        return "strokebench-trace 2\ncanvas 100 80\nstroke\n0.00 \(x) 10\n0.01 20 15\n0.02 30 20\nend 3 1\n"
    }

    /// `spec` with a trace file named as in `folder`, so it replays wherever the test runs.
    static func placed(_ spec: ReplaySpec, in folder: URL) -> ReplaySpec {
        var spec = spec
        if !spec.trace.isBuiltIn { spec.trace.path = folder.appendingPathComponent(spec.trace.path).path }
        return spec
    }

    /// `spec` replayed as a sweep replays its runs, and its record.
    static func sweptRun(_ spec: ReplaySpec, index: Int, _ engine: EngineInputs) throws -> SweptRun {
        let result = try replay(try replayConfiguration(spec, engine: engine), writingFramesTo: nil) { _, _ in }
        let run = SweepRun(
            index: index, strategy: spec.strategy, device: spec.device, hz: spec.hz, trace: spec.trace.path,
            clock: spec.clock, delivery: spec.delivery, costs: spec.costs, input: spec.input, repetition: 1,
            pipeline: spec.pipeline)
        return SweptRun(run: run, spec: spec, framesCSV: SweepFolder.framesFile(for: run), summary: result.summary)
    }

    /// A sweep's run as `bench report` reads it, with its reproduce command.
    static func studyRun(_ swept: SweptRun) -> StudyRun {
        let declared = declared(swept.spec)
        return StudyRun(
            summary: swept.summary, spec: swept.spec, framesCSV: nil,
            command: Study.command(swept.spec, declared: declared),
            strategyLabel: ([swept.spec.strategy] + swept.spec.options.arguments(declared: declared)).joined(
                separator: " "))
    }

    /// The report's reproduce command of `swept`, run in process, gives its figures: byte for byte with
    /// zero or modelled costs; with measured costs, the same configuration and picture.
    static func expectReproduced(_ swept: SweptRun, field: SpecField, spec: ReplaySpec, in folder: URL) throws {
        let command = try #require(studyRun(swept).command)
        let words = command.split(separator: " ").map(String.init)
        try #require(words.allSatisfy { !$0.contains("'") }, "\(field): a quoted word in \(command)")
        #expect(words.starts(with: ["bench", "run"]), "\(field)")
        if let flag = field.flag, !field.isDefault(spec) { #expect(words.contains(flag), "\(field): \(command)") }
        let outcome = try BenchTool.run(Array(words.dropFirst()) + ["--format", "json"], in: folder)
        try #require(outcome.status == 0, "\(field): \(command): \(outcome.stderr)")
        let replayed = try JSONDecoder().decode(RunSummary.self, from: Data(outcome.stdout.utf8))
        if spec.costs == .measured {
            // Wall-clock turns may coalesce samples differently from one replay to the next: the same
            // configuration and the same final picture.
            let configuration = { (s: RunSummary) in
                [s.strategy, s.device, s.hz.plainText, s.clock, s.delivery, s.costs, s.input, s.trace, "\(s.workers)"]
            }
            #expect(configuration(replayed) == configuration(swept.summary), "\(field): \(command)")
            #expect(replayed.picture?.checksum == swept.summary.picture?.checksum, "\(field): \(command)")
        } else {
            let figures = try [replayed, swept.summary].map {
                try SummaryJSON.encode(JudgedSummary($0.withoutHostFigures))
            }
            #expect(figures[0] == figures[1], "\(field): \(command) replays other figures")
        }
    }

    static func declared(_ spec: ReplaySpec) -> [StrategyOption] { StrategyCatalog.builtIn.options(of: spec.strategy) }

    static func cell(_ field: SpecField, _ spec: ReplaySpec) -> String {
        field.csvCell(spec, SpecField.Context(declared: declared(spec), deviceRate: nil))
    }

    static func entry(_ spec: ReplaySpec) -> BaselineEntry {
        BaselineEntry(
            configuration: spec, counters: CounterSummary(WorkCounters(), threadsPeak: 0), pictureChecksum: "0",
            runs: [])
    }

    static func compared(_ spec: ReplaySpec) -> ComparedRun { ComparedRun(spec: spec, summary: nil, samples: { [] }) }

    static func roundTrip<T: Codable>(_ value: T) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }
}
