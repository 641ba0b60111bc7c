import StrokeBenchCanvas
import StrokeBenchDevice
import StrokeBenchMetrics
import StrokeBenchSpec
import StrokeBenchStrategies
import StrokeBenchTraces
import Testing

@testable import StrokeBenchReplay

/// A timeline that keeps what it is told, for tests.
final class RecordedTimeline: ReplayTimeline {
    var turns: [TimelineTurn] = []
    var presentations: [TimelinePresentation] = []
    var tasks: [TimelineTask] = []
    private var submitted = 0

    func turnRan(_ turn: @autoclosure () -> TimelineTurn) { turns.append(turn()) }
    func presented(_ presentation: @autoclosure () -> TimelinePresentation) { presentations.append(presentation()) }
    func renderTaskSubmitted(at time: ReplayInstant, waiting: Int) -> TimelineTicket {
        defer { submitted += 1 }
        return TimelineTicket(id: submitted, frame: turns.count)
    }
    func renderTaskEnded(_ task: TimelineTask) { tasks.append(task) }
}

/// What the run loop, accountant and queues tell a timeline, checked against the frames they make.
@Suite struct TimelineObserverTests {
    /// A 3 s generated session on a small 2x screen, every cost zero: the schedule of the input alone.
    func configuration(_ strategy: any DrawingStrategy.Type, costs: CostMode = .zero) -> ReplayConfiguration {
        var generator = TraceGenerator(seed: 5)
        generator.parameters.duration = 3
        let device = DeviceProfile(
            name: "test-2x", width: 300, height: 400, scale: 2, refreshRate: 120, touchRate: 240, cores: 2)
        return ReplayConfiguration(
            input: ReplayInput(trace: generator.generate(), device: device), traceName: "generated",
            device: device, clock: .virtual, strategy: strategy, costs: costs, comparePicture: false)
    }

    /// Watching a replay does not change it, and every turn's phases add up to its `main_ms`.
    @Test(arguments: StrategyCatalog.builtIn.names)
    func aTimelineWatchesWithoutChangingTheReplay(name: String) throws {
        let strategy = StrategyCatalog.builtIn.strategy(named: name)!
        let unwatched = try Replay.run(configuration(strategy))
        var watched = configuration(strategy)
        let timeline = RecordedTimeline()
        watched.timeline = timeline
        let result = try Replay.run(watched)
        #expect(result.frames == unwatched.frames)
        #expect(result.summary.counters == unwatched.summary.counters)
        #expect(timeline.turns.map(\.frame) == Array(0..<result.frames.count))
        for (turn, frame) in zip(timeline.turns, result.frames) {
            let phases = turn.phases.reduce(ReplayDuration.zero) { $0 + $1.duration }
            #expect(phases.milliseconds == frame.mainMs)
            #expect(turn.end - turn.start == phases)
        }
        #expect(timeline.presentations.map(\.frame) == result.frames.filter { $0.presentMs != nil }.map(\.frame))
    }

    /// Measured costs make renders overlap: async-pool's sentinel cancels some and async-global's flag
    /// discards some. Each task is reported once, and the fates add up to the run's counters.
    @Test(arguments: ["async-pool", "async-global", "async-graver"])
    func everyRenderTaskEndsOnceWithTheFateItsCountersSay(name: String) throws {
        var configuration = configuration(StrategyCatalog.builtIn.strategy(named: name)!, costs: .measured)
        let timeline = RecordedTimeline()
        configuration.timeline = timeline
        let counters = try Replay.run(configuration).summary.counters
        #expect(timeline.tasks.map(\.ticket.id).sorted() == Array(0..<timeline.tasks.count))
        #expect(timeline.tasks.filter { $0.fate == .cancelled }.count == counters.tasksCancelled)
        #expect(timeline.tasks.filter { $0.fate == .superseded }.count == counters.tasksSuperseded)
        #expect(timeline.tasks.filter(\.started).count == counters.tasksStarted)
        for task in timeline.tasks {
            #expect(task.submitted <= task.start && task.start <= task.end && task.end <= task.delivered)
            // A task is thrown away where one of its checks found it cancelled, and only there.
            #expect(task.checks.contains(where: \.cancelled) == (task.fate == .cancelled || task.fate == .superseded))
            if task.fate == .shown { #expect(task.showsThrough != nil) }
        }
    }
}
