import Foundation

/// Writes files so that a reader sees the old file, or none, or the whole new one: never half of it.
public enum AtomicFile {
    /// Writes `text` to `path` through a temporary file in the same folder, renamed into place.
    public static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
