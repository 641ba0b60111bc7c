import ArgumentParser
import Foundation
import StrokeBenchTraces

extension Bench.Trace {
    /// `bench trace info`: what a trace holds and how it was drawn.
    struct Info: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Strokes, samples, duration, sampling interval, speed, curvature and pause distributions of a trace.",
            discussion: "Lengths are in the trace's canvas units, times in seconds (intervals in ms).")

        @Argument(help: "The trace file.")
        var file: String

        @Option(help: "table (for people) or json (one object; keys include strokes, samples, duration_s).")
        var format: FormatOption<TableOrJSON> = .init(.table)

        func run() throws {
            let trace = try readTrace(file)
            let summary = TraceStatistics(trace).summary(canvas: trace.canvas)
            switch format.format {
            case .json: print(try SummaryJSON.encode(summary, format: TraceStatistics.Summary.format))
            default: print(Self.table(summary, trace: trace, name: file))
            }
        }

        static func table(_ s: TraceStatistics.Summary, trace: StrokeBenchTraces.Trace, name: String) -> String {
            let f = SummaryTable.fmt
            var lines = [
                "trace \(name): \(s.strokes) stroke\(s.strokes == 1 ? "" : "s"), \(s.samples) samples, \(f(s.durationS, 3)) s, "
                    + "canvas \(f(s.canvas[0], 0)) x \(f(s.canvas[1], 0)), about \(f(s.sampleRateHz, 1)) Hz"
            ]
            if s.boundingBox.count == 4 {
                lines.append(
                    "bounding box (\(f(s.boundingBox[0], 1)), \(f(s.boundingBox[1], 1))) to (\(f(s.boundingBox[2], 1)), \(f(s.boundingBox[3], 1)))"
                )
            }
            for (k, v) in trace.metadata
            where ["source", "license", "derived", "import-repairs", "generator", "kind", "seed"].contains(k) {
                lines.append("\(k): \(v)")
            }
            lines.append("")
            lines += SummaryTable.align(distributionRows(s))
            return lines.joined(separator: "\n")
        }

        static func distributionRows(_ s: TraceStatistics.Summary) -> [[String]] {
            var rows = [["", "count", "p5", "p25", "p50", "p75", "p95", "mean"]]
            let named: [(String, TraceStatistics.Distribution, Int)] = [
                ("sampling interval (ms)", s.intervalMs, 2), ("stroke duration (s)", s.strokeDurationS, 3),
                ("speed (units/s)", s.speedPerS, 1), ("curvature (rad/unit)", s.curvaturePerUnit, 4),
                ("pen-up pause (s)", s.pauseS, 3),
            ]
            for (name, d, digits) in named {
                rows.append(
                    [name, "\(d.count)"]
                        + [d.p5, d.p25, d.p50, d.p75, d.p95, d.mean].map { SummaryTable.fmt($0, digits) })
            }
            return rows
        }
    }
}
