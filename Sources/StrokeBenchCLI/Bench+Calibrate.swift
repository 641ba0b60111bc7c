import ArgumentParser
import Foundation
import StrokeBenchCalibration
import StrokeBenchDevice
import StrokeBenchReplay
import StrokeBenchUnits

extension Bench {
    /// `bench calibrate`: this host's unit cost of each kind of counted work, by microbenchmark.
    struct Calibrate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Measure this host's unit cost of each kind of counted work, one microbenchmark per kind.",
            discussion: """
                Times streaming writes of 256 MiB buffers (one thread, then every core), bitmaps created, fills, blends, designed strokes and composites on a canvas the size of \
                --device's screen, each case the median of --repeat timings, and fits each kind's cost (ns per \
                unit) by least squares over its cases. No replay's frame times are used, so the costs predict a \
                strategy none of them saw (scripts/fit_host.py --leave-one-strategy-out checks it). Measured: \
                run it on a quiet machine. docs/device-model.md says how the device cost model uses them.

                Exit status: 0 success, 64 bad usage, 65 bad device data (STROKEBENCH_DEVICE_COSTS), 74 an I/O error (a failed write to standard output included).
                """)

        @Option(help: "Device profile whose screen sets the canvas size (see `bench list`).")
        var device: String = "ipad-pro-11"

        @Option(
            name: .customLong("repeat"), parsing: .unconditional, help: "Timings per case; each case is their median.")
        var repeats: Int = 15

        @Option(help: "table (for people) or json.")
        var format: FormatOption<TableOrJSON> = .init(.table)

        func validate() throws {
            guard DeviceProfile.named(device) != nil else {
                throw ValidationError(
                    "unknown device '\(device)'; valid: \(DeviceProfile.all.map(\.name).joined(separator: ", "))")
            }
            guard (3...1000).contains(repeats) else {
                throw ValidationError("--repeat must be 3...1000, not \(repeats)")
            }
        }

        func run() throws {
            let profile = DeviceProfile.named(device)!
            let calibration = try HostCalibration.measure(
                width: profile.width, height: profile.height, repeats: repeats)
            switch format.format {
            case .json: print(try SummaryJSON.encode(calibration, format: HostCalibration.format))
            default:
                for kind in WorkKind.allCases {
                    print(
                        "\(kind.rawValue.padding(toLength: 18, withPad: " ", startingAt: 0)) \(String(format: "%12.4f", calibration.unitCostsNs[kind] ?? 0)) ns"
                    )
                }
                for fit in calibration.fits {
                    print(
                        "\(fit.kinds.map(\.rawValue).joined(separator: ", ")): \(fit.cases) cases, R² \(String(format: "%.4f", fit.r2)); \(fit.method)"
                    )
                }
                let b = calibration.bandwidth
                print(
                    String(
                        format: "memory bandwidth: one thread %.2f GB/s, %d cores %.2f GB/s: efficiency %.3f",
                        b.oneThreadGBs, b.cores, b.allCoresGBs, b.efficiency))
                print(
                    "measured on \(Machine.current.description), canvas \(profile.width)x\(profile.height) (\(device))")
            }
        }
    }
}
