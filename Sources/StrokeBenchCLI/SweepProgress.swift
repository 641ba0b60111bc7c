import Foundation
import StrokeBenchMetrics
import StrokeBenchReports

/// Sweep progress on stderr, for sweeps that run longer than a second: on a terminal, a bar with the
/// runs going and the time left, redrawn in place; otherwise (a log, CI) a line for each run that took
/// a second or more, and one every ten seconds with the count done and the time left.
///
/// The time left is the wall time so far over the work done so far (finished runs and the share of the
/// runs going), times the work left: with several jobs at once it counts their combined pace. Safe to
/// call from the sweep's worker threads.
final class SweepProgress: @unchecked Sendable {  // every field is guarded by `lock`
    private let lock = NSLock()
    private let total: Int
    private let terminal = Console.current.errorsGoToTerminal
    private let start = Date()
    private var done = 0
    /// The runs going: their labels, start times and how far each has got (0...1).
    private var going: [String: (label: String, start: Date, fraction: Double)] = [:]
    private var lastDraw = Date.distantPast
    private var lastLine = Date()
    private var drawn = false

    /// No line at all before the sweep has run this long.
    private static let quiet = 1.0

    init(total: Int) { self.total = total }

    func begin(_ run: SweepRun) {
        lock.lock()
        defer { lock.unlock() }
        let point = run.point
        let label =
            "\(point.strategy) \(point.device) \(point.hz.map { SweepPlan.formatRate($0) + " Hz" } ?? "device Hz") "
            + "\(SweepPlan.traceLabel(point.trace.path)) r\(run.repetition)"
        going[run.id] = (label, Date(), 0)
        draw(force: false)
    }

    func update(_ run: SweepRun, _ replayed: Double, _ traceSeconds: Double) {
        lock.lock()
        defer { lock.unlock() }
        going[run.id]?.fraction = traceSeconds > 0 ? min(1, replayed / traceSeconds) : 0
        draw(force: false)
    }

    func end(_ run: SweepRun, _ summary: RunSummary) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        let started = going.removeValue(forKey: run.id)
        if terminal {
            draw(force: false)
            return
        }
        let took = started.map { Date().timeIntervalSince($0.start) } ?? 0
        let now = Date()
        if took >= Self.quiet {
            printError(
                String(
                    format: "[%d/%d] %@ done in %.1f s: main p99 %.3f ms, hitch %.2f ms/s%@", done, total,
                    started?.label ?? run.id, took, summary.mainMs.p99, summary.hitchRatioMsPerS, left()))
            lastLine = now
        } else if now.timeIntervalSince(lastLine) >= 10 {
            printError("[\(done)/\(total)] runs done\(left())")
            lastLine = now
        }
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if terminal && drawn { printError("\r\u{1B}[K", terminator: "") }
    }

    /// `, about 1m05s left`, or nothing once every run is done.
    private func left() -> String { done < total ? ", about \(Self.duration(remaining())) left" : "" }

    /// Seconds left, at the pace of the work done so far.
    private func remaining() -> Double {
        let progressed = Double(done) + going.values.reduce(0) { $0 + $1.fraction }
        guard progressed > 0 else { return .nan }
        return Date().timeIntervalSince(start) / progressed * (Double(total) - progressed)
    }

    private func draw(force: Bool) {
        let now = Date()
        guard terminal, now.timeIntervalSince(start) >= Self.quiet, force || now.timeIntervalSince(lastDraw) >= 0.1
        else { return }
        lastDraw = now
        drawn = true
        let width = 24
        let progressed = Double(done) + going.values.reduce(0) { $0 + $1.fraction }
        let overall = total > 0 ? progressed / Double(total) : 1
        let filled = min(width, Int((overall * Double(width)).rounded(.down)))
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let current = going.count == 1 ? going.values.first!.label : "\(going.count) runs at once"
        printError(
            "\r\u{1B}[K[\(bar)] \(done)/\(total) done, \(current)  ETA \(Self.duration(remaining()))", terminator: "")
    }

    /// `1m05s`, `42s`, or `?` before anything is known.
    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "?" }
        let s = Int(seconds.rounded())
        return s >= 60 ? String(format: "%dm%02ds", s / 60, s % 60) : "\(s)s"
    }
}
