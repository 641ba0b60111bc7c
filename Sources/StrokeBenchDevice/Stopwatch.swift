import Foundation

/// The one place StrokeBench reads the wall clock: measuring how long real work takes.
package enum Stopwatch {
    /// Monotonic seconds since an arbitrary origin.
    @inline(__always)
    package static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    /// Runs `body` and returns its result with the seconds it took.
    @inline(__always)
    package static func measure<T>(_ body: () throws -> T) rethrows -> (T, Double) {
        let start = now()
        let result = try body()
        return (result, now() - start)
    }
}
