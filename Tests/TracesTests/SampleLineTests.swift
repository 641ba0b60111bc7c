import Foundation
import Testing

@testable import StrokeBenchTraces

/// An error about a sample found after reading (the harness's scaling) names its line: the line
/// `parse` read it from, comments, blank lines, metadata and CRLF included.
@Suite struct SampleLineTests {
    @Test func theLineOfASampleIsTheOneItWasReadFrom() throws {
        let text =
            "\u{FEFF}strokebench-trace 2\r\ncanvas 100 80\r\n# comment\r\nmeta source x\r\nstroke\r\n0 1 1\r\n\r\n0.1 2 2\r\nstroke\r\n0.2 3 3\r\nend 3 2\r\n"
        let trace = try TraceFormat.parse(Data(text.utf8), file: "t")
        #expect(trace.strokes.map(\.samples.count) == [2, 1])
        #expect(TraceFormat.line(ofSample: 0, inStroke: 0, of: text) == 6)
        #expect(TraceFormat.line(ofSample: 1, inStroke: 0, of: text) == 8)
        #expect(TraceFormat.line(ofSample: 0, inStroke: 1, of: text) == 10)
        #expect(TraceFormat.line(ofSample: 1, inStroke: 1, of: text) == nil)
    }
}
