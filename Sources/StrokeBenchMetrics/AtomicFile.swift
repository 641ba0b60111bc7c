import Foundation

/// Writes files so that a reader sees the old file, or none, or the whole new one: never half of it.
///
/// The new contents go to a hidden temporary file in the destination's folder (`.NAME.partial-PID-N`,
/// or `.PREFIX~HASH.partial-PID-N` when NAME is too long for that to fit the file system's limit),
/// are flushed to disk, and the temporary file is renamed over the destination. `rename(2)` within
/// one file system replaces the name in one step, so a failure or a kill at any moment leaves the
/// previous file (or none) under the name. The temporary files of writes in progress are known to
/// the process (`abandonWrites`, for a signal handler); one left behind by a process that was killed
/// outright (SIGKILL) is removed by the next write to the same name.
///
/// Only a regular file (or no file yet) is replaced that way: a destination that is standard output
/// (`-`), a character device or a FIFO is written in place, and a symbolic link is followed
/// (`OutputTarget` has the rules). Nothing but a regular file is ever renamed over.
package enum AtomicFile {
    /// An error writing `path`, in words.
    package struct WriteError: Error, CustomStringConvertible {
        /// The destination that was not written.
        package var path: String
        /// What went wrong.
        package var reason: String
        /// Creates an error; `reason` is said after the path.
        package init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
        /// `path: reason`, the one-line form people see.
        package var description: String { "\(path): \(reason)" }
    }

    /// Writes `text` to `path` as UTF-8, atomically (or in place, for `OutputTarget`'s in-place kinds).
    package static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    /// Writes `data` to `path`, atomically (or in place, for `OutputTarget`'s in-place kinds).
    package static func write(_ data: Data, to path: String) throws {
        try write(to: path) { target in
            let sink = try OutputSink(path: target)
            try sink.write(data)
            try sink.close()
        }
    }

    /// Writes `path` through `produce`, which must write the whole output at the path it is given,
    /// opening it with `OutputTarget.openForWriting` (or `OutputSink`): a new temporary file that is
    /// renamed into place when `produce` returns, or, for an in-place destination, the device or
    /// FIFO itself or `-` for standard output. If `produce` throws, a temporary file is removed and
    /// a replaced file is left as it was.
    package static func write(to path: String, _ produce: (_ target: String) throws -> Void) throws {
        switch try OutputTarget.resolve(path) {
        case .standardOutput: try writeInPlace(path, at: OutputTarget.standardOutputName, produce)
        case .stream(let resolved): try writeInPlace(path, at: resolved, produce)
        case .file(let resolved): try replace(resolved, reportedAs: path, produce)
        }
    }

    /// Writes `path` through `produce`, which writes a whole file at a path of its own (cairo's PNG
    /// writer): atomically as `write(to:_:)` does, or, for an in-place destination, into a temporary
    /// file in the system's temporary folder that is then copied into the destination and removed.
    package static func writeThroughFile(to path: String, _ produce: (_ temporaryPath: String) throws -> Void) throws {
        let target = try OutputTarget.resolve(path)
        guard target.isInPlace else { return try write(to: path, produce) }
        let temporary = (NSTemporaryDirectory() as NSString).appendingPathComponent(
            "bench-output-\(getpid())-\(nextSerial())")
        ledger.begin(temporary, of: path)
        defer { ledger.discard(temporary) }
        try produce(temporary)
        let data = try readWhole(temporary)
        try write(data, to: path)
    }

    /// Checks before any work that `path` can be written as an output: what it names is one
    /// `OutputTarget` accepts, its folder exists, its name fits the file system, and a file named as
    /// the write's temporary file can be made there and removed (permission bits say nothing for
    /// root, and `/proc` or a read-only mount refuse writes anyway). A device or FIFO must be
    /// writable by this user; a FIFO is not opened (that would wait for a reader).
    /// - Throws: `WriteError` saying what is wrong (not prefixed with the path).
    package static func checkWritable(_ path: String) throws {
        let resolved: String
        switch try OutputTarget.resolve(path) {
        case .standardOutput: return
        case .stream(let device):
            guard access(device, W_OK) == 0 else { throw WriteError(path: path, reason: systemReason()) }
            return
        case .file(let file): resolved = file
        }
        let (folder, name) = split(resolved)
        var status = stat()
        guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw WriteError(path: path, reason: "folder \(folder) does not exist")
        }
        let limit = pathconf(folder, Int32(_PC_NAME_MAX))
        if limit > 0, name.utf8.count > limit {
            throw WriteError(
                path: path,
                reason: "the file name is \(name.utf8.count) bytes, more than the \(limit) this file system allows")
        }
        // Serial 0 is never a real write's, so a probe cannot clash with one.
        let probe = join(folder, temporaryPrefix(for: name) + "\(getpid())-0")
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw WriteError(path: path, reason: systemReason()) }
        close(fd)
        unlink(probe)
    }

    /// For a process about to exit on a signal: removes the temporary file of every write in
    /// progress and stops any other write from starting or finishing, so that nothing half-written
    /// is left and nothing is renamed into place after this returns.
    /// - Returns: the destinations whose writes were abandoned (their temporary files removed),
    ///   those this process finished writing (each once, in the order written), and the in-place
    ///   outputs (`-`, a device, a FIFO) cut off part way, which nothing can take back.
    /// - Important: never returns the lock it takes: call it only on the way to `_exit`.
    package static func abandonWrites() -> (abandoned: [String], finished: [String], incomplete: [String]) {
        ledger.abandonAll()
    }

    /// The atomic write of a regular file (or none yet) at `path`; `reported` is the name the user
    /// gave (a link to `path`, say), for what a signal handler says was kept.
    private static func replace(_ path: String, reportedAs reported: String, _ produce: (String) throws -> Void) throws
    {
        let (folder, name) = split(path)
        removeAbandonedTemporaries(in: folder, of: name)
        let temporary = join(folder, temporaryPrefix(for: name) + "\(getpid())-\(nextSerial())")
        ledger.begin(temporary, of: reported)
        do {
            try produce(temporary)
            try flush(temporary)
            try ledger.finish(temporary, as: reported) {
                guard rename(temporary, path) == 0 else {
                    throw WriteError(
                        path: reported, reason: "cannot rename the finished file into place: \(systemReason())")
                }
            }
        } catch {
            ledger.discard(temporary)
            throw error
        }
    }

    /// Standard output, a device or a FIFO: written as it is produced, with nothing to rename.
    private static func writeInPlace(_ path: String, at target: String, _ produce: (String) throws -> Void) throws {
        ledger.beginInPlace(path)
        defer { ledger.endInPlace(path) }
        try produce(target)
        ledger.finished(path)
    }

    /// The start of the temporary file names of writes to `name`: `.NAME.partial-`, or, when a pid
    /// and serial after that would pass the usual 255-byte name limit, the first 180 bytes of NAME
    /// with a hash of the whole (`.PREFIX~HASH.partial-`), the same for the same name so that
    /// abandoned ones are still found.
    static func temporaryPrefix(for name: String) -> String {
        let room = 255 - ".".utf8.count - ".partial-".utf8.count - 10 - 1 - 20  // pid, dash, serial
        guard name.utf8.count > room else { return ".\(name).partial-" }
        var prefix = Substring(name)
        while prefix.utf8.count > 180 { prefix = prefix.dropLast() }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64 bits
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return ".\(prefix)~\(String(repeating: "0", count: 16 - hex.count) + hex).partial-"
    }

    /// Removes `.NAME.partial-PID-N` files in `folder` whose process no longer runs: what a write
    /// killed outright (SIGKILL, a crash, a power cut) left. A live process's files are kept, and so
    /// are another user's (`kill` says EPERM, not ESRCH).
    private static func removeAbandonedTemporaries(in folder: String, of name: String) {
        let prefix = temporaryPrefix(for: name)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            let parts = name.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, let pid = pid_t(parts[0]), pid > 0, Int(parts[1]) != nil else { continue }
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                unlink(join(folder, name))
            }
        }
    }

    /// Forces the temporary file's contents to disk before the rename, so that after a crash of the
    /// machine the name never points at an empty file.
    private static func flush(_ path: String) throws {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw WriteError(path: path, reason: "cannot reopen: \(systemReason())") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw WriteError(path: path, reason: "cannot flush to disk: \(systemReason())") }
    }

    private static func readWhole(_ path: String) throws -> Data {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw WriteError(path: path, reason: "cannot reopen: \(systemReason())")
        }
        defer { try? handle.close() }
        return try handle.readToEnd() ?? Data()
    }

    /// A path's folder (`.` for a bare name) and last component, split on the last `/` by hand:
    /// Foundation's `deletingLastPathComponent` traps on a one-character name (issue 21).
    package static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The system's reason for `code` (errno by default), in lower case, as messages quote it.
    static func systemReason(_ code: Int32 = errno) -> String { String(cString: strerror(code)).lowercased() }

    private static let serial = SerialCounter()
    private static func nextSerial() -> Int { serial.next() }
    private static let ledger = WriteLedger()
}

