import Foundation
import StrokeBenchMetrics
import StrokeBenchSpec
import StrokeBenchDevice

/// What `bench` prints with `--format json`: one pretty-printed object with sorted keys.
enum SummaryJSON {
    static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
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

/// The run summary as an aligned table for people, with units and the hitch band in words.
enum SummaryTable {
    /// ` (5-95%: low-high)` over the model's draws, or nothing for a run that is not modelled.
    static func range(_ low: Double?, _ high: Double?, _ digits: Int) -> String {
        guard let low, let high else { return "" }
        return " (5-95%: \(fmt(low, digits))-\(fmt(high, digits)))"
    }

    /// One line a person can act on: the hitch band, and whether ink reached the screen while the pen
    /// moved, which the hitch ratio does not say (a strategy that presents nothing new hitches nothing).
    static func verdict(_ s: RunSummary, band: String) -> String {
        let notShown = s.samplesNeverShown > 0 ? ", and \(s.samplesNeverShown) of \(s.samples) samples never reached the screen" : ""
        if !s.showsInkWhileDrawing {
            return "verdict: ink is NOT shown while drawing (\(fmt(s.inkUpdatesPerS, 1)) updates/s with new ink\(notShown)); the hitch ratio, \(band), measures frame pacing, not ink"
        }
        return "verdict: hitch ratio \(band); ink shown while drawing, \(fmt(s.inkUpdatesPerS, 1)) updates/s\(notShown)"
    }

