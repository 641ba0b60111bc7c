import Foundation
import StrokeBenchCanvas
import StrokeBenchStrategies

/// A strategy's mistake, caught at the boundary between the replay and the strategy: it threw, handed
/// the drawing API a value no drawing can have (`Misuse`), or returned a layer update the render
/// server cannot show. The replay ends with this one line (exit 70, EX_SOFTWARE, in `bench`) instead
/// of trapping inside StrokeBench or measuring something the strategy did not mean.
package struct StrategyFailure: Error, CustomStringConvertible {
    /// Where in the run loop the mistake was noticed.
    package enum Phase: String, Sendable {
        case initialization = "init"
        case handle
        case beforeWaiting = "before-waiting"
        case commit
        case finalPicture = "final picture"
    }
    /// The strategy's command-line name.
    package var strategy: String
    package var phase: Phase
    /// What it did, with the value.
    package var reason: String

    package init(strategy: String, phase: Phase, reason: String) {
        self.strategy = strategy
        self.phase = phase
        self.reason = reason
    }

    /// `strategy 'tiles' failed in commit: it returned showsThrough 99, beyond the trace's last sample (41)`.
    package var description: String { "strategy '\(strategy)' failed in \(phase.rawValue): \(reason)" }

    /// What a thrown error says, in one line, without Foundation's `Error Domain=... Code=...` form.
    static func describe(thrown error: any Error) -> String {
        let text = String(describing: error)
        if text.contains("Error Domain=") {
            let ns = error as NSError
            return "it threw \(type(of: error)) (\(ns.domain) code \(ns.code))"
        }
        return "it threw \(type(of: error)): " + text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}

extension LayerUpdate {
    /// The longest fade or background render a layer update may report, in seconds.
    static let maxSeconds = 3600.0

    /// Why the render server cannot show this update, if it cannot: a damage rect, overlay point or
    /// duration no drawing has, or a picture said to show samples the trace does not have.
    func problem(sampleCount: Int, rasterizes: Bool) -> String? {
        if let rect = damage.first(where: \.isOutOfReach) {
            return
                "it returned damage of \(rect.width)x\(rect.height) at (\(rect.x), \(rect.y)) (a rect lies within \(Int(Point.maxMagnitude)) pixels of the canvas)"
        }
        guard (-1..<sampleCount).contains(showsThrough) else {
            return
                "it returned showsThrough \(showsThrough), which is not a sample of the trace (-1 for none, or 0...\(sampleCount - 1))"
        }
        guard (0...Self.maxSeconds).contains(fadeIn) else {
            return "it returned fadeIn \(fadeIn) (seconds: 0...\(Self.maxSeconds))"
        }
        if let seconds = backgroundRenderSeconds, !(0...Self.maxSeconds).contains(seconds) {
            return "it returned backgroundRenderSeconds \(seconds) (seconds: 0...\(Self.maxSeconds))"
        }
        if let point = overlays?.lazy.compactMap(\.refusedPoint).first {
            return
                "it returned an overlay through (\(point.x), \(point.y)) (a point lies within \(Point.maxMagnitude) pixels of the canvas)"
        }
        if rasterizes, let contents, contents.isDry {
            return "it returned dry contents (made with a dry replay's ledger, no pixels) in a replay that rasterizes"
        }
        return nil
    }
}