/// The writes in progress in this process (their temporary files) and the destinations finished.
private final class WriteLedger: @unchecked Sendable {  // every field is guarded by `lock`
    private let lock = NSLock()
    private var inProgress: [(temporary: String, destination: String)] = []
    private var finished: [String] = []
    private var inPlace: [String] = []

    func begin(_ temporary: String, of destination: String) {
        lock.lock()
        defer { lock.unlock() }
        inProgress.append((temporary, destination))
    }

    /// Runs `rename` under the lock, so that a signal handler sees the write either in progress (and
    /// removes its temporary file) or finished, never between.
    func finish(_ temporary: String, as path: String, rename: () throws -> Void) throws {
        lock.lock()
        defer { lock.unlock() }
        try rename()
        forget(temporary)
        if !finished.contains(path) { finished.append(path) }
    }

    /// An in-place write (nothing to rename, nothing to remove) has begun or ended.
    func beginInPlace(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        inPlace.append(path)
    }

    func endInPlace(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        if let index = inPlace.firstIndex(of: path) { inPlace.remove(at: index) }
    }

    /// Records a destination written in place, whole.
    func finished(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        if !finished.contains(path) { finished.append(path) }
    }

    func discard(_ temporary: String) {
        lock.lock()
        defer { lock.unlock() }
        unlink(temporary)
        forget(temporary)
    }

    func abandonAll() -> (abandoned: [String], finished: [String], incomplete: [String]) {
        lock.lock()  // kept: the process is exiting, and no write may start or finish meanwhile
        var abandoned: [String] = []
        for (temporary, destination) in inProgress {
            unlink(temporary)
            abandoned.append(destination)
        }
        return (abandoned, finished, inPlace)
    }

    private func forget(_ temporary: String) {
        inProgress.removeAll { $0.temporary == temporary }
    }
}

/// A counter that tells apart the temporary files of concurrent writes in one process.
private final class SerialCounter: @unchecked Sendable {  // `value` is guarded by `lock`
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
