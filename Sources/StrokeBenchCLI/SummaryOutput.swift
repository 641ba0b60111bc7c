import Foundation
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchSpec

/// What `bench` prints with `--format json`: one pretty-printed object with sorted keys.
enum SummaryJSON {
    static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = ResultsJSON.encoder(escapingSlashes: true, nonFiniteAsText: true)
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// `value` with `format_version` among its own top-level keys, for an output whose type does not
    /// write its version itself: scripts keep reading the keys they read, and can check the version.
    static func encode<T: Encodable>(_ value: T, format: FormatVersion) throws -> String {
        try encode(Versioned(value: value, format: format))
    }

    private struct Versioned<Value: Encodable>: Encodable {
        var value: Value
        var format: FormatVersion
        enum Key: String, CodingKey { case formatVersion = "format_version" }

        func encode(to encoder: any Encoder) throws {
            try value.encode(to: encoder)
            // A second keyed container at the same level adds its keys to the value's object.
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(format.current, forKey: .formatVersion)
        }
    }
}

/// `bench run --format json`: the run summary with its one judgement beside its figures, `verdict`
/// (the word every output prints) and `reasons` (the failing dimensions, worst first).
struct JudgedSummary: Encodable {
    var summary: RunSummary
    init(_ summary: RunSummary) { self.summary = summary }

    private enum Key: String, CodingKey { case verdict, reasons }

    func encode(to encoder: any Encoder) throws {
        try summary.encode(to: encoder)
        let judgement = summary.judgement
        // A second keyed container at the same level adds its keys to the summary's object.
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(judgement.verdict, forKey: .verdict)
        try container.encode(judgement.reasons, forKey: .reasons)
    }
}

/// The run summary as an aligned table for people, with units and the hitch band in words.
enum SummaryTable {
    /// ` (5-95%: low-high)` over the model's draws, or nothing for a run that is not modelled.
    static func range(_ low: Double?, _ high: Double?, _ digits: Int) -> String {
        guard let low, let high else { return "" }
        return " (5-95%: \(fmt(low, digits))-\(fmt(high, digits)))"
    }

    /// Where the figures come from, said first: `modelled for ipad-pro-11 by the device cost model`,
    /// `measured on this host (…), timed as ipad-pro-11's display`, or zero costs.
    static func provenance(_ s: RunSummary) -> String {
        switch s.costs {
        case "model": "modelled for \(s.device) by the device cost model (docs/device-model.md)"
        case "zero": "zero costs by request (--costs zero): work counted, not timed, on \(s.device)'s display"
        default: "measured on this host (\(s.machine)), timed as \(s.device)'s display"
        }
    }

    /// The verdict line and, for a modelled run, the line that says what its ranges include and how
    /// often such ranges held (`ModelAccuracy.certainty`).
    static func verdict(_ s: RunSummary) -> [String] {
        var lines = ["verdict: \(s.judgement.summary)"]
        if s.costs == "model", let certainty = ModelAccuracy.shipped?.certainty {
            lines.append("certainty: \(certainty)")
        }
        return lines
    }

    /// The run top-down: where the figures come from, the verdict and its reasons; then frames; then the
    /// per-frame distributions; then ink, led by one latency (pen to pixel, end to end); then the work.
    static func render(_ s: RunSummary) -> String {
        var lines: [String] = []
        let floor = s.strategy == "null" ? "  (calibration floor: the harness's own overhead)" : ""
        lines.append(
            "\(provenance(s)): strategy \(s.strategy) at \(fmt(s.hz, 0)) Hz, \(s.clock) clock, \(s.delivery) delivery\(floor)"
        )
        lines += verdict(s)
        lines.append(
            "trace \(s.trace): \(grouped(s.samples)) samples, \(fmt(s.durationS, 2)) s replayed in \(grouped(s.frames)) frames"
        )
        lines.append("")
        lines += align(frames(s))
        lines.append("")
        lines += align(distributions(s))
        lines.append("")
        lines += align(ink(s))
        lines.append("")
        lines += align(work(s))
        switch s.costs {
        case "model":
            lines.append(
                "timings modelled for \(s.device) by the device cost model (docs/device-model.md); cpu time and memory measured on \(s.machine)"
            )
        case "zero":
            lines.append("timings zero by request (--costs zero); cpu time and memory measured on \(s.machine)")
        default: lines.append("measured on \(s.machine)")
        }
        return lines.joined(separator: "\n")
    }

