import StrokeBenchReplay
import StrokeBenchSpec
import StrokeBenchStrategies
import Testing

/// async-global and async-graver in the realtime clock: their render tasks run on real Dispatch
/// queues (the global concurrent queue, and Graver's serial queues) while the main thread replays
/// the trace. `AsyncPoolTests.realThreadsDrawTheSamePicture` does the same for async-pool. Run under
/// `swift test --sanitize=thread --filter "RealQueueTests|realThreadsDrawTheSamePicture"`, these are
/// the ThreadSanitizer check of the three strategies that hand work to other threads.
@Suite struct RealQueueTests {
    /// A strategy's name and the options it runs with: Graver's keep-contents path releases the old
    /// picture on another path than its default, so both are replayed.
    static let configurations: [(String, [String: StrategyOptionValue])] = [
        ("async-global", [:]),
        ("async-graver", [:]),
        ("async-graver", ["graver-keep-contents": .flag(true)]),
    ]

    @Test(arguments: configurations)
    func realThreadsDrawTheReferencePicture(_ name: String, _ options: [String: StrategyOptionValue]) throws {
        let strategy = try #require(StrategyCatalog.builtIn.strategy(named: name))
        let settings = try StrategySettings.given(options, declared: strategy.options)
        let r = try Replay.run(
            ReplayConfiguration(
                input: ReplayInput(trace: PictureTests.crossing, device: smallDevice), traceName: "crossing",
                device: smallDevice, clock: .realtime, strategy: strategy, workers: 2, settings: settings))
        #expect(r.summary.counters.tasksStarted >= 1)
        #expect(r.summary.picture?.matchesReference == true)
    }
}
