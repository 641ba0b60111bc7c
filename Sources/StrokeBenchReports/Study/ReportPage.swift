import Foundation
import StrokeBenchMetrics

/// Where a report's figures come from, printed at its foot.
package struct Provenance: Sendable {
    /// StrokeBench's version and the commit `bench` was built from (`unknown` outside a git checkout).
    package var version: String
    package var commit: String
    /// The device cost data's format version, for modelled runs.
    package var deviceDataVersion: Int
    /// When the report was made (UTC).
    package var date: Date
    /// How often the device cost model's ranges held published figures, said beside modelled verdicts.
    package var modelAccuracy: ModelAccuracy?

    package init(
        version: String, commit: String, deviceDataVersion: Int, date: Date, modelAccuracy: ModelAccuracy? = nil
    ) {
        self.version = version
        self.commit = commit
        self.deviceDataVersion = deviceDataVersion
        self.date = date
        self.modelAccuracy = modelAccuracy
    }

    var dateText: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }
}

/// `bench report`'s HTML page: one self-contained file, no network, charts inline as SVG. In order:
/// the verdict matrix, the ranking per device, the charts, each configuration on demand, provenance.
package struct ReportPage {
    let study: Study
    let matrix: VerdictMatrix
    let provenance: Provenance
    /// Each run's frame digest, by its position in `study.runs`; absent for a run without frames.
    let digests: [Int: FrameDigest]
    /// Runs whose per-frame CSV the folder names but does not hold (the committed results keep none).
    let framesMissing: Int
    /// A results history's series to chart (`bench report --history`), and the file they came from;
    /// none by default.
    package var trends: (source: String, series: [TrendSeries])?

    /// Reads every run's per-frame CSV the study has, calling `progress` after each. A CSV that is not
    /// there leaves its run's frame charts out, and the page says how many; one that is there and wrong
    /// is an error.
    /// - Throws: `SweepFolder.Failure` naming the file and line of a bad per-frame CSV.
    package init(study: Study, provenance: Provenance, progress: (Int, Int) -> Void = { _, _ in }) throws {
        self.study = study
        self.provenance = provenance
        matrix = VerdictMatrix(study)
        var digests: [Int: FrameDigest] = [:]
        var missing = 0
        for (index, run) in study.runs.enumerated() {
            if let file = run.framesCSV {
                if FileManager.default.fileExists(atPath: file) {
                    digests[index] = try FrameDigest(csvAt: file)
                } else {
                    missing += 1
                }
            }
            progress(index + 1, study.runs.count)
        }
        self.digests = digests
        framesMissing = missing
    }

    /// How the study's figures were made: `modelled`; `measured on this host (...), timed as each device's
    /// display` (a time taken here is never headed by a device name alone); or both.
    var kind: String {
        switch study.allModelled {
        case true?: "modelled"
        case false?: "measured on this host (\(machines)), timed as each device's display"
        case nil: "modelled and measured on this host (\(machines))"
        }
    }

    /// The page.
    package func html() -> String {
        var page = [Self.head(title: "StrokeBench report: \(study.source)")]
        page.append("<h1>Which way to draw: StrokeBench report</h1>")
        page.append("<p class=\"lede\">\(escaped(lede))</p>")
        if framesMissing > 0 {
            page.append(
                "<p class=\"lede\">\(framesMissing) of \(study.runs.count) runs' per-frame CSVs are not in the study's folder "
                    + "(a copy of results/ keeps none): their frame-cost curves and worst frames are left out.</p>")
        }
        if !study.leftOut.isEmpty {
            page.append("<p class=\"lede\">Left out: \(escaped(study.leftOut.joined(separator: "; "))).</p>")
        }
        page.append(verdictSection())
        page.append(rankingSection())
        page.append(chartsSection())
        page.append(configurationsSection())
        if let trends { page.append(Self.trendSection(trends.series, source: trends.source)) }
        page.append(provenanceSection())
        page.append("</main></body></html>\n")
        return page.joined(separator: "\n")
    }

    private var lede: String {
        let runs = study.runs.count
        switch study.allModelled {
        case true?:
            return
                "Modelled: \(runs) configurations, every figure priced by the device cost model (docs/device-model.md) "
                + "for each device; a band with its share of the model's 64 draws, ranges 5-95%." + caveat
        case false?:
            return
                "Measured: \(runs) configurations, every figure timed on this host (\(machines)) as the devices' displays: "
                + "this machine's time for the device's work, not the device's."
        case nil:
            return
                "Modelled and measured: \(runs) configurations; each says whether it is modelled (the device cost model) "
                + "or measured (this host's time, \(machines), not the device's)." + caveat
        }
    }

    /// The hosts the measured runs were timed on.
    private var machines: String {
        Set(study.runs.filter { !$0.isModelled }.map(\.summary.machine)).sorted().joined(separator: ", ")
    }

    /// ` How certain: ...`: what the model's ranges include and how often they held
    /// (`ModelAccuracy.certainty`); empty without the validation's figures.
    private var caveat: String {
        provenance.modelAccuracy?.certainty.map { " How certain: \($0)." } ?? ""
    }

    private func verdictSection() -> String {
        var rows = [
            "<section id=\"verdict\"><h2>The verdict (\(kind))</h2>",
            "<div class=\"wide\"><table class=\"matrix\"><thead><tr><th>strategy</th>",
        ]
        rows += matrix.settings.map { "<th>\(escaped($0.label(withTrace: matrix.namesTraces)))</th>" }
        rows.append("</tr></thead><tbody>")
        for strategy in matrix.strategies {
            rows.append("<tr><th>\(escaped(strategy))</th>")
            for setting in matrix.settings {
                guard let run = matrix.run(strategy, at: setting) else {
                    rows.append("<td class=\"none\">not run</td>")
                    continue
                }
                let verdict = run.verdict
                let reasons = run.judgement.reasons.map(\.text)
                let detail =
                    (reasons.isEmpty ? "" : reasons.joined(separator: "; ") + ". ")
                    + "\(bandText(run.summary)); \(fmt(run.summary.hitchRatioMsPerS, 1)) ms/s; "
                    + "\(fmt(run.summary.inkUpdatesPerS, 1)) ink updates/s; latency p95 \(fmt(run.summary.latencyMs.p95, 0)) ms"
                    + (study.allModelled == nil ? "; \(run.summary.costs)" : "")
                rows.append(
                    "<td style=\"border-left:6px solid \(Charts.colour(verdict))\"><b>\(escaped(verdict.rawValue))</b>"
                        + "<br><small>\(escaped(detail))</small></td>")
            }
            rows.append("</tr>")
        }
        rows.append("</tbody></table></div></section>")
        return rows.joined()
    }

    /// One line a setting, best first, then the figures behind each order, collapsed: the lines fit
    /// the first screen with the matrix.
    private func rankingSection() -> String {
        let rankings = matrix.settings.map { ($0, Ranking(matrix.runs(at: $0))) }
        var out = ["<section id=\"ranking\"><h2>Ranking per device</h2><ol class=\"ranking\">"]
        for (setting, ranking) in rankings {
            let places = ranking.entries.map { entry in
                "<span style=\"color:\(Charts.colour(entry.run.verdict))\">\(entry.tied ? "=" : "")\(entry.place)&nbsp;"
                    + "<b>\(escaped(entry.run.strategyLabel))</b></span>"
            }
            out.append(
                "<li><b>\(escaped(setting.label(withTrace: true)))</b>: \(places.joined(separator: " &middot; "))</li>")
        }
        out.append("</ol><p class=\"rule\">\(escaped(Ranking.rule)) Colour: the verdict.</p>")
        out.append("<details><summary>The figures behind each ranking</summary>")
        for (setting, ranking) in rankings {
            out.append(
                "<h3>\(escaped(setting.label(withTrace: true)))</h3><table class=\"ranking\"><thead><tr><th>place</th>"
                    + "<th>strategy</th><th>verdict</th><th>hitch ms/s (5-95%)</th><th>dropped % (5-95%)</th>"
                    + "<th>ink latency p95 ms</th><th>ink updates/s</th><th>main + render server busy ms/s</th>"
                    + "<th>placed by</th></tr></thead><tbody>")
            for entry in ranking.entries {
                let s = entry.run.summary
                let place = entry.tied ? "=\(entry.place)" : "\(entry.place)"
                let by = entry.decidedBy ?? "first"
                let lag = RunJudgement.inkLatencyP95(s).map { $0.isFinite ? fmt($0, 0) : "never shown" } ?? ""
                out.append(
                    "<tr><td>\(place)</td><td>\(escaped(entry.run.strategyLabel))</td>"
                        + "<td style=\"color:\(Charts.colour(entry.run.verdict))\"><b>\(escaped(entry.run.verdict.rawValue))</b></td>"
                        + "<td>\(figure(s.hitchRatioMsPerS, s.hitchRatioMsPerSLow, s.hitchRatioMsPerSHigh))</td>"
                        + "<td>\(figure(s.droppedPct, s.droppedPctLow, s.droppedPctHigh))</td><td>\(lag)</td>"
                        + "<td>\(fmt(s.inkUpdatesPerS, 1))</td><td>\(s.busyMsPerS.map { fmt($0, 1) } ?? "")</td>"
                        + "<td>\(escaped(by))</td></tr>")
            }
            out.append("</tbody></table>")
        }
        out.append("</details></section>")
        return out.joined()
    }

    private func figure(_ value: Double, _ low: Double?, _ high: Double?) -> String {
        guard let low, let high else { return fmt(value, 1) }
        return "\(fmt(value, 1)) (\(fmt(low, 1))-\(fmt(high, 1)))"
    }

    private func chartsSection() -> String {
        var out = ["<section id=\"charts\"><h2>Charts (\(kind))</h2>"]
        out.append("<figure class=\"chart\">\(Charts.hitchGrid(matrix, kind: kind))</figure>")
        for setting in matrix.settings {
            let runs = matrix.runs(at: setting)
            let budget = 1000 / setting.hz
            out.append(
                "<figure class=\"chart\">"
                    + Charts.percentiles(
                        runs, setting: setting, title: "Main-thread time a frame", unit: "ms",
                        kind: kind, of: \.mainMs, budget: budget) + "</figure>")
            out.append(
                "<figure class=\"chart\">"
                    + Charts.percentiles(
                        runs, setting: setting, title: "Touch-to-screen latency", unit: "ms",
                        kind: kind, of: \.latencyMs, budget: nil) + "</figure>")
            let series = runs.compactMap {
                run -> (label: String, verdict: DrawingVerdict, points: [(Double, Double)])? in
                guard
                    let index = study.runs.firstIndex(where: { $0.framesCSV == run.framesCSV && run.framesCSV != nil }),
                    let curve = digests[index]?.curve, !curve.isEmpty
                else { return nil }
                return (run.strategyLabel, run.verdict, curve)
            }
            if !series.isEmpty {
                // A run without a line is named, with why: none is left out of the chart without a word.
                let missing = runs.filter { run in !series.contains { $0.label == run.strategyLabel } }.map { run in
                    run.framesCSV == nil
                        ? "\(run.strategyLabel) (no per-frame CSV)"
                        : "\(run.strategyLabel) (\(run.summary.strategy == "null" ? "draws nothing" : "retains no points to plot against"))"
                }
                out.append(
                    "<figure class=\"chart\">\(Charts.costAgainstPoints(series, missing: missing, setting: setting, kind: kind))</figure>"
                )
            }
        }
        out.append("</section>")
        return out.joined(separator: "\n")
    }

    private func configurationsSection() -> String {
        var out = ["<section id=\"configurations\"><h2>Each configuration</h2>"]
        for (index, run) in study.runs.enumerated() {
            let s = run.summary
            let title =
                "\(run.strategyLabel), \(Setting(s).label(withTrace: true)), \(s.costs) costs: \(run.verdict.rawValue)"
            out.append("<details><summary>\(escaped(title))</summary>")
            let facts: [(String, String)] = [
                ("verdict", "\(run.verdict.rawValue); \(bandText(s))"),
                ("hitch ratio", "\(figure(s.hitchRatioMsPerS, s.hitchRatioMsPerSLow, s.hitchRatioMsPerSHigh)) ms/s"),
                ("display-link fps", figure(s.displayLinkFps, s.displayLinkFpsLow, s.displayLinkFpsHigh)),
                (
                    "main thread busy",
                    "\(figure(s.mainThreadBusyPct, s.mainThreadBusyPctLow, s.mainThreadBusyPctHigh)) %"
                ),
                (
                    "main thread ms p50 / p95 / p99",
                    "\(fmt(s.mainMs.p50, 3)) / \(fmt(s.mainMs.p95, 3)) / \(fmt(s.mainMs.p99, 3))"
                ),
                (
                    "touch latency ms p50 / p95 / max",
                    "\(fmt(s.latencyMs.p50, 2)) / \(fmt(s.latencyMs.p95, 2)) / \(fmt(s.latencyMs.max, 2))"
                ),
                ("dropped frames", "\(s.droppedFrames.groupedText) (\(fmt(s.droppedPct, 2))%)"),
                ("worst second", "\(s.droppedWorstSecond) frames dropped; longest run \(s.droppedLongestRun)"),
                (
                    "ink",
                    "\(fmt(s.inkUpdatesPerS, 1)) updates/s with new ink; longest wait \(fmt(s.longestStaleMs, 0)) ms; "
                        + "\(s.samplesNeverShown.groupedText) of \(s.samples.groupedText) samples never shown"
                ),
                ("renders wasted", "\(fmt(s.rendersWastedPct, 1))%"),
                ("frames", "\(s.frames.groupedText) over \(fmt(s.durationS, 2)) s"),
                (
                    "figures",
                    s.costs == "model"
                        ? "modelled for \(s.device) by the device cost model" : "measured on \(s.machine)"
                ),
            ]
            out.append(
                "<table class=\"facts\">"
                    + facts.map { "<tr><th>\(escaped($0.0))</th><td>\(escaped($0.1))</td></tr>" }.joined() + "</table>")
            if let worst = digests[index]?.worst {
                out.append("<div class=\"timeline\">\(Charts.worstFrame(worst, hz: s.hz, kind: kind))</div>")
            }
            if let command = run.command {
                out.append("<p>Reproduce: <code>\(escaped(command))</code></p>")
            }
            out.append("</details>")
        }
        out.append("</section>")
        return out.joined(separator: "\n")
    }

    private func provenanceSection() -> String {
        var facts: [(String, String)] = [
            ("study", study.source),
            ("StrokeBench", "\(provenance.version), commit \(provenance.commit)"),
            ("made", provenance.dateText),
        ]
        if study.runs.contains(where: \.isModelled) {
            facts.append(
                ("device data", "device-costs.json format \(provenance.deviceDataVersion) (docs/device-model.md)"))
        }
        let machines = Set(study.runs.filter { !$0.isModelled }.map(\.summary.machine)).sorted()
        if !machines.isEmpty { facts.append(("measured on", machines.joined(separator: "; "))) }
        return "<section id=\"provenance\"><h2>Provenance</h2><table class=\"facts\">"
            + facts.map { "<tr><th>\(escaped($0.0))</th><td>\(escaped($0.1))</td></tr>" }.joined()
            + "</table></section>"
    }

    private static func head(title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escaped(title))</title>
        <style>
        body { font-family: system-ui, sans-serif; margin: 0; color: #222; background: #fff; }
        main { max-width: 1240px; margin: 0 auto; padding: 8px 16px 40px; }
        h1 { font-size: 20px; margin: 8px 0 2px; } h2 { font-size: 17px; margin: 18px 0 6px; } h3 { font-size: 14px; margin: 12px 0 4px; }
        .lede, .rule { font-size: 13px; color: #444; margin: 2px 0 8px; }
        table { border-collapse: collapse; font-size: 12px; }
        th, td { border: 1px solid #ddd; padding: 3px 6px; text-align: left; vertical-align: top; }
        thead th { background: #f3f3f3; }
        .matrix td { min-width: 130px; } .none { color: #999; }
        ol.ranking { font-size: 13px; margin: 4px 0; padding-left: 18px; } ol.ranking li { margin: 3px 0; list-style: none; }
        figure.chart { margin: 10px 0; } details { margin: 4px 0; } summary { cursor: pointer; font-size: 13px; }
        figure.chart svg { max-width: 100%; height: auto; }
        .wide { overflow-x: auto; max-width: 100%; }
        code { font-size: 12px; background: #f5f5f5; padding: 1px 3px; }
        </style></head><body><main>
        """
    }
}
