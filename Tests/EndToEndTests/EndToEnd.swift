import BenchTestSupport
import Foundation
import Testing

/// Whether the end-to-end suites run: with `STROKEBENCH_END_TO_END=1`, as CI sets it (`.ci/run`).
/// They take minutes (every README command, timing measured against timing), so a plain `swift test`
/// leaves them out and says so.
enum EndToEnd {
    static let enabled = ProcessInfo.processInfo.environment["STROKEBENCH_END_TO_END"] == "1"
    static let reason: Comment = "set STROKEBENCH_END_TO_END=1 to run (CI does)"
}
