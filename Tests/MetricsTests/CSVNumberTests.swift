import Foundation
import Testing

@testable import StrokeBenchMetrics

/// `CSVWriter.number` prints what `String(format: "%.4f")` prints, for every kind of value: the CSVs are
/// compared byte for byte across versions and runs.
@Suite struct CSVNumberTests {
    @Test func agreesWithStringFormatOnChosenValues() {
        let values: [Double] = [
            0, -0.0, 1, -1, 0.5, 0.00005, 0.00015, 0.00025, -0.00005, 1.23445, 2.5e-5, 8.333333333,
            16.666666666666668, 1e15, -1e15, 4.5e15, 1e300, -1e308, .nan, .infinity, -.infinity,
            .leastNonzeroMagnitude, 0.1 + 0.2, 123456.78905, 9999.99995, 0.99995,
        ]
        for v in values {
            for digits in [0, 1, 4, 6] {
                #expect(
                    CSVWriter.number(v, digits: digits) == String(format: "%.\(digits)f", v), "\(v) at \(digits) digits"
                )
            }
        }
    }

    @Test func agreesWithStringFormatOnRandomValues() {
        var state: UInt64 = 42
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
        for _ in 0..<50_000 {
            // Times in ms as a replay makes them, and values on a grid of 1/20000, where ties sit.
            let v = Double(Int64(bitPattern: next()) % 100_000_000) / 20_000
            let w = Double(bitPattern: next() >> 2 | 0x3F00_0000_0000_0000) * (next() % 2 == 0 ? 1 : -1) * 1000
            #expect(CSVWriter.number(v) == String(format: "%.4f", v), "\(v)")
            #expect(CSVWriter.number(w) == String(format: "%.4f", w), "\(w)")
        }
    }
}
