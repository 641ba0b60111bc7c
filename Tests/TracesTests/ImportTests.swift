import Foundation
import Testing

@testable import StrokeBenchTraces

/// Messy input, hand-made: each kind of messiness the importers must survive, in a few lines.
@Suite struct TimeRepairTests {
    @Test func inOrderTimesAreUntouched() {
        let (times, report) = TimeRepair.repair([0, 8, 8, 16, 30])
        #expect(times == [0, 8, 8, 16, 30])
        #expect(report.backwardSteps == 0 && report.samplesRetimed == 0)
        #expect(report.repeatedTimestamps == 1)
    }

    @Test func aSampleThatArrivesEarlyBecomesARepeat() {
        // Omniglot Latin/character22/0704_14.txt starts like this.
        let (times, report) = TimeRepair.repair([0, 144, 137, 145, 161])
        #expect(times == [0, 137, 137, 145, 161])
        #expect(report.backwardSteps == 1 && report.samplesRetimed == 1 && report.largestShift == 7)
    }

    @Test func aLateGlitchDoesNotDragItsNeighbours() {
        // A running maximum would retime the three samples after 500; only 500 is wrong.
        let (times, report) = TimeRepair.repair([100, 500, 110, 120, 130])
        #expect(times == [100, 110, 110, 120, 130])
        #expect(report.samplesRetimed == 1 && report.largestShift == 390)
    }

    @Test func everySampleIsKeptAndTheResultIsOrdered() {
        var rng = SeededGenerator(seed: 3)
        let input = (0..<500).map { i in Double(i) * 10 + (rng.unit() < 0.1 ? rng.uniform(-40...40) : 0) }
        let (times, _) = TimeRepair.repair(input)
        #expect(times.count == input.count)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(TimeRepair.repair(input).times == times)  // deterministic
    }
}

@Suite struct DollarOneImporterTests {
    static let gesture = """
        <?xml version="1.0" encoding="utf-8" standalone="yes"?>
        <Gesture Name="line01" Subject="1" Speed="fast" Number="1" NumPts="5" Millseconds="30">
          <Point X="10" Y="20" T="1000" />
          <Point X="10" Y="20" T="1010" />
          <Point X="12" Y="22" T="1010" />
          <Point X="14" Y="25" T="1005" />
          <Point X="16" Y="27" T="1030" />
        </Gesture>
        """

    @Test func readsAFileWithABOMRepeatedPointsRepeatedAndBackwardTimes() throws {
        let folder = try temporaryFolder()
        let path = try write(Self.gesture, to: "line01.xml", in: folder, byteOrderMark: true)
        let drawing = try TraceImportFormat.dollar1.read(contentsOf: path)
        #expect(drawing.strokes.count == 1)
        let s = drawing.strokes[0].samples
        #expect(s.map(\.x) == [10, 10, 12, 14, 16])
        #expect(s.map(\.y) == [20, 20, 22, 25, 27])  // already y-down screen pixels
        // Milliseconds to seconds from the first sample; the 1005 that stepped back repeats 1010.
        #expect(s.map(\.time) == [0, 0.01, 0.01, 0.01, 0.03])
        #expect(drawing.report.byteOrderMarks == 1)
        #expect(drawing.report.repeatedPoints == 1)
        #expect(drawing.report.repeatedTimestamps == 1)
        #expect(drawing.report.backwardSteps == 1 && drawing.report.samplesRetimed == 1)
        #expect(abs(drawing.report.largestShift - 0.005) < 1e-12)
    }

