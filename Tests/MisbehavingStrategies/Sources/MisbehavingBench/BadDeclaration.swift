import StrokeBench

/// Strategies whose declaration the command line could not offer: each is refused at registration.
enum BadDeclaration {
    static var strategies: [String: any DrawingStrategy.Type] {
        [
            "named-all": NamedAll.self, "two-line-summary": TwoLineSummary.self, "option-twice": OptionTwice.self,
            "endless-seconds": EndlessSeconds.self, "default-outside": DefaultOutside.self,
        ]
    }
}

/// Draws nothing; subclasses only declare something wrong.
class Declares: DrawingStrategy {
    class var name: String { "declares" }
    class var summary: String { "declares something the command line cannot offer" }
    class var options: [StrategyOption] { [] }
    required init(canvas: CanvasConfiguration, environment: StrategyEnvironment) {}
    func handle(_ event: TouchEvent) {}
    func commit() -> LayerUpdate? { nil }
    func finalPicture() -> Surface? { nil }
    var acceptedThrough: Int { -1 }
}

final class NamedAll: Declares {
    override class var name: String { "all" }
}
final class TwoLineSummary: Declares {
    override class var name: String { "two-lines" }
    override class var summary: String { "one line\nand another" }
}
final class OptionTwice: Declares {
    override class var name: String { "option-twice" }
    override class var options: [StrategyOption] {
        [
            StrategyOption(name: "option-twice-x", kind: .flag, help: "x"),
            StrategyOption(name: "option-twice-x", kind: .flag, help: "x"),
        ]
    }
}
final class EndlessSeconds: Declares {
    override class var name: String { "endless-seconds" }
    override class var options: [StrategyOption] {
        [StrategyOption(name: "endless-seconds-fade", kind: .seconds(0...Double.infinity), help: "s")]
    }
}
final class DefaultOutside: Declares {
    override class var name: String { "default-outside" }
    override class var options: [StrategyOption] {
        [StrategyOption(name: "default-outside-n", kind: .count(1...10, default: 20), help: "n")]
    }
}
