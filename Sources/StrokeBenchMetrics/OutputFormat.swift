/// Every way a bench command prints what it found: one list, of which each command writes a subset
/// (its writer's `formats`: `bench run` and the other single-result commands table and json, `bench
/// compare` the first four, `bench check` all but html, `bench history` table, csv and json, `bench
/// report` html, markdown and summary). A format means the same wherever it is accepted.
package enum OutputFormat: String, CaseIterable, Sendable {
    /// Aligned columns for a terminal.
    case table
    /// RFC 4180 rows with a header: one per compared configuration, check, history point or change.
    case csv
    /// One JSON object with a `format_version`, for scripts.
    case json
    /// GitHub-flavoured Markdown, for a pull request, a CI job summary or `results/README.md`.
    case markdown
    /// JUnit XML: a test suite per configuration, a test case per check; a regression is a failure
    /// with its reason, an inconclusive check is skipped with its reason. What GitLab, Jenkins,
    /// Buildkite and most CI dashboards read.
    case junit
    /// github-action-benchmark's `customSmallerIsBetter` JSON: every figure where less is better.
    case githubBenchmark = "github-benchmark"
    /// github-action-benchmark's `customBiggerIsBetter` JSON: every figure where more is better.
    case githubBenchmarkBigger = "github-benchmark-bigger"
    /// The answer in a few lines: the check's heading and what did not pass (Markdown, for a
    /// pull-request comment or `$GITHUB_STEP_SUMMARY`), or the report's five-line answer.
    case summary
    /// One self-contained HTML page.
    case html
}

/// A writer was asked for a format it does not write. The command line accepts only its writer's
/// formats (exit 64 for any other), so this is bench's own mistake, not the user's.
package struct UnsupportedFormat: Error, CustomStringConvertible {
    /// The format asked for.
    package var format: OutputFormat
    /// What was asked to write it (`bench compare`).
    package var writer: String

    /// Creates the error.
    package init(_ format: OutputFormat, writer: String) {
        self.format = format
        self.writer = writer
    }

    package var description: String { "\(writer) does not write --format \(format.rawValue)" }
}
