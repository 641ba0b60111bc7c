import Foundation

/// The common line of a trace, a sample (`time x y [force]` in plain decimal ASCII), parsed straight
/// from its bytes.
///
/// A long trace is almost all sample lines, and the general parser splits each into `Character`s and
/// `Substring`s: a 10-million-sample file took over 30 s to read. This path reads such a line
/// without building a string. It accepts only what the general path accepts, and gives up (returns
/// nil) on anything else: a word, `inf`, hex, a bound crossed, a field too many. The general path
/// then parses that line again and throws its exact error, so the messages do not change; this
/// only makes a valid file fast.
extension TraceFormat {
    /// The sample on `line` (already trimmed of leading blanks), if it is a plain valid one.
    static func fastSample(_ line: Substring) -> Sample? {
        let parsed = line.utf8.withContiguousStorageIfAvailable { bytes -> Sample? in
            var fields = FastFields()
            var start = 0
            while start < bytes.count {
                if isBlank(bytes[start]) {
                    start += 1
                    continue
                }
                var end = start
                while end < bytes.count, !isBlank(bytes[end]) { end += 1 }
                guard let value = decimal(UnsafeBufferPointer(rebasing: bytes[start..<end])), fields.append(value)
                else { return nil }
                start = end
            }
            return fields.sample
        }
        guard let sample = parsed ?? nil, isWithinBounds(sample) else { return nil }
        return sample
    }

    /// The bounds the general path checks, so that a sample this path accepts is one it accepts.
    private static func isWithinBounds(_ sample: Sample) -> Bool {
        guard sample.time >= 0, sample.time <= maxTime else { return false }
        guard abs(sample.x) <= maxCoordinate, abs(sample.y) <= maxCoordinate else { return false }
        if let force = sample.force, force < 0 || force > 1000 { return false }
        return true
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    /// A finite decimal number spelled with digits, sign, point and exponent only, correctly
    /// rounded, as `Double(_:)` is, so both paths give the same bits: short plain decimals (what
    /// traces hold) exactly by Clinger's fast path, anything else by the C library's `strtod`.
    static func decimal(_ field: UnsafeBufferPointer<UInt8>) -> Double? {
        guard !field.isEmpty, field.count < 64 else { return nil }
        if let value = shortDecimal(field) { return value }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: field.count + 1) { text -> Double? in
            for (index, byte) in field.enumerated() {
                guard isDecimalByte(byte) else { return nil }
                text[index] = CChar(bitPattern: byte)
            }
            text[field.count] = 0
            let start = text.baseAddress!
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(start, &end)
            guard end == start + field.count, value.isFinite else { return nil }
            return value
        }
    }

    /// Powers of ten that a `Double` holds exactly (10^22 is the last).
    private static let exactPowersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }

    /// `[-]digits[.digits]` with at most 15 significant digits: the digits as an integer below
    /// 2^53 and a power of ten at most 10^22, both exact, so one division is correctly rounded
    /// (Clinger, "How to read floating point numbers accurately", 1990). Nil for any other form.
    private static func shortDecimal(_ field: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let negative = field[0] == UInt8(ascii: "-")
        if negative || field[0] == UInt8(ascii: "+") { index = 1 }
        var mantissa: Int64 = 0
        var digits = 0
        var fractionDigits = 0
        var sawPoint = false
        while index < field.count {
            let byte = field[index]
            if byte == UInt8(ascii: ".") {
                guard !sawPoint else { return nil }
                sawPoint = true
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                // A 16th digit leaves the exact range (and a 19th would overflow Int64): strtod decides.
                guard digits < 15 else { return nil }
                mantissa = mantissa * 10 + Int64(byte - UInt8(ascii: "0"))
                digits += 1
                if sawPoint { fractionDigits += 1 }
            } else {
                return nil  // an exponent or a stray sign: strtod decides
            }
            index += 1
        }
        guard digits > 0 else { return nil }
        let magnitude = Double(mantissa) / exactPowersOfTen[fractionDigits]
        return negative ? -magnitude : magnitude
    }

    private static func isDecimalByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "+"),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            true
        default: false
        }
    }
}

/// Up to four numbers of one line, without an array per line.
private struct FastFields {
    private var values: (Double, Double, Double, Double) = (0, 0, 0, 0)
    private var count = 0

    /// Adds `value`; false when the line already had four.
    mutating func append(_ value: Double) -> Bool {
        switch count {
        case 0: values.0 = value
        case 1: values.1 = value
        case 2: values.2 = value
        case 3: values.3 = value
        default: return false
        }
        count += 1
        return true
    }

    /// `time x y` or `time x y force`; nil for any other count.
    var sample: Sample? {
        switch count {
        case 3: Sample(time: values.0, x: values.1, y: values.2)
        case 4: Sample(time: values.0, x: values.1, y: values.2, force: values.3)
        default: nil
        }
    }
}
