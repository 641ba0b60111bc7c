import ArgumentParser
import StrokeBenchSpec
import StrokeBenchStrategies

/// The strategies' own options as arguments of the argument parser, so that `bench run --help` lists
/// them, a misspelt one gets the parser's "did you mean", and the parser reads them.
///
/// A strategy declares its options as values (`DrawingStrategy.options`), and a user's package adds
/// strategies once `main` has started, so they cannot be properties written here by name. The parser
/// learns a group's arguments by reflecting on it (`Mirror`), so this group reflects as one `@Option`
/// or `@Flag` per declared option of the catalog (`customMirror`), each made with its strategy's
/// name and help, and decodes them by the same names: no fixed slots, no renaming, no limit.
///
/// The options are one flat group, not a nested option group per strategy: in a debug build the parser
/// validates every nested group each time it builds its parent's, so its cost grows exponentially
/// with the nesting (a chain of four groups took 2.5 s to parse `bench run --help`).
struct StrategyOptionArguments: ParsableArguments, CustomReflectable {
    /// The declared options given on the command line, each with its text (nil for a flag).
    private var supplied: [(option: StrategyOption, text: String?)] = []

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: OptionKey.self)
        for declared in Self.declared() {
            let key = OptionKey(declared.option.name)
            if declared.option.kind == .flag {
                if try container.decode(Flag<Bool>.self, forKey: key).wrappedValue {
                    supplied.append((declared.option, nil))
                }
            } else if let text = try container.decode(Option<String?>.self, forKey: key).wrappedValue {
                supplied.append((declared.option, text))
            }
        }
    }

    /// One argument per declared option, labelled with its name: what the parser reads the group as.
    var customMirror: Mirror {
        Mirror(self, children: Self.declared().map { (label: $0.option.name, value: Self.argument(for: $0)) })
    }

    /// The options given, by name: each flag given is on; each value is read as its option's kind.
    ///
    /// - Throws: `ValidationError` (exit 64) for a value that is not a number of its kind.
    func given() throws -> [String: StrategyOptionValue] {
        var values: [String: StrategyOptionValue] = [:]
        for (option, text) in supplied { values[option.name] = try Self.value(text, of: option) }
        return values
    }

    private static func value(_ text: String?, of option: StrategyOption) throws -> StrategyOptionValue {
        switch option.kind {
        case .flag:
            return .flag(true)
        case .seconds:
            guard let text, let seconds = Double(text) else {
                throw ValidationError("--\(option.name) must be a number of seconds, not '\(text ?? "")'")
            }
            return .seconds(seconds)
        case .count:
            guard let text, let count = Int(text) else {
                throw ValidationError("--\(option.name) must be a whole number, not '\(text ?? "")'")
            }
            return .count(count)
        }
    }

    /// An option and the strategy that declares it.
    private struct Declared {
        var option: StrategyOption
        var strategy: String
    }

    /// The options of the strategies this command line knows (`Bench.strategies`): the flags first,
    /// then the options with a value, each in the order of the catalog and of its declarations.
    private static func declared() -> [Declared] {
        let all = Bench.strategies.all.flatMap { strategy in
            strategy.options.map { Declared(option: $0, strategy: strategy.name) }
        }
        return all.filter { $0.option.kind == .flag } + all.filter { $0.option.kind != .flag }
    }

    /// The parser's argument for `declared`: a flag, or an option whose value is read as its kind later
    /// (`values()`), so that a value of the wrong kind gets this command line's own sentence.
    private static func argument(for declared: Declared) -> Any {
        let name = NameSpecification.customLong(declared.option.name)
        if declared.option.kind == .flag {
            return Flag<Bool>(wrappedValue: false, name: name, help: help(declared.option, of: declared.strategy))
        }
        // `.unconditional`: a negative number is a value to reject by range, not an option name.
        return Option<String?>(name: name, parsing: .unconditional, help: help(declared.option, of: declared.strategy))
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

    /// A declared option's name as the key the parser files its value under.
    private struct OptionKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
