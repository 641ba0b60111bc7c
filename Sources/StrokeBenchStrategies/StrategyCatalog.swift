/// The strategies one `bench` knows, in the order `bench list` shows them: the built-in ones, then
/// those a user's package adds through `StrokeBenchCLI.main(strategies:)`.
///
/// A value, as swift-collections-benchmark hands its benchmark registry down: `main` makes it once,
/// the command line hands it to each command, and each command hands it to whatever looks a strategy
/// up by name (a spec's validation, a sweep's plan, a comparison's options column). Nothing global
/// changes when a package adds strategies, so two catalogs can live side by side in one process.
public struct StrategyCatalog: @unchecked Sendable {
    // @unchecked: metatypes of a non-Sendable protocol are not Sendable themselves; they are
    // immutable, and the list is a `let`, so sharing it is safe.

    /// The literature's strategies. Adding a built-in strategy is one line here.
    public static let builtIn = StrategyCatalog(
        all: [
            NullStrategy.self,
            NaiveStrategy.self,
            PointArrayStrategy.self,
            DirtyRectStrategy.self,
            FlattenedStrategy.self,
            AsyncPoolStrategy.self,
            AsyncGlobalStrategy.self,
            AsyncGraverStrategy.self,
            SublayerStrategy.self,
        ], builtInCount: 9)

    /// The built-in strategies followed by those a package added.
    public let all: [any DrawingStrategy.Type]
    /// How many of `all`, from the start, are built in.
    private let builtInCount: Int

    private init(all: [any DrawingStrategy.Type], builtInCount: Int) {
        self.all = all
        self.builtInCount = builtInCount
    }

    /// Whether `strategy` is one of the literature's, verified against its source, rather than a package's.
    package func isBuiltIn(_ strategy: any DrawingStrategy.Type) -> Bool {
        all.prefix(builtInCount).contains { $0 == strategy }
    }

    /// The strategy with this command-line name.
    package func strategy(named name: String) -> (any DrawingStrategy.Type)? {
        all.first { $0.name == name }
    }

    /// All names, for error messages and `bench list`.
    package var names: [String] { all.map { $0.name } }

    /// The options the strategy named `name` declares; none for a name this catalog does not know.
    package func options(of name: String) -> [StrategyOption] { strategy(named: name)?.options ?? [] }

    /// This catalog with a user's strategies added, after checking that no name can be mistaken for
    /// another: each strategy name is kebab-case and new, and each option name is kebab-case, not one
    /// of `reservedOptions` (the command line's own, `trace`, `costs`, ...), declared by no other
    /// strategy, since a sweep hands every option to every strategy that declares it, and prefixed by
    /// the strategy's name.
    ///
    /// - Throws: `StrategyRegistrationError`, one line naming the strategy and what collides.
    package func adding(_ strategies: [any DrawingStrategy.Type], reservedOptions: Set<String>)
        throws(StrategyRegistrationError) -> StrategyCatalog
    {
        var known = all
        for strategy in strategies {
            let name = strategy.name
            guard Self.isKebabCase(name) else {
                throw StrategyRegistrationError(
                    "strategy name '\(name)' must be kebab-case (lower-case words joined by '-')")
            }
            // `all` selects every strategy in a sweep's list: a strategy of that name could never be selected alone.
            guard name != "all" else {
                throw StrategyRegistrationError(
                    "strategy name 'all' means every strategy on the command line; choose another name")
            }
            let summary = strategy.summary
            guard !summary.isEmpty, !summary.contains(where: \.isNewline) else {
                throw StrategyRegistrationError(
                    "\(name): its summary must be one line of text (bench list prints one line per strategy)")
            }
            if let other = known.first(where: { $0.name == name }) {
                let whose = isBuiltIn(other) ? "a built-in strategy" : "another registered strategy"
                throw StrategyRegistrationError(
                    "strategy '\(name)' (\(strategy)) has the name of \(whose); choose another name")
            }
            try Self.checkOptions(of: strategy, against: known, reserved: reservedOptions)
            known.append(strategy)
        }
        return StrategyCatalog(all: known, builtInCount: builtInCount)
    }

    /// Each option of `strategy` is kebab-case, declared once, of a kind the command line can offer,
    /// not reserved and declared by none of `known`.
    private static func checkOptions(
        of strategy: any DrawingStrategy.Type, against known: [any DrawingStrategy.Type],
        reserved: Set<String>
    ) throws(StrategyRegistrationError) {
        let name = strategy.name
        for (index, option) in strategy.options.enumerated() {
            guard isKebabCase(option.name) else {
                throw StrategyRegistrationError("\(name): option '--\(option.name)' must be kebab-case")
            }
            if strategy.options[..<index].contains(where: { $0.name == option.name }) {
                throw StrategyRegistrationError("\(name): option '--\(option.name)' is declared twice")
            }
            guard !option.help.contains(where: \.isNewline) else {
                throw StrategyRegistrationError(
                    "\(name): option '--\(option.name)': its help must be one line of text (bench list prints one line per option)"
                )
            }
            if let problem = problem(with: option.kind) {
                throw StrategyRegistrationError("\(name): option '--\(option.name)': \(problem)")
            }
            if reserved.contains(option.name) {
                throw StrategyRegistrationError(
                    "\(name): option '--\(option.name)' is one of bench's own options; prefix it with the strategy's name"
                )
            }
            if let other = known.first(where: { $0.options.contains { $0.name == option.name } }) {
                throw StrategyRegistrationError(
                    "\(name): option '--\(option.name)' is already declared by '\(other.name)'")
            }
            guard isPrefixed(option.name, by: name) else {
                throw StrategyRegistrationError(
                    "\(name): option '--\(option.name)' must start with the strategy's name ('--\(name)-...', or its last words: '--\(name.split(separator: "-").last ?? "")-...')"
                )
            }
        }
    }

    /// Whether `option` starts with `strategy`'s name, or with its last words, and a dash
    /// (`graver-fade-in` of `async-graver`): a reader of a command line knows whose option it is, and
    /// a strategy's option cannot take the name of one of bench's own (`--trace`, `--costs`) by accident.
    package static func isPrefixed(_ option: String, by strategy: String) -> Bool {
        let words = strategy.split(separator: "-")
        return words.indices.contains { option.hasPrefix(words[$0...].joined(separator: "-") + "-") }
    }

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
        return !words.isEmpty
            && words.allSatisfy { word in
                !word.isEmpty && word.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
            }
    }
}

/// A strategy refused at registration: one line.
package struct StrategyRegistrationError: Error, Equatable, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
