import StrokeBench

/// Runs the whole `bench` command line (run, sweep, compare, baseline, check, list, trace, calibrate)
/// with the built-in strategies plus `strategies`, and exits with the status docs/model.md section 6 documents.
///
/// Call it from your own executable target to benchmark the drawing code you ship:
///
/// ```swift
/// import StrokeBenchCLI
///
/// StrokeBenchCLI.main(strategies: [TileCacheStrategy.self])
/// ```
///
/// A strategy whose name is a built-in's, or whose option is one of `bench`'s own (`--trace`,
/// `--costs`, ...) or another strategy's, is refused before anything runs: one line on stderr, exit 64.
public func main(strategies: [any DrawingStrategy.Type]) -> Never {
    Bench.main(registering: strategies)
}
