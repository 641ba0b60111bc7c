import Foundation
import Testing

/// scripts/evidence_order.py reads a repository's history of the validation file and lists the rows
/// whose published value was committed with or before the model's prediction (docs/device-model.md,
/// "Blind evidence"), in a scratch repository whose history is known.
@Suite struct EvidenceOrderTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Runs `executable` with `arguments` in `folder`: its status and standard output.
    @discardableResult
    static func run(_ arguments: [String], in folder: URL) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Commits a validation file holding `rows` (figure, central, published or nil); returns the commit.
    static func commit(_ rows: [(String, Double, Double?)], in folder: URL) throws -> String {
        let file = folder.appendingPathComponent("results/device-model/validation.json")
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let json: [String: Any] = [
            "format_version": 3,
            "rows": rows.map { row -> [String: Any] in
                [
                    "figure": row.0, "central": row.1, "published": row.2.map { $0 as Any } ?? NSNull(),
                    "role": row.2 == nil ? "pending" : "predicted",
                ]
            },
        ]
        try JSONSerialization.data(withJSONObject: json).write(to: file)
        try run(["git", "add", "-A"], in: folder)
        try run(["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "rows"], in: folder)
        return try run(["git", "rev-parse", "HEAD"], in: folder).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func listsRowsPublishedWithTheirPredictionAndFailsForNewOnesSince() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.run(["git", "init", "-q"], in: folder)
        let script = Self.repository + "/scripts/evidence_order.py"
        // A row committed with its value; a row predicted first and given its value later.
        let first = try Self.commit([("old row", 10, 12)], in: folder)
        try Self.commit([("old row", 10, 12), ("blind row", 5, nil)], in: folder)
        let third = try Self.commit([("old row", 10, 12), ("blind row", 5, 6)], in: folder)
        let report = try Self.run(["python3", script, "--format", "json"], in: folder)
        #expect(report.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        #expect(json["not_blind"] as? [String] == ["old row"])
        // Since the first commit, only the blind row is new: nothing fails.
        #expect(try Self.run(["python3", script, "--since", first], in: folder).status == 0)
        // A row committed with its value after the third commit fails the check since then.
        try Self.commit([("old row", 10, 12), ("blind row", 5, 6), ("late row", 3, 4)], in: folder)
        let late = try Self.run(["python3", script, "--since", third], in: folder)
        #expect(late.status == 1)
        #expect(late.stdout.contains("not blind: late row"))
        #expect(try Self.run(["python3", script, "--since", "no-such-revision"], in: folder).status == 64)
    }
}
