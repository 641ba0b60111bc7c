import Foundation

/// Reading a file bench did not write itself with a bound on what it takes: a file larger than the
/// limit is refused before it is read (by its size) or while it is read (a pipe or a device such as
/// `/dev/zero`, which have none), so no input makes bench allocate without end.
package enum BoundedFile {
    /// Why a file was not read: it could not be opened or read (exit 74), or it holds more than the
    /// limit (exit 65, bad input data). The description is the reason alone; callers name the file.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        case unreadable(String)
        case tooLarge(limit: Int)

        package var description: String {
            switch self {
            case .unreadable(let reason): "cannot read it (\(reason))"
            case .tooLarge(let limit): "more than \(limit) bytes"
            }
        }
    }

    /// Every byte of `path`, at most `limit` of them; with `regularOnly`, refused unless it is a
    /// regular file (`forEachChunk`).
    package static func read(_ path: String, limit: Int, regularOnly: Bool = false) throws(Failure) -> Data {
        var data = Data()
        do {
            try forEachChunk(of: path, limit: limit, regularOnly: regularOnly) { chunk in data.append(contentsOf: chunk)
            }
            // appending throws nothing: unreachable
        } catch let failure as Failure { throw failure } catch { throw .unreadable("\(error)") }
        return data
    }

    /// Hands `path`'s bytes to `body` a chunk at a time, refusing a file of more than `limit` bytes
    /// (a regular file by its size, before the first chunk). What `body` throws is rethrown as it is.
    ///
    /// The open never waits: a FIFO with no writer would block it for ever, so the file is opened
    /// without blocking and read blocking from then on (a FIFO nobody writes reads as empty). With
    /// `regularOnly`, anything but a regular file (a FIFO, a device, a socket) is refused before it is
    /// opened: the rule for a file read from a study folder, which bench wrote as a regular file.
    package static func forEachChunk(
        of path: String, limit: Int, regularOnly: Bool = false,
        _ body: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        if regularOnly {
            var status = stat()
            if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
                throw Failure.unreadable(
                    status.st_mode & S_IFMT == S_IFDIR
                        ? "it is a folder" : "not a regular file (\(kind(status.st_mode)))")
            }
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw Failure.unreadable(reason(errno)) }
        defer { close(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var status = stat()
        if fstat(fd, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR { throw Failure.unreadable("it is a folder") }
            if regularOnly, status.st_mode & S_IFMT != S_IFREG {
                throw Failure.unreadable("not a regular file (\(kind(status.st_mode)))")
            }
            if status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) > limit { throw Failure.tooLarge(limit: limit) }
        }
        var total = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure.unreadable(reason(errno))
            }
            if n == 0 { return }
            total += n
            if total > limit { throw Failure.tooLarge(limit: limit) }
            try buffer.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
        }
    }

    /// What a file that is not a regular one is, in words.
    package static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a folder"
        default: "not a regular file"
        }
    }

    /// `strerror`'s text in lower case, as it reads inside a sentence: "no such file or directory".
    package static func reason(_ code: Int32) -> String { String(cString: strerror(code)).lowercased() }
}