    /// Frame pacing: the hitch ratio with its band, dropped frames, missed vsyncs, the display link.
    private static func frames(_ s: RunSummary) -> [[String]] {
        var band: String
        switch s.hitchBand {
        case .good: band = "good (under 5 ms/s)"
        case .warning: band = "warning (5-10 ms/s)"
        case .critical: band = "critical (over 10 ms/s)"
        case .uncertain: band = "uncertain"
        }
        if let shares = s.bandProbabilities {
            band +=
                s.hitchBand == .uncertain
                ? ": \(shares.description) of the model's draws" : ", in \(shares.description) of the model's draws"
        }
        return [
            s.input == InputMode.maxSpeed.rawValue
                ? maxSpeedDrive(s)
                : [
                    "hitch-time ratio",
                    "\(fmt(s.hitchRatioMsPerS, 2)) ms/s\(range(s.hitchRatioMsPerSLow, s.hitchRatioMsPerSHigh, 2)), \(band)",
                ],
            [
                "dropped frames",
                "\(grouped(s.droppedFrames)) (\(fmt(s.droppedPct, 2))%\(range(s.droppedPctLow, s.droppedPctHigh, 2))), worst second \(s.droppedWorstSecond), longest run \(s.droppedLongestRun)",
            ],
            ["missed vsyncs", grouped(s.missedVsyncs)],
            [
                "display-link fps",
                "\(fmt(s.displayLinkFps, 1))\(range(s.displayLinkFpsLow, s.displayLinkFpsHigh, 1)) callbacks/s while input was drawn, main thread busy \(fmt(s.mainThreadBusyPct, 1))%\(range(s.mainThreadBusyPctLow, s.mainThreadBusyPctHigh, 1))"
                    + (s.renderServerBusyPct.map {
                        ", render server busy \(fmt($0, 1))%\(range(s.renderServerBusyPctLow, s.renderServerBusyPctHigh, 1))"
                    } ?? ""),
            ],
        ]
    }

    /// A max-speed drive saturates the main thread by design, so a hitch ratio says nothing of it: the
    /// row gives what the companion app measured instead, its FPS label (display-link callbacks a second)
    /// and the points it drew a second.
    private static func maxSpeedDrive(_ s: RunSummary) -> [String] {
        let pointsPerS = s.durationS > 0 ? Double(s.samples) / s.durationS : 0
        return [
            "max-speed drive",
            "FPS label \(fmt(s.displayLinkFps, 1))\(range(s.displayLinkFpsLow, s.displayLinkFpsHigh, 1)), \(fmt(pointsPerS, 0)) points a second drawn (no hitch ratio: the drive saturates the main thread by design)",
        ]
    }

    /// The per-frame distributions, and each shown sample's latency by stage.
    private static func distributions(_ s: RunSummary) -> [[String]] {
        let rows: [(String, Percentiles)] = [
            ("main thread (ms)", s.mainMs), ("render (ms)", s.renderMs), ("composite (ms)", s.compositeMs),
            ("overrun (ms; below 0: slack)", s.overrunMs), ("touch latency (ms)", s.latencyMs),
        ]
        var table = [["", "p50", "p90", "p95", "p99", "max"]]
        for (name, p) in rows { table.append([name] + [p.p50, p.p90, p.p95, p.p99, p.max].map { fmt($0, 3) }) }
        guard let pen = s.penToPixel else { return table }
        table.append(["pen to pixel, by stage (ms; samples shown):", "", "", "", "", ""])
        for stage in LatencyStage.allCases {
            let p = pen.stagesMs[stage] ?? .zero
            table.append(["  " + stage.label] + [p.p50, p.p90, p.p95, p.p99, p.max].map { fmt($0, 3) })
        }
        var ends = [("  end to end (ms)", pen.endToEndMs), ("  end to end (frames)", pen.endToEndFrames)]
        if let perceived = pen.perceivedMs { ends.append(("  perceived, ink within 1 mm (ms)", perceived)) }
        if let prediction = pen.prediction {
            ends += [
                ("  ghost ink (mm)", prediction.ghostInkMm), ("  ghost ink on screen (ms)", prediction.ghostLifetimeMs),
            ]
        }
        for (name, p) in ends { table.append([name] + [p.p50, p.p90, p.p95, p.p99, p.max].map { fmt($0, 3) }) }
        return table
    }

