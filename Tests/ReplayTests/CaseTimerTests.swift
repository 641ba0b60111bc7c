import StrokeBenchCanvas
import Testing

@testable import StrokeBenchCalibration

/// `bench calibrate`'s timer: how it spreads each case's rounds, and which time it keeps.
@Suite struct CaseTimerTests {
    /// Every round goes over every case in turn (a warm-up and `repeats` runs each), so that a slow spell of
    /// the machine meets one round of every case rather than every round of some.
    @Test func roundsGoOverEveryCaseInTurn() throws {
        var order: [Int] = []
        let runs: [CaseTimer.Run] = (0..<3).map { index in
            { _ in
                order.append(index)
                return 1
            }
        }
        _ = try CaseTimer(repeats: 2).time(runs)
        let round = [0, 0, 0, 1, 1, 1, 2, 2, 2]
        #expect(order == Array(repeating: round, count: CaseTimer.rounds).flatMap { $0 })
    }

    /// A case's time is the least of its rounds' medians, the warm-up left out; its counters are what one run
    /// counted in its own ledger.
    @Test func aCaseKeepsTheLeastOfItsRoundsMedians() throws {
        // Round r, run i (0 the warm-up): 1000 for the warm-up, then 10·(r+1), 500, 10·(r+1) + 1 ns.
        var calls = 0
        let run: CaseTimer.Run = { ledger in
            defer { calls += 1 }
            ledger.counters.drawCalls += 1
            let round = calls / 4
            let i = calls % 4
            return i == 0 ? 1000 : i == 2 ? 500 : Double(10 * (round + 1) + (i == 3 ? 1 : 0))
        }
        let cases = try CaseTimer(repeats: 3).time([run])
        // Each round's median of (10(r+1), 500, 10(r+1)+1) is 10(r+1)+1; the least of them, round 0's, is 11.
        #expect(cases.count == 1 && cases[0].ns == 11 && cases[0].counters.drawCalls == 1)
    }
}
