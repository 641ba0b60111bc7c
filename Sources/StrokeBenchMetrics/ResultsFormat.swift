/// How `bench compare` and `bench check` print what they found. Each command has one writer per
/// format; the formats, and what each is for, are the same for both.
package enum ResultsFormat: String, CaseIterable, Sendable {
    /// Aligned columns for a terminal.
    case table
    /// One tidy RFC 4180 row per compared configuration (compare) or per check (check).
    case csv
    /// One JSON object with a `format_version`, for scripts.
    case json
    /// A GitHub-flavoured Markdown table, for a pull request, a CI job summary or `results/README.md`.
    case markdown
}
