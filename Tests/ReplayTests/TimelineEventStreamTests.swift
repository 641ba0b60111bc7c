import Foundation
import StrokeBenchMetrics
import Testing

@testable import StrokeBenchTimeline

/// The Chrome trace-event writer behind `bench run --timeline`.
@Suite struct TimelineEventStreamTests {
    @Test func nanosecondsBecomeExactMicroseconds() {
        #expect(TimelineEvent.microseconds(0) == "0.000")
        #expect(TimelineEvent.microseconds(1_234_567) == "1234.567")
        #expect(TimelineEvent.microseconds(5) == "0.005")
        #expect(TimelineEvent.microseconds(-1_500) == "-1.500")
        #expect(TimelineEvent.microseconds(3_600_000_000_001) == "3600000000.001")
    }

    @Test func argumentsAreValidJSON() {
        #expect(TimelineEvent.quoted("a \"b\"\\\n\u{1}") == "\"a \\\"b\\\"\\\\\\n\\u0001\"")
        #expect(TimelineEvent.value(.double(8.333333333)) == "8.333333")
        #expect(TimelineEvent.value(.double(2)) == "2")
        #expect(TimelineEvent.value(.double(.nan)) == "null")
        #expect(TimelineEvent.value(.bool(true)) == "true")
    }

    /// A streamed file parses back as one JSON object with every event, its version and its names.
    @Test func aStreamedFileParsesBack() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let stream = try TimelineEventStream(path: path, metadata: [("strategy", "naive \"quoted\"")])
        stream.append(
            TimelineEvent(.metadata, name: "thread_name", pid: 1, tid: 1, args: [("name", .string("main thread"))]))
        // Enough events to cross the writer's block size several times.
        for i in 0..<5_000 {
            stream.append(
                TimelineEvent(
                    .complete, name: "commit", pid: 1, tid: 1, time: Int64(i) * 8_333_333, duration: 1_001,
                    args: [("frame", .int(i))]))
        }
        stream.append(TimelineEvent(.flowEnd, name: "touch to screen", pid: 2, tid: 2, time: 100, id: 7))
        #expect(stream.count == 5_002)
        try stream.finish()

        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let other = try #require(document["otherData"] as? [String: Any])
        #expect(other["strokebench_timeline_version"] as? String == String(TimelineEventStream.version))
        #expect(other["strategy"] as? String == "naive \"quoted\"")
        let events = try #require(document["traceEvents"] as? [[String: Any]])
        #expect(events.count == 5_002)
        #expect(events[0]["ph"] as? String == "M" && events[0]["ts"] == nil)
        let last = events[5_000]
        #expect((last["ts"] as? NSNumber)?.doubleValue == 41_658_331.667)
        #expect((last["dur"] as? NSNumber)?.doubleValue == 1.001)
        #expect((last["args"] as? [String: Any])?["frame"] as? Int == 4_999)
        #expect(events[5_001]["bp"] as? String == "e" && events[5_001]["id"] as? Int == 7)
    }
}
