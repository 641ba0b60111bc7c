import StrokeBenchSpec

extension RunSummary {
    /// Refuses a summary read from a file that no run could have produced: a rate no display has, a
    /// negative count, a figure that is not finite. Called by the readers of run records, which name the
    /// file; the error names the field (`summary.hz: 1e+19 is not a refresh rate in Hz (1.0...1000.0)`),
    /// as a decoder's would. `codingPath` is where the summary sits in its file.
    package func checkRanges(at codingPath: [any CodingKey]) throws {
        func refuse(_ key: CodingKeys, _ value: Any, _ expected: String) -> DecodingError {
            DecodingError.dataCorrupted(
                .init(codingPath: codingPath + [key], debugDescription: "\(value) is not \(expected)"))
        }
        guard ReplaySpec.rates.contains(hz) else {
            throw refuse(
                .hz, hz, "a refresh rate in Hz (\(ReplaySpec.rates.lowerBound)...\(ReplaySpec.rates.upperBound))")
        }
        let counts: [(CodingKeys, Int)] = [
            (.workers, workers), (.frames, frames), (.samples, samples), (.samplesNeverShown, samplesNeverShown),
            (.droppedFrames, droppedFrames), (.droppedWorstSecond, droppedWorstSecond),
            (.droppedLongestRun, droppedLongestRun),
            (.missedVsyncs, missedVsyncs), (.blankFrames, blankFrames), (.staleFrames, staleFrames),
            (.threadsPeak, threadsPeak),
            (.tasksSuperseded, tasksSuperseded), (.backlogPeak, backlogPeak), (.bitmapBytesPeak, bitmapBytesPeak),
        ]
        if let (key, value) = counts.first(where: { $0.1 < 0 }) { throw refuse(key, value, "a count (0 or more)") }
        let percentiles: [(CodingKeys, Percentiles)] = [
            (.mainMs, mainMs), (.renderMs, renderMs), (.compositeMs, compositeMs), (.overrunMs, overrunMs),
            (.latencyMs, latencyMs),
        ]
        var figures: [(CodingKeys, Double?)] = [
            (.durationS, durationS), (.inkUpdatesPerS, inkUpdatesPerS), (.longestStaleMs, longestStaleMs),
            (.rendersWastedPct, rendersWastedPct), (.mainUsPerThousandPoints, mainUsPerThousandPoints),
            (.droppedPct, droppedPct),
            (.hitchTotalMs, hitchTotalMs), (.hitchRatioMsPerS, hitchRatioMsPerS), (.displayLinkFps, displayLinkFps),
            (.mainThreadBusyPct, mainThreadBusyPct), (.cpuS, cpuS), (.peakMemoryMB, peakMemoryMB),
            (.displayLinkFpsLow, displayLinkFpsLow), (.displayLinkFpsHigh, displayLinkFpsHigh),
            (.mainThreadBusyPctLow, mainThreadBusyPctLow), (.mainThreadBusyPctHigh, mainThreadBusyPctHigh),
            (.hitchRatioMsPerSLow, hitchRatioMsPerSLow), (.hitchRatioMsPerSHigh, hitchRatioMsPerSHigh),
            (.droppedPctLow, droppedPctLow), (.droppedPctHigh, droppedPctHigh),
            (.mainMsP95Low, mainMsP95Low), (.mainMsP95High, mainMsP95High),
            (.latencyMsP95Low, latencyMsP95Low), (.latencyMsP95High, latencyMsP95High),
            (.inkUpdatesPerSLow, inkUpdatesPerSLow), (.inkUpdatesPerSHigh, inkUpdatesPerSHigh),
            (.renderServerBusyPct, renderServerBusyPct), (.renderServerBusyPctLow, renderServerBusyPctLow),
            (.renderServerBusyPctHigh, renderServerBusyPctHigh),
        ]
        for (key, p) in percentiles { figures += [p.p50, p.p90, p.p95, p.p99, p.max].map { (key, $0) } }
        if let (key, value) = figures.first(where: { !($0.1?.isFinite ?? true) }) {
            throw refuse(key, value.map { "\($0)" } ?? "null", "a finite number")
        }
    }
}
