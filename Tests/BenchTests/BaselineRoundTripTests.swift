import BenchTestSupport
import Foundation
import StrokeBenchDevice
import StrokeBenchReplay
import StrokeBenchSpec
import StrokeBenchStrategies
import Testing

/// A baseline must replay what it recorded: `bench baseline record`, then `bench check` at once,
/// passes for every strategy under every option that changes what a run does. The cases come from
/// `StrategyCatalog.builtIn` and each strategy's declared `options`, so a new strategy or option is covered
/// without editing this test.
///
/// Budgets are off: the question is whether check rebuilds the recorded run, not whether the
/// strategy is fast. Every variant runs in the virtual clock with `--costs zero`, so its timings are
/// exact as well as its counters and check must exit 0: a check that dropped an option changes a
/// counter, and one that dropped `--costs zero` measures timings far beyond the zero baseline. One variant per strategy keeps measured costs; with two
/// timing runs each side no timing change can be significant (the smallest one-sided Mann-Whitney
/// p-value of 2 against 2 is 1/6), so it must pass or be inconclusive, never a regression.
@Suite struct BaselineRoundTripTests {
    /// One way to run a strategy: the arguments after `--strategy NAME`.
    struct Variant: CustomStringConvertible {
        var label: String
        var arguments: [String]
        /// Measured costs make timings noisy: inconclusive (3) is then an acceptable answer.
        var measured = false
        var description: String { label }
    }

    /// Every declared option with a value that changes behaviour, then the replay-wide options.
    static func variants(of strategy: any DrawingStrategy.Type) -> [Variant] {
        var variants = [Variant(label: "defaults", arguments: [])]
        for option in strategy.options {
            switch option.kind {
            case .flag: variants.append(Variant(label: option.name, arguments: ["--\(option.name)"]))
            case .seconds(let range):
                let value = range.lowerBound + (range.upperBound - range.lowerBound) / 4
                variants.append(Variant(label: option.name, arguments: ["--\(option.name)", String(value)]))
            case .count(let range, let value):
                let other = value == range.upperBound ? range.lowerBound : value + 1
                variants.append(Variant(label: option.name, arguments: ["--\(option.name)", String(other)]))
            }
        }
        variants.append(Variant(label: "per-sample", arguments: ["--delivery", "per-sample"]))
        variants.append(Variant(label: "workers", arguments: ["--workers", "3"]))
        variants.append(Variant(label: "hz-60", arguments: ["--hz", "60"]))
        // Zero costs: the timings are exact, so one timing run a side decides as well as two. The
        // variants draw on the iPhone 6s, whose screen is a quarter of the default iPad's, for speed.
        variants = variants.map {
            Variant(
                label: $0.label,
                arguments: ["--costs", "zero", "--repeat", "1", "--device", "iphone-6s"] + $0.arguments)
        }
        // The default device: a check that dropped --device would replay it on the iPhone 6s, or the
        // other way round; their screens, scales and rates all differ, so every counter moves.
        variants.append(Variant(label: "ipad-pro-11", arguments: ["--costs", "zero", "--repeat", "1"]))
        variants.append(
            Variant(label: "costs-measured", arguments: ["--repeat", "2", "--device", "iphone-6s"], measured: true))
        return variants
    }

    @Test(arguments: StrategyCatalog.builtIn.names)
    func recordThenCheckPasses(strategyName: String) throws {
        let strategy = try #require(StrategyCatalog.builtIn.strategy(named: strategyName))
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Absolute paths: the commands need no working folder, so the strategies' cases run side by side.
        let trace = folder.appendingPathComponent("s.trace").path
        let baseline = folder.appendingPathComponent("b.json").path
        let generated = BenchTool.run(absolute: [
            "trace", "generate", "--seed", "11", "--duration", "1", "--output", trace,
        ])
        try #require(generated.status == 0, "\(generated.stderr)")
        for variant in Self.variants(of: strategy) {
            let record = BenchTool.run(
                absolute: [
                    "baseline", "record", "--output", baseline, "--trace", trace, "--clock", "virtual",
                    "--strategy", strategyName,
                ] + variant.arguments
                    + ["--budget", "hitch-ratio=off", "--budget", "overrun-p99=off", "--budget", "latency-p95=off"])
            try #require(
                record.status == 0, "\(strategyName) \(variant): record exits \(record.status): \(record.stderr)")
            let check = BenchTool.run(absolute: ["check", "--baseline", baseline])
            let accepted: Set<Int32> = variant.measured ? [0, 3] : [0]
            #expect(
                accepted.contains(check.status),
                "\(strategyName) \(variant): check exits \(check.status): \(check.stdout.split(separator: "\n").filter { $0.contains("regression") }.joined(separator: "; ")) \(check.stderr)"
            )
        }
    }
}
