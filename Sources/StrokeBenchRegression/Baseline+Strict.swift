import Foundation
import StrokeBenchSpec

/// Reading a baseline strictly: a check that checks less than the file seems to say is a gate that
/// cannot fail (issue 21), so what the decoder would skip or misreport is refused by name here.
extension Baseline {
    /// Baselines larger than this (16 MiB) are refused unread: one is a few KB per configuration
    /// and repeat, and a device or a pipe (`/dev/zero`) must not be read without end.
    package static let maxFileBytes = 16 << 20

    /// At most `limit` bytes of `path`, refusing a larger file before (or, for a pipe or a device,
    /// while) reading it.
    /// - Throws: `BaselineError.io` when it cannot be read, `.data` when it is too large.
    static func readBounded(_ path: String, limit: Int = maxFileBytes) throws -> Data {
        do { return try BoundedFile.read(path, limit: limit) } catch .tooLarge {
            throw BaselineError.data(
                path, "more than \(limit) bytes: too large for a baseline (one is a few KB per configuration)")
        } catch .unreadable(let reason) { throw BaselineError.io(path, "cannot read the baseline (\(reason))") }
    }

    /// The text is JSON: otherwise where it stops being JSON, by line and column.
    static func parseJSON(_ data: Data, file: String) throws -> Any {
        do { return try JSONSerialization.jsonObject(with: data) } catch {
            let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
            guard let offset = Self.characterOffset(in: text) else {
                throw BaselineError.data(file, "not valid JSON: it ends before its last value or bracket is closed")
            }
            let (line, column) = Self.lineAndColumn(of: offset, in: data)
            throw BaselineError.data(
                file,
                "line \(line), column \(column): not valid JSON (a value, comma, colon or bracket is missing or out of place there)"
            )
        }
    }

    /// `format_version` first, since it decides how the rest is read: present, a whole number, and
    /// the version this build reads.
    static func checkVersion(_ object: [String: Any], file: String) throws {
        guard let value = object["format_version"] else { throw BaselineError.data(file, "format_version: missing") }
        guard let number = value as? NSNumber, let version = Int(exactly: number.doubleValue) else {
            throw BaselineError.data(
                file,
                "format_version: \(Self.shown(value)) is not a version (a whole number); this bench reads \(format.readable.lowerBound)...\(format.readable.upperBound)"
            )
        }
        do { _ = try format.check(version) } catch {
            let advice = version < format.current ? "; re-record it with bench baseline record" : ""
            throw BaselineError.data(file, "format_version: \(error)\(advice)")
        }
    }

    /// Every key of the file is one the baseline reads: each key of `original` must be in what the
    /// decoded baseline encodes back to (`canonical`), at the same place. A key whose value is null
    /// may be absent there (an optional left out), so only keys with a value are refused.
    static func refuseUnknownKeys(_ original: Any, _ canonical: Any, file: String) throws {
        if let key = DecodingProblem.unknownKey(in: original, canonical: canonical) {
            throw BaselineError.data(
                file, "\(key): unknown key; a baseline reads only the keys bench baseline record writes")
        }
    }

    /// The field whose number the decoder could not take: swift-corelibs-foundation reports a
    /// fraction where a whole number belongs (`"frames": 2.5`) as "not valid JSON", with no field.
    /// Each number that is not a whole one is a suspect; halving the suspects, rounding one half
    /// and decoding again finds one that is at fault in a few decodes.
    static func fieldWithWrongNumber(in object: Any, decodes: (Any) -> Bool) -> String? {
        var suspects: [[PathStep]] = []
        collectFractions(object, path: [], into: &suspects)
        guard !suspects.isEmpty, decodes(rounding(suspects, in: object)) else { return nil }
        while suspects.count > 1 {
            let half = Array(suspects.prefix(suspects.count / 2))
            suspects = decodes(rounding(half, in: object)) ? half : Array(suspects.dropFirst(half.count))
        }
        return describe(suspects[0])
    }

    enum PathStep {
        case key(String)
        case index(Int)
    }

    private static func collectFractions(_ value: Any, path: [PathStep], into suspects: inout [[PathStep]]) {
        if let object = value as? [String: Any] {
            for key in object.keys.sorted() {
                collectFractions(object[key]!, path: path + [.key(key)], into: &suspects)
            }
        } else if let array = value as? [Any] {
            for (index, element) in array.enumerated() {
                collectFractions(element, path: path + [.index(index)], into: &suspects)
            }
        } else if let number = value as? NSNumber, !(value is Bool), Int(exactly: number.doubleValue) == nil {
            suspects.append(path)
        }
    }

    private static func rounding(_ paths: [[PathStep]], in object: Any) -> Any {
        var result = object
        for path in paths { result = replacing(path[...], in: result) }
        return result
    }

    private static func replacing(_ path: ArraySlice<PathStep>, in value: Any) -> Any {
        guard let step = path.first else { return 0 }
        switch step {
        case .key(let key):
            guard var object = value as? [String: Any], let inner = object[key] else { return value }
            object[key] = replacing(path.dropFirst(), in: inner)
            return object
        case .index(let index):
            guard var array = value as? [Any], array.indices.contains(index) else { return value }
            array[index] = replacing(path.dropFirst(), in: array[index])
            return array
        }
    }

    private static func describe(_ path: [PathStep]) -> String {
        path.map { step in
            switch step {
            case .key(let key): ".\(key)"
            case .index(let index): "[\(index)]"
            }
        }.joined().drop { $0 == "." }.description
    }

    private static func characterOffset(in text: String) -> Int? {
        guard let range = text.range(of: "around character ") else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }

    private static func lineAndColumn(of offset: Int, in data: Data) -> (Int, Int) {
        let before = data.prefix(max(0, min(offset, data.count)))
        let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let column =
            before.count - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 - before.startIndex + 1 } ?? 0) + 1
        return (line, column)
    }

    private static func shown(_ value: Any) -> String {
        if let string = value as? String { return "\"\(string)\"" }
        if value is NSNull { return "null" }
        return "\(value)"
    }
}