    /// What the person drawing sees: one headline latency first, then how often and how far behind.
    private static func ink(_ s: RunSummary) -> [[String]] {
        var facts: [[String]] = []
        let neverShownPct = s.samples > 0 ? 100 * Double(s.samplesNeverShown) / Double(s.samples) : 0
        if let pen = s.penToPixel {
            // Never-shown samples are beyond any latency: a percentile that falls on one reads "never".
            func at(_ rank: Double, _ value: Double) -> String {
                100 - neverShownPct < rank ? "never" : "\(fmt(value, 1)) ms"
            }
            // With modelled costs, each end-to-end or perceived figure's range where it is a time.
            func ranged(_ rank: Double, _ value: Double, _ low: Double?, _ high: Double?) -> String {
                100 - neverShownPct < rank ? "never" : at(rank, value) + range(low, high, 1)
            }
            let p50 = ranged(50, pen.endToEndMs.p50, s.latencyE2eMsP50Low, s.latencyE2eMsP50High)
            let p95 = ranged(95, pen.endToEndMs.p95, s.latencyE2eMsP95Low, s.latencyE2eMsP95High)
            var headline = "p50 \(p50), p95 \(p95) from pen to first pixels"
            if s.samplesNeverShown > 0 {
                headline += "; \(grouped(s.samplesNeverShown)) of \(grouped(s.samples)) samples never shown"
            }
            facts.append(["ink latency, end to end", headline])
            if let perceived = pen.perceivedMs {
                let p50 = ranged(50, perceived.p50, s.perceivedLatencyMsP50Low, s.perceivedLatencyMsP50High)
                let p95 = ranged(95, perceived.p95, s.perceivedLatencyMsP95Low, s.perceivedLatencyMsP95High)
                facts.append([
                    "perceived (what prediction buys)", "p50 \(p50), p95 \(p95) until ink is within 1 mm of the pen",
                ])
            }
        } else {
            facts.append(["ink latency, end to end", "never: no sample was shown"])
        }
        facts.append([
            "ink on screen",
            "\(fmt(s.inkUpdatesPerS, 1)) updates/s with new ink while the pen moved (at most \(fmt(s.hz, 0))), longest wait \(fmt(s.longestStaleMs, 0)) ms",
        ])
        guard let pen = s.penToPixel else { return facts }
        let targets = pen.withinPct
        let device = DeviceProfile.named(s.device).map { DeviceLatency(device: $0, hz: s.hz) }
        let assumed =
            device.map { d in
                "; device stages at the middle of ranges no one has published (transport \(fmt(d.transport.low ?? 0, 0))-\(fmt(d.transport.high ?? 0, 0)) ms, "
                    + "panel \(fmt(d.panelResponse.low ?? 0, 1))-\(fmt(d.panelResponse.high ?? 0, 1)) ms)"
            } ?? ""
        let dominant = pen.namedDominantStage.map { "dominant stage: \($0.label)" } ?? "no single stage dominates"
        facts.append([
            "pen to pixel",
            "within 9 ms \(share(targets.ms9))%, 13 ms \(share(targets.ms13))%, one frame (\(fmt(1000 / s.hz, 1)) ms) "
                + "\(share(targets.oneFrame))%, 50 ms \(share(targets.ms50))% of samples; \(dominant)\(assumed)",
        ])
        if let lag = pen.spatialLag {
            let bands = lag.bySpeed.filter { $0.vsyncs > 0 }.map { band in
                "\(fmt(band.fromMmPerS, 0))\(band.toMmPerS.map { "-\(fmt($0, 0))" } ?? "+") mm/s \(fmt(band.lagMm.p50, 2))"
            }
            facts.append([
                "ink behind the pen (mm)",
                "p50 / p95 straight \(fmt(lag.straightMm.p50, 2)) / \(fmt(lag.straightMm.p95, 2)), "
                    + "curved \(fmt(lag.curvedMm.p50, 2)) / \(fmt(lag.curvedMm.p95, 2)); p50 by pen speed: \(bands.joined(separator: ", "))",
            ])
        }
        if let p = pen.prediction {
            facts.append([
                "predicted touches",
                "\(p.predictor), \(fmt(p.horizonMs, 1)) ms ahead: \(grouped(p.segments)) provisional segments, "
                    + "\(fmt(p.retractionsPerS, 2)) ghosts over \(fmt(PredictionFigures.ghostThresholdMm, 1)) mm taken back a second of drawing, "
                    + "render server \(grouped(p.extraPixels)) px and \(fmt(p.extraCompositeMs, 1)) ms more",
            ])
        }
        if let w = pen.wetInk {
            facts.append([
                "wet ink (front buffer)",
                "\(grouped(w.writes)) writes, \(grouped(w.tornWrites)) torn by the scan-out (\(fmt(w.tornPct, 1))%), "
                    + "write p50 / p95 \(fmt(w.writeMs.p50, 3)) / \(fmt(w.writeMs.p95, 3)) ms, \(grouped(w.pixels)) px; "
                    + "\(grouped(w.samplesFirstShown)) samples lit first by it (a what-if: iOS has no public front-buffer API)",
            ])
        }
        return facts
    }

