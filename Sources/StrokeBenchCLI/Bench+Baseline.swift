import ArgumentParser

extension Bench {
    /// `bench baseline`: record the baselines `bench check` compares with.
    struct Baseline: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record a baseline for `bench check`.",
            subcommands: [Record.self])
    }
}
