import ArgumentParser
import StrokeBenchReplay
import StrokeBenchStrategies
import StrokeBenchDevice

extension Bench {
    /// `bench list`: strategies, the options each declares, and device profiles, one per line.
    /// Options come from `DrawingStrategy.options`, the same declarations the command line parses.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List strategies, their options and device profiles, one per line.")

        func run() {
            for strategy in StrategyRegistry.all {
                print("strategy \(strategy.name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(strategy.summary)")
                for option in strategy.options {
                    print("option   \(strategy.name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(option.usage): \(option.help)")
                }
            }
            for d in DeviceProfile.all {
                let display = "\(d.width)x\(d.height) px @\(Int(d.scale))x, \(Int(d.refreshRate)) Hz display, \(Int(d.touchRate)) Hz touch, \(d.cores) cores"
                print("device   \(d.name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(display)")
            }
        }
    }
}
