import BenchTestSupport
import Foundation
import Testing

/// Every command line README.md shows is run, so a documented command that cannot run fails the
/// tests (issue 21: `bench sweep merge` was documented and unreachable). Each fenced `sh` block runs
/// as one bash script (`set -e`), in order, in one scratch folder, with the `bench` just built first
/// on `PATH` (the release build where CI names it, `BenchTool.release`, as a reader would run); the GitHub Actions matrix runs its `run:` steps once per shard, then the merge; the
/// Slurm block runs with a stand-in `sbatch` that runs the array's tasks here, all at once.
///
/// What differs from a reader's terminal, and why:
/// - A command that would replay the built-in 30 s session (`bench run`, `bench sweep`, `bench
///   baseline record` without `--trace`/`--traces`) replays a small generated trace instead, and the
///   README's recorded traces (`xml_logs`, `strokes_background_small1`) and `my.trace` are small made-up files of the
///   same formats: the commands are what is tested, not the study.
/// - `bench check` may end with a verdict (2 regression, 3 inconclusive, 4 improvement) on
///   measured timings: any of those is a command that ran.
/// - Left out (`skipped` below): installing system packages and building or testing with `swift`
///   (the test runs inside that build), and `scripts/reproduce.sh`, which regenerates `results/`
///   and takes many minutes.
@Suite(.enabled(if: EndToEnd.enabled, EndToEnd.reason)) struct ReadmeCommandTests {
    /// Commands not run, each with its reason: the explicit list the issue asks for.
    static let skipped: [(prefix: String, reason: String)] = [
        ("scripts/setup.sh", "installs system packages"),
        ("swift ", "builds or tests this package: the test runs inside that build"),
        ("cd Benchmarks", "the package-benchmark run, minutes long, in its own package"),
        ("scripts/reproduce.sh", "regenerates results/ from nothing: many minutes"),
        ("brew ", "installs macOS packages with Homebrew"),
        ("export PKG_CONFIG_PATH", "macOS only: where Homebrew keeps libxml2"),
        (
            "scripts/docs.sh",
            "builds the documentation of this package: the test runs inside that build, and CI runs it"
        ),
    ]

    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func everyCommandInTheReadmeRuns() throws {
        let readme = try String(contentsOf: Self.projectRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = Self.fencedBlocks(readme)
        #expect(blocks.contains { $0.language == "yaml" } && blocks.filter { $0.language == "sh" }.count >= 6)
        let scratch = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let work = try Self.prepare(scratch)
        // The three ways to shard write the same part folders: the Slurm and GitHub Actions ones
        // run in folders of their own, as on their own machines.
        for block in blocks where block.language == "sh" {
            let folder = block.text.contains("sbatch") ? try Self.machine("slurm", in: work) : work
            try Self.run(Self.script(block.text), in: folder, scratch: scratch)
        }
        for block in blocks where block.language == "yaml" && block.text.contains("matrix:") {
            try Self.run(
                Self.script(Self.githubActionsSteps(block.text)), in: try Self.machine("github-actions", in: work),
                scratch: scratch)
        }
        for folder in ["", "slurm/", "github-actions/"] {
            #expect(
                FileManager.default.fileExists(atPath: work.appendingPathComponent(folder + "sweep/summary.csv").path),
                "\(folder)sweep")
        }
    }

    /// ```` ```lang ```` ... ```` ``` ```` blocks, in order.
    static func fencedBlocks(_ markdown: String) -> [(language: String, text: String)] {
        var blocks: [(String, String)] = []
        var current: (String, [String])?
        for line in markdown.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                if let open = current {
                    blocks.append((open.0, open.1.joined(separator: "\n")))
                    current = nil
                } else {
                    current = (String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), [])
                }
            } else if current != nil {
                current!.1.append(line)
            }
        }
        return blocks
    }

    /// A block made runnable here: continuation lines joined, comments dropped, skipped commands
    /// replaced by a note, the small trace given to commands that would replay the 30 s default.
    static func script(_ block: String) -> String {
        var lines: [String] = []
        var pending = ""
        for raw in block.components(separatedBy: "\n") {
            if raw.hasSuffix("\\") {
                pending += String(raw.dropLast())
                continue
            }
            let line = pending + raw
            pending = ""
            let code = withoutComment(line)
            if let skip = skipped.first(where: { code.trimmingCharacters(in: .whitespaces).hasPrefix($0.prefix) }) {
                lines.append(": skipped, \(skip.reason)")
            } else if code.hasPrefix("bench check ") {
                lines.append(code + " || [ $? -le 4 ]")
            } else {
                lines.append(withSmallTrace(code))
            }
        }
        return "set -e\n" + lines.joined(separator: "\n") + "\n"
    }

    /// `line` without a `# comment` (one after a space, outside quotes; `#!` and `#SBATCH` lines kept).
    static func withoutComment(_ line: String) -> String {
        if line.hasPrefix("#!") || line.hasPrefix("#SBATCH") { return line }
        if line.hasPrefix("#") { return "" }
        var quote: Character?
        var previous: Character = " "
        for (offset, c) in line.enumerated() {
            if c == "'" || c == "\"" { quote = quote == c ? nil : (quote ?? c) }
            if c == "#", quote == nil, previous == " " {
                return String(line.prefix(offset)).trimmingCharacters(in: .whitespaces)
            }
            previous = c
        }
        return line
    }

    static func withSmallTrace(_ line: String) -> String {
        let replays = ["bench run ", "bench sweep --", "bench baseline record "]
        guard replays.contains(where: line.contains), !line.contains("--trace") else { return line }
        return line + (line.contains("bench sweep") ? " --traces \(smallTraceName)" : " --trace \(smallTraceName)")
    }

    /// The shard job's `run:` steps once per value of its matrix, then the merge job's.
    static func githubActionsSteps(_ yaml: String) -> String {
        let lines = yaml.components(separatedBy: "\n")
        let matrix = lines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("shard: [") }!
        let shards = matrix.split(separator: "[")[1].dropLast().split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let runs = lines.compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("- run: ") else { return nil }
            return String(trimmed.dropFirst("- run: ".count)).replacingOccurrences(
                of: ".build/release/bench", with: "bench")
        }
        var steps: [String] = []
        for run in runs {
            if run.contains("${{ matrix.shard }}") {
                steps += shards.map { run.replacingOccurrences(of: "${{ matrix.shard }}", with: $0) }
            } else {
                steps.append(run)
            }
        }
        return steps.joined(separator: "\n")
    }

    static let smallTraceName = "small.trace"

    /// A folder in `work` standing for another machine, with the small trace.
    static func machine(_ name: String, in work: URL) throws -> URL {
        let folder = work.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        try FileManager.default.copyItem(
            at: work.appendingPathComponent(smallTraceName), to: folder.appendingPathComponent(smallTraceName))
        return folder
    }

    /// The scratch layout: `work/` (where the blocks run, with `scripts/` linked, the small traces and
    /// the README's recorded-trace folders, `xml_logs` and `strokes_background_small1`), and `bin/` with
    /// `bench` and the `sbatch` stand-in.
    static func prepare(_ scratch: URL) throws -> URL {
        let fm = FileManager.default
        let work = scratch.appendingPathComponent("work")
        let bin = scratch.appendingPathComponent("bin")
        for folder in [
            work, bin, work.appendingPathComponent("xml_logs/s01"),
            work.appendingPathComponent("strokes_background_small1/Greek/character01"),
        ] {
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try fm.createSymbolicLink(
            at: bin.appendingPathComponent("bench"), withDestinationURL: BenchTool.release ?? BenchTool.executable)
        try fm.createSymbolicLink(
            at: work.appendingPathComponent("scripts"),
            withDestinationURL: projectRoot.appendingPathComponent("scripts"))
        try write(sbatch, to: "sbatch", in: bin)
        chmod(bin.appendingPathComponent("sbatch").path, 0o755)
        let generated = try BenchTool.run(
            ["trace", "generate", "--seed", "1", "--duration", "2", "--output", smallTraceName], in: work)
        #expect(generated.status == 0, "\(generated.stderr)")
        try fm.copyItem(at: work.appendingPathComponent(smallTraceName), to: work.appendingPathComponent("my.trace"))
        for (name, offset) in [("check01", 0), ("circle01", 40)] {
            let points = (0..<20).map {
                "  <Point X=\"\(100 + $0 * 3 + offset)\" Y=\"\(200 + $0 * 2)\" T=\"\(1000 + $0 * 15)\" />"
            }
            try write(
                "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<Gesture Name=\"\(name)\" NumPts=\"20\">\n"
                    + points.joined(separator: "\n") + "\n</Gesture>\n",
                to: "xml_logs/s01/\(name).xml", in: work)
        }
        for name in ["0101_01", "0101_02"] {
            try write(
                "START\n36.1,-25.4,0\n35.1,-26.4,88\n33.1,-28.4,120\nBREAK\n40.0,-20.0,400\n42.0,-21.0,430\nBREAK\n",
                to: "strokes_background_small1/Greek/character01/\(name).txt", in: work)
        }
        return work
    }

    /// Every figure README.md and docs/*.md quote is what the CLI prints now: the generated blocks
    /// (`<!-- bench ARGS -->`, `<!-- include PATH -->`) and the single figures in prose (`<!--fig NAME-->`).
    /// A figure edited by hand, or a study regenerated without the docs, fails here; so does a path a
    /// document names that a clone lacks, and `../shared` in the README.
    @Test func theDocsGeneratedFiguresAreWhatTheCommandsPrint() throws {
        let check = try Self.checkFigures([])
        #expect(check.status == 0, "\(check.output)")
        let readme = try String(contentsOf: Self.projectRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("<!-- bench report results/modelled --format summary -->"))
        #expect(readme.contains("<!--fig "), "the README's prose quotes no generated figure")
    }

    /// The check can fail: a copy of the README with one prose figure, one line of an included table
    /// and one path changed by hand is refused, each named.
    @Test func aFigureEditedByHandFailsTheCheck() throws {
        let readme = try String(contentsOf: Self.projectRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let figure = try #require(readme.firstMatch(of: /<!--fig (\w+)-->([^<]*)<!--\/fig-->/))
        let include = try #require(readme.firstMatch(of: /<!-- include ([^ ]+) -->\n/))
        var edited = readme.replacingCharacters(
            in: figure.range, with: "<!--fig \(figure.1)-->\(figure.2)9<!--/fig-->")
        edited = edited.replacingOccurrences(of: include.0, with: include.0 + "| edited by hand |\n")
        edited += "\nSee `scripts/no-such-script.sh`.\n"
        // Beside the real one, so that its relative links and results/ paths resolve as the README's do.
        let copy = Self.projectRoot.appendingPathComponent("README.edited-by-test.md")
        try edited.write(to: copy, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: copy) }
        let check = try Self.checkFigures([copy.lastPathComponent])
        #expect(check.status == 1)
        #expect(check.output.contains("figure `\(figure.1)` reads '\(figure.2)9'"), "\(check.output)")
        #expect(check.output.contains("the block of `\(include.1)` is not that file"), "\(check.output)")
        #expect(check.output.contains("names `scripts/no-such-script.sh`"), "\(check.output)")
    }

    /// `scripts/readme-figures.sh --check FILE...` (every doc when none) with the release bench.
    static func checkFigures(_ files: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [projectRoot.appendingPathComponent("scripts/readme-figures.sh").path, "--check"] + files
        process.currentDirectoryURL = projectRoot
        process.environment = ProcessInfo.processInfo.environment.merging([
            "BENCH": (BenchTool.release ?? BenchTool.executable).path
        ]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// Slurm's `sbatch`, as far as the README uses it: an array script's tasks run here at once
    /// (each with its `SLURM_ARRAY_TASK_ID`) and are waited for; `--wrap` runs its command.
    static let sbatch = """
        #!/bin/sh
        wrap=; script=; array=
        for a in "$@"; do
            case "$a" in
                --wrap=*) wrap="${a#--wrap=}" ;;
                --array=*) array="${a#--array=}" ;;
                --*) ;;
                *) script="$a" ;;
            esac
        done
        if [ -n "$wrap" ]; then sh -c "$wrap" >&2 || exit 1; echo 2; exit 0; fi
        [ -n "$array" ] || array=$(sed -n 's/^#SBATCH.*--array=\\([0-9]*-[0-9]*\\).*/\\1/p' "$script")
        pids=
        for i in $(seq "${array%-*}" "${array#*-}"); do SLURM_ARRAY_TASK_ID=$i sh "$script" >&2 & pids="$pids $!"; done
        for p in $pids; do wait "$p" || exit 1; done
        echo 1

        """

    /// Runs `script` with bash in `folder`; a failure shows the script and what it printed.
    static func run(_ script: String, in folder: URL, scratch: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] =
            scratch.appendingPathComponent("bin").path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["MPLBACKEND"] = "Agg"
        process.environment = environment
        let log = scratch.appendingPathComponent("block.log")
        try Data().write(to: log)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let output = try String(contentsOf: log, encoding: .utf8)
        #expect(
            process.terminationStatus == 0,
            "README block failed (exit \(process.terminationStatus)):\n\(script)\n--- output (last 2000 characters):\n\(output.suffix(2000))"
        )
    }
}
