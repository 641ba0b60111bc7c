import BenchTestSupport
import StrokeBenchStrategies
import Testing

@testable import StrokeBenchCLI

/// A user's strategies that could be mistaken for another are refused, each with its own sentence.
@Suite(.serialized) struct RegistrationTests {
    final class Impostor: DrawingStrategy {
        static let name = "flattened"
        static let summary = "has a built-in's name"
        init(canvas: CanvasConfiguration, environment: StrategyEnvironment) {}
        func handle(_ event: TouchEvent) {}
        func commit() -> LayerUpdate? { nil }
        func finalPicture() -> Surface? { nil }
        var acceptedThrough: Int { -1 }
    }
    final class Shadow: DrawingStrategy {
        static let name = "shadow"
        static let summary = "declares bench's own --trace"
        static var options: [StrategyOption] { [StrategyOption(name: "trace", kind: .flag, help: "")] }
        init(canvas: CanvasConfiguration, environment: StrategyEnvironment) {}
        func handle(_ event: TouchEvent) {}
        func commit() -> LayerUpdate? { nil }
        func finalPicture() -> Surface? { nil }
        var acceptedThrough: Int { -1 }
    }
    final class Echo: DrawingStrategy {
        static let name = "echo"
        static let summary = "declares flattened's option"
        static var options: [StrategyOption] { [FlattenedStrategy.wholeLayerOption] }
        init(canvas: CanvasConfiguration, environment: StrategyEnvironment) {}
        func handle(_ event: TouchEvent) {}
        func commit() -> LayerUpdate? { nil }
        func finalPicture() -> Surface? { nil }
        var acceptedThrough: Int { -1 }
    }
    final class Shouting: DrawingStrategy {
        static let name = "Shouting_Name"
        static let summary = "not kebab-case"
        init(canvas: CanvasConfiguration, environment: StrategyEnvironment) {}
        func handle(_ event: TouchEvent) {}
        func commit() -> LayerUpdate? { nil }
        func finalPicture() -> Surface? { nil }
        var acceptedThrough: Int { -1 }
    }

    final class Everything: DrawingStrategy {
        static let name = "all"
        static let summary = "has the name that selects every strategy"
        init(canvas: CanvasConfiguration, environment: StrategyEnvironment) {}
        func handle(_ event: TouchEvent) {}
        func commit() -> LayerUpdate? { nil }
        func finalPicture() -> Surface? { nil }
        var acceptedThrough: Int { -1 }
    }
    /// A strategy whose only fault is the options (or summary) `Declaring.declared` gives it.
    final class Declaring: DrawingStrategy {
        static let name = "declaring"
        nonisolated(unsafe) static var summaryText = "one line"
        nonisolated(unsafe) static var declared: [StrategyOption] = []
        static var summary: String { summaryText }
        static var options: [StrategyOption] { declared }
        init(canvas: CanvasConfiguration, environment: StrategyEnvironment) {}
        func handle(_ event: TouchEvent) {}
        func commit() -> LayerUpdate? { nil }
        func finalPicture() -> Surface? { nil }
        var acceptedThrough: Int { -1 }
    }

