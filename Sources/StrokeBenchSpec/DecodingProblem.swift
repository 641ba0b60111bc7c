import Foundation

/// What is wrong with a JSON file bench reads, as the one line an error gives after the file's name:
/// the field's path, then the problem (`run.hz: 1e+19 is not a refresh rate ...`), never Foundation's
/// own text (`DecodingError.dataCorrupted(...)`).
package enum DecodingProblem {
    /// `field.path: what is wrong`, for any error a decoder throws.
    package static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c):
            let at = path(c.codingPath)
            let what =
                c.debugDescription.hasPrefix("The given data was not valid JSON")
                ? "not valid JSON" : c.debugDescription
            return (at.isEmpty ? "" : at + ": ") + what
        case .keyNotFound(let key, let c):
            return path(c.codingPath + [key]) + ": missing"
        default:
            if let described = error as? CustomStringConvertible { return described.description }
            return "not readable (\(type(of: error)))"
        }
    }

    /// `run.hz`, `configurations[0].runs`: a coding path as a person writes it.
    package static func path(_ keys: [any CodingKey]) -> String {
        let text = keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return text.hasPrefix(".") ? String(text.dropFirst()) : text
    }

    /// The path of the first key of `original` (a parsed JSON value) that the decoded value does not
    /// write back (`canonical`, the same value encoded again), if any: a key the reader ignores.
    /// A key whose value is null may be absent from `canonical` (an optional left out).
    package static func unknownKey(in original: Any, canonical: Any, at path: String = "") -> String? {
        if let object = original as? [String: Any], let known = canonical as? [String: Any] {
            for key in object.keys.sorted() {
                let here = path.isEmpty ? key : "\(path).\(key)"
                guard let counterpart = known[key] else {
                    if object[key] is NSNull { continue }
                    return here
                }
                if let inner = unknownKey(in: object[key]!, canonical: counterpart, at: here) { return inner }
            }
        } else if let array = original as? [Any], let known = canonical as? [Any], array.count == known.count {
            for (index, pair) in zip(array, known).enumerated() {
                if let inner = unknownKey(in: pair.0, canonical: pair.1, at: "\(path)[\(index)]") { return inner }
            }
        }
        return nil
    }
}

/// A value a decoder read that is outside what any writer of the file produces: thrown as a
/// `DecodingError.dataCorrupted` at the field, so the reader's one line names it.
extension KeyedDecodingContainer {
    /// A number in `range` (so finite), or an error naming the field and what it should be.
    package func decode(_ type: Double.Type, forKey key: Key, in range: ClosedRange<Double>, _ what: String) throws
        -> Double
    {
        try checked(decode(Double.self, forKey: key), key, range, what)
    }

    /// A number in `range` (a whole one, or a finite one), or nil when absent.
    package func decodeIfPresent<T: Decodable & Comparable>(
        _ type: T.Type, forKey key: Key, in range: ClosedRange<T>, _ what: String
    ) throws -> T? {
        try decodeIfPresent(T.self, forKey: key).map { try checked($0, key, range, what) }
    }

    /// A whole number in `range`, or an error naming the field and what it should be.
    package func decode(_ type: Int.Type, forKey key: Key, in range: ClosedRange<Int>, _ what: String) throws -> Int {
        try checked(decode(Int.self, forKey: key), key, range, what)
    }

    private func checked<T: Comparable>(_ value: T, _ key: Key, _ range: ClosedRange<T>, _ what: String) throws -> T {
        guard range.contains(value) else {
            throw outOfRange(value, key, "\(what) (\(range.lowerBound)...\(range.upperBound))")
        }
        return value
    }

    /// The error for `value` of `key`, which is not `expected`.
    package func outOfRange(_ value: Any, _ key: Key, _ expected: String) -> DecodingError {
        DecodingError.dataCorrupted(
            .init(codingPath: codingPath + [key], debugDescription: "\(value) is not \(expected)"))
    }
}
