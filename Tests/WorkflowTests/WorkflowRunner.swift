import BenchTestSupport
import Foundation
import Yams

/// Runs a committed GitHub Actions workflow's jobs here, step by step: every `run:` step with bash as
/// Actions runs it (`bash -e`, the `GITHUB_*` variables it sets), and a stand-in for each step only a
/// CI service provides. A step this runner does not know fails the test, so a workflow cannot gain a
/// step that nothing runs.
///
/// The stand-ins:
/// - `actions/checkout`: the job already runs in a fresh clone at the commit.
/// - The build step (`scripts/setup.sh && swift build ...`), as `build` says: the `bench` this test was
///   built with, or the repository's own package built with `swift build`, linked at
///   `.build/release/bench`, where the workflow's steps look for it.
/// - `actions/cache/restore` and `save`: a folder kept between jobs (`cache/`), restored by copying.
/// - `actions/upload-artifact` and `download-artifact`: a folder per artifact (`artifacts/NAME`).
struct WorkflowRunner {
    /// A job's outcome: the status of its first failing `run:` step (0 when none failed), everything
    /// its steps printed, and what they appended to `$GITHUB_STEP_SUMMARY`.
    struct Outcome {
        var status: Int32
        var log: String
        var summary: String
    }

    /// What stands in for the workflow's build step.
    enum Build {
        /// The `bench` this test was built with: a repository that benchmarks StrokeBench's own strategies.
        case testBench
        /// A repository that is a package of its own (its strategies and an executable that is `bench`
        /// with them added, as Examples/CustomStrategy is): `swift build -c release --product PRODUCT`
        /// in the job's clone, into `cache`, a build folder kept between jobs as a CI cache keeps
        /// `.build`, so a commit recompiles what it changed and nothing else.
        case package(product: String, cache: URL)
    }

    let workflow: [String: Any]
    /// Holds `cache/` and `artifacts/`, which outlive a job.
    let state: URL
    let build: Build

