import Foundation

/// CPU time and peak memory of this process, from `getrusage`.
struct ResourceUsage {
    var cpuSeconds: Double
    var peakResidentMB: Double

    static func now() -> ResourceUsage {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) * 1e-6
        // ru_maxrss is in kilobytes on Linux.
        return ResourceUsage(cpuSeconds: cpu, peakResidentMB: Double(usage.ru_maxrss) / 1024)
    }
}

/// The machine a run was measured on, recorded with every result.
public struct Machine: Sendable, CustomStringConvertible {
    public var hostName: String
    public var cores: Int

    public static var current: Machine {
        Machine(hostName: ProcessInfo.processInfo.hostName, cores: ProcessInfo.processInfo.activeProcessorCount)
    }

    public var description: String { "\(hostName) (\(cores) cores)" }
}
