import StrokeBenchStrategies

/// The strategies' own options as `bench run --help` shows them: each strategy that declares any,
/// with every option's values, default and meaning. Strategy options are declared by the strategies
/// (built-in or a user's), so they cannot be ArgumentParser properties; this is their help section.
enum StrategyOptionsHelp {
    static var text: String {
        let lines = StrategyRegistry.all.filter { !$0.options.isEmpty }.flatMap { strategy in
            ["  \(strategy.name):"] + strategy.options.map { "    \($0.usage): \($0.help)" }
        }
        return (["STRATEGY OPTIONS (after --strategy NAME; a flag is off unless given):"] + lines).joined(separator: "\n")
    }
}