    @Test func aBadAttributeNamesTheFileAndLine() throws {
        let bad = Self.gesture.replacingOccurrences(of: "Y=\"25\"", with: "Y=\"2x5\"")
        let data = Data(bad.utf8)
        #expect(throws: TraceError(file: "bad.xml", line: 6, reason: "<Point> Y '2x5' is not a finite number")) {
            try DollarOneImporter.parse(data, file: "bad.xml")
        }
    }

    @Test func malformedXMLAndEmptyGesturesAreRejected() {
        #expect(throws: TraceError.self) {
            try DollarOneImporter.parse(Data("<Gesture><Point X=\"1\"".utf8), file: "cut.xml")
        }
        #expect(throws: TraceError(file: "none.xml", line: 0, reason: "no <Point> elements: not a $1 gesture log")) {
            try DollarOneImporter.parse(Data("<Gesture></Gesture>".utf8), file: "none.xml")
        }
    }

    /// Found by the FuzzDollarOne target: a processing instruction with no data made Foundation's
    /// XMLParser call strlen(NULL). It is legal XML, and the gesture around it is read.
    @Test func aProcessingInstructionWithoutDataIsRead() throws {
        let text =
            "<?c?>\n<Gesture Name=\"x\">\n<Point X=\"1\" Y=\"2\" T=\"0\" />\n<Point X=\"3\" Y=\"4\" T=\"10\" />\n</Gesture>\n"
        let drawing = try DollarOneImporter.parse(Data(text.utf8), file: "pi.xml")
        #expect(drawing.strokes.map(\.samples.count) == [2])
    }

    /// Found by the FuzzDollarOne target: an element name that is not UTF-8 made Foundation's
    /// XMLParser trap, so `bench trace import` crashed instead of naming the file.
    @Test func bytesThatAreNotUTF8AreAnErrorNotACrash() {
        let bytes =
            Data("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<".utf8) + Data([0xFF, 0xFF])
            + Data("Gesture>\n</Gesture>\n".utf8)
        #expect(throws: TraceError(file: "bad.xml", line: 2, reason: "not UTF-8 text")) {
            try DollarOneImporter.parse(bytes, file: "bad.xml")
        }
    }
}

/// Entities: a small log that declares one and uses it in an attribute made libxml2 build text
/// without bound, so a document type declaration is refused before libxml2 reads anything, and an
/// entity reference other than XML's five predefined ones is an error.
@Suite struct DollarOneEntityTests {
    static let point = "<Point X=\"1\" Y=\"2\" T=\"3\"/>"

    /// One 100 KB entity used 50,000 times in an attribute the importer reads: 250 KB on disk, 5 GB
    /// expanded (libxml2 expands it when the attribute is read).
    static let quadraticBlowup: Data = {
        let entity = String(repeating: "a", count: 100_000)
        let uses = String(repeating: "&e;", count: 50_000)
        return Data(
            "<?xml version=\"1.0\"?>\n<!DOCTYPE Gesture [\n<!ENTITY e \"\(entity)\">\n]>\n<Gesture><Point X=\"\(uses)\" Y=\"2\" T=\"3\"/></Gesture>\n"
                .utf8)
    }()

    @Test(.timeLimit(.minutes(1)))
    func aDocumentTypeDeclarationIsRefusedWithItsLine() {
        #expect(
            throws: TraceError(
                file: "bomb.xml", line: 2,
                reason: "a DTD (<!DOCTYPE ...>) is refused: $1 gesture logs declare no entities")
        ) {
            try DollarOneImporter.parse(Self.quadraticBlowup, file: "bomb.xml")
        }
    }

    /// Comments, processing instructions and white space may come before a DTD; it is found after them.
    @Test func aDocumentTypeDeclarationAfterCommentsIsFound() {
        let text =
            "<?xml version=\"1.0\"?>\n<!-- a <!DOCTYPE in a comment -->\n<?pi x?>\n  <!DOCTYPE g SYSTEM \"g.dtd\">\n<Gesture>\(Self.point)</Gesture>\n"
        #expect(
            throws: TraceError(
                file: "late.xml", line: 4,
                reason: "a DTD (<!DOCTYPE ...>) is refused: $1 gesture logs declare no entities")
        ) {
            try DollarOneImporter.parse(Data(text.utf8), file: "late.xml")
        }
    }

    @Test(arguments: ["<Gesture Name=\"&e;\">\(point)</Gesture>\n", "<Gesture>\(point)&e;</Gesture>\n"])
    func anUndeclaredEntityIsAnError(_ text: String) {
        let reason =
            "not well-formed XML (an entity other than XML's predefined &amp; &lt; &gt; &quot; &apos;, libxml2 error 26)"
        #expect(throws: TraceError(file: "e.xml", line: 1, reason: reason)) {
            try DollarOneImporter.parse(Data(text.utf8), file: "e.xml")
        }
    }

    /// The logs are UTF-8: another declared encoding (here UTF-7, which could spell a DTD in bytes
    /// the scan does not read as markup) is refused by name.
    @Test func anotherDeclaredEncodingIsRefused() {
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n+ADw-!DOCTYPE g +AFs-+ADw-!ENTITY e +ACI-x+ACI-+AD4-+AF0-+AD4-\n<Gesture Name=\"&e;\">\(Self.point)</Gesture>\n"
        #expect(
            throws: TraceError(
                file: "utf7.xml", line: 1,
                reason: "the XML declaration names encoding 'UTF-7': $1 gesture logs are UTF-8")
        ) {
            try DollarOneImporter.parse(Data(text.utf8), file: "utf7.xml")
        }
    }

    /// UTF-16 without a byte order mark is valid UTF-8 (every other byte a NUL), and libxml2 would
    /// recognise it and read the DTD the scan cannot see; the reader is told the bytes are UTF-8.
    @Test func undeclaredUTF16IsReadAsTheUTF8ItPassesFor() {
        let text = "<!DOCTYPE g [<!ENTITY e \"x\">]><Gesture Name=\"&e;\">\(Self.point)</Gesture>\n"
        let utf16 = Data(text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        #expect(
            throws: TraceError(
                file: "utf16.xml", line: 1, reason: "not well-formed XML (invalid character, libxml2 error 9)")
        ) {
            try DollarOneImporter.parse(utf16, file: "utf16.xml")
        }
    }

    @Test func predefinedEntitiesAndCharacterReferencesAreRead() throws {
        let text = "<Gesture Name=\"a&amp;b&lt;c&gt;&quot;&apos;&#65;\">\(Self.point)</Gesture>\n"
        let drawing = try DollarOneImporter.parse(Data(text.utf8), file: "ok.xml")
        #expect(drawing.strokes.map(\.samples.count) == [1])
    }
}

