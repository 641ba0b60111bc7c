import BenchTestSupport
import Foundation
import StrokeBenchTraces
import Testing

@testable import StrokeBenchHistory

/// The store: what an add keeps, that an add is all or nothing, and that a file bench did not write is
/// refused in one named error.
@Suite struct HistoryStoreTests {
    func run(_ commit: String, date: String = "2026-11-26T12:00:00Z") -> HistoryRun {
        HistoryRun(commit: commit, branch: "main", date: date, machine: "test", source: .study)
    }

    func figure(_ metric: String, _ value: Double, exact: Bool = true) -> HistoryFigure {
        HistoryFigure(configuration: "c", metric: metric, unit: "px", value: value, exact: exact)
    }

    @Test func pointsComeBackOrderedByDateThenByAdding() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try HistoryStore(path: folder.appendingPathComponent("h.sqlite").path, create: true)
        try store.add(run("b", date: "2026-11-26T13:00:00Z"), figures: [figure("pixels_rasterized", 2)])
        try store.add(run("a", date: "2026-11-26T12:00:00Z"), figures: [figure("pixels_rasterized", 1)])
        try store.add(
            run("c", date: "2026-11-26T13:00:00Z"),
            figures: [figure("pixels_rasterized", 3), figure("bytes_copied", 9)])
        let points = try store.points(metric: "pixels_rasterized")
        #expect(points.map(\.commit) == ["a", "b", "c"])
        #expect(points.map(\.value) == [1, 2, 3])
        #expect(try store.points().count == 4)
    }

    /// A figure SQLite refuses (NaN is stored as NULL, which the schema forbids) fails the add after
    /// its run and first figure were written: the transaction leaves the file as it was.
    @Test func aFailedAddLeavesNothing() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try HistoryStore(path: folder.appendingPathComponent("h.sqlite").path, create: true)
        try store.add(run("a"), figures: [figure("pixels_rasterized", 1)])
        #expect(throws: HistoryError.self) {
            try store.add(run("b"), figures: [figure("pixels_rasterized", 2), figure("bytes_copied", .nan)])
        }
        #expect(try store.points().map(\.commit) == ["a"])
    }

    @Test func aFileThatIsNotAHistoryIsOneDataError() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let garbage = folder.appendingPathComponent("bad.sqlite")
        try Data((0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }).write(to: garbage)
        #expect {
            _ = try HistoryStore(path: garbage.path, create: false)
        } throws: { error in
            guard case .data(let file, let reason)? = error as? HistoryError else { return false }
            return file == garbage.path && reason.contains("not a bench history")
        }
        #expect(throws: HistoryError.noInput(folder.appendingPathComponent("none").path)) {
            _ = try HistoryStore(path: folder.appendingPathComponent("none").path, create: false)
        }
    }
}

/// Change detection: exact series change exactly where they change; measured ones are found by
/// e-divisive means at the step, and not in noise alone.
@Suite struct ChangeDetectorTests {
    func series(_ values: [Double], exact: Bool) -> [HistoryPoint] {
        values.enumerated().map { i, v in
            HistoryPoint(
                run: Int64(i), commit: "c\(i)", branch: nil, date: "d", machine: "m", configuration: "c",
                metric: "main_ms_p95", unit: "ms", value: v, exact: exact)
        }
    }

    @Test func anExactSeriesChangesAtEveryCommitThatChangedIt() {
        let changes = ChangeDetector().changes(in: series([5, 5, 5, 5.5, 5.5, 5], exact: true))
        #expect(changes.map(\.commit) == ["c3", "c5"])
        #expect(changes.map(\.method) == [.exact, .exact])
        #expect(changes[0].change.map { abs($0 - 0.1) < 1e-12 } == true)
        #expect(changes[0].pValue == nil)
    }

    /// Gaussian noise (seeded) of 1% around 10, with a 5% step at point 30 of 60.
    func noisy(step: Double, at stepIndex: Int, count: Int, seed: UInt64) -> [Double] {
        var g = SeededGenerator(seed: seed)
        return (0..<count).map { i in
            let u1 = max(Double(g.next() >> 11) / Double(1 << 53), 1e-300)
            let u2 = Double(g.next() >> 11) / Double(1 << 53)
            let z = (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
            return 10 * (i >= stepIndex ? 1 + step : 1) * (1 + 0.01 * z)
        }
    }

    @Test func aMeasuredStepIsFoundAtItsCommitWithAPValue() {
        let changes = ChangeDetector().changes(in: series(noisy(step: 0.05, at: 30, count: 60, seed: 1), exact: false))
        #expect(changes.count == 1)
        #expect(changes.first?.commit == "c30")
        #expect(changes.first?.method == .eDivisive)
        #expect((changes.first?.pValue ?? 1) <= 0.01)
    }

    /// With no step, 20 seeded series at alpha 0.01 should raise about 0.2 false alarms; allow 2.
    @Test func noiseAloneRaisesFewAlarms() {
        let alarms = (1...20).reduce(0) { n, seed in
            n
                + ChangeDetector().changes(
                    in: series(noisy(step: 0, at: 0, count: 60, seed: UInt64(seed)), exact: false)
                ).count
        }
        #expect(alarms <= 2)
    }

    /// One slow run (+100%, as a busy machine gives) beside a real 10% step, in ten seeded series:
    /// in ranks the step still wins, found within a commit of where it is every time, with at most
    /// one false alarm over the ten (about 0.3 expected at alpha 0.01 and three tests a series).
    @Test func oneSlowRunDoesNotHideAStep() {
        var extra = 0
        for seed in 1...10 {
            var values = noisy(step: 0.10, at: 30, count: 60, seed: UInt64(seed))
            values[2] *= 2
            let commits = ChangeDetector().changes(in: series(values, exact: false)).map(\.commit)
            let near = commits.filter { ["c29", "c30", "c31"].contains($0) }
            #expect(near.count == 1, "seed \(seed): \(commits)")
            extra += commits.count - near.count
        }
        #expect(extra <= 1)
    }

    @Test func ranksAverageTies() {
        #expect(ChangeDetector.ranks([3, 1, 3, 2]) == [3.5, 1, 3.5, 2])
    }

    @Test func theBestSplitIsTheStep() {
        #expect(ChangeDetector.bestSplit([1, 1, 1, 1, 2, 2, 2], minimumSegment: 2)?.index == 4)
        #expect(ChangeDetector.bestSplit([1, 2, 3], minimumSegment: 2) == nil)
    }
}
