import ArgumentParser
import Foundation
import StrokeBenchMetrics
import StrokeBenchRegression
import StrokeBenchReplay
import StrokeBenchReports
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTraces
import StrokeBenchUnits
import Testing

@testable import StrokeBenchCLI

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

    // MARK: helpers

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
