import ArgumentParser
import Foundation
import StrokeBenchTraces

extension Bench.Trace {
    /// `bench trace compare`: two traces' drawing statistics side by side, the check of the generator
    /// against recorded people in docs/generator-vs-humans.md.
    struct Compare: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare the drawing statistics of two traces (p25 / p50 / p75 of each distribution).",
            discussion: "Lengths are compared in each trace's own canvas units; use traces on comparable canvases.")

        @Argument(help: "The first trace (for example an imported human session).")
        var first: String

        @Argument(help: "The second trace (for example a generated one).")
        var second: String

        func run() throws {
            let a = TraceStatistics(try readTrace(first))
            let b = TraceStatistics(try readTrace(second))
            let f = SummaryTable.fmt
            var rows = [["statistic", "\(first) p25 / p50 / p75", "\(second) p25 / p50 / p75", "p50 ratio"]]
            let measures: [(String, [Double], [Double], Double, Int)] = [
                ("sampling interval (ms)", a.intervals, b.intervals, 1000, 2),
                ("stroke duration (s)", a.strokeDurations, b.strokeDurations, 1, 3),
                ("speed (units/s)", a.speeds, b.speeds, 1, 1),
                ("curvature (rad/unit)", a.curvatures, b.curvatures, 1, 4),
                ("pen-up pause (s)", a.pauses, b.pauses, 1, 3),
            ]
            for (name, x, y, unit, digits) in measures {
                let px = TraceStatistics.percentiles(x, [0.25, 0.5, 0.75]) ?? [0, 0, 0]
                let py = TraceStatistics.percentiles(y, [0.25, 0.5, 0.75]) ?? [0, 0, 0]
                let ratio = px[1] != 0 ? f(py[1] / px[1], 2) : "-"
                rows.append([
                    name, px.map { f($0 * unit, digits) }.joined(separator: " / "),
                    py.map { f($0 * unit, digits) }.joined(separator: " / "), ratio,
                ])
            }
            print(SummaryTable.align(rows).joined(separator: "\n"))
        }
    }
}
