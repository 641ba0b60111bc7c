import StrokeBenchCanvas
import StrokeBenchMetrics
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTraces
import Testing

@testable import StrokeBenchReplay

/// The display clock and run loop on hand-made traces, at 100 Hz so that vsyncs fall every 10 ms.
/// Every expected figure below is worked out by hand in the comments.
@Suite(.ownScript) struct ClockTests {
    func replay(_ t: Trace, commitCost: Double, delivery: Delivery = .coalesced) throws -> ReplayResult {
        let meter = ScriptedMeter()
        ScriptedStrategy.meter = meter
        ScriptedStrategy.commitCost = commitCost
        var configuration = ReplayConfiguration(
            input: ReplayInput(trace: t, device: smallDevice), traceName: "hand-made", device: smallDevice,
            clock: .virtual, delivery: delivery, strategy: ScriptedStrategy.self, comparePicture: false)
        configuration.meter = meter
        return try Replay.run(configuration)
    }

    @Test func onTimeFramesArePresentedAtTheNextVsync() throws {
        // Samples at 5, 15, 25 ms. Turns start at vsyncs 0, 10, 20, 30 ms; each commit costs 2 ms,
        // so the sample delivered at 10 ms is committed at 12 ms and shown at 20 ms: 15 ms latency.
        let r = try replay(trace([[(0.005, 10, 10), (0.015, 20, 10), (0.025, 30, 10)]]), commitCost: 0.002)
        let busy = r.frames.filter { $0.samples > 0 }
        #expect(busy.map(\.startMs) == [10, 20, 30])
        #expect(busy.map(\.endMs).map { ($0 * 1000).rounded() / 1000 } == [12, 22, 32])
        #expect(busy.map(\.deadlineMs) == [20, 30, 40])
        #expect(busy.map(\.presentMs) == [20, 30, 40])
        #expect(busy.map(\.missedVsyncs) == [0, 0, 0])
        #expect(busy.map(\.hitchMs) == [0, 0, 0])
        #expect(busy.map { ($0.overrunMs * 1000).rounded() / 1000 } == [-8, -8, -8])
        #expect(busy.compactMap(\.latencyMaxMs).map { ($0 * 1000).rounded() / 1000 } == [15, 15, 15])
        #expect(r.summary.droppedFrames == 0)
        #expect(r.summary.hitchRatioMsPerS == 0)
    }

    @Test func aLateCommitMissesVsyncsAndDelaysTheNextTurn() throws {
        // Commits cost 24 ms. Turn 1 starts at vsync 1 (10 ms) with sample 0, ends at 34 ms: due at
        // 20, presented at 40: two vsyncs missed, a 20 ms hitch, 14 ms overrun. The next turn starts
        // as soon as the main thread is free (34 ms, late for vsync 3), takes samples 1 and 2 (15 and
        // 25 ms) as one coalesced event, ends at 58 ms: due at 40, presented at 60: two missed again,
        // a 20 ms hitch, 18 ms overrun; sample 1 waited 60 - 15 = 45 ms, sample 2 60 - 25 = 35 ms.
        let r = try replay(trace([[(0.005, 10, 10), (0.015, 20, 10), (0.025, 30, 10)]]), commitCost: 0.024)
        let busy = r.frames.filter { $0.samples > 0 }
        #expect(busy.map(\.samples) == [1, 2])
        #expect(busy.map { ($0.startMs * 1000).rounded() / 1000 } == [10, 34])
        #expect(busy.map(\.deadlineMs) == [20, 40])
        #expect(busy.map(\.presentMs) == [40, 60])
        #expect(busy.map(\.missedVsyncs) == [2, 2])
        #expect(busy.map(\.hitchMs) == [20, 20])
        #expect(busy.map { ($0.overrunMs * 1000).rounded() / 1000 } == [14, 18])
        #expect(busy[1].latencyMaxMs.map { ($0 * 1000).rounded() / 1000 } == 45)
        #expect(busy[1].latencyMinMs.map { ($0 * 1000).rounded() / 1000 } == 35)
        // Dropped: at vsync 2 (20 ms) and 3 (30 ms) sample 0 was waiting and nothing new was shown; at 4 a
        // picture came; at 5 samples 1-2 were waiting with nothing new; at 6 a picture came. 3 of the
        // 5 vsyncs with input waiting or a picture presented; the longest run is 2.
        #expect(r.summary.droppedFrames == 3)
        #expect(r.summary.droppedLongestRun == 2)
        #expect(abs(r.summary.droppedPct - 60) < 1e-9)
        // The run lasts until the last picture, vsync 6: 60 ms with 40 ms of hitches.
        #expect(abs(r.summary.durationS - 0.06) < 1e-12)
        #expect(abs(r.summary.hitchRatioMsPerS - 40 / 0.06) < 1e-6)
        #expect(r.summary.missedVsyncs == 4)
    }

