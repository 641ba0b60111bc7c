import Foundation
import StrokeBenchMetrics

/// Where a baseline's trace is, relative to the baseline file rather than the folder `bench` runs
/// in: a baseline and its trace are committed side by side, and `cd elsewhere; bench check
/// --baseline ../bl/base.json` must find the trace as `bench check --baseline base.json` does.
enum BaselineTracePath {
    /// The path to store for `trace` (as the user named it) in a baseline written to `baseline`: an
    /// absolute path or the built-in trace as it is, a relative one rewritten relative to the
    /// baseline's folder.
    static func stored(_ trace: String, baseline: String) -> String {
        guard !trace.hasPrefix("/") else { return trace }
        let from = components(absolute(AtomicFile.split(baseline).folder))
        let to = components(absolute(trace))
        let common = zip(from, to).prefix { $0 == $1 }.count
        let relative = Array(repeating: "..", count: from.count - common) + Array(to[common...])
        return relative.joined(separator: "/")
    }

    /// The file a stored `trace` path names: relative to the baseline's folder; for a baseline
    /// written before paths were stored that way, the same path from the current folder when only
    /// that exists.
    static func resolved(_ trace: String, baseline: String) -> String {
        guard !trace.hasPrefix("/") else { return trace }
        let besideBaseline = (AtomicFile.split(baseline).folder as NSString).appendingPathComponent(trace)
        let fm = FileManager.default
        if !fm.fileExists(atPath: besideBaseline) && fm.fileExists(atPath: trace) { return trace }
        return besideBaseline
    }

    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
    }

    /// The path's names with `.` dropped and `..` applied, so that common folders compare equal.
    private static func components(_ path: String) -> [String] {
        var result: [String] = []
        for name in path.split(separator: "/") where name != "." {
            if name == ".." { _ = result.popLast() } else { result.append(String(name)) }
        }
        return result
    }
}
