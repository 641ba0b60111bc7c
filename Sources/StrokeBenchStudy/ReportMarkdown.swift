import StrokeBenchMetrics

/// `bench report --format markdown`: the verdict matrix and the ranking, short enough for a
/// pull-request comment.
public struct ReportMarkdown {
    let study: Study
    let matrix: VerdictMatrix

    public init(study: Study) { self.study = study; matrix = VerdictMatrix(study) }

    public func render() -> String {
        let kind = study.allModelled.map { $0 ? "modelled by the device cost model (docs/device-model.md)" : "measured" } ?? "modelled and measured"
        var lines = ["### StrokeBench verdict, \(kind)", ""]
        if !study.leftOut.isEmpty { lines += ["Left out: \(cell(study.leftOut.joined(separator: "; "))).", ""] }
        lines.append("| strategy | " + matrix.settings.map { cell($0.label(withTrace: matrix.namesTraces)) }.joined(separator: " | ") + " |")
        lines.append("|---|" + matrix.settings.map { _ in "---" }.joined(separator: "|") + "|")
        for strategy in matrix.strategies {
            let cells = matrix.settings.map { setting -> String in
                guard let run = matrix.run(strategy, at: setting) else { return "not run" }
                return "**\(run.verdict.rawValue)**, \(bandText(run.summary))"
            }
            lines.append("| \(cell(strategy)) | " + cells.map(cell).joined(separator: " | ") + " |")
        }
        lines += ["", "#### Ranking", "", Ranking.rule, ""]
        for setting in matrix.settings {
            let entries = Ranking(matrix.runs(at: setting)).entries
            let order = entries.map { entry in
                (entry.tied ? "=" : "") + "\(entry.place). \(entry.run.strategyLabel)"
            }.joined(separator: "; ")
            lines.append("- **\(cell(setting.label(withTrace: true)))**: \(cell(order))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text for a table cell or a line: no raw HTML, `|` or line break of a name gets through (`MarkdownText`).
    private func cell(_ text: String) -> String { MarkdownText.cell(text) }
}