    static func render(_ s: RunSummary) -> String {
        var lines: [String] = []
        let floor = s.strategy == "null" ? "  (calibration floor: the harness's own overhead)" : ""
        lines.append("strategy \(s.strategy) on \(s.device) at \(fmt(s.hz, 0)) Hz, \(s.clock) clock, \(s.delivery) delivery\(floor)")
        lines.append("trace \(s.trace): \(s.samples) samples, \(fmt(s.durationS, 2)) s replayed in \(s.frames) frames")
        lines.append("")
        let header = ["", "p50", "p90", "p95", "p99", "max"]
        let rows: [(String, Percentiles)] = [
            ("main thread (ms)", s.mainMs), ("render (ms)", s.renderMs), ("composite (ms)", s.compositeMs),
            ("overrun (ms)", s.overrunMs), ("touch latency (ms)", s.latencyMs),
        ]
        var table = [header]
        for (name, p) in rows { table.append([name] + [p.p50, p.p90, p.p95, p.p99, p.max].map { fmt($0, 3) }) }
        if let pen = s.penToPixel {
            table.append(["pen to pixel, by stage (ms):", "", "", "", "", ""])
            for stage in LatencyStage.allCases {
                let p = pen.stagesMs[stage] ?? .zero
                table.append(["  " + stage.label] + [p.p50, p.p90, p.p95, p.p99, p.max].map { fmt($0, 3) })
            }
            var ends = [("  end to end (ms)", pen.endToEndMs), ("  end to end (frames)", pen.endToEndFrames)]
            if let perceived = pen.perceivedMs { ends.append(("  perceived, ink within 1 mm (ms)", perceived)) }
            if let prediction = pen.prediction {
                ends += [("  ghost ink (mm)", prediction.ghostInkMm), ("  ghost ink on screen (ms)", prediction.ghostLifetimeMs)]
            }
            for (name, p) in ends {
                table.append([name] + [p.p50, p.p90, p.p95, p.p99, p.max].map { fmt($0, 3) })
            }
        }
        lines += align(table)
        lines.append("")
        var band: String
        switch s.hitchBand {
        case .good: band = "good (under 5 ms/s)"
        case .warning: band = "warning (5-10 ms/s)"
        case .critical: band = "critical (over 10 ms/s)"
        case .uncertain: band = "uncertain"
        }
        if let shares = s.bandProbabilities {
            band += s.hitchBand == .uncertain ? ": \(shares.description) of the model's draws" : ", in \(shares.description) of the model's draws"
        }
        let c = s.counters
        var facts: [[String]] = [
            ["hitch-time ratio", "\(fmt(s.hitchRatioMsPerS, 2)) ms/s\(range(s.hitchRatioMsPerSLow, s.hitchRatioMsPerSHigh, 2)), \(band)"],
            ["dropped frames", "\(s.droppedFrames) (\(fmt(s.droppedPct, 2))%\(range(s.droppedPctLow, s.droppedPctHigh, 2))), worst second \(s.droppedWorstSecond), longest run \(s.droppedLongestRun)"],
            ["missed vsyncs", "\(s.missedVsyncs)"],
            ["display-link fps", "\(fmt(s.displayLinkFps, 1))\(range(s.displayLinkFpsLow, s.displayLinkFpsHigh, 1)) callbacks/s while input was drawn, main thread busy \(fmt(s.mainThreadBusyPct, 1))%\(range(s.mainThreadBusyPctLow, s.mainThreadBusyPctHigh, 1))"],
            ["main-thread growth", "\(fmt(s.mainUsPerThousandPoints, 0)) us per 1000 points drawn"],
            ["ink on screen", "\(fmt(s.inkUpdatesPerS, 1)) updates/s with new ink while drawing, longest wait \(fmt(s.longestStaleMs, 0)) ms, \(s.samplesNeverShown) samples never shown"],
            ["renders wasted", "\(fmt(s.rendersWastedPct, 1))% cancelled or thrown away"],
            ["pixels rasterized", "\(c.pixelsRasterized)"],
            ["bytes copied", "\(c.bytesCopied)"],
            ["segments stroked", "\(c.segmentsStroked)"],
            ["bitmaps allocated", "\(c.bitmapsAllocated)"],
            ["tasks started / cancelled / superseded", "\(c.tasksStarted) / \(c.tasksCancelled) / \(c.tasksSuperseded) (threads peak \(c.threadsPeak))"],
            ["cpu time", "\(s.cpuS.map { fmt($0, 2) } ?? "-") s, peak memory \(s.peakMemoryMB.map { fmt($0, 0) } ?? "-") MB"],
        ]
        if let pen = s.penToPixel {
            let targets = pen.withinPct, device = DeviceProfile.named(s.device).map { DeviceLatency(device: $0, hz: s.hz) }
            let assumed = device.map { d in
                "; device stages at the middle of ranges no one has published (transport \(fmt(d.transport.low ?? 0, 0))-\(fmt(d.transport.high ?? 0, 0)) ms, "
                    + "panel \(fmt(d.panelResponse.low ?? 0, 1))-\(fmt(d.panelResponse.high ?? 0, 1)) ms)"
            } ?? ""
            facts.append(["pen to pixel", "within 9 ms \(fmt(targets.ms9, 1))%, 13 ms \(fmt(targets.ms13, 1))%, one frame (\(fmt(1000 / s.hz, 1)) ms) "
                          + "\(fmt(targets.oneFrame, 1))%, 50 ms \(fmt(targets.ms50, 1))% of samples; dominant stage: \(pen.dominantStage.label)\(assumed)"])
            if let lag = pen.spatialLag {
                let bands = lag.bySpeed.filter { $0.vsyncs > 0 }.map { band in
                    "\(fmt(band.fromMmPerS, 0))\(band.toMmPerS.map { "-\(fmt($0, 0))" } ?? "+") mm/s \(fmt(band.lagMm.p50, 2))"
                }
                facts.append(["ink behind the pen (mm)", "p50 / p95 straight \(fmt(lag.straightMm.p50, 2)) / \(fmt(lag.straightMm.p95, 2)), "
                              + "curved \(fmt(lag.curvedMm.p50, 2)) / \(fmt(lag.curvedMm.p95, 2)); p50 by pen speed: \(bands.joined(separator: ", "))"])
            }
            if let p = pen.prediction {
                facts.append(["predicted touches", "\(p.predictor), \(fmt(p.horizonMs, 1)) ms ahead: \(p.segments) provisional segments, "
                              + "\(fmt(p.retractionsPerS, 2)) ghosts over \(fmt(PredictionFigures.ghostThresholdMm, 1)) mm taken back a second of drawing, "
                              + "render server \(p.extraPixels) px and \(fmt(p.extraCompositeMs, 1)) ms more"])
            }
            if let w = pen.wetInk {
                facts.append(["wet ink (front buffer)", "\(w.writes) writes, \(w.tornWrites) torn by the scan-out (\(fmt(w.tornPct, 1))%), "
                              + "write p50 / p95 \(fmt(w.writeMs.p50, 3)) / \(fmt(w.writeMs.p95, 3)) ms, \(w.pixels) px; "
                              + "\(w.samplesFirstShown) samples lit first by it (a what-if: iOS has no public front-buffer API)"])
            }
        }
        if let p = s.picture {
            let verdict = p.matchesReference ? "matches the reference" : "DIFFERS from the reference"
            facts.append(["final picture", "\(verdict): \(fmt(p.differingPct, 4))% of pixels differ, max channel diff \(p.maxChannelDiff)"])
        } else if s.costs != "measured" {
            facts.append(["final picture", "not drawn: a dry replay counts the work without rasterizing (--raster draws it)"])
        }
        lines += align(facts)
        lines.append(verdict(s, band: band))
        switch s.costs {
        case "model": lines.append("timings modelled for \(s.device) by the device cost model (docs/device-model.md); cpu time and memory measured on \(s.machine)")
        case "zero": lines.append("timings zero by request (--costs zero); cpu time and memory measured on \(s.machine)")
        default: lines.append("measured on \(s.machine)")
        }
        return lines.joined(separator: "\n")
    }

    static func fmt(_ v: Double, _ digits: Int) -> String { v.fixed(digits) }

    /// Left-aligns the first column and right-aligns the rest.
    static func align(_ rows: [[String]]) -> [String] {
        let widths = (0..<(rows.map(\.count).max() ?? 0)).map { col in rows.map { col < $0.count ? $0[col].count : 0 }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                return i == 0 ? cell + pad : (row.count == 2 ? cell : pad + cell)
            }.joined(separator: "  ")
        }
    }
}
