import Foundation

/// CPU time and peak memory, from `getrusage`.
struct ResourceUsage {
    var cpuSeconds: Double
    /// The process's peak: shared by every replay the process has run.
    var peakResidentMB: Double

    /// - Parameter thread: the calling thread's CPU time (Linux; the process's elsewhere), for a virtual
    ///   replay, which runs on one thread: replays side by side (`bench sweep --jobs`) then each read their
    ///   own. Otherwise the whole process's, for a realtime replay's render threads.
    static func now(thread: Bool = false) -> ResourceUsage {
        var usage = rusage()
        #if os(Linux)
            getrusage(thread ? 1 : RUSAGE_SELF.rawValue, &usage)  // 1: RUSAGE_THREAD, which Glibc does not import
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        let cpu =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) * 1e-6
        // ru_maxrss is in kilobytes on Linux.
        return ResourceUsage(cpuSeconds: cpu, peakResidentMB: Double(usage.ru_maxrss) / 1024)
    }
}

/// The machine a run was measured on, recorded with every result.
package struct Machine: Sendable, CustomStringConvertible {
    package var hostName: String
    package var cores: Int

    package static var current: Machine {
        Machine(hostName: ProcessInfo.processInfo.hostName, cores: ProcessInfo.processInfo.activeProcessorCount)
    }

    package var description: String { "\(hostName) (\(cores) cores)" }
}