@Suite struct OmniglotImporterTests {
    static let drawing = """
        START
        10.5,-20.25,0
        11.5,-20.25,16
        11.5,-20.25,16
        12.5,-22.25,12
        BREAK
        30.5,-40.25,900
        31.5,-41.25,920
        BREAK

        """

    @Test func negatesYKeepsRecordedPausesAndRepairsTime() throws {
        let folder = try temporaryFolder()
        let path = try write(Self.drawing, to: "0001_01.txt", in: folder, byteOrderMark: true)
        let d = try TraceImportFormat.omniglot.read(contentsOf: path)
        #expect(d.strokes.map(\.samples.count) == [4, 2])
        #expect(d.strokes[0].samples.map(\.y) == [20.25, 20.25, 20.25, 22.25])  // motor space y-up, flipped
        #expect(d.strokes[0].samples.map(\.time) == [0, 0.016, 0.016, 0.016])
        // The recorded pen-up pause, 900 - 16 ms, is kept.
        #expect(abs(d.strokes[1].startTime - d.strokes[0].endTime - 0.884) < 1e-12)
        #expect(d.report.byteOrderMarks == 1)
        #expect(d.report.repeatedPoints == 1)
        #expect(d.report.repeatedTimestamps == 1)
        #expect(d.report.backwardSteps == 1 && d.report.samplesRetimed == 1)
    }

    @Test func errorsNameTheLine() {
        #expect(throws: TraceError(file: "a.txt", line: 2, reason: "BREAK with no points before it")) {
            try OmniglotImporter.parse(Data("START\nBREAK\n".utf8), file: "a.txt")
        }
        #expect(throws: TraceError(file: "b.txt", line: 3, reason: "expected START, BREAK or 'x,y,t', found '1,2'")) {
            try OmniglotImporter.parse(Data("START\n1,2,3\n1,2\nBREAK\n".utf8), file: "b.txt")
        }
        #expect(throws: TraceError(file: "c.txt", line: 2, reason: "t 'nan' is not a finite number")) {
            try OmniglotImporter.parse(Data("START\n1,2,nan\nBREAK\n".utf8), file: "c.txt")
        }
    }

    @Test func pointsAfterTheLastBreakAreAFinalStroke() throws {
        let d = try OmniglotImporter.parse(Data("START\n1,2,0\nBREAK\n3,4,50\n3,5,60\n".utf8), file: "d.txt")
        #expect(d.strokes.map(\.samples.count) == [1, 2])
    }
}

@Suite struct ImportSessionTests {
    @Test func foldersWithSpacesAreSearchedRecursivelyInPathOrder() throws {
        let folder = try temporaryFolder()
        try write(OmniglotImporterTests.drawing, to: "Latin letters/character 02/b.txt", in: folder)
        try write(OmniglotImporterTests.drawing, to: "Latin letters/character 01/a.txt", in: folder)
        try write("not a drawing", to: "Latin letters/README.md", in: folder)
        try write("START\n", to: "Latin letters/.hidden/x.txt", in: folder)
        let files = try TraceImporter.files([folder.path], format: .omniglot)
        #expect(files.map { ($0 as NSString).lastPathComponent } == ["a.txt", "b.txt"])

        let trace = try TraceImporter.importSession([folder.path], format: .omniglot)
        #expect(trace.strokes.count == 4 && trace.sampleCount == 12)
        // The second file starts the default 0.5 s after the first one's last sample.
        #expect(abs(trace.strokes[2].startTime - trace.strokes[1].endTime - 0.5) < 1e-12)
        // Side by side in the first two cells of a 3 x 4 page.
        #expect(trace.strokes[2].samples[0].x > trace.canvas.width / 3)
        #expect(trace.metadata("license")?.hasPrefix("MIT License") == true)
        #expect(trace.metadata("import-files") == "2")
        // Gaps between files are not recorded pauses.
        let stats = TraceStatistics(try TraceFormat.parse(Data(TraceFormat.serialize(trace).utf8), file: "t"))
        #expect(stats.pauses.count == 2 && stats.filePauses == 1)
    }

