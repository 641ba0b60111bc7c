import ArgumentParser

extension Bench {
    /// `bench sweep`: a group whose default subcommand is the sweep itself (`Sweep`, also reachable
    /// as `bench sweep run`), beside `bench sweep merge`.
    ///
    /// Why a group: the sweep collects the strategies' own options with a catch-all argument, and the
    /// argument parser fills a command's arguments before it looks for a subcommand, so with the sweep
    /// as the parent `merge` was taken for a strategy option (`unexpected argument 'merge'`). A group
    /// with no arguments of its own finds `merge` first and hands anything else to the sweep.
    struct SweepGroup: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sweep",
            abstract: Sweep.configuration.abstract,
            subcommands: [Sweep.self, Sweep.Merge.self],
            defaultSubcommand: Sweep.self)

        /// The usage the sweep's help shows: both forms, since `bench sweep --help` is where people look.
        static let usage = """
            bench sweep [--strategies <names>] [--devices <names>] [--traces <files> ...] [<options>] [<strategy-options> ...] --output <dir>
            bench sweep merge <parts> ... --output <dir> [--allow-partial]   (bench sweep merge --help)
            """

        /// The arguments that ask for the sweep's help: `bench sweep --help` shows the sweep's own
        /// options, as it did before the group existed, rather than the group's list of two.
        static func asksForSweepHelp(_ arguments: [String]) -> Bool {
            [["sweep", "--help"], ["sweep", "-h"], ["help", "sweep"]].contains(arguments)
        }
    }
}
