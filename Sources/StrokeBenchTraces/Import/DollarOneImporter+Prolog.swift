import Foundation

/// What comes before a $1 log's root element (the prolog), checked before libxml2 reads a byte:
/// the logs are UTF-8 and declare no document type, and a file that does either is refused.
extension DollarOneImporter {
    /// The first problem in the prolog, with its line: another encoding declared, or a DTD.
    static func prologProblem(_ bytes: Data) -> (line: Int, reason: String)? {
        if let encoding = declaredEncoding(bytes), !utf8Names.contains(encoding.lowercased()) {
            return (1, "the XML declaration names encoding '\(encoding)': $1 gesture logs are UTF-8")
        }
        if let line = documentTypeLine(bytes) {
            return (line, "a DTD (<!DOCTYPE ...>) is refused: $1 gesture logs declare no entities")
        }
        return nil
    }

    /// The encoding names that mean the UTF-8 the bytes were checked to be (ASCII is a subset).
    static let utf8Names: Set<String> = ["utf-8", "utf8", "us-ascii", "ascii"]

    /// The `encoding` of the XML declaration (`<?xml version="1.0" encoding="utf-8"?>`), or nil.
    ///
    /// The reader reads the bytes as UTF-8 whatever this says (so that UTF-7 or UTF-16 cannot spell a
    /// DTD in bytes `documentTypeLine` does not read as markup); refusing another name says so,
    /// instead of reading a file as what it says it is not.
    static func declaredEncoding(_ bytes: Data) -> String? {
        guard bytes.starts(with: "<?xml".utf8) else { return nil }
        let declaration = String(decoding: bytes.prefix(1024).prefix { $0 != UInt8(ascii: ">") }, as: UTF8.self)
        guard let match = declaration.firstMatch(of: /encoding\s*=\s*["']([^"']*)["']/) else { return nil }
        return String(match.1)
    }

    /// The line of the document type declaration (`<!DOCTYPE`) in the prolog, or nil when there is none.
    ///
    /// A DTD is the only place entities can be declared, and libxml2 2.9 expands an entity in an
    /// attribute value every time it is used: one 100 KB entity used 50,000 times in an attribute
    /// of a 250 KB file made it build gigabytes for minutes. Without a DTD only the five predefined
    /// entities exist and any other reference is an error. libxml2 parses the prolog and the root
    /// element's start tag before its reader returns the first node, so a check of the reader's node
    /// types would come too late; this scans the prolog itself (the XML declaration, processing
    /// instructions, comments and white space, which are all that may come before a DTD).
    static func documentTypeLine(_ bytes: Data) -> Int? {
        let prolog = bytes
        var index = prolog.startIndex
        var line = 1
        func starts(with text: String) -> Bool { prolog[index...].starts(with: text.utf8) }
        /// Moves past `end`, counting lines; false when the text ends first.
        func skip(past end: String) -> Bool {
            while index < prolog.endIndex {
                if starts(with: end) {
                    index += end.utf8.count
                    return true
                }
                if prolog[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
            return false
        }
        while index < prolog.endIndex {
            switch prolog[index] {
            case UInt8(ascii: "\n"):
                line += 1
                index += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
            default:
                if starts(with: "<!DOCTYPE") { return line }
                if starts(with: "<?") {
                    guard skip(past: "?>") else { return nil }
                    continue
                }
                if starts(with: "<!--") {
                    guard skip(past: "-->") else { return nil }
                    continue
                }
                return nil  // the root element, or something libxml2 will name as malformed
            }
        }
        return nil
    }
}
