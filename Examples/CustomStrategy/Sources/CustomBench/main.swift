import StrokeBenchCLI

// The whole `bench` command line (run, sweep, compare, baseline, check, list, trace, calibrate),
// with the built-in strategies plus these two.
StrokeBenchCLI.main(strategies: [TileCacheStrategy.self, FlattenEveryStrategy.self])
