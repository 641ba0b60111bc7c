import BenchTestSupport
import Foundation
import Testing

/// Issue 38: work is bounded before it starts, numbers from files are checked where they enter, paths
/// stay inside their folders, folders are written whole, and a failed write to standard output is an error.
@Suite struct BoundedInputTests {
    static let sweep = [
        "sweep", "--strategies", "null,naive", "--devices", "iphone-6s", "--traces", "ok.trace", "--costs", "zero",
    ]

    /// A folder with `ok.trace`, a whole sweep `base` and its three shards `p1`...`p3`.
    private func folderWithSweeps() throws -> URL {
        let folder = try scratchFolder()
        try write(smallTraceV2, to: "ok.trace", in: folder)
        #expect(try BenchTool.run(Self.sweep + ["--output", "base"], in: folder).status == 0)
        for i in 1...3 {
            #expect(try BenchTool.run(Self.sweep + ["--shard", "\(i)/3", "--output", "p\(i)"], in: folder).status == 0)
        }
        return folder
    }

    /// Edits every value of `key` in the first run record of `sweep`.
    private func editRecord(_ sweep: URL, _ key: String, _ value: Any) throws {
        let runs = sweep.appendingPathComponent("runs")
        let file = runs.appendingPathComponent(
            try FileManager.default.contentsOfDirectory(atPath: runs.path).sorted()[0])
        func edit(_ object: Any) -> Any {
            if var dictionary = object as? [String: Any] {
                for (k, v) in dictionary { dictionary[k] = k == key ? value : edit(v) }
                return dictionary
            }
            return (object as? [Any])?.map(edit) ?? object
        }
        let object = edit(try JSONSerialization.jsonObject(with: Data(contentsOf: file)))
        try JSONSerialization.data(withJSONObject: object).write(to: file)
    }

    @Test func plansAndRepeatsAreBoundedBeforeAnyWork() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let repeats = try BenchTool.run(
            ["sweep", "--strategies", "all", "--costs", "zero", "--repeat", "1000000", "--output", "x"], in: folder)
        #expect(repeats.status == 64)
        #expect(repeats.stderr.contains("--repeat must be 1...1000, not 1000000"))
        let negative = try BenchTool.run(["sweep", "--costs", "zero", "--repeat", "-1", "--output", "x"], in: folder)
        #expect(negative.stderr.contains("--repeat must be 1...1000, not -1"), "\(negative.stderr)")
        let rates = (1...400).map(String.init).joined(separator: ",")
        let huge = try BenchTool.run(
            ["sweep", "--strategies", "all", "--devices", "all", "--hz", rates, "--costs", "zero", "--output", "x"],
            in: folder)
        #expect(huge.status == 64)
        #expect(huge.stderr.contains("would make 14400 runs, more than the 10000"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x").path))
    }

    @Test func recordsAreCheckedWhereTheyAreRead() throws {
        let folder = try folderWithSweeps()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("base"), to: folder.appendingPathComponent("hz"))
        try editRecord(folder.appendingPathComponent("hz"), "hz", 1e19)
        let compare = try BenchTool.run(["compare", "base", "hz"], in: folder)
        #expect(compare.status == 65)
        #expect(compare.stderrLines.count == 1)
        #expect(
            compare.stderr.contains(".json: not a run record of bench: summary.hz: 1e+19 is not a refresh rate in Hz"),
            "\(compare.stderr)")
    }

    @Test func mergeStaysInsideItsFoldersAndWritesWholeOrNothing() throws {
        let folder = try folderWithSweeps()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = try write("keep me", to: "target.txt", in: folder)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("deep"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("p2"), to: folder.appendingPathComponent("deep/p2x"))
        try editRecord(folder.appendingPathComponent("deep/p2x"), "frames_csv", "../../target.txt")
        let escape = try BenchTool.run(["sweep", "merge", "p1", "deep/p2x", "p3", "--output", "merged"], in: folder)
        #expect(escape.status == 65)
        #expect(
            escape.stderr.contains("frames_csv: \"../../target.txt\" is not this run's per-frame CSV"),
            "\(escape.stderr)")
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep me")

        // A part whose per-frame CSV is gone: the merge fails and leaves no folder behind.
        let frames = folder.appendingPathComponent("p2/frames")  // p3 holds no run: two runs dealt to three parts
        try FileManager.default.removeItem(
            at: frames.appendingPathComponent(try FileManager.default.contentsOfDirectory(atPath: frames.path)[0]))
        let missing = try BenchTool.run(["sweep", "merge", "p1", "p2", "p3", "--output", "half"], in: folder)
        #expect(missing.status == 74, "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("half").path))
        #expect(try partialFiles(in: folder).isEmpty)

        let inside = try BenchTool.run(["sweep", "merge", "p1", "p2", "p3", "--output", "p1/runs"], in: folder)
        #expect(inside.status == 64)
        #expect(inside.stderr.contains("is inside the part p1"), "\(inside.stderr)")
    }

    @Test func resumeRunsAgainWhatLostItsFiles() throws {
        let folder = try folderWithSweeps()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("base/frames"))
        let resume = try BenchTool.run(Self.sweep + ["--output", "base", "--resume"], in: folder)
        #expect(resume.status == 0, "\(resume.stderr)")
        #expect(resume.stderr.contains("2 finished runs have no per-frame CSV"), "\(resume.stderr)")
        #expect(try BenchTool.run(["compare", "base", "p1"], in: folder).status == 0)
    }

    @Test func aFailedWriteToStandardOutputIsAnError() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = BenchTool.executable
        process.arguments = ["list"]
        process.currentDirectoryURL = folder  // not the working folder in-process tests move about
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 74)
    }

    @Test func deviceDataIsCheckedByValueBeforeAnyRun() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(smallTraceV2, to: "ok.trace", in: folder)
        let shipped = try #require(
            Bundle.allBundles.lazy.compactMap { $0.url(forResource: "device-costs", withExtension: "json") }.first
                ?? FileManager.default.enumerator(
                    at: BenchTool.executable.deletingLastPathComponent(), includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.first { $0.lastPathComponent == "device-costs.json" })
        var data = try JSONSerialization.jsonObject(with: Data(contentsOf: shipped)) as! [String: Any]
        var devices = data["devices"] as! [String: Any]
        var phone = devices["iphone-6s"] as! [String: Any]
        var bandwidth = phone["bandwidth_gbs"] as! [String: Any]
        bandwidth["value"] = 0
        phone["bandwidth_gbs"] = bandwidth
        devices["iphone-6s"] = phone
        data["devices"] = devices
        let bad = folder.appendingPathComponent("bw0.json")
        try JSONSerialization.data(withJSONObject: data).write(to: bad)
        let arguments = [
            "sweep", "--strategies", "null,naive", "--devices", "iphone-6s", "--traces", "ok.trace", "--costs",
            "zero,model", "--output", "s",
        ]
        let process = Process()
        process.executableURL = BenchTool.executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(["STROKEBENCH_DEVICE_COSTS": bad.path]) { $1 }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 65)
        #expect(text.contains("devices.iphone-6s.bandwidth_gbs.value: 0.0 is not a possible figure"), "\(text)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("s").path))
    }
}
