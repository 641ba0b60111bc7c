import Foundation
import StrokeBenchMetrics
import StrokeBenchSpec
import Testing

@testable import StrokeBenchReports

@Suite struct SweepPlanTests {
    let plan = SweepPlan(
        strategies: ["naive", "point-array", "null"], devices: ["ipad-pro-11", "iphone-6s"],
        rates: [60, 120], traces: ["default", "traces/omni.json"], clock: .virtual,
        delivery: .coalesced, repetitions: 2)

    @Test func everyCombinationOnceWithUniqueIds() {
        let runs = plan.runs
        #expect(runs.count == 3 * 2 * 2 * 2 * 2)
        #expect(Set(runs.map(\.id)).count == runs.count)
        #expect(runs.map(\.index) == Array(0..<runs.count))
        #expect(runs[0].id == "naive_ipad-pro-11_60hz_default_r1")
        #expect(runs.contains { $0.id == "null_iphone-6s_120hz_omni_r2" })
        // Whole passes first: every run of repetition 1 before any of repetition 2.
        #expect(runs.prefix(runs.count / 2).allSatisfy { $0.repetition == 1 })
    }

    /// The present-queue depth is an axis: each depth a run, named in the id past the first; a plan
    /// and a run at the default depth are written as they were before the axis existed.
    @Test func thePresentQueueIsAnAxisWrittenOnlyWhenSwept() throws {
        var queued = SweepPlan(
            strategies: ["dirty-rect", "flattened"], devices: ["ipad-pro-11"], rates: [120], traces: ["default"],
            clock: .virtual, delivery: .coalesced, repetitions: 1)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let plain = String(decoding: try encoder.encode(queued), as: UTF8.self)
        #expect(!plain.contains("present_queue_depth"))
        #expect(!String(decoding: try encoder.encode(queued.runs[0]), as: UTF8.self).contains("present_queue_depth"))
        queued.sweep(SweepAxis(.presentQueueDepth, [PresentQueueDepth.one, .two, .three]))
        #expect(queued.runs.count == 6 && queued.runCount == 6)
        #expect(
            queued.runs.map(\.id) == [
                "dirty-rect_ipad-pro-11_120hz_default_r1", "flattened_ipad-pro-11_120hz_default_r1",
                "dirty-rect_ipad-pro-11_120hz_default_queue-2_r1", "flattened_ipad-pro-11_120hz_default_queue-2_r1",
                "dirty-rect_ipad-pro-11_120hz_default_queue-3_r1", "flattened_ipad-pro-11_120hz_default_queue-3_r1",
            ])
        let read = try JSONDecoder().decode(SweepPlan.self, from: encoder.encode(queued))
        #expect(read.runs == queued.runs)
        #expect(try JSONDecoder().decode(SweepRun.self, from: encoder.encode(queued.runs[5])) == queued.runs[5])
        #expect(queued.spec(for: queued.runs[3], strategies: .builtIn).pipeline.presentQueueDepth == .two)
    }

    /// Every field declared with an axis (`SpecField.swept`), given two values, is swept by a plan that
    /// names no field: two runs apart in the field and in their ids, and sweep.json writes and reads
    /// them. A field declared with an axis later is covered here without a word changed.
    @Test func everyDeclaredAxisIsSweptWrittenAndRead() throws {
        // A rate and a touch rate of their own: the device's own is no value of a list of others.
        var base = ReplaySpec(strategy: "naive", hz: 60, clock: .virtual, costs: .zero)
        base.pipeline.touchRate = .hz120
        let context = SpecField.Context(declared: [], deviceRate: nil)
        for field in SpecField.swept {
            let (before, after) = field.variation(base, { $0 - 1 })
            var plan = SweepPlan(
                strategies: ["naive"], devices: ["ipad-pro-11"], rates: [], traces: ["default"], clock: .virtual,
                delivery: .coalesced, repetitions: 1)
            plan.sweep(SweepAxis(field, from: [before, after]))
            let runs = plan.runs
            #expect(runs.count == 2 && plan.runCount == 2, "\(field)")
            #expect(
                runs.map { field.csvCell($0.point, context) } == [before, after].map { field.csvCell($0, context) },
                "\(field)")
            #expect(runs[0].id != runs[1].id, "\(field): run id \(runs[0].id) for both")
            let written = try JSONEncoder().encode(plan)
            #expect(String(decoding: written, as: UTF8.self).contains("\"\(field.listKey)\""), "\(field)")
            #expect(try JSONDecoder().decode(SweepPlan.self, from: written) == plan, "\(field)")
        }
    }

    @Test func noRatesMeansTheDevicesOwn() {
        let own = SweepPlan(
            strategies: ["naive"], devices: ["iphone-6s"], rates: [], traces: ["default"],
            clock: .virtual, delivery: .coalesced, repetitions: 1)
        #expect(own.runs.count == 1)
        #expect(own.runs[0].point.hz == nil)
    }

    @Test(arguments: [1, 2, 3, 5, 7, 48, 100])
    func shardsAreDisjointAndCoverThePlan(count: Int) {
        var seen: [Int: Int] = [:]
        for index in 1...count {
            for run in plan.runs(in: Shard(index: index, count: count)) { seen[run.index, default: 0] += 1 }
        }
        #expect(seen.count == plan.runs.count)
        #expect(seen.values.allSatisfy { $0 == 1 })
    }

    @Test(arguments: [2, 3, 4, 6])
    func everyPartGetsAnEvenShareOfEveryStrategy(count: Int) {
        let parts = (1...count).map { plan.runs(in: Shard(index: $0, count: count)) }
        for strategy in plan.strategies {
            let shares = parts.map { $0.filter { $0.point.strategy == strategy }.count }
            #expect(shares.max()! - shares.min()! <= 1, "\(strategy): \(shares)")
        }
    }

    @Test(arguments: ["0/3", "4/3", "1/0", "a/b", "1", "1/2/3", "-1/2", ""])
    func badShardsAreRejected(text: String) {
        #expect(Shard(text) == nil)
    }

    @Test func shardParses() {
        #expect(Shard("2/4") == Shard(index: 2, count: 4))
        #expect(Shard("1/1") == .whole)
    }

    @Test func labelsAndRates() {
        #expect(SweepPlan.traceLabel("../shared/x/omniglot.json") == "omniglot")
        #expect(SweepPlan.traceLabel("default") == "default")
        #expect(SweepPlan.formatRate(120) == "120")
        #expect(SweepPlan.formatRate(59.94) == "59.94")
    }
}

