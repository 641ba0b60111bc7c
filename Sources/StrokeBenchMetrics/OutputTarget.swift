import Foundation

/// What an output path names, decided before anything is written, so that nothing but a regular
/// file is ever replaced.
///
/// - A regular file, or no file yet: written atomically (`AtomicFile`), a temporary file beside it
///   renamed over it.
/// - `-`: standard output, written in place as the output is made (streamed).
/// - A character device (`/dev/null`, a terminal) or a FIFO: opened for writing and written in place,
///   streamed; never created, truncated, removed or renamed over.
/// - A symbolic link is followed: what it points to is classified by these rules, and a file there
///   is replaced atomically beside it, so the link stays a link. A link that points nowhere (or in a
///   loop) is refused rather than followed to create a file.
/// - A folder, a block device (a disk) or a socket is refused.
package enum OutputTarget: Equatable, Sendable {
    /// A regular file or none yet, at this path (symbolic links resolved): written atomically.
    case file(String)
    /// Standard output (`-`): written in place, streamed.
    case standardOutput
    /// A character device or a FIFO at this path (symbolic links resolved): written in place, streamed.
    case stream(String)

    /// The name that means standard output.
    package static let standardOutputName = "-"

    /// Whether this target is written in place (streamed) rather than atomically.
    package var isInPlace: Bool { if case .file = self { false } else { true } }

    /// Classifies `path`.
    /// - Throws: `AtomicFile.WriteError` for a folder, a block device, a socket or a dangling link.
    package static func resolve(_ path: String) throws(AtomicFile.WriteError) -> OutputTarget {
        if path == standardOutputName { return .standardOutput }
        var status = stat()
        guard lstat(path, &status) == 0 else { return .file(path) }  // none yet (or unreachable: the write says why)
        var resolved = path
        if status.st_mode & S_IFMT == S_IFLNK {
            guard let target = realpath(path, nil) else {
                throw AtomicFile.WriteError(
                    path: path,
                    reason:
                        "a symbolic link to \(linkText(path)), which does not exist; bench follows links but does not create a file through one"
                )
            }
            resolved = String(cString: target)
            free(target)
            guard stat(resolved, &status) == 0 else { return .file(resolved) }
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .file(resolved)
        case S_IFCHR, S_IFIFO: return .stream(resolved)
        case S_IFDIR: throw AtomicFile.WriteError(path: path, reason: "it is a folder")
        case S_IFBLK:
            throw AtomicFile.WriteError(
                path: path, reason: "it is a block device (a disk); bench never writes over one")
        default:
            throw AtomicFile.WriteError(
                path: path, reason: "it is a socket; give a file, a FIFO, a device or - (standard output)")
        }
    }

    /// Opens `path` for writing as an output's producer receives it from `AtomicFile.write(to:_:)`:
    /// `-` is a duplicate of standard output; a device or FIFO is opened as it is (neither created
    /// nor truncated); anything else is a new temporary file, created or emptied.
    /// - Throws: `AtomicFile.WriteError` with the system's reason.
    package static func openForWriting(_ path: String) throws(AtomicFile.WriteError) -> Int32 {
        if path == standardOutputName {
            let fd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0)
            guard fd >= 0 else {
                throw AtomicFile.WriteError(
                    path: path, reason: "cannot use standard output: \(AtomicFile.systemReason())")
            }
            return fd
        }
        var status = stat()
        let inPlace = stat(path, &status) == 0 && [S_IFCHR, S_IFIFO].contains(status.st_mode & S_IFMT)
        let flags = inPlace ? O_WRONLY | O_CLOEXEC : O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC
        let fd = open(path, flags, 0o666)
        guard fd >= 0 else {
            throw AtomicFile.WriteError(path: path, reason: "cannot open for writing: \(AtomicFile.systemReason())")
        }
        return fd
    }

    private static func linkText(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return "nothing" }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A file descriptor written with `write(2)` until every byte is taken, with the system's reason
/// for a failure (`/dev/full`: no space left on device; a closed pipe: broken pipe).
///
/// Not thread-safe: one writer at a time.
package final class OutputSink {
    /// The path the sink was opened on, for messages.
    package let path: String
    private var fd: Int32

    /// Opens `path` with `OutputTarget.openForWriting`.
    package init(path: String) throws(AtomicFile.WriteError) {
        self.path = path
        fd = try OutputTarget.openForWriting(path)
    }

    deinit { if fd >= 0 { Foundation.close(fd) } }

    /// Writes all of `data`.
    package func write(_ data: Data) throws(AtomicFile.WriteError) {
        let failure: Int32? = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return nil
        }
        if let failure { throw AtomicFile.WriteError(path: path, reason: AtomicFile.systemReason(failure)) }
    }

    /// Writes `text` as UTF-8.
    package func write(_ text: String) throws(AtomicFile.WriteError) { try write(Data(text.utf8)) }

    /// Closes the descriptor; a failure here (a full disk on some file systems) is a failed write.
    package func close() throws(AtomicFile.WriteError) {
        guard fd >= 0 else { return }
        let result = Foundation.close(fd)
        fd = -1
        if result != 0 { throw AtomicFile.WriteError(path: path, reason: "cannot close: \(AtomicFile.systemReason())") }
    }
}
