import Foundation

/// The lines of a text, split on the byte `\n` with a trailing `\r` dropped, numbered from 1.
///
/// Splitting `String` on the `Character` `"\n"` would not split `\r\n`, which Swift treats as a
/// single grapheme, so a Windows-edited file would read as one line; splitting the UTF-8 view is
/// correct for both and never builds an array of every line, which for a large trace would cost
/// more memory than the samples themselves.
struct _TextLines: Sequence, IteratorProtocol {
    private let text: Substring
    private var position: String.Index
    private var number = 0

    init(_ text: String) {
        self.text = text[...]
        self.position = text.startIndex
    }

    mutating func next() -> (number: Int, line: Substring)? {
        let utf8 = text.utf8
        guard position < text.endIndex else { return nil }
        let end = Self.newline(in: utf8[position...]) ?? text.endIndex
        var line = text[position..<end]
        if line.utf8.last == UInt8(ascii: "\r") { line = line.dropLast() }
        number += 1
        position = end < text.endIndex ? utf8.index(after: end) : text.endIndex
        return (number, line)
    }

    /// The next `\n` from the start of `bytes`: `memchr` on the contiguous bytes a native string has
    /// (the generic search was a tenth of reading a long trace), the generic search otherwise.
    private static func newline(in bytes: Substring.UTF8View) -> String.Index? {
        let offset = bytes.withContiguousStorageIfAvailable { buffer -> Int? in
            guard let base = buffer.baseAddress, let found = memchr(base, Int32(UInt8(ascii: "\n")), buffer.count)
            else { return nil }
            return UnsafeRawPointer(found) - UnsafeRawPointer(base)
        }
        guard let offset else { return bytes.firstIndex(of: UInt8(ascii: "\n")) }
        return offset.map { bytes.index(bytes.startIndex, offsetBy: $0) }
    }

    /// How many lines from here up to the next line whose first word is `record` (or the end): an
    /// upper bound on the samples that follow, read ahead without moving.
    func countBeforeNextRecord(_ record: String) -> Int {
        let word = Array(record.utf8)
        let rest = text.utf8[position...]
        // The contiguous bytes when the string has them (a native string always does): fast, and
        // this is a second pass over the whole file.
        return rest.withContiguousStorageIfAvailable { Self.count(in: $0, before: word) }
            ?? Self.count(in: Array(rest), before: word)
    }

    private static func count<Bytes: RandomAccessCollection>(in bytes: Bytes, before word: [UInt8]) -> Int
    where Bytes.Element == UInt8, Bytes.Index == Int {
        var count = 0
        var start = bytes.startIndex
        while start < bytes.endIndex {
            var first = start
            while first < bytes.endIndex, bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t") {
                first += 1
            }
            let after = first + word.count
            if after <= bytes.endIndex, bytes[first..<after].elementsEqual(word),
                after == bytes.endIndex || bytes[after] <= UInt8(ascii: " ")
            {  // a space, tab or line end: the whole word
                return count
            }
            count += 1
            start = (bytes[first...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex - 1) + 1
        }
        return count
    }
}

extension Substring {
    /// At most `limit` characters of the text, with control characters shown as `?`, for quoting
    /// bad input inside a one-line error message.
    func quotedForError(limit: Int = 40) -> String {
        String(
            String.UnicodeScalarView(
                prefix(limit).unicodeScalars.map {
                    $0.properties.generalCategory == .control ? "?" : $0
                })) + (count > limit ? "..." : "")
    }
}
