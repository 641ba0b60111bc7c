import Foundation

/// Writes files so that a reader sees the old file, or none, or the whole new one: never half of it.
///
/// The new contents go to a hidden temporary file in the destination's folder (`.NAME.partial-PID-N`),
/// are flushed to disk, and the temporary file is renamed over the destination. `rename(2)` within
/// one file system replaces the name in one step, so a failure or a kill at any moment leaves the
/// previous file (or none) under the name; at worst a stray hidden temporary file is left beside it.
public enum AtomicFile {
    /// An error writing `path`, in words.
    public struct WriteError: Error, CustomStringConvertible {
        /// The destination that was not written.
        public var path: String
        /// What went wrong.
        public var reason: String
        /// `path: reason`, the one-line form people see.
        public var description: String { "\(path): \(reason)" }
    }

    /// Writes `text` to `path` as UTF-8, atomically.
    public static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    /// Writes `data` to `path`, atomically.
    public static func write(_ data: Data, to path: String) throws {
        try write(to: path) { temporary in
            guard FileManager.default.createFile(atPath: temporary, contents: data) else {
                throw WriteError(path: path, reason: "cannot create \(temporary): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Writes `path` atomically through `produce`, which must write the whole file at the temporary
    /// path it is given (for writers that want a path, such as cairo's PNG writer). If `produce`
    /// throws, the temporary file is removed and `path` is left as it was.
    public static func write(to path: String, _ produce: (_ temporaryPath: String) throws -> Void) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).partial-\(getpid())-\(nextSerial())").path
        do {
            try produce(temporary)
            try flush(temporary)
            guard rename(temporary, path) == 0 else {
                throw WriteError(path: path, reason: "cannot rename the finished file into place: \(String(cString: strerror(errno)))")
            }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Forces the temporary file's contents to disk before the rename, so that after a crash of the
    /// machine the name never points at an empty file.
    private static func flush(_ path: String) throws {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw WriteError(path: path, reason: "cannot reopen: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw WriteError(path: path, reason: "cannot flush to disk: \(String(cString: strerror(errno)))") }
    }

    private static let serial = SerialCounter()
    private static func nextSerial() -> Int { serial.next() }
}

/// A counter that tells apart the temporary files of concurrent writes in one process.
private final class SerialCounter: @unchecked Sendable { // `value` is guarded by `lock`
    private let lock = NSLock()
    private var value = 0
    func next() -> Int { lock.lock(); defer { lock.unlock() }; value += 1; return value }
}
