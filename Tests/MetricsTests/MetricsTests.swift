import StrokeBenchUnits
import Testing

@testable import StrokeBenchMetrics

@Suite struct PercentileTests {
    @Test func nearestRankOnOneToHundred() {
        let p = Percentiles((1...100).map(Double.init))
        #expect(p == Percentiles(p50: 50, p90: 90, p95: 95, p99: 99, max: 100))
    }

    @Test func nearestRankOnFewValues() {
        // Ranks: ceil(0.5 * 4) = 2nd, ceil(0.9 * 4) = 4th.
        let p = Percentiles([4, 1, 3, 2])
        #expect(p.p50 == 2)
        #expect(p.p90 == 4)
        #expect(Percentiles([Double]()) == .zero)
    }

    /// Selected ranks are a sort's, bit for bit: over seeded lists of every length up to 300, of
    /// distinct values, of few values many times over, with zeros of both signs and with NaN.
    @Test(arguments: 0..<40)
    func selectedRanksAreASortsBitForBit(seed: UInt64) {
        var state = seed &* 2_862_933_555_777_941_757 &+ 3_037_000_493
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
        for length in [0, 1, 2, 16, 17, 18, 50, 101, 300] {
            let values: [Double] = (0..<length).map { _ in
                switch seed % 4 {
                case 0: Double(next() % 1_000_000) / 7
                case 1: Double(next() % 5)  // few values, many times over
                case 2: [0.0, -0.0, 1.5, 2.5][Int(next() % 4)]
                default: next() % 97 == 0 ? .nan : Double(next() % 1000) - 500
                }
            }
            let sorted = values.sorted()
            let p = Percentiles(values)
            let expected =
                sorted.isEmpty
                ? [0, 0, 0, 0, 0]
                : [
                    Percentiles.rank(50, sorted), Percentiles.rank(90, sorted), Percentiles.rank(95, sorted),
                    Percentiles.rank(99, sorted), sorted[sorted.count - 1],
                ]
            #expect(
                [p.p50, p.p90, p.p95, p.p99, p.max].map(\.bitPattern) == expected.map(\.bitPattern),
                "seed \(seed), \(length) values")
        }
    }
}

@Suite struct DroppedFrameTests {
    @Test func countsVsyncsWithContentPendingAndNoNewPicture() {
        // 100 Hz; the turn due at v1 makes sample 0 pending, the turn due at v5 sample 1; pictures at
        // vsync 4 (showing sample 0) and 6 (sample 1).
        // Dropped: v1, v2, v3 (sample 0 pending, nothing presented); v4 presents; v5 (sample 1 pending); v6 presents.
        let d = DroppedFrames(
            pending: [PendingContent(vsync: 1, through: 0), PendingContent(vsync: 5, through: 1)],
            presentations: [(4, 0), (6, 1)], hz: 100, vsyncCount: 8)
        #expect(d.count == 4)
        #expect(d.longestRun == 3)
        #expect(d.worstSecond == 4)
        #expect(abs(d.percent - 100 * 4.0 / 6.0) < 1e-9)
    }

    @Test func inputNotYetPendingIsLatencyNotADrop() {
        // Pen down at v1 is accepted but draws nothing (naive); only the turn due at v3 makes content
        // pending, and it is presented at v4: one drop (v3), not three.
        let d = DroppedFrames(
            pending: [PendingContent(vsync: 3, through: 1)], presentations: [(4, 1)], hz: 100, vsyncCount: 6)
        #expect(d.count == 1)
    }

    @Test func noInputMeansNothingDropped() {
        let d = DroppedFrames(pending: [], presentations: [], hz: 60, vsyncCount: 120)
        #expect(d.count == 0 && d.percent == 0)
    }
}

@Suite struct OutputTests {
    @Test func hitchBandsFollowApple() {
        #expect(HitchBand(ratio: 4.9) == .good)
        #expect(HitchBand(ratio: 5) == .warning)
        #expect(HitchBand(ratio: 10) == .warning)
        #expect(HitchBand(ratio: 10.1) == .critical)
    }

    @Test func csvQuotesOnlyWhatNeedsIt() {
        var csv = CSVWriter(header: ["a", "b"])
        csv.append(["plain", "with, comma"])
        csv.append(["say \"hi\"", "line\nbreak"])
        #expect(csv.text == "a,b\r\nplain,\"with, comma\"\r\n\"say \"\"hi\"\"\",\"line\nbreak\"\r\n")
    }

