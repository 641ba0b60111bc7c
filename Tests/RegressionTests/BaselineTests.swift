import BenchTestSupport
import Foundation
import StrokeBenchMetrics
import StrokeBenchReplay
import StrokeBenchSpec
import Testing

@testable import StrokeBenchRegression

/// The baseline file: versioned, validated, named errors.
@Suite struct BaselineTests {
    static func sample() -> Baseline {
        let d = FrameDistribution(p50: 1, p90: 2, p95: 3, p99: 4, max: 5, mean: 1.5, total: 150)
        let run = TimingRun(
            mainMs: d, renderMs: d, compositeMs: d, overrunMs: d, latencyMs: d, hitchRatioMsPerS: 0.5,
            droppedPct: 1, frames: 120, activeFrames: 100)
        var counters = CounterSummary(.init(), threadsPeak: 0)
        counters.pixelsRasterized = 1234
        let configuration = ReplaySpec(
            strategy: "naive", device: "ipad-pro-11", hz: 120, clock: .virtual,
            trace: TraceIdentity(path: "default", inputChecksum: "abc", samples: 10))
        return Baseline(
            recorded: "2025-01-01T00:00:00Z", machine: "test (2 cores)", budgets: .defaults,
            configurations: [
                BaselineEntry(
                    configuration: configuration, counters: counters,
                    pictureChecksum: "ff", runs: [run, run, run])
            ])
    }

    func decode(_ text: String) throws -> Baseline { try Baseline.decode(Data(text.utf8), file: "b.json") }

    func edited(_ edit: (inout [String: Any]) -> Void) throws -> String {
        var object = try JSONSerialization.jsonObject(with: Data(try Self.sample().encoded().utf8)) as! [String: Any]
        edit(&object)
        return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    @Test func roundTrips() throws {
        let b = Self.sample()
        #expect(try decode(try b.encoded()) == b)
    }

    @Test func carriesItsVersionAndKind() throws {
        let text = try Self.sample().encoded()
        #expect(text.contains("\"format_version\" : 3"))
        #expect(text.contains("\"kind\" : \"strokebench-baseline\""))
        // Budgets that are off are written as null, so that the file shows what is not checked.
        var b = Self.sample()
        b.budgets.limits[.latencyP95] = nil
        #expect(try b.encoded().contains("\"latency_p95_ms\" : null"))
    }

    @Test func rejectsAnUnknownVersion() throws {
        let text = try edited { $0["format_version"] = 6 }
        #expect(
            throws: BaselineError.data(
                "b.json",
                "format_version: baseline format_version 6 is not one this bench reads (2...5); a newer bench wrote it, or the file was edited"
            )
        ) {
            try decode(text)
        }
        // A version 1 baseline kept only part of each configuration: it is refused, with what to do.
        let old = try edited { $0["format_version"] = 1 }
        #expect(
            throws: BaselineError.data(
                "b.json",
                "format_version: baseline format_version 1 is not one this bench reads (2...5); an older bench wrote it, or the file was edited; re-record it with bench baseline record"
            )
        ) {
            try decode(old)
        }
    }

    @Test func rejectsSomethingThatIsNotABaseline() throws {
        let text = try edited { $0["kind"] = "strokebench-run" }
        #expect(throws: BaselineError.self) { try decode(text) }
        #expect(throws: BaselineError.self) { try decode("[1, 2]") }
    }

    @Test func namesTheMissingField() throws {
        let text = try edited { object in
            var configurations = object["configurations"] as! [[String: Any]]
            var counters = configurations[0]["counters"] as! [String: Any]
            counters["pixels_rasterized"] = nil
            configurations[0]["counters"] = counters
            object["configurations"] = configurations
        }
        do {
            _ = try decode(text)
            Issue.record("decoded a baseline without pixels_rasterized")
        } catch let error as BaselineError {
            #expect(error.description == "b.json: configurations[0].counters.pixels_rasterized: missing")
        }
    }

    @Test func rejectsAnUnknownBudget() throws {
        let text = try edited { $0["budgets"] = ["frame_rate": 60] }
        #expect(throws: BaselineError.self) { try decode(text) }
    }

    @Test func writesAtomicallyAndReadsBack() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString).json")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.sample().write(to: path)
        #expect(try Baseline.read(from: path) == Self.sample())
        do {
            _ = try Baseline.read(from: "/nonexistent/b.json")
            Issue.record("read a file that does not exist")
        } catch BaselineError.io(let file, _) {
            #expect(file == "/nonexistent/b.json")
        }
    }
}
