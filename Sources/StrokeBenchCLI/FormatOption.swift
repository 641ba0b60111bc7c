import ArgumentParser
import StrokeBenchHistory
import StrokeBenchMetrics
import StrokeBenchRegression
import StrokeBenchReports

/// The formats one command writes: a subset of `OutputFormat`, in the order its help lists them.
protocol FormatChoices {
    /// The formats, the first the usual default.
    static var formats: [OutputFormat] { get }
}

/// A command's `--format`: one `OutputFormat` among those the command writes (`Choices`). The parser
/// refuses any other value, another command's format too, as it refuses any bad value (exit 64, one
/// line naming `--format` and this command's values), and `--help` lists this command's values only.
struct FormatOption<Choices: FormatChoices>: ExpressibleByArgument {
    /// The format asked for.
    var format: OutputFormat

    /// The option's default; `format` must be one of `Choices.formats`.
    init(_ format: OutputFormat) {
        precondition(Choices.formats.contains(format), "\(format) is not among \(Choices.self)'s formats")
        self.format = format
    }

    init?(argument: String) {
        guard let format = OutputFormat(rawValue: argument), Choices.formats.contains(format) else { return nil }
        self.format = format
    }

    static var allValueStrings: [String] { Choices.formats.map(\.rawValue) }

    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }

    var defaultValueDescription: String { format.rawValue }
}

/// A single result, for people or for scripts: `bench run`, `list`, `trace info`, `ramp`,
/// `model validate` and `calibrate`.
enum TableOrJSON: FormatChoices {
    static let formats: [OutputFormat] = [.table, .json]
}

/// `bench compare`'s formats (`Comparison.formats`).
enum CompareFormats: FormatChoices {
    static var formats: [OutputFormat] { Comparison.formats }
}

/// `bench check`'s and `bench baseline diff`'s formats (`CheckReport.formats`).
enum CheckFormats: FormatChoices {
    static var formats: [OutputFormat] { CheckReport.formats }
}

/// `bench history show`'s and `changes`' formats (`HistoryOutput.formats`).
enum HistoryFormats: FormatChoices {
    static var formats: [OutputFormat] { HistoryOutput.formats }
}

/// `bench report`'s formats: the page, or its answer in Markdown at two lengths.
enum ReportFormats: FormatChoices {
    static let formats: [OutputFormat] = [.html, .markdown, .summary]
}