    @Test func missingPathsAreIOErrorsAndBadFilesDataErrors() throws {
        #expect(throws: TraceImportIOError.self) {
            try TraceImporter.importSession(["/nonexistent/strokebench"], format: .dollar1)
        }
        let folder = try temporaryFolder()
        let path = try write("START\n1,2\n", to: "x.txt", in: folder)
        #expect(throws: TraceError(file: path, line: 2, reason: "expected START, BREAK or 'x,y,t', found '1,2'")) {
            try TraceImporter.importSession([folder.path], format: .omniglot)
        }
    }

    @Test func anImportedSessionSurvivesTheNativeFormat() throws {
        let folder = try temporaryFolder()
        try write(DollarOneImporterTests.gesture, to: "g/one.xml", in: folder, byteOrderMark: true)
        try write(DollarOneImporterTests.gesture, to: "g/two.xml", in: folder)
        let trace = try TraceImporter.importSession([folder.path], format: .dollar1)
        let back = try TraceFormat.parse(Data(TraceFormat.serialize(trace).utf8), file: "t")
        #expect(back == TraceFormat.rounded(trace))
        #expect(back.sampleCount == 10)
    }
}

/// The real recorded traces, read from `../shared/traces` (never copied here). Disabled, with a
/// printed SKIPPED line, when that folder is absent.
@Suite(.enabled(if: SharedTraces.available, "../shared/traces is missing: real-trace tests skipped"))
struct RealTraceTests {
    @Test(arguments: [
        ("dollar1/xml_logs/s02/fast/arrow01.xml", 1, 66),
        ("dollar1/xml_logs/s01 (pilot)/slow/check02.xml", 1, 63),
    ])
    func dollarOneFiles(_ file: String, strokes: Int, samples: Int) throws {
        let d = try TraceImportFormat.dollar1.read(contentsOf: SharedTraces.path(file))
        #expect(d.strokes.count == strokes)
        #expect(d.strokes.map(\.samples.count).reduce(0, +) == samples)
        #expect(d.report.byteOrderMarks == 1)
    }

    @Test func omniglotFileWithAPause() throws {
        let d = try TraceImportFormat.omniglot.read(
            contentsOf: SharedTraces.path("omniglot/strokes_background_small1/Latin/character01/0683_01.txt"))
        #expect(d.strokes.map(\.samples.count) == [14, 53])
        #expect(abs(d.strokes[1].endTime - 2.684) < 1e-9)
        #expect(abs(d.strokes[1].startTime - d.strokes[0].endTime - (1.152 - 0.310)) < 1e-9)
        #expect(d.strokes[0].samples[0].y == 25.859438)  // y flipped out of motor space
    }

    @Test(arguments: [
        ("omniglot/strokes_background_small1/Latin/character22/0704_14.txt", 131),
        ("omniglot/strokes_background_small1/Greek/character21/0414_14.txt", 166),
    ])
    func omniglotFilesThatStepBackInTime(_ file: String, samples: Int) throws {
        let d = try TraceImportFormat.omniglot.read(contentsOf: SharedTraces.path(file))
        #expect(d.strokes.count == 1 && d.strokes[0].samples.count == samples)
        #expect(d.report.backwardSteps == 1 && d.report.samplesRetimed == 1)
    }

    @Test func wholeFoldersKeepEveryStrokeAndSample() throws {
        let dollar = try TraceImporter.importSession([SharedTraces.path("dollar1/xml_logs")], format: .dollar1)
        #expect(dollar.strokes.count == 1584 && dollar.sampleCount == 110_388)
        let omniglot = try TraceImporter.importSession(
            [SharedTraces.path("omniglot/strokes_background_small1")], format: .omniglot)
        #expect(omniglot.strokes.count == 1692 && omniglot.sampleCount == 115_408)
        #expect(TraceStatistics(omniglot).pauses.count == 692)  // recorded pauses inside drawings only
    }
}
