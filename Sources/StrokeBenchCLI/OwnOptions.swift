import ArgumentParser

/// What the argument parser says about each command's long options: their names, and which of them
/// may be given more than once (the parser's `isRepeating`: an array option such as `--traces`).
///
/// Read from the bash completion script the parser generates for the command tree
/// (`completionScript(for: .bash)`, public API), which lists each command's options as
/// `repeating_options=(...)` and `non_repeating_options=(...)`, and flags the same way: so a new
/// option is known the moment it is declared, with no list of our own to keep.
struct OwnOptions {
    /// A command's long options (with their dashes), and those of them that may repeat.
    struct Command: Equatable {
        var options: Set<String> = []
        var repeating: Set<String> = []
    }

    /// Each command by its path below the root (`[]` the root, `["sweep", "merge"]`).
    let commands: [[String]: Command]

    /// The options of every command of `Bench.Root`, as the parser declares them for the strategies
    /// and tool name this command line runs with.
    init() {
        self.init(completionScript: Bench.Root.completionScript(for: .bash), toolName: Bench.toolName)
    }

    /// The options a bash completion script of the root command `toolName` lists.
    init(completionScript script: String, toolName: String) {
        let root = "_\(toolName)"
        var commands: [[String]: Command] = [:]
        var path: [String]?
        for line in script.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasSuffix("() {") {
                // A command's function is `_tool_sub_subsub() {`; the script's helpers start with `__`.
                let name = line.dropLast(4)
                path =
                    name == root
                    ? []
                    : name.hasPrefix(root + "_")
                        ? name.dropFirst(root.count + 1).split(separator: "_").map(String.init) : nil
                continue
            }
            guard let path, let (repeats, names) = Self.declaration(in: line) else { continue }
            commands[path, default: Command()].options.formUnion(names)
            if repeats { commands[path, default: Command()].repeating.formUnion(names) }
        }
        self.commands = commands
    }

    /// `repeating_options=(--traces)` → (true, ["--traces"]); nil for any other line.
    private static func declaration(in line: Substring) -> (repeats: Bool, names: [String])? {
        let text = line.drop { $0 == " " }.replacing("local -a ", with: "")
        for (prefix, repeats) in [
            ("repeating_options=(", true), ("repeating_flags=(", true),
            ("non_repeating_options=(", false), ("non_repeating_flags=(", false),
        ] where text.hasPrefix(prefix) && text.hasSuffix(")") {
            let names = text.dropFirst(prefix.count).dropLast().split(separator: " ").map(String.init)
            return (repeats, names.filter { $0.hasPrefix("--") })
        }
        return nil
    }

    /// The command `arguments` (without the executable's name) run: the longest run of leading
    /// arguments that names one.
    func command(of arguments: [String]) -> Command? {
        var path: [String] = []
        for argument in arguments {
            guard commands[path + [argument]] != nil else { break }
            path.append(argument)
        }
        return commands[path]
    }

    /// The long option names (without dashes) `bench` itself declares in any command, not counting
    /// the strategies' own: a strategy option of the same name would be swallowed by the command line
    /// or shadow it, so registration refuses it.
    var names: Set<String> {
        let all = commands.values.reduce(into: Set<String>()) { $0.formUnion($1.options) }
        let strategies = Bench.strategies.all.flatMap { $0.options.map { "--\($0.name)" } }
        return Set(all.subtracting(strategies).map { String($0.dropFirst(2)) }).union(["help", "version"])
    }
}