@Suite struct CSVReaderTests {
    @Test func readsWhatCSVWriterWrites() throws {
        var csv = CSVWriter(header: ["a", "b", "c"])
        csv.append(["plain", "with, comma", "with \"quotes\""])
        csv.append(["line\nbreak", "", "ipad-pro-12.9"])
        let table = try CSVReader.rows(csv.text)
        #expect(table.header == ["a", "b", "c"])
        #expect(table.rows.count == 2)
        #expect(table.rows[0]["b"] == "with, comma")
        #expect(table.rows[0]["c"] == "with \"quotes\"")
        #expect(table.rows[1]["a"] == "line\nbreak")
        #expect(table.rows[1]["b"] == "")
    }

    @Test func acceptsLFAndNoFinalLineBreak() throws {
        let table = try CSVReader.rows("x,y\n1,2\n3,4")
        #expect(table.rows.map { $0["y"] } == ["2", "4"])
    }

    @Test func namesTheLineOfARaggedRow() {
        #expect(throws: CSVReader.Failure.self) { try CSVReader.rows("x,y\r\n1,2\r\n3\r\n") }
        do { _ = try CSVReader.rows("x,y\r\n1,2\r\n3\r\n") } catch { #expect("\(error)".hasPrefix("line 3")) }
    }

    @Test func rejectsAnUnclosedQuote() {
        #expect(throws: CSVReader.Failure.self) { try CSVReader.rows("x\r\n\"open\r\n") }
    }
}
