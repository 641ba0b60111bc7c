/// Text from a file or a name (a trace called `<img src=x onerror=...>.trace`, a strategy's options)
/// made safe for every Markdown writer of bench (`report --format markdown`, `compare` and `check`
/// with `--format markdown`): the tables are meant for pull-request comments and CI summaries, whose
/// renderers pass raw HTML through and end a table row at a line break.
package enum MarkdownText {
    /// `text` for a table cell or a line of prose: `&`, `<` and `>` as HTML entities (so no tag or
    /// entity of the input is rendered), `|` escaped (it would end the cell), and line breaks as
    /// spaces (they would end the row).
    package static func cell(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "|": out += "\\|"
            case "\n", "\r", "\r\n", "\u{2028}", "\u{2029}": out += " "
            default: out.append(character)
            }
        }
        return out
    }

    /// `text` as inline code: inside backticks Markdown renders HTML as written, so only what would
    /// end the span (a backtick) or the line (a line break) is replaced.
    package static func code(_ text: String) -> String {
        "`"
            + text.map { c -> String in
                switch c {
                case "`": "'"
                case "\n", "\r", "\r\n", "\u{2028}", "\u{2029}": " "
                default: String(c)
                }
            }.joined() + "`"
    }
}
