import BenchTestSupport
import Foundation
import StrokeBenchCanvas
import StrokeBenchDevice
import StrokeBenchRegression
import StrokeBenchReplay
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTraces

/// Charges a fixed cost for every commit and nothing else, so that timing figures in tests are exact.
final class FixedCommitMeter: CostMeter {
    let commitSeconds: Double
    init(commitSeconds: Double) { self.commitSeconds = commitSeconds }
    func measure<T>(_ phase: CostPhase, counting ledger: WorkLedger, _ body: () throws -> T) rethrows -> (
        T, ReplayDuration
    ) {
        (try body(), ReplayDuration(seconds: phase == .commit ? commitSeconds : 0))
    }
}
