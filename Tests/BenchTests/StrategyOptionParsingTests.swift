import BenchTestSupport
import Foundation
import Testing

/// A strategy's own options are arguments of the parser: listed by `--help`, misspellings answered with
/// a suggestion, each given only to the strategy that declares it, and its value read as its kind.
@Suite struct StrategyOptionParsingTests {
    static let run = ["run", "--clock", "virtual", "--costs", "zero", "--trace", "/nonexistent.trace"]

    @Test func helpListsEveryStrategysOptionsUnderTheirStrategy() {
        let help = BenchTool.run(absolute: ["run", "--help"])
        #expect(help.status == 0)
        for line in [
            "--flattened-whole-layer flattened:", "--graver-keep-contents  async-graver:", "--graver-fade-in <seconds>",
        ] {
            #expect(help.stdout.contains(line), "\(line)")
        }
    }

    @Test(arguments: [
        (["--strategy", "flattened", "--flattened-whole-layr"], "Did you mean '--flattened-whole-layer'?"),
        (
            ["--strategy", "flattened", "--graver-fade-in", "0.2"],
            "--graver-fade-in is an option of async-graver, not of flattened (flattened's options: --flattened-whole-layer)"
        ),
        (
            ["--strategy", "naive", "--graver-keep-contents"],
            "--graver-keep-contents is an option of async-graver, not of naive (naive has no options)"
        ),
        (
            ["--strategy", "async-graver", "--graver-fade-in", "x"],
            "--graver-fade-in must be a number of seconds, not 'x'"
        ),
        (
            ["--strategy", "async-graver", "--graver-fade-in", "-1"],
            "--graver-fade-in must be within 0.0...10.0 seconds, not -1.0"
        ),
    ])
    func aWrongStrategyOptionIsRefusedInOneLine(_ arguments: [String], _ message: String) {
        let outcome = BenchTool.run(absolute: Self.run + arguments)
        #expect(outcome.status == 64)
        #expect(outcome.stderrLines.count == 1)
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
    }

    @Test func aSweepRefusesAnOptionNoneOfItsStrategiesDeclares() {
        let outcome = BenchTool.run(absolute: [
            "sweep", "--strategies", "naive,null", "--graver-keep-contents", "--output", "/nonexistent/sweep",
        ])
        #expect(outcome.status == 64)
        #expect(
            outcome.stderr.contains(
                "--graver-keep-contents is an option of none of the swept strategies (naive, null)"),
            "\(outcome.stderr)")
    }
}
