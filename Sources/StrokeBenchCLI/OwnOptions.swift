import ArgumentParser
import Foundation
import StrokeBenchStrategies

/// The long option names `bench` itself declares, in any subcommand: a strategy option of the same
/// name would be swallowed by the command line or shadow it, so registration refuses it.
///
/// Read from the parser's own description of the command tree (what `--experimental-dump-help`
/// prints), so a new option is reserved the moment it is declared.
enum OwnOptions {
    static let names: Set<String> = {
        guard let info = try? JSONDecoder().decode(Tool.self, from: Data(Bench.Root._dumpHelp().utf8)) else {
            return []
        }
        var names: Set<String> = ["help", "version"]
        info.command.collect(into: &names)
        // The strategies' own options are in the tree too (`StrategyOptionArguments`), but they are not bench's.
        return names.subtracting(Bench.strategies.all.flatMap { $0.options.map(\.name) })
    }()

    // The few fields of ArgumentParser's ToolInfoV0 read here (its module is not a library product).
    private struct Tool: Decodable { var command: Command }
    private struct Command: Decodable {
        var subcommands: [Command]?
        var arguments: [Argument]?
        func collect(into names: inout Set<String>) {
            for argument in arguments ?? [] {
                for name in argument.names ?? [] where name.kind == "long" { names.insert(name.name) }
            }
            for command in subcommands ?? [] { command.collect(into: &names) }
        }
    }
    private struct Argument: Decodable { var names: [Name]? }
    private struct Name: Decodable {
        var kind: String
        var name: String
    }
}
