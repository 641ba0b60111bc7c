import Foundation

/// Writes files so that a reader sees the old file, or none, or the whole new one: never half of it.
///
/// The new contents go to a hidden temporary file in the destination's folder (`.NAME.partial-PID-N`),
/// are flushed to disk, and the temporary file is renamed over the destination. `rename(2)` within
/// one file system replaces the name in one step, so a failure or a kill at any moment leaves the
/// previous file (or none) under the name. The temporary files of writes in progress are known to
/// the process (`abandonWrites`, for a signal handler); one left behind by a process that was killed
/// outright (SIGKILL) is removed by the next write to the same name.
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
        removeAbandonedTemporaries(of: url)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).partial-\(getpid())-\(nextSerial())").path
        ledger.begin(temporary, of: path)
        do {
            try produce(temporary)
            try flush(temporary)
            try ledger.finish(temporary, as: path) {
                guard rename(temporary, path) == 0 else {
                    throw WriteError(path: path, reason: "cannot rename the finished file into place: \(String(cString: strerror(errno)))")
                }
            }
        } catch {
            ledger.discard(temporary)
            throw error
        }
    }

    /// For a process about to exit on a signal: removes the temporary file of every write in
    /// progress and stops any other write from starting or finishing, so that nothing half-written
    /// is left and nothing is renamed into place after this returns.
    /// - Returns: the destinations whose writes were abandoned, and those this process finished
    ///   writing (each once, in the order written).
    /// - Important: never returns the lock it takes: call it only on the way to `_exit`.
    public static func abandonWrites() -> (abandoned: [String], finished: [String]) {
        ledger.abandonAll()
    }

    /// Removes `.NAME.partial-PID-N` files beside `url` whose process no longer runs: what a write
    /// killed outright (SIGKILL, a crash, a power cut) left. A live process's files are kept, and so
    /// are another user's (`kill` says EPERM, not ESRCH).
    private static func removeAbandonedTemporaries(of url: URL) {
        let folder = url.deletingLastPathComponent().path
        let prefix = ".\(url.lastPathComponent).partial-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            let parts = name.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, let pid = pid_t(parts[0]), pid > 0, Int(parts[1]) != nil else { continue }
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                unlink((folder as NSString).appendingPathComponent(name))
            }
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
    private static let ledger = WriteLedger()
}

/// The writes in progress in this process (their temporary files) and the destinations finished.
private final class WriteLedger: @unchecked Sendable { // every field is guarded by `lock`
    private let lock = NSLock()
    private var inProgress: [(temporary: String, destination: String)] = []
    private var finished: [String] = []

    func begin(_ temporary: String, of destination: String) {
        lock.lock(); defer { lock.unlock() }
        inProgress.append((temporary, destination))
    }

    /// Runs `rename` under the lock, so that a signal handler sees the write either in progress (and
    /// removes its temporary file) or finished, never between.
    func finish(_ temporary: String, as path: String, rename: () throws -> Void) throws {
        lock.lock(); defer { lock.unlock() }
        try rename()
        forget(temporary)
        if !finished.contains(path) { finished.append(path) }
    }

    func discard(_ temporary: String) {
        lock.lock(); defer { lock.unlock() }
        unlink(temporary)
        forget(temporary)
    }

    func abandonAll() -> (abandoned: [String], finished: [String]) {
        lock.lock() // kept: the process is exiting, and no write may start or finish meanwhile
        var abandoned: [String] = []
        for (temporary, destination) in inProgress {
            unlink(temporary)
            abandoned.append(destination)
        }
        return (abandoned, finished)
    }

    private func forget(_ temporary: String) {
        inProgress.removeAll { $0.temporary == temporary }
    }
}

/// A counter that tells apart the temporary files of concurrent writes in one process.
private final class SerialCounter: @unchecked Sendable { // `value` is guarded by `lock`
    private let lock = NSLock()
    private var value = 0
    func next() -> Int { lock.lock(); defer { lock.unlock() }; value += 1; return value }
}
