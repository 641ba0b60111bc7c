/// Every strategy `bench` knows, in the order `bench list` shows them. Adding a strategy is one line here.
public enum StrategyRegistry {
    // Immutable after initialization: a list of metatypes, read from any thread.
    nonisolated(unsafe) public static let all: [any DrawingStrategy.Type] = [
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

    /// The strategy with this command-line name.
    public static func strategy(named name: String) -> (any DrawingStrategy.Type)? {
        all.first { $0.name == name }
    }

    /// All names, for error messages and `bench list`.
    public static var names: [String] { all.map { $0.name } }
}
