import StrokeBenchCLI

// The project's own `bench`: the built-in strategies, nothing more. A user's package calls the same
// entry point with its strategies (Examples/CustomStrategy).
StrokeBenchCLI.main(strategies: [])
