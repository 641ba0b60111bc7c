import ArgumentParser

extension Bench {
    /// `bench baseline`: record the baselines `bench check` compares with.
    struct Baseline: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "baseline", abstract: "Record a baseline for `bench check`, or compare two.",
                subcommands: [Record.self, Diff.self])
        }
    }
}
