import ArgumentParser
import StrokeBenchSpec
import StrokeBenchStrategies
import Synchronization

/// The strategies' own options as arguments of the argument parser, so that `bench run --help` lists
/// them, a misspelt one gets the parser's "did you mean", and the parser reads them.
///
/// A strategy declares its options as values (`DrawingStrategy.options`), and a user's package adds
/// strategies once `main` has started, so they cannot be properties written here by name. Instead this
/// group holds a fixed set of slots, flags and valued options, and each slot takes its name and help
/// from the declared option it stands for (`Slot`) when the parser makes the group; a slot that stands
/// for none has no name and is hidden. `StrategyCatalog.adding` refuses a package whose strategies
/// declare more than the slots hold (`StrategyCatalog.maxFlags`, `maxValuedOptions`).
///
/// The slots are properties of one flat group, not a nested option group per option: in a debug build
/// the parser validates every nested group each time it builds its parent's, so its cost grows
/// exponentially with the nesting (a chain of four groups took 2.5 s to parse `bench run --help`).
struct StrategyOptionArguments: ParsableArguments {
    @Flag(name: Slot.flag(0).name, help: Slot.flag(0).help) var flag0 = false
    @Flag(name: Slot.flag(1).name, help: Slot.flag(1).help) var flag1 = false
    @Flag(name: Slot.flag(2).name, help: Slot.flag(2).help) var flag2 = false
    @Flag(name: Slot.flag(3).name, help: Slot.flag(3).help) var flag3 = false
    @Flag(name: Slot.flag(4).name, help: Slot.flag(4).help) var flag4 = false
    @Flag(name: Slot.flag(5).name, help: Slot.flag(5).help) var flag5 = false
    @Flag(name: Slot.flag(6).name, help: Slot.flag(6).help) var flag6 = false
    @Flag(name: Slot.flag(7).name, help: Slot.flag(7).help) var flag7 = false

    @Option(name: Slot.value(0).name, parsing: .unconditional, help: Slot.value(0).help) var value0: String?
    @Option(name: Slot.value(1).name, parsing: .unconditional, help: Slot.value(1).help) var value1: String?
    @Option(name: Slot.value(2).name, parsing: .unconditional, help: Slot.value(2).help) var value2: String?
    @Option(name: Slot.value(3).name, parsing: .unconditional, help: Slot.value(3).help) var value3: String?
    @Option(name: Slot.value(4).name, parsing: .unconditional, help: Slot.value(4).help) var value4: String?
    @Option(name: Slot.value(5).name, parsing: .unconditional, help: Slot.value(5).help) var value5: String?
    @Option(name: Slot.value(6).name, parsing: .unconditional, help: Slot.value(6).help) var value6: String?
    @Option(name: Slot.value(7).name, parsing: .unconditional, help: Slot.value(7).help) var value7: String?

    /// The options given, by name: each flag given is on; each value is read as its option's kind.
    ///
    /// - Throws: `ValidationError` (exit 64) for a value that is not a number of its kind.
    func given() throws -> [String: StrategyOptionValue] {
        var given: [String: StrategyOptionValue] = [:]
        for (slot, isOn) in [flag0, flag1, flag2, flag3, flag4, flag5, flag6, flag7].enumerated() where isOn {
            if let option = Slot.flags[safe: slot] { given[option.name] = .flag(true) }
        }
        for (slot, text) in [value0, value1, value2, value3, value4, value5, value6, value7].enumerated() {
            guard let text, let option = Slot.values[safe: slot] else { continue }
            given[option.name] = try Self.value(text, of: option)
        }
        return given
    }

    private static func value(_ text: String, of option: StrategyOption) throws -> StrategyOptionValue {
        switch option.kind {
        case .flag:
            return .flag(true)
        case .seconds:
            guard let seconds = Double(text) else {
                throw ValidationError("--\(option.name) must be a number of seconds, not '\(text)'")
            }
            return .seconds(seconds)
        case .count:
            guard let count = Int(text) else {
                throw ValidationError("--\(option.name) must be a whole number, not '\(text)'")
            }
            return .count(count)
        }
    }
}

/// Which declared option each slot of `StrategyOptionArguments` stands for: the catalog's strategies'
/// flags in order, then their valued options in order.
enum Slot {
    /// The declared flags, in the order of the catalog's strategies and of each one's declarations.
    static var flags: [StrategyOption] { table.flags.map(\.option) }
    /// The declared options that take a value, in the same order.
    static var values: [StrategyOption] { table.values.map(\.option) }

    /// The name and help of flag slot `index`.
    static func flag(_ index: Int) -> (name: NameSpecification, help: ArgumentHelp) { slot(table.flags, index) }
    /// The name and help of value slot `index`.
    static func value(_ index: Int) -> (name: NameSpecification, help: ArgumentHelp) { slot(table.values, index) }

    /// An option and the strategy that declares it.
    private struct Declared: Sendable {
        var option: StrategyOption
        var strategy: String
    }

    /// The slots of the strategies this command line knows (`Bench.strategies`). The parser makes the
    /// group many times a parse, so the table is kept, and made again only for another catalog.
    private static var table: Table {
        cache.withLock { cached in
            let strategies = Bench.strategies
            if let cached, cached.strategies == strategies.names { return cached }
            let made = Table(strategies)
            cached = made
            return made
        }
    }
    private static let cache = Mutex<Table?>(nil)

    private struct Table: Sendable {
        /// The names of the catalog the slots were made from.
        var strategies: [String]
        var flags: [Declared] = []
        var values: [Declared] = []

        init(_ catalog: StrategyCatalog) {
            strategies = catalog.names
            for strategy in catalog.all {
                for option in strategy.options {
                    let declared = Declared(option: option, strategy: strategy.name)
                    if option.kind == .flag { flags.append(declared) } else { values.append(declared) }
                }
            }
        }
    }

    private static func slot(_ declared: [Declared], _ index: Int) -> (name: NameSpecification, help: ArgumentHelp) {
        guard let slot = declared[safe: index] else { return ([], .private) }
        return (.customLong(slot.option.name), help(slot.option, of: slot.strategy))
    }

    /// `async-graver: Fade in ... (0...10 s; 0 when not given)`: the line `--help` shows.
    private static func help(_ option: StrategyOption, of strategy: String) -> ArgumentHelp {
        switch option.kind {
        case .flag:
            ArgumentHelp("\(strategy): \(option.help)")
        case .seconds(let range):
            ArgumentHelp(
                "\(strategy): \(option.help) (\(range.lowerBound.plainText)...\(range.upperBound.plainText) s; 0 when not given)",
                valueName: "seconds")
        case .count(let range, let value):
            ArgumentHelp(
                "\(strategy): \(option.help) (\(range.lowerBound)...\(range.upperBound); \(value) when not given)",
                valueName: "n")
        }
    }
}

extension Array {
    /// The element at `index`, or nil past the end.
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
