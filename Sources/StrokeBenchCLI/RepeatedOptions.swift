/// Refuses an option given twice, before the argument parser sees the command line: the parser keeps
/// the last value of a single-valued option without a word, so `--graver-fade-in 0.2 --graver-fade-in
/// 0.3` or `--csv a.csv --csv b.csv` ran with a value the user may not have meant (issue 21).
enum RepeatedOptions {
    /// The first long option (`--name` or `--name=value`) that appears twice before a `--`, if any,
    /// with the message that refuses it. An option the parser declares repeating for the command
    /// given (`OwnOptions.Command.repeating`: `--traces`, `--budget`) adds a value each time.
    /// The parser is asked only when a name repeats: most command lines repeat nothing.
    static func problem(in arguments: [String]) -> String? {
        var seen: [String: Int] = [:]
        var repeatable: Set<String>?
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { break }
            guard argument.hasPrefix("--"), argument.count > 2 else { continue }
            let name = String(argument.prefix { $0 != "=" })
            if let first = seen[name] {
                if repeatable == nil { repeatable = OwnOptions().command(of: arguments)?.repeating ?? [] }
                if repeatable?.contains(name) == true { continue }
                return
                    "\(name) is given twice (\(value(at: first, in: arguments)), then \(value(at: index, in: arguments))); give it once"
            }
            seen[name] = index
        }
        return nil
    }

    /// What an occurrence says, for the message: its `=value`, the next argument when that is not
    /// an option, or the bare name for a flag.
    private static func value(at index: Int, in arguments: [String]) -> String {
        let argument = arguments[index]
        if let equals = argument.firstIndex(of: "=") { return String(argument[argument.index(after: equals)...]) }
        if index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") { return arguments[index + 1] }
        return argument
    }
}
