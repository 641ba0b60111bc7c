import Synchronization

/// Every strategy `bench` knows, in the order `bench list` shows them: the built-in ones, then those
/// a user's package registers through `StrokeBenchCLI.main(strategies:)`.
public enum StrategyRegistry {
    /// The literature's strategies. Adding a built-in strategy is one line here.
    nonisolated(unsafe) public static let builtIn: [any DrawingStrategy.Type] = [
        NullStrategy.self,
        NaiveStrategy.self,
        PointArrayStrategy.self,
        DirtyRectStrategy.self,
        FlattenedStrategy.self,
        AsyncPoolStrategy.self,
        AsyncGlobalStrategy.self,
        AsyncGraverStrategy.self,
        SublayerStrategy.self,
    ]

    /// Strategies registered at start by a user's package; read from any thread afterwards.
    private static let registered = Mutex<[MetatypeBox]>([])

    /// The built-in strategies followed by the registered ones.
    public static var all: [any DrawingStrategy.Type] { builtIn + registered.withLock { $0.map(\.type) } }

    /// The strategy with this command-line name.
    public static func strategy(named name: String) -> (any DrawingStrategy.Type)? {
        all.first { $0.name == name }
    }

    /// All names, for error messages and `bench list`.
    public static var names: [String] { all.map { $0.name } }

    /// Adds a user's strategies, after checking that no name can be mistaken for another: each strategy
    /// name is kebab-case and new, and each option name is kebab-case, not one of `reservedOptions`
    /// (the command line's own, `trace`, `costs`, ...) and declared by no other strategy, since a sweep
    /// hands every option to every strategy that declares it.
    ///
    /// - Throws: `StrategyRegistrationError`, one line naming the strategy and what collides.
    public static func register(_ strategies: [any DrawingStrategy.Type], reservedOptions: Set<String>) throws(StrategyRegistrationError) {
        var known = all
        for strategy in strategies {
            let name = strategy.name
            guard isKebabCase(name) else {
                throw StrategyRegistrationError("strategy name '\(name)' must be kebab-case (lower-case words joined by '-')")
            }
            // `all` selects every strategy in a sweep's list: a strategy of that name could never be selected alone.
            guard name != "all" else { throw StrategyRegistrationError("strategy name 'all' means every strategy on the command line; choose another name") }
            let summary = strategy.summary
            guard !summary.isEmpty, !summary.contains(where: \.isNewline) else {
                throw StrategyRegistrationError("\(name): its summary must be one line of text (bench list prints one line per strategy)")
            }
            if let other = known.first(where: { $0.name == name }) {
                let whose = builtIn.contains { $0 == other } ? "a built-in strategy" : "another registered strategy"
                throw StrategyRegistrationError("strategy '\(name)' (\(strategy)) has the name of \(whose); choose another name")
            }
            for (index, option) in strategy.options.enumerated() {
                guard isKebabCase(option.name) else {
                    throw StrategyRegistrationError("\(name): option '--\(option.name)' must be kebab-case")
                }
                if strategy.options[..<index].contains(where: { $0.name == option.name }) {
                    throw StrategyRegistrationError("\(name): option '--\(option.name)' is declared twice")
                }
                if let problem = problem(with: option.kind) {
                    throw StrategyRegistrationError("\(name): option '--\(option.name)': \(problem)")
                }
                if reservedOptions.contains(option.name) {
                    throw StrategyRegistrationError("\(name): option '--\(option.name)' is one of bench's own options; prefix it with the strategy's name")
                }
                if let other = known.first(where: { $0.options.contains { $0.name == option.name } }) {
                    throw StrategyRegistrationError("\(name): option '--\(option.name)' is already declared by '\(other.name)'")
                }
            }
            known.append(strategy)
        }
        let options = known.flatMap { $0.options }
        let flags = options.filter { $0.kind == .flag }.count
        guard flags <= maxFlags, options.count - flags <= maxValuedOptions else {
            throw StrategyRegistrationError("the strategies declare \(flags) flags and \(options.count - flags) options with a value; the command line holds at most \(maxFlags) and \(maxValuedOptions)")
        }
        registered.withLock { $0 = known.dropFirst(builtIn.count).map(MetatypeBox.init) }
    }

    /// The most flags all strategies together may declare: the command line has a slot for each.
    public static let maxFlags = 8
    /// The most options with a value all strategies together may declare.
    public static let maxValuedOptions = 8

    /// The longest seconds option accepted: an hour.
    static let maxSeconds = 3600.0

    /// Why the command line could not offer an option of this kind: a range it cannot print or parse
    /// into, or a default outside its range.
    private static func problem(with kind: StrategyOption.Kind) -> String? {
        switch kind {
        case .flag:
            return nil
        case .seconds(let range):
            guard range.lowerBound >= 0, range.upperBound <= maxSeconds else {
                return "its range \(range) must lie within 0...\(maxSeconds) seconds"
            }
            // A seconds option not given is 0 (`StrategySettings.seconds`).
            return range.contains(0) ? nil : "its range \(range) must hold 0, the value when it is not given"
        case .count(let range, let value):
            return range.contains(value) ? nil : "its default \(value) is outside its range \(range)"
        }
    }

    private static func isKebabCase(_ name: String) -> Bool {
        let words = name.split(separator: "-", omittingEmptySubsequences: false)
        return !words.isEmpty && words.allSatisfy { word in
            !word.isEmpty && word.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        }
    }
}

/// A strategy refused at registration: one line.
public struct StrategyRegistrationError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A metatype held in a `Mutex` (metatypes of a non-Sendable protocol are not Sendable themselves;
/// they are immutable, so sharing them is safe).
private struct MetatypeBox: @unchecked Sendable {
    let type: any DrawingStrategy.Type
}
