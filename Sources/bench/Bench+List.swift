import ArgumentParser
import Display
import Strategies

extension Bench {
    /// `bench list`: strategies and device profiles, one per line.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List strategies and device profiles, one per line.")

        func run() {
            for strategy in StrategyRegistry.all {
                print("strategy \(strategy.name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(strategy.summary)")
            }
            for d in DeviceProfile.all {
                let display = "\(d.width)x\(d.height) px @\(Int(d.scale))x, \(Int(d.refreshRate)) Hz display, \(Int(d.touchRate)) Hz touch, \(d.cores) cores"
                print("device   \(d.name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(display)")
            }
        }
    }
}
