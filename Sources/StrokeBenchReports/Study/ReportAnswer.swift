import StrokeBenchMetrics

/// `bench report --format summary`: the study's answer in five lines, for the top of a README or a
/// pull request: which strategies keep up where, which may hitch, which fail and why, how certain, and
/// where the figures come from. Every line is read off the runs' one judgement (`RunJudgement`).
package struct ReportAnswer {
    let study: Study
    let matrix: VerdictMatrix
    /// How often the device cost model's ranges held published figures, said for modelled studies.
    let modelAccuracy: ModelAccuracy?

    package init(study: Study, modelAccuracy: ModelAccuracy? = nil) {
        self.study = study
        self.modelAccuracy = modelAccuracy
        matrix = VerdictMatrix(study)
    }

    /// Five lines of markdown, each a list item.
    package func render() -> String {
        let everywhere = matrix.settings.count
        var keepsUp: [String] = []
        var mayHitch: [String] = []
        var fails: [String] = []
        // null, the harness's own floor, draws nothing by design: it is not an answer.
        for strategy in matrix.strategies where strategy != "null" {
            let runs = matrix.settings.compactMap { matrix.run(strategy, at: $0) }
            let judgements = runs.map(\.judgement)
            let good = zip(runs, judgements).filter { $0.1.verdict == .keepsUp }.map { Setting($0.0.summary) }
            let failing = judgements.filter { $0.level >= 2 }
            if good.count == runs.count {
                keepsUp.append(runs.count == everywhere ? strategy : "\(strategy) (where run)")
            } else if failing.isEmpty {
                mayHitch.append("\(strategy) (keeps up on \(good.count) of \(runs.count) settings)")
            } else {
                // What fails, in the words of its reasons' verdicts, most often first.
                var counts: [DrawingVerdict: Int] = [:]
                for judgement in failing {
                    for reason in judgement.reasons where reason.excess > 0 { counts[reason.verdict, default: 0] += 1 }
                }
                let why = counts.sorted { ($1.value, $0.key.rank) < ($0.value, $1.key.rank) }.map(\.key.rawValue)
                    .joined(separator: ", ")
                fails.append("\(strategy) (\(why); fails on \(failing.count) of \(runs.count) settings)")
            }
        }
        let settings = matrix.settings.map { $0.label(withTrace: false) }.reduce(into: [String]()) {
            if !$0.contains($1) { $0.append($1) }
        }
        var lines = [
            "- **Keeps up everywhere:** \(list(keepsUp)).",
            "- **May hitch** (the model's draws disagree, or not everywhere good): \(list(mayHitch)).",
            "- **Fails:** \(list(fails)).",
        ]
        // A modelled study says what its ranges include (`ModelAccuracy.certainty`); only a study with
        // measured runs is this host's time.
        if study.allModelled != false, let certainty = modelAccuracy?.certainty {
            lines.append("- **How certain:** \(certainty).")
        } else if study.allModelled != true {
            lines.append(
                "- **How certain:** measured on this host (\(machines)): this machine's time, not the device's.")
        }
        lines.append(
            "- **Where:** \(study.provenance), \(study.runs.count) runs on \(settings.joined(separator: "; ")).")
        return lines.joined(separator: "\n") + "\n"
    }

    private var machines: String { Set(study.runs.map(\.summary.machine)).sorted().joined(separator: ", ") }

    private func list(_ items: [String]) -> String { items.isEmpty ? "none" : items.joined(separator: "; ") }
}
