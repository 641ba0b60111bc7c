import Foundation

/// Where the recorded human traces live: `../shared/traces` beside the package root. They are never
/// copied into the repository (licences, size), so tests that need them check `available` and say
/// when they were skipped.
enum SharedTraces {
    /// The package root, found from this file's path (Tests/TracesTests/SharedTraces.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// `../shared/traces`.
    static let folder = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/traces").path
    /// Whether the folder is there; when it is not, the real-data tests are disabled, and this
    /// prints one line saying so, because a silently skipped test reads as a passed one.
    static let available: Bool = {
        var isDirectory: ObjCBool = false
        let found = FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue
        if !found { print("SKIPPED: real-trace tests need \(folder), which is missing") }
        return found
    }()

    static func path(_ relative: String) -> String { (folder as NSString).appendingPathComponent(relative) }
}

/// A fresh temporary folder for one test's hand-made input files.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("strokebench-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Writes `bytes` to `name` (which may contain folders and spaces) under `folder`, returning the path.
@discardableResult
func write(_ bytes: [UInt8], to name: String, in folder: URL) throws -> String {
    let url = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
    return url.path
}

@discardableResult
func write(_ text: String, to name: String, in folder: URL, byteOrderMark: Bool = false) throws -> String {
    try write((byteOrderMark ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8), to: name, in: folder)
}