    @Test func frameCSVHasTheContractColumnsFirst() {
        let contract = [
            "frame", "vsync_ms", "samples", "main_ms", "render_ms", "composite_ms", "overrun_ms",
            "missed_vsyncs", "hitch_ms", "latency_max_ms", "pixels_rasterized", "bytes_copied",
        ]
        #expect(Array(FrameCSV.columns.prefix(contract.count)) == contract)
        // The version was added after the first files: at the end, so no column moved.
        #expect(FrameCSV.columns.last == "format_version")
        #expect(Set(FrameCSV.columns).count == FrameCSV.columns.count)
    }

    @Test func metricsAreNamedOnceAndKnowTheirDirection() {
        let all =
            [Metric.frames, .durationS, .samples] + Metric.percentiles + Metric.counters + Metric.modelledEnds
            + Metric.laterModelledEnds + Metric.perceivedModelledEnds
            + [Metric.droppedPct, .hitchRatio, .displayLinkFps, .inkUpdatesPerS, .threadsPeak]
        #expect(Set(all.map(\.name)).count == all.count)
        #expect(
            Metric.percentiles.map(\.name).prefix(5) == [
                "main_ms_p50", "main_ms_p90", "main_ms_p95", "main_ms_p99", "main_ms_max",
            ])
        #expect(Metric.mainMsP99.isWorse(2, than: 1) && Metric.displayLinkFps.isWorse(50, than: 60))
        #expect(!Metric.frames.isWorse(2, than: 1) && !Metric.frames.polarity.isBetter(2, than: 1))
    }
}

@Suite struct SlopeTests {
    @Test func leastSquaresSlope() {
        // y = 2x + 1 exactly, and a flat line.
        #expect(RunSummary.slope([(0, 1), (1, 3), (2, 5)]) == 2)
        #expect(RunSummary.slope([(0, 4), (10, 4)]) == 0)
        #expect(RunSummary.slope([(5, 1)]) == 0)
    }

    /// The growth figure is against the points drawn so far, not the points a strategy retains: a
    /// strategy that flattens (retaining none) but still grows 1 µs per point reports 1000 µs per
    /// thousand points, and idle vsyncs in between neither count nor move the axis.
    @Test func growthIsAgainstThePointsDrawnSoFar() {
        var frames: [FrameRecord] = []
        for i in 0..<10 {
            let drawn = Double((i + 1) * 100)
            frames.append(frame(i * 2, samples: 100, mainMs: drawn * 0.001))
            frames.append(frame(i * 2 + 1, samples: 0, mainMs: 0))  // idle: not active
        }
        let summary = RunSummary(
            strategy: "s", device: "d", hz: 100, clock: "virtual", delivery: "coalesced", trace: "t",
            workers: 1, tally: FrameTally(frames), samples: 0, sampleLatenciesMs: [], presentations: [],
            pending: [], finishedRenders: [], vsyncCount: 20, threadsPeak: 0, backlogPeak: 0, bitmapBytesPeak: 0,
            cpuS: 0, peakMemoryMB: 0, picture: nil, machine: "m")
        #expect(abs(summary.mainUsPerThousandPoints - 1000) < 1e-6)
    }

    private func frame(_ n: Int, samples: Int, mainMs: Double) -> FrameRecord {
        let t = Double(n) * 10
        return FrameRecord(
            frame: n, trigger: .vsync, vsyncMs: t, startMs: t, endMs: t + mainMs, deadlineMs: t + 10,
            presentMs: nil, samples: samples, mainMs: mainMs, inputMs: mainMs, observersMs: 0,
            commitMs: 0, renderMs: 0, compositeMs: 0, overrunMs: mainMs - 10, missedVsyncs: 0,
            hitchMs: 0, latencyMinMs: nil, latencyMaxMs: nil, counters: WorkCounters(), pointsRetained: 0)
    }
}

@Suite struct ScreenTimelineTests {
    @Test func blankAndStaleVsyncs() {
        // 100 Hz. A picture at vsync 2 (sample 0), blank at 4, a picture at 6 (sample 2).
        // Blank: vsyncs 4 and 5. A render of sample 1 finished at 25 ms, shown never: vsyncs 4 (t3 =
        // 30 ms >= 25 ms) and 5 are stale; at 6 sample 2 is shown.
        let t = ScreenTimeline(
            presentations: [
                .init(vsync: 2, showsThrough: 0, blank: false), .init(vsync: 4, showsThrough: 0, blank: true),
                .init(vsync: 6, showsThrough: 2, blank: false),
            ],
            finishedRenders: [(0.015, 0), (0.025, 1)], hz: 100, vsyncCount: 8)
        #expect(t.blankFrames == 2)
        #expect(t.staleFrames == 2)
    }

    @Test func blankBeforeAnyPictureDoesNotCount() {
        let t = ScreenTimeline(
            presentations: [.init(vsync: 1, showsThrough: -1, blank: true)],
            finishedRenders: [], hz: 60, vsyncCount: 10)
        #expect(t.blankFrames == 0)
    }
}
