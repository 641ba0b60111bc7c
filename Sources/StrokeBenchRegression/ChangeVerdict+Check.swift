import StrokeBenchMetrics

/// What a change verdict means to `bench check` and `bench baseline diff`: a check's outcome, and the
/// whole check's.
extension ChangeVerdict {
    /// The outcomes a check reaches, in order of severity, each with check's word: pass, improvement,
    /// inconclusive, regression.
    package static let checkOutcomes: [ChangeVerdict] = [.unchanged, .better, .inconclusive, .worse]

    /// The verdict of a set of checks: the most severe one, or `unchanged` (pass) when there are none.
    package static func overall<S: Sequence>(_ verdicts: S) -> ChangeVerdict where S.Element == ChangeVerdict {
        verdicts.max() ?? .unchanged
    }

    /// The exit status `bench check` ends with (the contract): 0 pass, 2 regression,
    /// 3 inconclusive, 4 improvement only. These never collide with 64/65/74, which stay for
    /// usage, data and I/O errors.
    package var exitStatus: Int32 {
        switch self {
        case .unchanged, .equal: 0
        case .worse, .tradeOff: 2
        case .inconclusive, .differentMachines: 3
        case .better: 4
        }
    }
}