    init(file: URL, state: URL, build: Build = .testBench) throws {
        guard let workflow = try Yams.load(yaml: String(contentsOf: file, encoding: .utf8)) as? [String: Any] else {
            throw Failure("\(file.path): not a YAML mapping")
        }
        self.workflow = workflow
        self.state = state
        self.build = build
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    var jobs: [String: [String: Any]] { (workflow["jobs"] as? [String: [String: Any]]) ?? [:] }

    /// Whether a job's `if:` holds for `event`; only the conditions the committed workflows use are known.
    func runs(_ job: String, on event: String) throws -> Bool {
        guard let condition = jobs[job]?["if"] as? String else { return true }
        let known = ["github.event_name == 'push'": "push", "github.event_name == 'pull_request'": "pull_request"]
        guard let wanted = known[condition] else {
            throw Failure("job \(job): a condition this runner does not know: \(condition)")
        }
        return wanted == event
    }

    /// Runs `job` in `clone` (a checkout at the commit), with `matrix` values and the `GITHUB_*`
    /// variables in `github`.
    func run(_ job: String, in clone: URL, matrix: [String: String] = [:], github: [String: String]) throws -> Outcome {
        guard let steps = jobs[job]?["steps"] as? [[String: Any]] else { throw Failure("no job \(job)") }
        let summary = clone.appendingPathComponent(".step-summary-\(UUID().uuidString)")
        try Data().write(to: summary)
        var log = ""
        var status: Int32 = 0
        for step in steps {
            let condition = step["if"] as? String
            if status != 0 && condition != "always()" { continue }
            if let uses = step["uses"] as? String {
                try standIn(
                    uses, with: expand(step["with"] as? [String: Any] ?? [:], matrix: matrix, github: github), in: clone
                )
            } else if let script = step["run"] as? String {
                if script.contains("swift build") {
                    let (code, output) = try standInForTheBuild(in: clone)
                    log += output
                    if code != 0 {
                        status = code
                    }
                    continue
                }
                var environment = github
                environment["GITHUB_STEP_SUMMARY"] = summary.path
                let (code, output) = try bash(
                    expand(script, matrix: matrix, github: github), in: clone, environment: environment)
                log += output
                if code != 0 && status == 0 { status = code }
            } else {
                throw Failure("job \(job): a step with neither uses nor run")
            }
        }
        return Outcome(status: status, log: log, summary: try String(contentsOf: summary, encoding: .utf8))
    }

    /// `${{ matrix.X }}` and `${{ github.X }}` replaced; any other expression fails the test.
    func expand(_ text: String, matrix: [String: String], github: [String: String]) throws -> String {
        var out = text
        while let open = out.range(of: "${{"), let close = out.range(of: "}}", range: open.upperBound..<out.endIndex) {
            let expression = out[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            let value: String?
            if expression.hasPrefix("matrix.") {
                value = matrix[String(expression.dropFirst("matrix.".count))]
            } else if expression == "github.sha" {
                value = github["GITHUB_SHA"]
            } else if expression == "github.event.pull_request.base.sha" {
                value = github["BASE_SHA"]
            } else {
                value = nil
            }
            guard let value else { throw Failure("an expression this runner does not know: \(expression)") }
            out.replaceSubrange(open.lowerBound..<close.upperBound, with: value)
        }
        return out
    }

    func expand(_ with: [String: Any], matrix: [String: String], github: [String: String]) throws -> [String: String] {
        try with.mapValues { try expand("\($0)", matrix: matrix, github: github) }
    }

    private func standIn(_ uses: String, with: [String: String], in clone: URL) throws {
        let fm = FileManager.default
        let action = uses.split(separator: "@").first.map(String.init) ?? uses
        func copy(_ from: URL, _ to: URL) throws {
            try? fm.removeItem(at: to)
            try fm.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
            try fm.copyItem(at: from, to: to)
        }
        switch action {
        case "actions/checkout":
            return
        case "actions/cache/restore":
            let path = try required("path", with)
            let saved = state.appendingPathComponent("cache/" + path)
            if fm.fileExists(atPath: saved.path) { try copy(saved, clone.appendingPathComponent(path)) }
        case "actions/cache/save":
            let path = try required("path", with)
            try copy(clone.appendingPathComponent(path), state.appendingPathComponent("cache/" + path))
        case "actions/upload-artifact":
            let source = clone.appendingPathComponent(try required("path", with))
            if fm.fileExists(atPath: source.path) {
                try copy(
                    source,
                    state.appendingPathComponent(
                        "artifacts/" + (try required("name", with)) + "/" + source.lastPathComponent))
            }
        case "actions/download-artifact":
            let prefix = try required("pattern", with).replacingOccurrences(of: "*", with: "")
            let destination = clone.appendingPathComponent(with["path"] ?? ".")
            for name in try fm.contentsOfDirectory(atPath: state.appendingPathComponent("artifacts").path)
            where name.hasPrefix(prefix) {
                let folder = state.appendingPathComponent("artifacts/" + name)
                for item in try fm.contentsOfDirectory(atPath: folder.path) {
                    try copy(folder.appendingPathComponent(item), destination.appendingPathComponent(name))
                }
            }
        default:
            throw Failure("a step this runner has no stand-in for: \(uses)")
        }
    }

    private func required(_ key: String, _ with: [String: String]) throws -> String {
        guard let value = with[key] else { throw Failure("a step without its '\(key)'") }
        return value
    }

    /// The build step, as `build` says; its product linked where `swift build -c release` puts `bench`.
    /// The build's status and output, as a step's.
    private func standInForTheBuild(in clone: URL) throws -> (Int32, String) {
        let product: URL
        var result: (Int32, String) = (0, "")
        switch build {
        case .testBench:
            product = BenchTool.release ?? BenchTool.executable
        case .package(let name, let cache):
            result = try bash(
                "swift build -c release --product '\(name)' --scratch-path '\(cache.path)' 2>&1 | tail -3", in: clone)
            product = cache.appendingPathComponent("release/\(name)")
        }
        let release = clone.appendingPathComponent(".build/release")
        try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: release.appendingPathComponent("bench"))
        try FileManager.default.createSymbolicLink(
            at: release.appendingPathComponent("bench"), withDestinationURL: product)
        return result
    }
}

/// Runs `script` as Actions runs a `run:` step (`bash --noprofile --norc -eo pipefail`) in `folder`:
/// its status, and its output and errors as one stream, through a pipe as a runner reads them.
func bash(_ script: String, in folder: URL, environment extra: [String: String] = [:]) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["--noprofile", "--norc", "-eo", "pipefail", "-c", script]
    process.currentDirectoryURL = folder
    process.environment = ProcessInfo.processInfo.environment.merging(extra) { _, new in new }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}
