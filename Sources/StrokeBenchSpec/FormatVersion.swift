/// The version of one file format StrokeBench writes: the version written now, the versions read, and
/// the one sentence every reader says about any other version, so an unknown version reads the same
/// in a trace, a baseline, a sweep folder or the device data.
package struct FormatVersion: Hashable, Sendable {
    /// The format's name as a user knows it (`sweep.json`, `baseline`, `trace`).
    package let name: String
    /// The version written.
    package let current: Int
    /// The versions read (older ones a reader still understands, and the current one).
    package let readable: ClosedRange<Int>

    /// A format written at `current` and read over `readable` (just `current` when nil).
    package init(name: String, current: Int, readable: ClosedRange<Int>? = nil) {
        self.name = name
        self.current = current
        self.readable = readable ?? current...current
    }

    /// `version`, if it is one this bench reads.
    /// - Throws: `FormatVersionError`, whose description is the one sentence.
    package func check(_ version: Int) throws(FormatVersionError) -> Int {
        guard readable.contains(version) else { throw FormatVersionError(format: self, found: String(version)) }
        return version
    }

    /// A version read as text (a CSV cell, a trace header), checked as `check(_:)` does.
    package func check(text: String) throws(FormatVersionError) -> Int {
        guard let version = Int(text) else {
            throw FormatVersionError(format: self, found: text.isEmpty ? "(none)" : text)
        }
        return try check(version)
    }
}

/// A file of a version this bench does not read.
package struct FormatVersionError: Error, Hashable, CustomStringConvertible {
    /// The format whose reader refused the file.
    package let format: FormatVersion
    /// The version found, as written.
    package let found: String

    /// `sweep.json format_version 3 is not one this bench reads (1...2); a newer bench wrote it, or the file was edited`.
    /// The cause named is the likely one: a version above the range comes from a newer bench, one below
    /// it from an older bench, and anything else (text, a number never written) from an edit.
    package var description: String {
        let range =
            format.readable.count == 1
            ? "\(format.current)" : "\(format.readable.lowerBound)...\(format.readable.upperBound)"
        return "\(format.name) format_version \(found) is not one this bench reads (\(range)); \(likelyCause)"
    }

    private var likelyCause: String {
        guard let version = Int(found) else { return "the file was edited, or is not a \(format.name)" }
        if version > format.readable.upperBound { return "a newer bench wrote it, or the file was edited" }
        return version >= 1 ? "an older bench wrote it, or the file was edited" : "the file was edited"
    }
}
