import StrokeBenchCapacity
import StrokeBenchSpec

/// A ramp study as a table for people: the capacities, labelled modelled or measured, then the
/// crossings and, per device, which strategies hold longest.
enum RampTable {
    static func render(_ study: RampStudy) -> String {
        var lines: [String] = []
        let kinds = Set(
            study.ramps.map {
                $0.spec.costs == .measured
                    ? "measured on this machine" : $0.spec.costs == .model ? "modelled (--costs model)" : "zero costs"
            })
        let drawings = Set(study.ramps.map(\.drawing)).sorted().joined(separator: ", ")
        let speed = study.ramps.first.map { $0.axis != .history } ?? false
        let what =
            speed
            ? "the fastest pen (pt/s) each strategy still keeps up with, at \(study.ramps.first.map { r in if case .penSpeed(let h) = r.axis { h.groupedText } else { "" } } ?? "") retained points"
            : "retained points at which each strategy still keeps up"
        lines.append("capacity: \(what); \(kinds.sorted().joined(separator: ", ")); drawing: \(drawings)")
        lines.append("")
        var table = [
            [
                "strategy", "device", "hz", speed ? "capacity (pt/s)" : "capacity (points)", "range", "strokes",
                "minutes",
                speed ? "us per 1000 pt/s" : "us/1000 pts", "first failure",
            ]
        ]
        for r in study.ramps {
            table.append([
                r.strategy, r.device.name, SummaryTable.fmt(r.hz, 0), capacity(r),
                r.interval.map { "\($0.low.groupedText)-\($0.high.groupedText)" } ?? "",
                r.strokes.map(String.init) ?? "", r.minutes.map { SummaryTable.fmt($0, 1) } ?? "",
                r.fit.map { SummaryTable.fmt($0.slopeUsPer1000Points, 1) } ?? "",
                r.firstFailure.map {
                    "\($0.points.groupedText)\(r.axis == .history ? "" : " pt/s"): \($0.failure ?? "")"
                } ?? "none",
            ])
        }
        lines += SummaryTable.align(table)
        let bases = Set(study.ramps.compactMap { r in r.interval.map { _ in r.spec.costs } })
        if !bases.isEmpty {
            lines.append("")
            if bases.contains(.model) {
                lines.append(
                    "range: 5-95% of the capacities at the device model's draws (a draw held to the limit counts at it)"
                )
            }
            if let measured = study.ramps.first(where: { $0.spec.costs == .measured })?.interval {
                lines.append("range: \(measured.basis)")
            }
        }
        if !study.crossings.isEmpty {
            lines.append("")
            for c in study.crossings {
                lines.append(
                    "\(c.device) @ \(SummaryTable.fmt(c.hz, 0)) Hz: \(c.cheaperBelow) costs less below \(c.points.groupedText) \(c.axis.unit), \(c.cheaperAbove) above"
                )
            }
        }
        lines += holding(study)
        return lines.joined(separator: "\n")
    }

    /// Per device and rate with more than one strategy: who holds the most, in order.
    private static func holding(_ study: RampStudy) -> [String] {
        var lines: [String] = []
        var seen: [String] = []
        for r in study.ramps where !seen.contains("\(r.device.name)@\(r.hz)") {
            seen.append("\(r.device.name)@\(r.hz)")
            let group = study.ramps.filter { $0.device.name == r.device.name && $0.hz == r.hz }
            guard group.count > 1 else { continue }
            let ordered = group.sorted {
                ($0.capacity.isFound ? 0 : 1, $0.capacity.points) > ($1.capacity.isFound ? 0 : 1, $1.capacity.points)
            }
            if lines.isEmpty { lines.append("") }
            lines.append(
                "\(r.device.name) @ \(SummaryTable.fmt(r.hz, 0)) Hz, most held first: "
                    + ordered.map { "\($0.strategy) \(capacity($0))" }.joined(separator: ", "))
        }
        return lines
    }

    static func capacity(_ r: RampResult) -> String {
        switch r.capacity {
        case .failsAtFirstStroke: r.axis == .history ? "fails at the first stroke" : "fails at the slowest pen"
        case .found(let points): points.groupedText
        case .heldTo(let points): "held to \(points.groupedText)"
        }
    }
}
