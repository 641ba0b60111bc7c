import ArgumentParser
import StrokeBenchDevice
import StrokeBenchReplay
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchUnits

extension Bench {
    /// `bench list`: strategies, the options each declares, and device profiles, one per line; with
    /// `--format json`, also the kinds of counted work, so scripts read them rather than copy them.
    /// Options come from `DrawingStrategy.options`, the same declarations the command line parses.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List strategies, their options and device profiles, one per line.")

        @Option(
            help:
                "table (for people) or json (one object with strategies, devices and the kinds of counted work, with their per-frame CSV columns, for scripts)."
        )
        var format: FormatOption<TableOrJSON> = .init(.table)

        func run(with engine: EngineInputs) throws {
            switch format.format {
            case .json: print(try SummaryJSON.encode(Listing(strategies: engine.strategies), format: Listing.format))
            default: table(engine.strategies)
            }
        }

        private func table(_ catalog: StrategyCatalog) {
            // One column wide enough for the longest name: a user's strategy may be longer than the
            // built-ins, and a name cut short (`rt-throw-handl`) is not one `--strategy` takes.
            let names =
                catalog.all.map { $0.name } + (DeviceProfile.all + DeviceProfile.validation).map { $0.name }
            let width = max(14, (names.map { $0.count }.max() ?? 0) + 1)
            func column(_ name: String) -> String { name + String(repeating: " ", count: max(0, width - name.count)) }
            for strategy in catalog.all {
                print("strategy \(column(strategy.name)) \(strategy.summary)")
                for option in strategy.options {
                    print("option   \(column(strategy.name)) \(option.usage): \(option.help)")
                }
            }
            func display(_ d: DeviceProfile) -> String {
                "\(d.width)x\(d.height) px @\(Int(d.scale))x, \(Int(d.refreshRate)) Hz display, \(Int(d.touchRate)) Hz touch, \(d.cores) cores"
            }
            for d in DeviceProfile.all {
                print("device   \(column(d.name)) \(display(d))")
            }
            // The phones the model's validation needs: `--device` takes them, `all` in a sweep or ramp does not.
            for d in DeviceProfile.validation {
                print(
                    "validate \(column(d.name)) \(display(d)); a phone of bench model validate's published figures (--device takes it; all does not)"
                )
            }
        }
    }
}

/// What `bench list --format json` prints.
struct Listing: Encodable {
    /// The version of the object (its `format_version` key).
    static let format = FormatVersion(name: "list", current: 1)

    struct Strategy: Encodable {
        var name: String
        var summary: String
        var options: [String]
    }

    struct Device: Encodable {
        var name: String
        var width: Int, height: Int
        var scale: Double
        var refreshHz: Double, touchHz: Double
        var cores: Int
        enum CodingKeys: String, CodingKey {
            case name, width, height, scale
            case refreshHz = "refresh_hz"
            case touchHz = "touch_hz"
            case cores
        }
    }

    /// A kind of counted work (`WorkKind`), with the per-frame CSV columns that count it on the main
    /// thread and in background renders (none where that thread never does it).
    struct Kind: Encodable {
        var name: String
        var memoryBound: Bool
        var mainColumn: String?
        var taskColumn: String?
        enum CodingKeys: String, CodingKey {
            case name
            case memoryBound = "memory_bound"
            case mainColumn = "main_column"
            case taskColumn = "task_column"
        }
    }

    var strategies: [Strategy]
    var devices = DeviceProfile.all.map {
        Device(
            name: $0.name, width: $0.width, height: $0.height, scale: $0.scale, refreshHz: $0.refreshRate,
            touchHz: $0.touchRate, cores: $0.cores)
    }
    /// The phones of `bench model validate`'s published figures: `--device` takes them, `all` does not.
    var validationDevices = DeviceProfile.validation.map {
        Device(
            name: $0.name, width: $0.width, height: $0.height, scale: $0.scale, refreshHz: $0.refreshRate,
            touchHz: $0.touchRate, cores: $0.cores)
    }
    var workKinds = WorkKind.allCases.map { kind in
        // Compositing is the render server's: no app thread's column counts it.
        let onAThread = kind != .pixelComposited
        return Kind(
            name: kind.rawValue, memoryBound: kind.isMemoryBound,
            mainColumn: onAThread ? "main_" + kind.columnName : nil,
            taskColumn: kind.isDoneInBackground ? "task_" + kind.columnName : nil)
    }

    /// The listing of `catalog`'s strategies, every device profile and every kind of counted work.
    init(strategies catalog: StrategyCatalog) {
        strategies = catalog.all.map {
            Strategy(name: $0.name, summary: $0.summary, options: $0.options.map(\.usage))
        }
    }

    enum CodingKeys: String, CodingKey {
        case strategies, devices
        case validationDevices = "validation_devices"
        case workKinds = "work_kinds"
    }
}
