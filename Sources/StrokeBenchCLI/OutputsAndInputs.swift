import Foundation
import StrokeBenchSpec

/// A file a command reads or writes, and how a message names it: an output by its option
/// (`--csv`, or `--output sw writes` for a file inside a sweep folder), an input by its role (`the
/// --trace input`, `a file to import`).
struct NamedPath {
    var name: String
    var path: String
}

extension RunOptions {
    /// The files a replay reads (the `--trace`, when one is given): what no output may name.
    var inputs: [NamedPath] { trace.map { [NamedPath(name: "the --trace input", path: $0)] } ?? [] }
}

/// Refuses, before any work, a command whose outputs would be written over one of its inputs (or
/// over each other): `bench run --trace ok.trace --csv ok.trace` would otherwise replace the trace
/// with frames. Paths are compared as files, not as strings (see `FileIdentity`), each path's identity
/// computed once, so a sweep's thousands of files are checked in linear time.
/// - Throws: `BenchFailure.usage` (exit 64) naming the output's option, its path and the input's.
func refuseOverwriting(_ inputs: [NamedPath], with outputs: [NamedPath]) throws {
    var inputByIdentity: [FileIdentity: NamedPath] = [:]
    for input in inputs where inputByIdentity[FileIdentity(input.path)] == nil {
        inputByIdentity[FileIdentity(input.path)] = input
    }
    var earlierOutputs: [FileIdentity: NamedPath] = [:]
    for output in outputs {
        let identity = FileIdentity(output.path)
        if let input = inputByIdentity[identity] {
            let same = input.path == output.path ? "" : " (\(input.path))"
            throw BenchFailure.usage(
                "\(output.name) \(output.path): that is \(input.name)\(same); writing it would destroy it; choose another file"
            )
        }
        // Two outputs may share a character device (`--csv /dev/null --png /dev/null`): each is
        // written to it in place, and neither replaces the other.
        if identity.isCharacterDevice { continue }
        if let earlier = earlierOutputs[identity] {
            throw BenchFailure.usage(
                "\(output.name) \(output.path): that is also the \(earlier.name) output; one would replace the other; choose another file"
            )
        }
        earlierOutputs[identity] = output
    }
}

/// Whether two paths name one file (see `FileIdentity`).
func sameFile(_ a: String, _ b: String) -> Bool { FileIdentity(a) == FileIdentity(b) }

/// What makes two paths one file: the same device and inode when the file exists (so a hard link, a
/// symbolic link or `./x` and `x` are caught), otherwise the same absolute path once the folder's
/// symbolic links are resolved.
struct FileIdentity: Hashable {
    private enum Key: Hashable {
        case inode(UInt64, UInt64)
        case path(String)
    }
    private let key: Key
    /// True for a character device (`/dev/null`), which outputs may share.
    let isCharacterDevice: Bool

    init(_ path: String) {
        var status = stat()
        if stat(path, &status) == 0 {
            key = .inode(UInt64(truncatingIfNeeded: status.st_dev), UInt64(truncatingIfNeeded: status.st_ino))
            isCharacterDevice = status.st_mode & S_IFMT == S_IFCHR
        } else {
            key = .path(canonicalPath(path))
            isCharacterDevice = false
        }
    }

    static func == (a: Self, b: Self) -> Bool { a.key == b.key }
    func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// Whether `path` lies inside `folder` (at any depth), comparing absolute paths with the folders'
/// symbolic links resolved: `p1/runs` is inside `p1`, and so is `./p1/runs/x`.
func isInside(_ path: String, folder: String) -> Bool {
    let inner = canonicalPath(path)
    // The folder exists (it is an input): resolve it whole, so a link to a folder is that folder.
    let outer =
        realpath(folder, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        } ?? canonicalPath(folder)
    return inner.hasPrefix(outer.hasSuffix("/") ? outer : outer + "/")
}

/// The absolute path of `path` with the symbolic links of its folder resolved (the file itself may
/// not exist yet).
private func canonicalPath(_ path: String) -> String {
    let url = URL(fileURLWithPath: path).standardizedFileURL
    let folder = url.deletingLastPathComponent()
    let resolved = realpath(folder.path, nil).map { pointer in
        defer { free(pointer) }
        return String(cString: pointer)
    }
    return ((resolved ?? folder.path) as NSString).appendingPathComponent(url.lastPathComponent)
}

/// Refuses a file that is both read and rewritten (`baseline record --append`, `ramp --baseline`) unless
/// it is missing or a regular file: a FIFO would block the read for ever, and a device cannot hold a
/// baseline. Checked before it is opened (64: the option names the wrong kind of file).
func refuseNonRegular(_ path: String, option: String, because reason: String) throws {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }  // missing: it is created
    let mode = status.st_mode & S_IFMT
    if mode == S_IFLNK, stat(path, &status) != 0 { return }  // a dangling link: created through it
    guard status.st_mode & S_IFMT == S_IFREG else {
        throw BenchFailure.usage(
            "\(path): \(option) must be a regular file (\(reason)), not \(BoundedFile.kind(status.st_mode))")
    }
}

/// Refuses an output that lies inside a study folder: a sweep folder (one holding `sweep.json`, its
/// `runs/` and `frames/` included) at any depth above it. A file written there would be read as part of
/// the study, or leave it unreadable (`sweep --output p1/runs`); 64, naming the folder.
func refuseInsideStudy(_ path: String, option: String) throws {
    var folder = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent()
    while true {
        let resolved =
            realpath(folder.path, nil).map { pointer in
                defer { free(pointer) }
                return String(cString: pointer)
            } ?? folder.path
        if FileManager.default.fileExists(atPath: resolved + "/sweep.json") {
            // Named as the user would: relative to the working folder when it is below it.
            let here =
                realpath(".", nil).map { pointer in
                    defer { free(pointer) }
                    return String(cString: pointer)
                } ?? ""
            let named =
                !here.isEmpty && resolved.hasPrefix(here + "/") ? String(resolved.dropFirst(here.count + 1)) : resolved
            throw BenchFailure.usage(
                "\(option) \(path) lies inside the sweep folder \(named): it would be read as part of that study; choose a folder outside it"
            )
        }
        let parent = folder.deletingLastPathComponent()
        if parent.path == folder.path || folder.path == "/" { return }
        folder = parent
    }
}
