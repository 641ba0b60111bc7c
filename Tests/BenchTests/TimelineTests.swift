import BenchTestSupport
import Foundation
import StrokeBenchStrategies
import Testing

/// `bench run --timeline`: the JSON is parsed back and checked against the run's own CSV and summary,
/// for every strategy, both clocks, every cost mode and both kinds of input.
@Suite struct TimelineTests {
    /// Every strategy in the virtual clock at every cost mode: zero (the schedule of the input alone),
    /// measured and the device model (where renders overlap, are cancelled and superseded).
    @Test(arguments: StrategyCatalog.builtIn.names, ["zero", "measured", "model"])
    func theTimelineAgreesWithTheCSVAndCounters(strategy: String, costs: String) async throws {
        try await checkRun(["--strategy", strategy, "--clock", "virtual", "--costs", costs])
    }

    /// Display-link input: a sample's latency counts from the turn that took it, and so do its arrows.
    @Test(arguments: ["naive", "async-pool"])
    func theTimelineAgreesWithDisplayLinkInput(strategy: String) async throws {
        try await checkRun([
            "--strategy", strategy, "--clock", "virtual", "--costs", "model", "--input", "display-link",
        ])
    }

    /// The realtime clock: wall-clock time, real Dispatch queues reporting from their own threads.
    @Test(arguments: ["naive", "async-pool", "async-global"])
    func theTimelineAgreesInTheRealtimeClock(strategy: String) async throws {
        try await checkRun(["--strategy", strategy, "--clock", "realtime"], duration: 1)
    }

    /// Replays a generated trace with `--timeline`, `--csv` and `--format json` and checks the three
    /// things the timeline must agree on. One second of input (it was two, for the same checks): for every
    /// strategy and cost mode, every fate of a task that two seconds showed (cancelled, superseded) shows in
    /// one second too (a sweep of both on the iPhone 15 Pro), with half the replaying.
    private func checkRun(_ options: [String], duration: Double = 1) async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Absolute paths: the commands need no working folder, so the cases run side by side.
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let generated = BenchTool.run(absolute: [
            "trace", "generate", "--seed", "4", "--duration", String(duration), "--output", path("t.trace"),
        ])
        try #require(generated.status == 0, "\(generated.stderr)")
        let run =
            ["run", "--trace", path("t.trace"), "--device", "iphone-15-pro"] + options
            + ["--csv", path("f.csv"), "--timeline", path("t.json"), "--format", "json"]
        // A realtime replay mostly sleeps until the next vsync: on a thread of its own, not a test thread.
        let outcome =
            options.contains("realtime")
            ? try await offPool { BenchTool.run(absolute: run) } : BenchTool.run(absolute: run)
        try #require(outcome.status == 0, "\(outcome.stderr)")
        let timeline = try TimelineFile(folder.appendingPathComponent("t.json"))
        let frames = try CSVRows(folder.appendingPathComponent("f.csv"))
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let counters = try #require(summary["counters"] as? [String: Any])
        // Every sample delivered is on the samples track, once.
        let delivered = timeline.events.filter { $0.phase == "i" && $0.name == "sample" }.map { $0.int("sample")! }
        #expect(delivered == Array(0..<(summary["samples"] as! Int)))
        mainSlicesSumToMainMs(timeline, frames)
        everyTaskAppearsOnceWithItsFate(timeline, counters)
        flowsPointAtTheSamplesTheLatenciesName(timeline, frames, showsInk: summary["strategy"] as? String != "null")
    }

    /// (1) The main-thread slices of each turn add up to the turn's `main_ms`, to the CSV's rounding.
    private func mainSlicesSumToMainMs(_ timeline: TimelineFile, _ frames: CSVRows) {
        var byFrame: [Int: Int64] = [:]
        for slice in timeline.slices(on: timeline.mainThread) {
            byFrame[slice.int("frame")!, default: 0] += slice.durationNs
        }
        #expect(!frames.rows.isEmpty)
        for row in frames.rows {
            let frame = Int(row["frame"]!)!
            let csv = Double(row["main_ms"]!)!
            let timed = Double(byFrame[frame] ?? 0) / 1e6
            #expect(
                abs(timed - csv) <= 0.00005 + 1e-9, "frame \(frame): main-thread slices \(timed) ms, main_ms \(csv)")
        }
        #expect(Set(byFrame.keys).isSubset(of: Set(frames.rows.map { Int($0["frame"]!)! })))
    }

    /// (2) Every background task appears once, numbered from 0, and the fates add up to the counters.
    private func everyTaskAppearsOnceWithItsFate(_ timeline: TimelineFile, _ counters: [String: Any]) {
        let tasks = timeline.events.filter { $0.category == "render" }
        let ids = tasks.map { $0.int("task")! }
        #expect(ids.sorted() == Array(0..<ids.count), "task ids \(ids.sorted().prefix(20))")
        let fates = Dictionary(grouping: tasks, by: { $0.string("fate")! }).mapValues(\.count)
        #expect(Set(fates.keys).isSubset(of: ["shown", "cancelled", "superseded", "stopped", "unfinished"]))
        #expect(fates["cancelled", default: 0] == counters["tasks_cancelled"] as? Int)
        #expect(fates["superseded", default: 0] == counters["tasks_superseded"] as? Int)
        #expect(tasks.filter { $0.bool("started") == true }.count == counters["tasks_started"] as? Int)
        // A task runs on a lane of its own: slices on one render lane never overlap.
        for lane in Set(tasks.filter { $0.phase == "X" }.map(\.track)) {
            let slices = timeline.slices(on: lane).sorted { $0.timeNs < $1.timeNs }
            for (a, b) in zip(slices, slices.dropFirst()) {
                #expect(
                    a.timeNs + a.durationNs <= b.timeNs,
                    "tasks \(a.int("task")!) and \(b.int("task")!) overlap on \(lane)")
            }
        }
    }

    /// (3) Each frame that shows new samples has two flow arrows, from the samples its
    /// `latency_max_ms` (oldest) and `latency_min_ms` (newest) name to its presentation; frame after
    /// frame they cover every sample shown, once.
    /// `showsInk` is false for a strategy that draws nothing (`null`): no sample is shown, so no flow.
    private func flowsPointAtTheSamplesTheLatenciesName(_ timeline: TimelineFile, _ frames: CSVRows, showsInk: Bool) {
        let starts = Dictionary(
            timeline.events.filter { $0.phase == "s" }.map { ($0.id!, $0) }, uniquingKeysWith: { a, _ in a })
        let ends = Dictionary(
            timeline.events.filter { $0.phase == "f" }.map { ($0.id!, $0) }, uniquingKeysWith: { a, _ in a })
        var previousNewest = -1
        var framesWithLatency = 0
        for row in frames.rows {
            guard let latencyMax = row["latency_max_ms"].flatMap(Double.init),
                let latencyMin = row["latency_min_ms"].flatMap(Double.init),
                let present = row["present_ms"].flatMap(Double.init)
            else { continue }
            framesWithLatency += 1
            let frame = Int(row["frame"]!)!
            guard let oldest = starts[2 * frame], let newest = starts[2 * frame + 1], let toOldest = ends[2 * frame],
                let toNewest = ends[2 * frame + 1]
            else {
                Issue.record("frame \(frame) shows samples (latency_max_ms \(latencyMax)) but has no flow arrows")
                continue
            }
            for (start, latency) in [(oldest, latencyMax), (newest, latencyMin)] {
                let sampleMs = start.double("sample_ms")!
                #expect(
                    abs(present - latency - sampleMs) <= 0.0002,
                    "frame \(frame): sample at \(sampleMs) ms, present \(present) - latency \(latency)")
                #expect(
                    start.timeNs >= Int64((sampleMs * 1e6).rounded())
                        && start.timeNs - Int64((sampleMs * 1e6).rounded()) < 1000)
                #expect(start.track == timeline.samplesTrack)
            }
            for end in [toOldest, toNewest] {
                #expect(
                    abs(Double(end.timeNs) / 1e6 - present) < 0.001,
                    "frame \(frame)'s arrow ends at \(end.timeNs) ns, presented at \(present) ms")
                #expect(end.track == timeline.presentedTrack)
            }
            #expect(
                oldest.int("sample") == previousNewest + 1,
                "frame \(frame) shows from sample \(oldest.int("sample")!), after \(previousNewest)")
            previousNewest = newest.int("sample")!
        }
        #expect((framesWithLatency > 0) == showsInk)
        #expect(starts.count == 2 * framesWithLatency && ends.count == 2 * framesWithLatency)
    }
}

