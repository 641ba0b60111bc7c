import BenchTestSupport
import Foundation
import Testing
import Yams

/// The committed workflows (`.github/workflows/`), run here as a new user's repository would run
/// them: every `run:` step, in a scratch clone at each commit, with stand-ins for what only GitHub
/// provides (`WorkflowRunner`).
@Suite(.serialized) struct WorkflowTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let workflows = repository.appendingPathComponent(".github/workflows")
    /// Whether the slow workflow runs go: with `STROKEBENCH_END_TO_END=1`, as CI sets it (`.ci/run`).
    static let endToEnd = ProcessInfo.processInfo.environment["STROKEBENCH_END_TO_END"] == "1"
    static let endToEndReason: Comment = "set STROKEBENCH_END_TO_END=1 to run (CI does)"

    @Test func everyWorkflowParsesAndEveryJobRunsBench() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.workflows.path).filter {
            $0.hasSuffix(".yml")
        }
        #expect(files.sorted() == ["bench.yml", "sweep.yml"])
        for file in files {
            let runner = try WorkflowRunner(
                file: Self.workflows.appendingPathComponent(file), state: FileManager.default.temporaryDirectory)
            #expect(!runner.jobs.isEmpty, "\(file)")
            for (name, job) in runner.jobs {
                let runs = (job["steps"] as? [[String: Any]] ?? []).compactMap { $0["run"] as? String }
                #expect(runs.contains { $0.contains(".build/release/bench ") }, "\(file): job \(name) runs no bench")
            }
        }
    }

    static let example = repository.appendingPathComponent("Examples/CustomStrategy")
    /// The build of a package repository: the example's `custom-bench`, into the example's own build
    /// folder (scripts/example.sh fills it, and CI runs that first), shared by the jobs as a CI cache
    /// shares `.build`: StrokeBench compiles once, and each job recompiles only the user's strategies.
    static let packageBuild = WorkflowRunner.Build.package(
        product: "custom-bench", cache: example.appendingPathComponent(".build"))

    /// A user's repository that is a package of its own: Examples/CustomStrategy's strategies and its
    /// `custom-bench` (StrokeBench's command line with them added), depending on this checkout by path;
    /// the committed bench workflow; a `.github/bench.args` naming a modelled configuration of its
    /// `tile-cache` strategy on the repository's own recorded trace, and that trace.
    func userPackage(in scratch: URL) throws -> URL {
        let repo = scratch.appendingPathComponent("package")
        let fm = FileManager.default
        try fm.createDirectory(at: repo.appendingPathComponent(".github/workflows"), withIntermediateDirectories: true)
        try fm.copyItem(
            at: Self.workflows.appendingPathComponent("bench.yml"),
            to: repo.appendingPathComponent(".github/workflows/bench.yml"))
        try fm.copyItem(at: Self.example.appendingPathComponent("Sources"), to: repo.appendingPathComponent("Sources"))
        let manifest = try String(contentsOf: Self.example.appendingPathComponent("Package.swift"), encoding: .utf8)
        let here = manifest.replacingOccurrences(of: "path: \"../..\"", with: "path: \"\(Self.repository.path)\"")
        try #require(
            here != manifest, "Examples/CustomStrategy/Package.swift no longer names StrokeBench by path ../..")
        try here.write(to: repo.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try ".build/\nbench-ci/\n".write(
            to: repo.appendingPathComponent(".gitignore"), atomically: true, encoding: .utf8)
        try "--strategy tile-cache --clock virtual --costs model --device ipad-pro-11 --hz 120 --trace session.trace\n"
            .write(to: repo.appendingPathComponent(".github/bench.args"), atomically: true, encoding: .utf8)
        let generate = try BenchTool.spawn(
            ["trace", "generate", "--seed", "1", "--duration", "2", "--output", "session.trace"], in: repo)
        try #require(generate.status == 0, "\(generate.stderr)")
        try git(["init", "-q", "-b", "main"], in: repo)
        return repo
    }

    @discardableResult
    func git(_ arguments: [String], in folder: URL) throws -> String {
        let (status, output) = try bash(
            (["git", "-c", "user.name=ci", "-c", "user.email=ci@example.org"] + arguments)
                .map { "'\($0)'" }.joined(separator: " "), in: folder)
        try #require(status == 0, "git \(arguments): \(output)")
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func commit(_ message: String, in repo: URL) throws -> String {
        try git(["add", "-A"], in: repo)
        try git(["commit", "-q", "-m", message], in: repo)
        return try git(["rev-parse", "HEAD"], in: repo)
    }

    /// The workflow's job for `event` at `sha`, in a fresh clone, as a runner would.
    func ci(
        _ event: String, at sha: String, repo: URL, scratch: URL, base: String = "",
        build: WorkflowRunner.Build = .testBench
    ) throws -> WorkflowRunner.Outcome {
        let clone = scratch.appendingPathComponent("clone-\(UUID().uuidString)")
        try git(["clone", "-q", repo.path, clone.path], in: scratch)
        try git(["checkout", "-q", sha], in: clone)
        let runner = try WorkflowRunner(
            file: clone.appendingPathComponent(".github/workflows/bench.yml"), state: scratch, build: build)
        let job = try #require(try runner.jobs.keys.first { try runner.runs($0, on: event) })
        let github = [
            "GITHUB_SHA": sha, "GITHUB_REF_NAME": event == "push" ? "main" : "pr", "GITHUB_EVENT_NAME": event,
            "BASE_SHA": base,
            "GITHUB_ACTIONS": "true",
        ]
        return try runner.run(job, in: clone, github: github)
    }

    /// The "done when", in a user's package repository (`userPackage`): three commits on main
    /// make a history of three points, and a pull request that changes nothing passes; a fourth commit
    /// that makes the user's strategy do more work (tile-cache's tiles grow from 256 to 512 pixels, so
    /// each commit redraws more of the canvas) fails the pull request's check and, merged, is the change
    /// point in the history. Seven jobs, each building the package: with the example's build folder
    /// filled (scripts/example.sh), about a minute; in the end-to-end run (CI's `.ci/run`), as the
    /// sweep's is.
    @Test(.enabled(if: Self.endToEnd, Self.endToEndReason))
    func threeCommitsAHistoryAndAFourthThatDoesMoreWork() throws {
        let scratch = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let repo = try userPackage(in: scratch)
        func ci(_ event: String, at sha: String, base: String = "") throws -> WorkflowRunner.Outcome {
            try self.ci(event, at: sha, repo: repo, scratch: scratch, base: base, build: Self.packageBuild)
        }
        var commits: [String] = []
        for i in 1...3 {
            try "change \(i)\n".write(to: repo.appendingPathComponent("NOTES"), atomically: true, encoding: .utf8)
            commits.append(try commit("commit \(i)", in: repo))
            let main = try ci("push", at: commits.last!)
            #expect(main.status == 0, "main at commit \(i):\n\(main.log)")
        }
        let history = scratch.appendingPathComponent("cache/bench-ci/history.sqlite").path
        let show = BenchTool.run(absolute: [
            "history", "show", "--history", history, "--format", "json", "--metric", "pixels_rasterized",
        ])
        let points = try #require(
            (try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])?["points"]
                as? [[String: Any]])
        #expect(points.compactMap { $0["commit"] as? String } == commits)

        // A pull request that changes no work passes.
        try git(["checkout", "-q", "-b", "docs"], in: repo)
        try "docs\n".write(to: repo.appendingPathComponent("DOCS"), atomically: true, encoding: .utf8)
        let docs = try ci("pull_request", at: try commit("docs only", in: repo), base: commits[2])
        #expect(docs.status == 0, "\(docs.log)")
        #expect(docs.summary.contains("### bench check: pass"), "\(docs.summary)")

        // The fourth: the user's strategy redraws 512-pixel tiles instead of 256-pixel ones.
        try git(["checkout", "-q", "main"], in: repo)
        let strategy = repo.appendingPathComponent("Sources/CustomBench/TileCacheStrategy.swift")
        let code = try String(contentsOf: strategy, encoding: .utf8)
        let larger = code.replacingOccurrences(of: "static let tileSize = 256", with: "static let tileSize = 512")
        try #require(larger != code, "Examples/CustomStrategy's tile-cache no longer declares tileSize = 256")
        try larger.write(to: strategy, atomically: true, encoding: .utf8)
        let fourth = try commit("tile-cache: 512-pixel tiles", in: repo)
        let pr = try ci("pull_request", at: fourth, base: commits[2])
        #expect(pr.status == 1, "\(pr.log)")
        #expect(pr.log.contains("::error::bench check: regression"), "\(pr.log)")
        #expect(pr.log.contains("::error::bench baseline diff: regression"), "\(pr.log)")
        #expect(pr.summary.contains("pixels_rasterized"), "\(pr.summary)")
        let merged = try ci("push", at: fourth)
        #expect(merged.status == 0, "\(merged.log)")
        let changes = BenchTool.run(absolute: ["history", "changes", "--history", history, "--format", "json"])
        let found = try #require(
            (try JSONSerialization.jsonObject(with: Data(changes.stdout.utf8)) as? [String: Any])?["changes"]
                as? [[String: Any]])
        #expect(Set(found.compactMap { $0["commit"] as? String }) == [fourth])
        #expect(found.contains { $0["metric"] as? String == "pixels_rasterized" })
        #expect(merged.summary.contains("\(commits[2]) -> \(fourth)"), "the table names the commits either side")
        #expect(merged.summary.contains("pixels_rasterized"))
    }

    /// The sweep workflow: its shard job once per matrix value, each in a runner's folder of its own,
    /// then the merge, with the artifacts between them. The whole modelled study: about 30 s with the
    /// release build CI names (`STROKEBENCH_RELEASE_BENCH`), so only in the end-to-end run.
    @Test(.enabled(if: Self.endToEnd, Self.endToEndReason))
    func theSweepWorkflowShardsAndMerges() throws {
        let scratch = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let runner = try WorkflowRunner(file: Self.workflows.appendingPathComponent("sweep.yml"), state: scratch)
        let shards =
            try #require((runner.jobs["shard"]?["strategy"] as? [String: Any])?["matrix"] as? [String: Any])["shard"]
            as? [Int]
        #expect(shards == [1, 2, 3, 4])
        for shard in shards ?? [] {
            let machine = try machine("shard-\(shard)", in: scratch)
            let outcome = try runner.run("shard", in: machine, matrix: ["shard": String(shard)], github: [:])
            #expect(outcome.status == 0, "\(outcome.log)")
        }
        let merge = try runner.run("merge", in: try machine("merge", in: scratch), github: [:])
        #expect(merge.status == 0, "\(merge.log)")
        #expect(
            FileManager.default.fileExists(
                atPath: scratch.appendingPathComponent("artifacts/sweep/sweep/summary.csv").path))
        #expect(merge.summary.contains("|"), "the report's Markdown in the job summary")
    }

    /// A runner's folder of its own.
    func machine(_ name: String, in scratch: URL) throws -> URL {
        let folder = scratch.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
