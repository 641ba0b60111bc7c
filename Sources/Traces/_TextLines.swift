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
        let end = utf8[position...].firstIndex(of: UInt8(ascii: "\n")) ?? text.endIndex
        var line = text[position..<end]
        if line.utf8.last == UInt8(ascii: "\r") { line = line.dropLast() }
        number += 1
        position = end < text.endIndex ? utf8.index(after: end) : text.endIndex
        return (number, line)
    }
}

extension Substring {
    /// At most `limit` characters of the text, with control characters shown as `?`, for quoting
    /// bad input inside a one-line error message.
    func quotedForError(limit: Int = 40) -> String {
        String(String.UnicodeScalarView(prefix(limit).unicodeScalars.map {
            $0.properties.generalCategory == .control ? "?" : $0
        })) + (count > limit ? "..." : "")
    }
}
