import ArgumentParser
import Foundation
import StrokeBenchCapacity
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchRegression
import StrokeBenchReplay
import StrokeBenchSpec
import StrokeBenchTraces

extension Bench {
    /// `bench check`: re-run every configuration of a baseline and compare, layer by layer.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Re-run a baseline's configurations and report regressions.",
            discussion: """
                Three layers: work counters and the final picture exactly; budgets (hitch-time ratio, p99 \
                overrun, p95 latency) on the new runs; timing figures against the baseline's range, a \
                regression only when the new median is beyond the slowest recorded run by more than \
                --tolerance and more than --noise-floor, and the runs differ significantly (one-sided \
                Mann-Whitney, p <= --alpha). Prints every check and its verdict. Exit status: 0 pass, \
                2 regression, 3 inconclusive, 4 improvement only; 64 bad usage, 65 bad input data, 74 I/O error.
                """)

        @Option(help: "The baseline file written by `bench baseline record`.")
        var baseline: String

        @Option(
            parsing: .unconditional,
            help: "Relative tolerance of timing figures beyond the baseline's range: 0.25 or 25%.")
        var tolerance: String = "25%"

        @Option(
            name: .customLong("noise-floor"), parsing: .unconditional,
            help: "Differences of ms figures up to this many ms are never changes.")
        var noiseFloorMs: Double = Tolerance.default.noiseFloorMs

        @Option(
            name: .customLong("hitch-noise-floor"), parsing: .unconditional,
            help: "The same floor for the hitch-time ratio, in ms/s.")
        var hitchNoiseFloor: Double = Tolerance.default.noiseFloorHitchRatio

        @Option(parsing: .unconditional, help: "Largest one-sided Mann-Whitney p-value that counts as significant.")
        var alpha: Double = Tolerance.default.alpha

        @Option(
            name: .customLong("counter-tolerance"), parsing: .unconditional,
            help: "Relative change of a work counter that still passes: 0 (exact, the default) or e.g. 0.1%.")
        var counterTolerance: String = "0"

        @Option(
            name: .customLong("repeat"), parsing: .unconditional,
            help: "Timing runs per configuration (default: as many as the baseline recorded).")
        var repeatCount: Int?

        @Option(
            name: .customLong("budget"),
            help: ArgumentHelp(
                "Add or override a budget of the baseline: NAME=LIMIT, NAME=+PCT% or NAME=off; repeatable (a summary.csv column, @pN over the runs, or hitch-ratio, overrun-p99, latency-p95).",
                valueName: "name=limit"))
        var budgetSettings: [String] = []

        @Option(
            help:
                "table, csv, json, markdown, junit, github-benchmark (smaller is better), github-benchmark-bigger or summary."
        )
        var format: FormatOption<CheckFormats> = .init(.table)

        func validate() throws {
            let t = try parseTolerance()
            guard t.relative >= 0, t.noiseFloorMs >= 0, t.noiseFloorHitchRatio >= 0, t.counterRelative >= 0 else {
                throw ValidationError("tolerances and noise floors must not be negative")
            }
            guard alpha > 0, alpha < 1 else { throw ValidationError("--alpha must be in (0, 1), not \(alpha)") }
            if let repeatCount {
                guard (1...100).contains(repeatCount) else {
                    throw ValidationError("--repeat must be 1...100, not \(repeatCount)")
                }
            }
            do { _ = try Budgets.defaults.applying(budgetSettings) } catch { throw ValidationError(error.description) }
        }

        func run(with engine: EngineInputs) throws {
            let base = try readBaseline(baseline)
            let toleranceSetting = try parseTolerance()
            if base.machine != Machine.current.description {
                printError(
                    "note: the baseline was recorded on \(base.machine); timings are compared on \(Machine.current.description)"
                )
            }
            var results: [CheckResult] = []
            var repeatsUsed = 0
            for (i, entry) in base.configurations.enumerated() {
                let configuration = try recordedConfiguration(entry.configuration, at: i, engine: engine)
                let repeats = repeatCount ?? entry.runs.count
                repeatsUsed = max(repeatsUsed, repeats)
                let candidate = try Recorder.measure(configuration, repeats: repeats) { printError($0) }
                // Each configuration's own budgets (an older file's apply to all), then --budget on top.
                let budgets = try base.budgets(for: entry).applying(budgetSettings)
                let on = budgets.active.map { "\($0.budget.key) \($0.limit)" }
                printError(
                    "budgets for \(entry.configuration.id(strategies: engine.strategies)): \(on.isEmpty ? "none" : on.joined(separator: ", "))"
                )
                results += Checker.compare(
                    baseline: entry, candidate: candidate, budgets: budgets, tolerance: toleranceSetting,
                    strategies: engine.strategies)
            }
            for (i, entry) in base.capacities.enumerated() {
                results += Checker.capacityChecks(
                    baseline: entry, candidate: try rampAgain(entry, at: i, engine: engine),
                    strategies: engine.strategies)
            }
            var report = CheckReport(
                baseline: baseline, tolerance: toleranceSetting, repeats: repeatsUsed, checks: results)
            report.provenance = Self.provenance(of: base)
            print(try report.render(format.format))
            if format.format != .table { printError(report.summaryLine()) }
            let status = report.verdict.exitStatus
            if status != 0 { throw ExitCode(status) }
        }

        /// Where the checked figures come from, said first: modelled, zero costs, or measured on this
        /// host against the baseline's machine.
        static func provenance(of base: StrokeBenchRegression.Baseline) -> String {
            let costs = Set(base.configurations.map(\.configuration.costs))
            let measured =
                "measured on this host (\(Machine.current.description)) against the baseline's \(base.machine), timed as each device's display"
            switch costs {
            case [.model]: return "modelled by the device cost model: the same figures on any machine"
            case [.zero]: return "zero costs: work counted, not timed"
            case [.measured], []: return measured
            default: return "modelled, zero-cost and measured configurations; the measured ones \(measured)"
            }
        }

        /// The replay a baseline entry recorded, exactly as it was: its spec decoded, validated and
        /// given the same input (a trace that changed since is refused, naming the field).
        private func recordedConfiguration(_ recorded: ReplaySpec, at i: Int, engine: EngineInputs) throws
            -> ReplayConfiguration
        {
            let field = "\(baseline): configurations[\(i)].run"
            do { try recorded.validate(strategies: engine.strategies) } catch {
                throw BenchFailure.data("\(field).\(error.field): \(error.reason)")
            }
            var located = recorded
            if !recorded.trace.isBuiltIn {
                located.trace.path = BaselineTracePath.resolved(recorded.trace.path, baseline: baseline)
            }
            let configuration = try replayConfiguration(located, engine: engine)
            let now = configuration.spec.trace
            guard now.inputChecksum == recorded.trace.inputChecksum else {
                // The checksum covers the samples as placed on the device's canvas, so an edited
                // device changes it too: say which, when another device explains the recorded one.
                if let device = deviceMatching(recorded.trace.inputChecksum, of: configuration) {
                    throw BenchFailure.data(
                        "\(field).device: '\(recorded.device)' is not the device this configuration was recorded on "
                            + "(its input matches '\(device)'); the file was edited: restore the device, or re-record the baseline"
                    )
                }
                throw BenchFailure.data(
                    "\(field).trace.input_checksum: the trace '\(located.trace.path)' replays differently from when "
                        + "the baseline was recorded (\(now.inputChecksum ?? "none"), not \(recorded.trace.inputChecksum ?? "none")); re-record the baseline"
                )
            }
            return configuration
        }

        /// The ramp a capacity entry recorded, run again as it was (its spec validated, naming the field).
        private func rampAgain(_ entry: CapacityEntry, at i: Int, engine: EngineInputs) throws -> CapacityEntry {
            let field = "\(baseline): capacities[\(i)]"
            do { try entry.ramp.validate(strategies: engine.strategies) } catch {
                throw BenchFailure.data("\(field).ramp.\(error.field): \(error.reason)")
            }
            let kind: RampDrawing.Kind
            switch entry.drawing {
            case "handwriting": kind = .handwriting
            case "scribble": kind = .scribble
            default:
                throw BenchFailure.data(
                    "\(field).drawing: '\(entry.drawing)' is not a drawing bench ramps (handwriting, scribble)")
            }
            guard (1000...2_000_000).contains(entry.limitPoints) else {
                throw BenchFailure.data("\(field).limit_points: \(entry.limitPoints) is not 1000...2000000")
            }
            guard (1...50).contains(entry.repeats) else {
                throw BenchFailure.data("\(field).repeats: \(entry.repeats) is not 1...50")
            }
            let device = entry.ramp.deviceProfile!
            let drawing = RampDrawing(
                kind, device: device, points: entry.limitPoints, windowSeconds: RampStep.windowSeconds)
            let result = try makeRamp(
                entry.ramp, drawing: drawing, grid: RampGrid(limit: entry.limitPoints), repeats: max(2, entry.repeats),
                engine: engine
            ).run()
            return CapacityEntry(result, repeats: entry.repeats, atLeast: entry.atLeastPoints)
        }

        /// The device on which `configuration`'s trace has the input checksum `checksum`, if it is
        /// another than the configuration's own.
        private func deviceMatching(_ checksum: String?, of configuration: ReplayConfiguration) -> String? {
            guard let checksum else { return nil }
            let trace = builtInTrace(configuration.spec) ?? (try? readTrace(configuration.spec.trace.path))
            guard let trace else { return nil }
            return DeviceProfile.all.first {
                $0.name != configuration.device.name && ReplayInput(trace: trace, device: $0).checksum == checksum
            }?.name
        }

        private func parseTolerance() throws -> Tolerance {
            Tolerance(
                relative: try fraction(tolerance, option: "--tolerance"), noiseFloorMs: noiseFloorMs,
                noiseFloorHitchRatio: hitchNoiseFloor, alpha: alpha,
                counterRelative: try fraction(counterTolerance, option: "--counter-tolerance"))
        }
    }
}

/// `0.25` or `25%` as a fraction.
func fraction(_ text: String, option: String) throws -> Double {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let isPercent = trimmed.hasSuffix("%")
    guard let value = Double(isPercent ? String(trimmed.dropLast()) : trimmed), value.isFinite else {
        throw ValidationError("\(option) must be a fraction (0.25) or a percentage (25%), not '\(text)'")
    }
    return isPercent ? value / 100 : value
}
