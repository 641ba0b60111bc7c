import StrokeBenchCanvas
import StrokeBenchSpec
import StrokeBenchStrategies

/// Turns a replay's samples into the touch events of each run-loop turn: the one place that decides
/// what a strategy receives, used by the run loop and by the benchmarks in `Benchmarks/`.
///
/// Coalesced delivery hands a turn every sample since the previous turn as one `moved` event
/// (UIKit's `coalescedTouches`); per-sample delivery makes one `moved` event per sample. Either way a
/// stroke's first sample is its own `began` event and its last is followed by an `ended` event.
public struct InputCoalescer {
    private let input: ReplayInput
    private let delivery: Delivery
    /// The next sample to deliver.
    package private(set) var next = 0

    public init(input: ReplayInput, delivery: Delivery) {
        self.input = input
        self.delivery = delivery
    }

    /// True when every sample has been delivered.
    public var isDone: Bool { next == input.count }

    /// The events of a turn that starts at `time`: every sample recorded at or before it.
    public mutating func events(through time: ReplayInstant) -> [TouchEvent] {
        var end = next
        while end < input.count, input.instant(of: end) <= time { end += 1 }
        return events(upTo: end)
    }

    /// The events of a turn that takes the next `count` samples, whatever their times: display-link
    /// input, where the app's own pace sets how fast the trace is drawn.
    package mutating func events(taking count: Int) -> [TouchEvent] {
        events(upTo: min(input.count, next + count))
    }

    /// Delivers samples `next..<end` and returns their events.
    private mutating func events(upTo end: Int) -> [TouchEvent] {
        var events: [TouchEvent] = []
        var moved: [TouchPoint] = []
        func flushMoved() {
            if !moved.isEmpty {
                events.append(TouchEvent(phase: .moved, points: moved))
                moved = []
            }
        }
        while next < end {
            let point = TouchPoint(location: input.points[next], index: next)
            if input.isStrokeStart[next] {
                flushMoved()
                events.append(TouchEvent(phase: .began, points: [point]))
            } else if delivery == .perSample {
                events.append(TouchEvent(phase: .moved, points: [point]))
            } else {
                moved.append(point)
            }
            if input.isStrokeEnd[next] {
                flushMoved()
                events.append(TouchEvent(phase: .ended, points: []))
            }
            next += 1
        }
        flushMoved()
        return events
    }
}
