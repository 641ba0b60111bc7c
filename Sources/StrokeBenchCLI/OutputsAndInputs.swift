import Foundation

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
/// with frames. Paths are compared as files, not as strings (see `sameFile`).
/// - Throws: `BenchFailure.usage` (exit 64) naming the output's option, its path and the input's.
func refuseOverwriting(_ inputs: [NamedPath], with outputs: [NamedPath]) throws {
    for (index, output) in outputs.enumerated() {
        if let input = inputs.first(where: { sameFile($0.path, output.path) }) {
            let same = input.path == output.path ? "" : " (\(input.path))"
            throw BenchFailure.usage("\(output.name) \(output.path): that is \(input.name)\(same); writing it would destroy it; choose another file")
        }
        // Two outputs may share a character device (`--csv /dev/null --png /dev/null`): each is
        // written to it in place, and neither replaces the other.
        if !isCharacterDevice(output.path), let earlier = outputs[..<index].first(where: { sameFile($0.path, output.path) }) {
            throw BenchFailure.usage("\(output.name) \(output.path): that is also the \(earlier.name) output; one would replace the other; choose another file")
        }
    }
}

/// Whether two paths name one file: the same device and inode when both exist (so a hard link, a
/// symbolic link or `./x` and `x` are caught), otherwise the same absolute path once the folder's
/// symbolic links are resolved.
func sameFile(_ a: String, _ b: String) -> Bool {
    var sa = stat(), sb = stat()
    if stat(a, &sa) == 0, stat(b, &sb) == 0 { return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino }
    return canonicalPath(a) == canonicalPath(b)
}

/// The absolute path of `path` with the symbolic links of its folder resolved (the file itself may
/// not exist yet).
private func canonicalPath(_ path: String) -> String {
    let url = URL(fileURLWithPath: path).standardizedFileURL
    let folder = url.deletingLastPathComponent()
    let resolved = realpath(folder.path, nil).map { pointer in defer { free(pointer) }; return String(cString: pointer) }
    return ((resolved ?? folder.path) as NSString).appendingPathComponent(url.lastPathComponent)
}

/// Whether `path` names a character device (`/dev/null`), following links.
private func isCharacterDevice(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR
}
