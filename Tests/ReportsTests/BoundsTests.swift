import Foundation
import StrokeBenchSpec
import Testing

@testable import StrokeBenchReports

/// Issue 38: a plan's size is known before it is built, run ids fit a file name, records are range-checked
/// as they are decoded, and the per-frame CSV reader streams with a cap on a field.
@Suite struct BoundsTests {
    @Test func aPlansRunCountIsTheLengthOfItsRuns() {
        let plan = SweepPlan(
            strategies: ["naive", "null"], devices: ["ipad-pro-11", "iphone-6s"], rates: [60, 120, 90],
            traces: ["default"], clock: .virtual, delivery: .coalesced, repetitions: 3)
        #expect(plan.runCount == plan.runs.count)
        #expect(plan.runCount == 2 * 2 * 3 * 3)
        let absurd = SweepPlan(
            strategies: Array(repeating: "null", count: 1 << 20), devices: Array(repeating: "d", count: 1 << 20),
            rates: Array(repeating: 60, count: 1 << 20), traces: ["t"], clock: .virtual, delivery: .coalesced,
            repetitions: 1000)
        #expect(absurd.runCount == nil)  // overflows: counted, never built
    }

    @Test func aLongRunIDIsShortenedStablyAndStaysUnique() {
        let long = String(repeating: "x", count: 225)
        let runs = ["zero", "model"].map { costs in
            SweepRun(
                index: 0, strategy: "naive", device: "iphone-6s", hz: nil, trace: long + ".trace",
                costs: costs == "zero" ? .zero : .model, repetition: 1)
        }
        let ids = runs.map(\.id)
        #expect(ids.allSatisfy { $0.utf8.count <= SweepPlan.maxIDBytes })
        #expect(Set(ids).count == 2)
        #expect(ids == runs.map(\.id))  // the same every time: --resume finds its files again
        let short = SweepRun(index: 0, strategy: "naive", device: "iphone-6s", hz: 120, trace: "default", repetition: 1)
        #expect(short.id == "naive_iphone-6s_120hz_default_r1")  // a short id is as it always was
    }

    @Test func formatRateNeverTraps() {
        #expect(SweepPlan.formatRate(120) == "120")
        #expect(SweepPlan.formatRate(59.94) == "59.94")
        #expect(SweepPlan.formatRate(1e19) == "1e+19")
        #expect(SweepPlan.formatRate(.infinity) == "inf")
    }

    @Test func aRunOutsideEveryPlanIsRefusedWhereItIsDecoded() throws {
        let run = SweepRun(index: 3, strategy: "naive", device: "iphone-6s", hz: 120, trace: "default", repetition: 1)
        let good = try JSONEncoder().encode(run)
        #expect(try JSONDecoder().decode(SweepRun.self, from: good) == run)
        for (key, value, words) in [
            ("hz", "1e19", "hz: 1e+19 is not a refresh rate"), ("index", "-1", "index: -1 is not a position"),
            ("repetition", "0", "repetition: 0 is not a repetition"),
        ] {
            var object = try JSONSerialization.jsonObject(with: good) as! [String: Any]
            object[key] = try JSONSerialization.jsonObject(with: Data(value.utf8), options: .fragmentsAllowed)
            do {
                _ = try JSONDecoder().decode(SweepRun.self, from: JSONSerialization.data(withJSONObject: object))
                Issue.record("\(key) \(value) decoded")
            } catch {
                #expect(DecodingProblem.describe(error).contains(words), "\(DecodingProblem.describe(error))")
            }
        }
    }

    @Test func theStreamingReaderReadsWhatTheWholeReaderRead() throws {
        let text = "a,b\r\n1,\"x,\"\"y\"\"\nz\"\n3,4"
        #expect(try CSVReader.records(text) == [["a", "b"], ["1", "x,\"y\"\nz"], ["3", "4"]])
        // Fed a byte at a time, the stream gives the same records, each with the line it starts on.
        var stream = CSVReader.Stream()
        var records: [([String], Int)] = []
        for byte in Array(text.utf8) {
            try [byte].withUnsafeBytes { try stream.feed($0) { records.append(($0, $1)) } }
        }
        try stream.finish { records.append(($0, $1)) }
        #expect(records.map(\.0) == [["a", "b"], ["1", "x,\"y\"\nz"], ["3", "4"]])
        #expect(records.map(\.1) == [1, 2, 4])
    }

    @Test func aFieldLongerThanTheCapIsRefusedNotKept() {
        let line = String(repeating: "9", count: CSVReader.maxFieldBytes + 1)
        #expect(throws: CSVReader.Failure.self) { try CSVReader.records("main_ms\n" + line) }
    }

    @Test func aPerFrameCSVBeyondTheCapIsRefusedUnread() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("big-\(UUID().uuidString).csv")
        FileManager.default.createFile(atPath: file.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: file) }
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(SweepFolder.maxFramesCSVBytes) + 1)  // sparse: nothing to read
        try handle.close()
        do {
            _ = try SweepFolder.activeMainMs(csvAt: file.path)
            Issue.record("read")
        } catch { #expect("\(error)".contains("more than \(SweepFolder.maxFramesCSVBytes) bytes")) }
    }
}