/// A `bench run --timeline` file, parsed.
struct TimelineFile {
    struct Event {
        var phase: String
        var name: String
        var category: String?
        var track: Track
        var timeNs: Int64
        var durationNs: Int64
        var id: Int?
        var args: [String: Any]
        func int(_ key: String) -> Int? { args[key] as? Int }
        func double(_ key: String) -> Double? { (args[key] as? NSNumber)?.doubleValue }
        func string(_ key: String) -> String? { args[key] as? String }
        func bool(_ key: String) -> Bool? { args[key] as? Bool }
    }

    struct Track: Hashable, CustomStringConvertible {
        var pid: Int, tid: Int
        var description: String { "pid \(pid) tid \(tid)" }
    }

    var events: [Event] = []
    var threadNames: [Track: String] = [:]
    var otherData: [String: Any]

    init(_ url: URL) throws {
        let object = try JSONSerialization.jsonObject(with: try Data(contentsOf: url))
        let document = try #require(object as? [String: Any])
        #expect(document["displayTimeUnit"] as? String == "ms")
        otherData = try #require(document["otherData"] as? [String: Any])
        for raw in try #require(document["traceEvents"] as? [[String: Any]]) {
            let track = Track(pid: raw["pid"] as! Int, tid: raw["tid"] as! Int)
            let event = Event(
                phase: raw["ph"] as! String, name: raw["name"] as! String, category: raw["cat"] as? String,
                track: track, timeNs: Self.nanoseconds(raw["ts"]), durationNs: Self.nanoseconds(raw["dur"]),
                id: raw["id"] as? Int, args: raw["args"] as? [String: Any] ?? [:])
            if event.phase == "M" && event.name == "thread_name" { threadNames[track] = event.string("name") }
            events.append(event)
        }
    }

    /// Microseconds with three decimals, back to whole nanoseconds.
    static func nanoseconds(_ value: Any?) -> Int64 {
        guard let number = value as? NSNumber else { return 0 }
        return Int64((number.doubleValue * 1000).rounded())
    }

    func track(named name: String) -> Track? { threadNames.first { $0.value == name }?.key }
    var mainThread: Track { track(named: "main thread")! }
    var samplesTrack: Track? { threadNames.first { $0.value.hasPrefix("samples") }?.key }
    var presentedTrack: Track? { track(named: "presented frames") }

    /// The complete slices on `track`.
    func slices(on track: Track) -> [Event] { events.filter { $0.phase == "X" && $0.track == track } }
}

/// A CSV with a header row and no quoted fields (the per-frame CSV), as dictionaries.
struct CSVRows {
    var rows: [[String: String]]
    init(_ url: URL) throws {
        let lines = try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline)
        let header = lines.first!.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        rows = lines.dropFirst().map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return Dictionary(uniqueKeysWithValues: zip(header, fields))
        }
    }
}
