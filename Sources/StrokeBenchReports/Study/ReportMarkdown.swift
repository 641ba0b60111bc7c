import StrokeBenchMetrics

/// `bench report --format markdown`: the verdict matrix and the ranking, short enough for a
/// pull-request comment.
package struct ReportMarkdown {
    let study: Study
    let matrix: VerdictMatrix
    /// How often the device cost model's ranges held published figures, said beside modelled verdicts.
    let modelAccuracy: ModelAccuracy?

    package init(study: Study, modelAccuracy: ModelAccuracy? = nil) {
        self.study = study
        self.modelAccuracy = modelAccuracy
        matrix = VerdictMatrix(study)
    }

    package func render() -> String {
        let kind = study.provenance
        var lines = ["### StrokeBench verdict, \(kind)", ""]
        if study.allModelled != false, let certainty = modelAccuracy?.certainty {
            lines += ["How certain: \(certainty).", ""]
        }
        if !study.leftOut.isEmpty { lines += ["Left out: \(cell(study.leftOut.joined(separator: "; "))).", ""] }
        lines.append(
            "| strategy | "
                + matrix.settings.map { cell($0.label(withTrace: matrix.namesTraces)) }.joined(separator: " | ") + " |")
        lines.append("|---|" + matrix.settings.map { _ in "---" }.joined(separator: "|") + "|")
        for strategy in matrix.strategies {
            let cells = matrix.settings.map { setting -> String in
                guard let run = matrix.run(strategy, at: setting) else { return "not run" }
                let reasons = run.judgement.reasons.map(\.text).joined(separator: "; ")
                return "**\(run.verdict.rawValue)**" + (reasons.isEmpty ? ", \(bandText(run.summary))" : ": \(reasons)")
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