    /// The work done: growth with the drawing, renders wasted, the counters, the process, the picture.
    private static func work(_ s: RunSummary) -> [[String]] {
        let c = s.counters
        var facts: [[String]] = [
            [
                "main-thread growth",
                s.mainUsPerThousandPoints > 0.5
                    ? "\(fmt(s.mainUsPerThousandPoints, 0)) us per 1000 points drawn"
                    : "no growth with the points drawn",
            ],
            ["renders wasted", "\(fmt(s.rendersWastedPct, 1))% cancelled or thrown away"],
            ["pixels rasterized", grouped(c.pixelsRasterized)],
            ["bytes copied", grouped(c.bytesCopied)],
            ["segments stroked", grouped(c.segmentsStroked)],
            ["bitmaps allocated", grouped(c.bitmapsAllocated)],
            [
                "tasks started / cancelled / superseded",
                "\(grouped(c.tasksStarted)) / \(grouped(c.tasksCancelled)) / \(grouped(c.tasksSuperseded)) (threads peak \(c.threadsPeak))",
            ],
            [
                "cpu time",
                "\(s.cpuS.map { fmt($0, 2) } ?? "-") s, peak memory \(s.peakMemoryMB.map { fmt($0, 0) } ?? "-") MB",
            ],
        ]
        if let p = s.picture {
            let verdict = p.matchesReference ? "matches the reference" : "DIFFERS from the reference"
            facts.append([
                "final picture",
                "\(verdict): \(fmt(p.differingPct, 4))% of pixels differ, max channel diff \(p.maxChannelDiff)",
            ])
        } else if s.costs != "measured" {
            facts.append([
                "final picture", "not drawn: a dry replay counts the work without rasterizing (--raster draws it)",
            ])
        }
        return facts
    }

    static func fmt(_ v: Double, _ digits: Int) -> String { v.fixed(digits) }

    /// A share in percent to one decimal that never reads 100.0 unless it is 100: a share of samples
    /// within a target while one of them is not reads 99.9, not 100.
    static func share(_ pct: Double) -> String {
        pct < 100 ? ((min(pct, 99.9) * 10).rounded(.down) / 10).fixed(1) : pct.fixed(1)
    }

    /// `12,345,678`: a counter with thousands separators, so its size reads at a glance.
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return (n < 0 ? "-" : "") + out
    }

    /// Left-aligns the first column and right-aligns the rest.
    static func align(_ rows: [[String]]) -> [String] {
        let widths = (0..<(rows.map(\.count).max() ?? 0)).map { col in
            rows.map { col < $0.count ? $0[col].count : 0 }.max() ?? 0
        }
        return rows.map { row in
            row.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                return i == 0 ? cell + pad : (row.count == 2 ? cell : pad + cell)
            }.joined(separator: "  ")
        }
    }
}
