/// An option a strategy declares: how it is named on the command line, what values it takes, and
/// what it means. A strategy lists its options in `DrawingStrategy.options`; the command line, sweeps,
/// baselines and `bench list` all read them from there, so an option is written down once.
public struct StrategyOption: Hashable, Sendable {
    /// What an option's value is.
    public enum Kind: Hashable, Sendable {
        /// Present or absent: `--graver-keep-contents`.
        case flag
        /// A number of seconds within a range: `--graver-fade-in 0.2`; 0 when not given.
        case seconds(ClosedRange<Double>)
        /// A whole number within a range, with its value when not given: `--tiles-size 256`.
        case count(ClosedRange<Int>, default: Int)
    }

    /// The long option name without dashes, kebab-case, prefixed by the strategy's own short name
    /// (`graver-fade-in`) so that options of different strategies never collide.
    public let name: String
    /// What values the option takes.
    public let kind: Kind
    /// One line for `bench list` and for errors.
    public let help: String

    /// Declares an option.
    public init(name: String, kind: Kind, help: String) {
        self.name = name
        self.kind = kind
        self.help = help
    }

    /// `--graver-fade-in SECONDS (0...10)`, as `bench list` shows it.
    public var usage: String {
        switch kind {
        case .flag: "--\(name)"
        case .seconds(let range):
            "--\(name) SECONDS (\(range.lowerBound.plainText)...\(range.upperBound.plainText), default 0)"
        case .count(let range, let value): "--\(name) N (\(range.lowerBound)...\(range.upperBound), default \(value))"
        }
    }
}

/// The value of one option.
public enum StrategyOptionValue: Hashable, Sendable, Codable {
    case flag(Bool)
    case seconds(Double)
    case count(Int)

    /// JSON `true` or `0.2`: a value reads the same in a baseline as on the command line.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            self = .flag(flag)
            return
        }
        // A whole number may be a count or a whole number of seconds; `validated(for:)` settles which.
        if let count = try? container.decode(Int.self) {
            self = .count(count)
            return
        }
        self = .seconds(try container.decode(Double.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .flag(let flag): try container.encode(flag)
        case .seconds(let seconds): try container.encode(seconds)
        case .count(let count): try container.encode(count)
        }
    }
}

/// Why strategy options were refused: one line naming the option.
public struct StrategyOptionError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The values given to a strategy's declared options; options not given take their defaults (a
/// flag off, a number of seconds 0).
///
/// Encoded as a JSON object from option name to value (`{"graver-fade-in": 0.2}`) and only ever
/// made through `given(_:declared:)` or `validated(for:)`, which accept declared names and in-range values only.
/// Strategies read values through the declaration (`settings.seconds(Self.fadeIn)`), never by a string.
public struct StrategySettings: Hashable, Sendable, Codable {
    private var values: [String: StrategyOptionValue]

    /// No option given: every option at its default.
    public init() { values = [:] }

    public init(from decoder: any Decoder) throws {
        values = try decoder.singleValueContainer().decode([String: StrategyOptionValue].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
    }

    /// These values as given, unchecked: for a spec made in code that `validated(for:)` checks later
    /// (`SpecField`'s variations).
    package init(unvalidated values: [String: StrategyOptionValue]) { self.values = values }

    /// True when no option is given.
    public var isEmpty: Bool { values.isEmpty }

    /// Whether a flag is on.
    public func flag(_ option: StrategyOption) -> Bool {
        if case .flag(let on)? = values[option.name] { return on }
        return false
    }

    /// A number of seconds (0 when not given).
    public func seconds(_ option: StrategyOption) -> Double {
        switch values[option.name] {
        case .seconds(let value)?: value
        case .count(let value)?: Double(value)
        default: 0
        }
    }

    /// A whole number (the option's default when not given).
    public func count(_ option: StrategyOption) -> Int {
        if case .count(let value)? = values[option.name] { return value }
        if case .count(_, let value) = option.kind { return value }
        return 0
    }

    /// The values given for `declared` (by the command line's parser, which knows each option's
    /// kind), checked as `validated(for:)` checks them.
    ///
    /// - Throws: `StrategyOptionError` naming the first option not declared or out of range.
    public static func given(_ values: [String: StrategyOptionValue], declared: [StrategyOption])
        throws(StrategyOptionError) -> StrategySettings
    {
        var settings = StrategySettings()
        settings.values = values
        return try settings.validated(for: declared)
    }

    /// These settings, checked against `declared`: every name declared, every value of the declared
    /// kind and in range. Decoded settings (from a baseline or a sweep manifest) pass through here.
    public func validated(for declared: [StrategyOption]) throws(StrategyOptionError) -> StrategySettings {
        var checked = self
        for (name, value) in values {
            guard let option = declared.first(where: { $0.name == name }) else {
                throw StrategyOptionError("unknown option '\(name)'")
            }
            switch (option.kind, value) {
            case (.flag, .flag): break
            case (.seconds(let range), .seconds), (.seconds(let range), .count):
                let seconds = self.seconds(option)
                guard seconds.isFinite, range.contains(seconds) else {
                    throw StrategyOptionError(
                        "--\(name) must be within \(range.lowerBound)...\(range.upperBound) seconds, not \(seconds)")
                }
                checked.values[name] = .seconds(seconds)
            case (.count(let range, _), .count(let count)):
                guard range.contains(count) else {
                    throw StrategyOptionError(
                        "--\(name) must be within \(range.lowerBound)...\(range.upperBound), not \(count)")
                }
            default:
                throw StrategyOptionError("--\(name): a value of the wrong kind")
            }
        }
        return checked
    }

    /// Only the values of the options in `declared`: a sweep's options, for one strategy of it.
    public func restricted(to declared: [StrategyOption]) -> StrategySettings {
        var settings = self
        settings.values = values.filter { name, _ in declared.contains { $0.name == name } }
        return settings
    }

    /// The options as command-line arguments, in declaration order: for reports and ids.
    public func arguments(declared: [StrategyOption]) -> [String] {
        declared.flatMap { option -> [String] in
            switch values[option.name] {
            case .flag(true)?: ["--\(option.name)"]
            case .seconds(let value)?: ["--\(option.name)", String(value)]
            case .count(let value)?: ["--\(option.name)", String(value)]
            default: []
            }
        }
    }
}
