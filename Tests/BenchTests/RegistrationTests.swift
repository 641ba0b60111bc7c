@testable import StrokeBenchCLI
import StrokeBenchStrategies
import Testing

/// A user's strategies that could be mistaken for another are refused, each with its own sentence.
@Suite(.serialized) struct RegistrationTests {
    final class Impostor: DrawingStrategy {
        static let name = "flattened"
        static let summary = "has a built-in's name"
        init(canvas: CanvasConfiguration, environment: StrategyEnvironment) {}
        func handle(_ event: TouchEvent) {}
        func commit() -> LayerUpdate? { nil }
        func finalPicture() -> Surface? { nil }
        var acceptedThrough: Int { -1 }
    }
    final class Shadow: DrawingStrategy {
        static let name = "shadow"
        static let summary = "declares bench's own --trace"
        static var options: [StrategyOption] { [StrategyOption(name: "trace", kind: .flag, help: "")] }
        init(canvas: CanvasConfiguration, environment: StrategyEnvironment) {}
        func handle(_ event: TouchEvent) {}
        func commit() -> LayerUpdate? { nil }
        func finalPicture() -> Surface? { nil }
        var acceptedThrough: Int { -1 }
    }
    final class Echo: DrawingStrategy {
        static let name = "echo"
        static let summary = "declares flattened's option"
        static var options: [StrategyOption] { [FlattenedStrategy.wholeLayerOption] }
        init(canvas: CanvasConfiguration, environment: StrategyEnvironment) {}
        func handle(_ event: TouchEvent) {}
        func commit() -> LayerUpdate? { nil }
        func finalPicture() -> Surface? { nil }
        var acceptedThrough: Int { -1 }
    }
    final class Shouting: DrawingStrategy {
        static let name = "Shouting_Name"
        static let summary = "not kebab-case"
        init(canvas: CanvasConfiguration, environment: StrategyEnvironment) {}
        func handle(_ event: TouchEvent) {}
        func commit() -> LayerUpdate? { nil }
        func finalPicture() -> Surface? { nil }
        var acceptedThrough: Int { -1 }
    }

    private func refusal(_ strategy: any DrawingStrategy.Type) -> String? {
        do { try StrategyRegistry.register([strategy], reservedOptions: OwnOptions.names); return nil }
        catch { return error.description }
    }

    @Test func theCommandLinesOwnOptionsAreReserved() {
        for name in ["strategy", "trace", "costs", "clock", "device", "hz", "strategies", "output", "baseline", "format", "help"] {
            #expect(OwnOptions.names.contains(name), "--\(name)")
        }
    }

    @Test func collisionsAreRefusedInOneLine() {
        #expect(refusal(Impostor.self)?.contains("has the name of a built-in strategy") == true)
        #expect(refusal(Shadow.self)?.contains("'--trace' is one of bench's own options") == true)
        #expect(refusal(Echo.self)?.contains("already declared by 'flattened'") == true)
        #expect(refusal(Shouting.self)?.contains("must be kebab-case") == true)
        #expect(StrategyRegistry.all.count == StrategyRegistry.builtIn.count)
    }
}
