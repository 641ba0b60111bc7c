import StrokeBenchMetrics

/// The outcome of one check, and of a whole `bench check`.
///
/// The cases are ordered by how much they should worry a CI system: a run is as bad as its worst
/// check, except that an improvement never hides an inconclusive figure.
package enum Verdict: String, CaseIterable, Sendable, Codable, Comparable {
    /// Within tolerance: no change worth reporting.
    case pass
    /// Better than the baseline by more than the tolerance, and significantly so. Worth re-recording
    /// the baseline, so that a later regression is measured from the new level.
    case improvement
    /// A change larger than the tolerance that the repeated runs cannot tell from noise, or a budget
    /// that some runs met and some did not. Neither a pass nor a failure: run again, or with more repeats.
    case inconclusive
    /// Worse than the baseline by more than the tolerance and significantly so, a counter that grew,
    /// or a budget every run exceeded.
    case regression

    private var severity: Int {
        switch self {
        case .pass: 0
        case .improvement: 1
        case .inconclusive: 2
        case .regression: 3
        }
    }

    /// Check's word for `Change`'s conclusion: an improvement, a regression, inconclusive, or a pass
    /// where nothing changed materially.
    package init(_ change: Change) {
        switch change {
        case .better: self = .improvement
        case .worse: self = .regression
        case .inconclusive: self = .inconclusive
        case .none: self = .pass
        }
    }

    /// Orders verdicts by severity: `pass < improvement < inconclusive < regression`.
    package static func < (a: Verdict, b: Verdict) -> Bool { a.severity < b.severity }

    /// The verdict of a set of checks: the most severe one, or `pass` when there are none.
    package static func overall<S: Sequence>(_ verdicts: S) -> Verdict where S.Element == Verdict {
        verdicts.max() ?? .pass
    }

    /// The exit status `bench check` ends with (the contract): 0 pass, 2 regression,
    /// 3 inconclusive, 4 improvement only. These never collide with 64/65/74, which stay for
    /// usage, data and I/O errors.
    package var exitStatus: Int32 {
        switch self {
        case .pass: 0
        case .regression: 2
        case .inconclusive: 3
        case .improvement: 4
        }
    }
}
