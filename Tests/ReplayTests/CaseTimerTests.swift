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

    /// A drawing the render server shows: it is composited into the framebuffer after the timed drawing, as a
    /// replay's render server composites a layer between turns, and only inside its damage.
    @Test func aShownDrawingIsCompositedAfterItAndOnlyInItsDamage() throws {
        let compositor = try Compositor(width: 32, height: 32)
        let layer = try Surface(width: 32, height: 32)
        let damage = PixelRect(x: 4, y: 4, width: 8, height: 8)
        var compositedDuringDrawing: Int?
        let run = CaseTimer.shown(on: compositor, damage: damage) { ledger in
            compositedDuringDrawing = compositor.pixelsComposited
            let context = try Context(surface: layer, counting: ledger)
            context.fill(layer.bounds, with: .white)
            return layer
        }
        let ledger = WorkLedger()
        _ = try run(ledger)
        #expect(compositedDuringDrawing == 0 && compositor.pixelsComposited == 64)
        #expect(ledger.counters.pixelsFilled == 32 * 32 && ledger.counters.drawCalls == 1)
        #expect(compositor.showsInk(x: 4, y: 4, ink: .white, background: .black) == true)
        #expect(compositor.showsInk(x: 11, y: 11, ink: .white, background: .black) == true)
        #expect(compositor.showsInk(x: 12, y: 4, ink: .white, background: .black) == false)
    }
}
