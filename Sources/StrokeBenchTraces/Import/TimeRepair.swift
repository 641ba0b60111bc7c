import Foundation

/// Puts recorded timestamps back into time order while keeping every sample, and counts the
/// messiness it found, so an import can say what it changed.
///
/// Real logs step backwards now and then (browser event timing in Omniglot, for example). The
/// native format requires non-decreasing times, and dropping samples would change the counts people
/// check against the source files, so instead the fewest possible samples are retimed:
///
/// 1. The longest non-decreasing run of times (a longest non-decreasing subsequence; among equally
///    long ones, the one that keeps the earliest samples) is kept unchanged.
/// 2. Every other sample is moved to the nearest time that keeps the order: clamped between the
///    kept samples before and after it, and not earlier than the sample before it. A sample that
///    came 7 ms early becomes a repeat of its predecessor's time, a shift of 7 ms.
///
/// This is deterministic, changes nothing in a file that is already in order, and keeps a single
/// late glitch from dragging its neighbours along (a running maximum alone would retime every
/// sample after a glitch that jumps forward). Repeated timestamps are legal and kept as recorded.
package enum TimeRepair {
    /// What one repair changed and what it saw.
    package struct Report: Hashable, Sendable, CustomStringConvertible {
        /// Places where a time was earlier than the one before it, as recorded.
        package var backwardSteps = 0
        /// Samples given a new time.
        package var samplesRetimed = 0
        /// The largest change made to any one time, in the input's unit.
        package var largestShift = 0.0
        /// Consecutive samples with the same recorded time (kept as they are).
        package var repeatedTimestamps = 0
        /// Consecutive samples of one stroke at the same position (kept as they are).
        package var repeatedPoints = 0
        /// Files that began with a UTF-8 byte order mark (skipped).
        package var byteOrderMarks = 0

        /// An empty report: nothing seen, nothing repaired.
        package init() {}

        /// Adds another report's counts to this one.
        package mutating func merge(_ other: Report) {
            backwardSteps += other.backwardSteps
            samplesRetimed += other.samplesRetimed
            largestShift = max(largestShift, other.largestShift)
            repeatedTimestamps += other.repeatedTimestamps
            repeatedPoints += other.repeatedPoints
            byteOrderMarks += other.byteOrderMarks
        }

        /// One line for people and for the trace's metadata; `largestShift` is taken to be in seconds.
        package var description: String {
            let shift = String(format: "%.3f", largestShift * 1000)
            return
                "\(backwardSteps) backward time steps (\(samplesRetimed) samples retimed, largest shift \(shift) ms); "
                + "kept as recorded: \(repeatedTimestamps) repeated timestamps, \(repeatedPoints) repeated points; "
                + "\(byteOrderMarks) byte order marks skipped"
        }
    }

    /// Returns `times` in non-decreasing order with the fewest samples retimed, and what was done.
    /// `times` is in whatever unit the caller uses; the report's `largestShift` is in that unit.
    /// - Complexity: O(n log n).
    package static func repair(_ times: [Double]) -> (times: [Double], report: Report) {
        var report = Report()
        for i in times.indices.dropFirst() {
            if times[i] < times[i - 1] { report.backwardSteps += 1 }
            if times[i] == times[i - 1] { report.repeatedTimestamps += 1 }
        }
        guard report.backwardSteps > 0 else { return (times, report) }

        let keep = longestNonDecreasing(times)
        // The kept time at or after each index, for the upper clamp.
        var nextKeptTime = [Double](repeating: .infinity, count: times.count)
        var upcoming = Double.infinity
        for i in times.indices.reversed() {
            if keep[i] { upcoming = times[i] }
            nextKeptTime[i] = upcoming
        }
        var repaired = times
        var previous = -Double.infinity
        for i in times.indices {
            // Kept samples are in order already and below nextKeptTime, so only the others move.
            if !keep[i] {
                repaired[i] = max(previous, min(times[i], nextKeptTime[i]))
                if repaired[i] != times[i] {
                    report.samplesRetimed += 1
                    report.largestShift = max(report.largestShift, abs(repaired[i] - times[i]))
                }
            }
            previous = repaired[i]
        }
        return (repaired, report)
    }

    /// Marks the members of a longest non-decreasing subsequence. Ties go to the subsequence that
    /// ends earliest and, through the predecessor chain, keeps the earliest samples: patience
    /// sorting with `upper bound` placement, which is deterministic.
    static func longestNonDecreasing(_ values: [Double]) -> [Bool] {
        var tails: [Int] = []  // tails[k]: index ending the best run of length k + 1
        var predecessor = [Int](repeating: -1, count: values.count)
        for (i, v) in values.enumerated() {
            // First run whose tail is greater than v: v may extend the run before it (ties extend).
            var lo = 0
            var hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if values[tails[mid]] <= v { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { predecessor[i] = tails[lo - 1] }
            if lo == tails.count { tails.append(i) } else { tails[lo] = i }
        }
        var keep = [Bool](repeating: false, count: values.count)
        var k = tails.last ?? -1
        while k >= 0 {
            keep[k] = true
            k = predecessor[k]
        }
        return keep
    }
}
