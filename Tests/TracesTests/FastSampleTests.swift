import Foundation
import Testing

@testable import StrokeBenchTraces

/// The byte-level sample path must accept exactly the samples the general path accepts, with the
/// same bits, and leave everything else (with its exact error) to the general path.
@Suite struct FastSampleTests {
    @Test(arguments: [
        "0.000000 120.50 300.25", "0.004167 121.00 301.75 0.8", "1e-3 +2 -0", "12.5\t7 8", ".5 1. 2 1000",
        "0.1 0.2 0.30000000000000004", "604800 1000000 -1000000", "3 4 5 0",
    ])
    func aPlainSampleReadsAsDoubleReadsIt(_ line: String) throws {
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { Double($0)! }
        let expected = Sample(time: fields[0], x: fields[1], y: fields[2], force: fields.count == 4 ? fields[3] : nil)
        let sample = try #require(TraceFormat.fastSample(line[...]))
        #expect(sample == expected)
        #expect(sample.time.bitPattern == expected.time.bitPattern && sample.y.bitPattern == expected.y.bitPattern)
    }

    @Test(arguments: [
        "stroke", "end 3 1", "1 2", "1 2 3 4 5", "inf 2 3", "nan 1 1", "0x1p3 1 1", "1e 2 3", "- 1 2", "1e400 2 3",
        "-1 2 3", "604801 2 3", "1 2000000 3", "1 2 3 -0.5", "1 2 3 1001", "1,5 2 3", "1 2 3 # note", "١ 2 3",
    ])
    func anythingElseIsLeftToTheGeneralPath(_ line: String) {
        #expect(TraceFormat.fastSample(line[...]) == nil)
    }

    /// Issue 21: 19 or more digits overflowed the fast path's Int64 mantissa and trapped (exit
    /// 132) before strtod could read them; now they read exactly as `Double(_:)` reads them, and
    /// a whole trace holding them parses.
    @Test(arguments: [
        "0.10000000000000000555", "12345678901234567890", "-99999999999999999999.5", "0.0000000000000000000000001",
        "1234567890123456789012345678901234567890", "000000000000000000001", "1.00000000000000000000000000001",
    ])
    func aLongNumberReadsExactlyWithoutTrapping(_ text: String) throws {
        let read = Array(text.utf8).withUnsafeBufferPointer { TraceFormat.decimal($0) }
        #expect(read?.bitPattern == Double(text)?.bitPattern)
        let trace = try TraceFormat.parse(
            Data("strokebench-trace 2\ncanvas 100 80\nstroke\n0 10 15 0.\(text.filter(\.isNumber))\nend 1 1\n".utf8),
            file: "long.trace")
        #expect(trace.sampleCount == 1)
    }
}

/// The decimal reader's own fast path against `Double(_:)`, bit for bit, over the forms traces hold
/// and the edges of the fast path (15 and 16 digits, 22 and 23 fraction digits, signs, zeros).
@Suite struct FastDecimalTests {
    @Test func everyFormReadsToTheBitsDoubleGives() {
        var generator = SystemRandomNumberGenerator()
        var texts = [
            "0", "-0", "+0", "0.0", ".5", "5.", "-.5", "123456789012345", "1234567890123456", "0.1",
            "0.0000000000000000000001", "0.00000000000000000000001", "9007199254740993", "1e5", "-2.5E-3",
        ]
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...17, using: &generator)
            let point = Int.random(in: 0...digits, using: &generator)
            var text = String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
            text.insert(".", at: text.index(text.startIndex, offsetBy: point))
            texts.append(Bool.random(using: &generator) ? "-" + text : text)
        }
        for text in texts {
            let bytes = Array(text.utf8)
            let read = bytes.withUnsafeBufferPointer { TraceFormat.decimal($0) }
            let expected = Double(text)
            #expect(read?.bitPattern == expected?.bitPattern, "\(text)")
        }
    }
}