    @Test func coalescedDeliveryMakesOneMovedEventPerTurn() throws {
        // Five samples inside the first 10 ms: delivered together at the 10 ms vsync.
        let points = (0..<5).map { (i: Int) -> (Double, Double, Double) in
            (0.001 + 0.002 * Double(i), 10 + Double(i), 10)
        }
        _ = try replay(trace([points]), commitCost: 0)
        #expect(ScriptedStrategy.received.map(\.phase) == [.began, .moved, .ended])
        #expect(ScriptedStrategy.received[1].points.map(\.index) == [1, 2, 3, 4])
    }

    @Test func perSampleDeliveryMakesOneEventPerSample() throws {
        let points = (0..<5).map { (i: Int) -> (Double, Double, Double) in
            (0.001 + 0.002 * Double(i), 10 + Double(i), 10)
        }
        _ = try replay(trace([points]), commitCost: 0, delivery: .perSample)
        #expect(ScriptedStrategy.received.map(\.phase) == [.began, .moved, .moved, .moved, .moved, .ended])
        #expect(ScriptedStrategy.received.flatMap(\.points).map(\.index) == [0, 1, 2, 3, 4])
    }

    @Test func anyRefreshRateWorks() throws {
        // At 48 Hz vsyncs fall every 20.833 ms; a sample at 30 ms is delivered at vsync 2 (41.667 ms)
        // and shown at vsync 3 (62.5 ms).
        let meter = ScriptedMeter()
        ScriptedStrategy.meter = meter
        ScriptedStrategy.commitCost = 0.001
        var configuration = ReplayConfiguration(
            input: ReplayInput(trace: trace([[(0.030, 10, 10)]]), device: smallDevice), traceName: "t",
            device: smallDevice, hz: 48, clock: .virtual, strategy: ScriptedStrategy.self, comparePicture: false)
        configuration.meter = meter
        let r = try Replay.run(configuration)
        let busy = r.frames.filter { $0.samples > 0 }
        #expect(busy.count == 1)
        // Instants are whole nanoseconds (1e-6 ms): vsync k of 48 Hz is k / 48 s rounded to one.
        #expect(abs(busy[0].startMs - 1000 * 2 / 48) <= 0.5e-6)
        #expect(abs(busy[0].presentMs! - 1000 * 3 / 48) <= 0.5e-6)
        #expect(abs(busy[0].latencyMaxMs! - (1000 * 3 / 48 - 30)) <= 0.5e-6)
    }

    @Test func anEmptyTraceReplaysAsIdleFrames() throws {
        let r = try replay(Trace(canvas: CanvasSize(width: 10, height: 10), strokes: []), commitCost: 0)
        #expect(r.frames.count >= 1)
        #expect(r.frames.allSatisfy { $0.samples == 0 && $0.presentMs == nil })
        #expect(r.summary.droppedFrames == 0)
    }
}