    @Test func whatTheCommandLineCannotSelectOrPrintIsRefused() {
        #expect(refusal(Everything.self)?.contains("strategy name 'all' means every strategy") == true)
        let cases: [(String, [StrategyOption], String)] = [
            ("two\nlines", [], "its summary must be one line"),
            (
                "one line",
                [
                    StrategyOption(name: "declaring-x", kind: .flag, help: ""),
                    StrategyOption(name: "declaring-x", kind: .flag, help: ""),
                ],
                "'--declaring-x' is declared twice"
            ),
            (
                "one line", [StrategyOption(name: "declaring-fade", kind: .seconds(0...Double.infinity), help: "")],
                "must lie within 0...3600"
            ),
            ("one line", [StrategyOption(name: "declaring-fade", kind: .seconds(1...2), help: "")], "must hold 0"),
            (
                "one line", [StrategyOption(name: "declaring-n", kind: .count(1...10, default: 20), help: "")],
                "its default 20 is outside its range"
            ),
        ]
        for (summary, options, words) in cases {
            Declaring.summaryText = summary
            Declaring.declared = options
            #expect(
                refusal(Declaring.self)?.contains(words) == true, "\(words): \(refusal(Declaring.self) ?? "accepted")")
        }
        Declaring.summaryText = "one line"
        Declaring.declared = []
    }

    private func refusal(_ strategy: any DrawingStrategy.Type) -> String? {
        do {
            _ = try StrategyCatalog.builtIn.adding([strategy], reservedOptions: OwnOptions().names)
            return nil
        } catch { return error.description }
    }

    @Test func theCommandLinesOwnOptionsAreReserved() {
        for name in [
            "strategy", "trace", "costs", "clock", "device", "hz", "strategies", "output", "baseline", "format", "help",
        ] {
            #expect(OwnOptions().names.contains(name), "--\(name)")
        }
    }

    @Test func collisionsAreRefusedInOneLine() {
        #expect(refusal(Impostor.self)?.contains("has the name of a built-in strategy") == true)
        #expect(refusal(Shadow.self)?.contains("'--trace' is one of bench's own options") == true)
        #expect(refusal(Echo.self)?.contains("already declared by 'flattened'") == true)
        #expect(refusal(Shouting.self)?.contains("must be kebab-case") == true)
    }

    /// An option names its strategy (`--graver-fade-in` of `async-graver`), so a command line says whose it is.
    @Test func anOptionNotPrefixedByItsStrategysNameIsRefused() {
        Declaring.declared = [StrategyOption(name: "depth", kind: .count(1...4, default: 2), help: "how deep")]
        defer { Declaring.declared = [] }
        #expect(refusal(Declaring.self)?.contains("'--depth' must start with the strategy's name") == true)
        for strategy in StrategyCatalog.builtIn.all {
            for option in strategy.options {
                #expect(StrategyCatalog.isPrefixed(option.name, by: strategy.name), "--\(option.name)")
            }
        }
    }

    /// The parser reads every declared option, however many: there are no slots to run out of.
    @Test func everyDeclaredOptionReachesTheParser() throws {
        Declaring.declared =
            (0..<10).map { StrategyOption(name: "declaring-flag\($0)", kind: .flag, help: "flag \($0)") }
            + (0..<10).map {
                StrategyOption(name: "declaring-n\($0)", kind: .count(1...20, default: 2), help: "n \($0)")
            }
        defer { Declaring.declared = [] }
        let added = try StrategyCatalog.builtIn.adding([Declaring.self], reservedOptions: OwnOptions().names)
        let help = Console()
        #expect(Bench.run(["run", "--help"], console: help, toolName: "bench", strategies: added) == 0)
        for option in Declaring.declared { #expect(help.standardOutput.contains("--\(option.name)"), "\(option.name)") }
        let given = try Bench.$strategies.withValue(added) {
            let command = try Bench.Root.parseAsRoot([
                "run", "--strategy", "declaring", "--declaring-flag9", "--declaring-n9", "7", "--declaring-flag0",
            ])
            return try #require(command as? Bench.Run).strategyOptions.given()
        }
        #expect(given == ["declaring-flag9": .flag(true), "declaring-flag0": .flag(true), "declaring-n9": .count(7)])
    }

    /// Which options may repeat is the parser's word (its `isRepeating`), for each command.
    @Test func theParserSaysWhichOptionsRepeat() {
        let options = OwnOptions()
        #expect(options.command(of: ["sweep", "--traces", "a"])?.repeating == ["--traces"])
        #expect(options.command(of: ["check", "--baseline", "b.json"])?.repeating == ["--budget"])
        #expect(options.command(of: ["run", "--strategy", "naive"])?.repeating == [])
        #expect(options.command(of: ["run"])?.options.contains("--graver-fade-in") == true)
        #expect(options.command(of: ["sweep", "merge"])?.options.contains("--allow-partial") == true)
        #expect(RepeatedOptions.problem(in: ["sweep", "--traces", "a", "--traces", "b"]) == nil)
        #expect(
            RepeatedOptions.problem(in: ["run", "--csv", "a", "--csv=b"])
                == "--csv is given twice (a, then b); give it once")
    }

    /// A catalog is a value: adding a package's strategies makes a new one and leaves the built-in one as it was.
    @Test func addingMakesANewCatalog() throws {
        let added = try StrategyCatalog.builtIn.adding([Declaring.self], reservedOptions: OwnOptions().names)
        #expect(added.names == StrategyCatalog.builtIn.names + ["declaring"])
        #expect(StrategyCatalog.builtIn.strategy(named: "declaring") == nil)
        #expect(!added.isBuiltIn(Declaring.self) && added.isBuiltIn(NaiveStrategy.self))
    }

    /// The catalog is handed down, not registered: one process runs a command line with a package's
    /// strategies, then one without, and each sees the strategies, and the options, it was given.
    @Test func eachCommandLineSeesTheCatalogItIsGiven() throws {
        Declaring.declared = [
            StrategyOption(name: "declaring-depth", kind: .count(1...4, default: 2), help: "how deep")
        ]
        defer { Declaring.declared = [] }
        let added = try StrategyCatalog.builtIn.adding([Declaring.self], reservedOptions: OwnOptions().names)
        let listed = Console()
        let help = Console()
        let builtIn = Console()
        #expect(Bench.run(["list"], console: listed, toolName: "bench", strategies: added) == 0)
        #expect(listed.standardOutput.contains("strategy declaring"))
        #expect(Bench.run(["run", "--help"], console: help, toolName: "bench", strategies: added) == 0)
        #expect(help.standardOutput.contains("--declaring-depth"))
        #expect(Bench.run(["list"], console: builtIn, toolName: "bench") == 0)
        #expect(!builtIn.standardOutput.contains("declaring"))
    }
}

/// `bench list` prints one line per option: a help of two lines is refused at registration (issue 48).
@Suite struct OptionHelpTests {
    final class TwoLineHelp: DrawingStrategy {
        static let name = "two-line-help"
        static let summary = "one line"
        static var options: [StrategyOption] {
            [StrategyOption(name: "two-line-help-x", kind: .flag, help: "first\nsecond")]
        }
        init(canvas: CanvasConfiguration, environment: StrategyEnvironment) {}
        func handle(_ event: TouchEvent) {}
        func commit() -> LayerUpdate? { nil }
        func finalPicture() -> Surface? { nil }
        var acceptedThrough: Int { -1 }
    }

    @Test func aMultiLineOptionHelpIsRefused() {
        do {
            _ = try StrategyCatalog.builtIn.adding([TwoLineHelp.self], reservedOptions: [])
            Issue.record("accepted")
        } catch { #expect(error.description.contains("its help must be one line"), "\(error)") }
    }
}
