import BenchTestSupport
import Foundation
import Testing

/// An output that names one of the command's inputs (or another of its outputs) is refused before
/// any work: exit 64, one line naming the option and the file, every file as it was and nothing new.
/// Paths are compared as files: `./ok.trace`, a symbolic link and a hard link are all `ok.trace`.
@Suite struct OutputOverInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [String]
        var message: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "run --csv over --trace", arguments: quickRun + ["--trace", "ok.trace", "--csv", "ok.trace"],
            message: "--csv ok.trace: that is the --trace input; writing it would destroy it; choose another file"),
        Case(
            name: "run --png over --trace, spelled differently",
            arguments: quickRun + ["--trace", "ok.trace", "--png", "./ok.trace"],
            message:
                "--png ./ok.trace: that is the --trace input (ok.trace); writing it would destroy it; choose another file"
        ),
        Case(
            name: "run --csv over a symbolic link's target",
            arguments: quickRun + ["--trace", "symbolic.trace", "--csv", "ok.trace"],
            message:
                "--csv ok.trace: that is the --trace input (symbolic.trace); writing it would destroy it; choose another file"
        ),
        Case(
            name: "run --csv over a hard link", arguments: quickRun + ["--trace", "ok.trace", "--csv", "hard.trace"],
            message:
                "--csv hard.trace: that is the --trace input (ok.trace); writing it would destroy it; choose another file"
        ),
        Case(
            name: "run --timeline over --trace",
            arguments: quickRun + ["--trace", "ok.trace", "--timeline", "ok.trace"],
            message: "--timeline ok.trace: that is the --trace input; writing it would destroy it; choose another file"),
        Case(
            name: "run --timeline over --csv",
            arguments: quickRun + ["--trace", "ok.trace", "--csv", "f.csv", "--timeline", "f.csv"],
            message: "--timeline f.csv: that is also the --csv output; one would replace the other; choose another file"
        ),
        Case(
            name: "run --png over --csv",
            arguments: quickRun + ["--trace", "ok.trace", "--csv", "f.csv", "--png", "f.csv"],
            message: "--png f.csv: that is also the --csv output; one would replace the other; choose another file"),
        Case(
            name: "baseline record --output over --trace",
            arguments: [
                "baseline", "record", "--strategy", "naive", "--clock", "virtual", "--trace", "ok.trace", "--output",
                "ok.trace",
            ],
            message: "--output ok.trace: that is the --trace input; writing it would destroy it; choose another file"),
        Case(
            name: "trace resample --output over its input",
            arguments: ["trace", "resample", "ok.trace", "--output", "ok.trace"],
            message:
                "--output ok.trace: that is the trace to resample; writing it would destroy it; choose another file"),
        Case(
            name: "trace import --output over an imported file",
            arguments: ["trace", "import", "--format", "dollar1", "logs", "--output", "logs/g.xml"],
            message: "--output logs/g.xml: that is a file to import; writing it would destroy it; choose another file"),
        Case(
            name: "sweep --output over a trace",
            arguments: ["sweep", "--strategies", "naive", "--traces", "ok.trace", "--output", "ok.trace"],
            message: "--output ok.trace: that is a --traces input; writing it would destroy it; choose another file"),
        Case(
            name: "sweep writing summary.csv over a trace",
            arguments: ["sweep", "--strategies", "naive", "--traces", "sw/summary.csv", "--output", "sw"],
            message:
                "--output sw writes sw/summary.csv: that is a --traces input; writing it would destroy it; choose another file"
        ),
    ]

    @Test(arguments: cases)
    func anOutputNamingAnInputIsRefused(_ refused: Case) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(smallTraceV2, to: "ok.trace", in: folder)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("symbolic.trace").path, withDestinationPath: "ok.trace")
        try FileManager.default.linkItem(
            at: folder.appendingPathComponent("ok.trace"), to: folder.appendingPathComponent("hard.trace"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("logs"), withIntermediateDirectories: false)
        try write("<Gesture><Point X=\"1\" Y=\"2\" T=\"3\"/></Gesture>\n", to: "logs/g.xml", in: folder)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sw"), withIntermediateDirectories: false)
        try write(smallTraceV2, to: "sw/summary.csv", in: folder)
        let before = try snapshot(of: folder)

        let outcome = try BenchTool.run(refused.arguments, in: folder)
        #expect(outcome.status == 64)
        #expect(outcome.stderr == "bench: \(refused.message)\n")
        #expect(outcome.stdout.isEmpty)
        #expect(try snapshot(of: folder) == before)
    }
}
