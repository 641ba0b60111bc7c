import StrokeBenchDevice

/// Every published on-device figure the device cost model is held against, with its exact words or
/// reading and where it is (docs/research/validation-sources.md and docs/research/recordings.md keep
/// the longer account). The roles were set by the rule in docs/device-model.md before any figure was
/// priced: the one fitted figure is the model's `fitted_figure`; a published value the model takes as
/// an input is an `input`; everything else is `predicted`.
package enum PublishedFigures {
    static let part2 = "https://medium.com/@almalehdev/high-performance-drawing-on-ios-part-2-2cb2bc957f6"
    static let app = "https://github.com/almaleh/Drawing-Performance/blob/5f0bca7/Screenshots/"
    /// The one published figure the article's two "17 fps" rows read: one piece of evidence.
    static let article17 = "part 2's '17 fps average' of naive on the iPad Pro 11"

    /// The figures, in the order the report lists them.
    package static let all: [ModelValidation.Figure] = [
        .init(
            figure: "naive, Spiral (Max Speed), iPad Pro 11: the FPS label in the app's recording",
            source:
                "\(app)slow-CPU.gif: the red 'FPS' label reads 34-35 while drawing, median 35 (docs/research/recordings.md: 250 frames of 40 ms read one by one)",
            role: .fitted,
            workload: .spiral(
                strategy: "naive", wholeLayer: false, drive: .maxSpeed, device: "ipad-pro-11", metric: .displayLinkFps),
            published: 35, unit: "fps"),
        .init(
            figure: "naive on the spiral, iPad Pro 11: the article's 17 fps, read as the display-link drive",
            source:
                "\(part2) (Besher Al Maleh, part 2, January 2019, of part 1's first approach): 'The first one performed ok on the iPhone but very poorly on the iPad (17 fps average)'; which input drew it is not said",
            role: .predicted,
            workload: .spiral(
                strategy: "naive", wholeLayer: false, drive: .displayLink, device: "ipad-pro-11",
                metric: .displayLinkFps),
            published: 17, unit: "fps", readingOf: article17),
        .init(
            figure:
                "naive on the spiral, iPad Pro 11: the article's 17 fps, read as a pencil tracing it (240 Hz samples, coalesced a frame)",
            source:
                "\(part2) (Besher Al Maleh, part 2, January 2019, of part 1's first approach): 'The first one performed ok on the iPhone but very poorly on the iPad (17 fps average)'; the pencil's 240 Hz samples delivered as UIKit delivers them, one touch event a frame with the samples as its coalesced touches (UIEvent.coalescedTouches(for:))",
            role: .predicted,
            workload: .spiral(
                strategy: "naive", wholeLayer: false, drive: .pencil, device: "ipad-pro-11", metric: .displayLinkFps),
            published: 17, unit: "fps", readingOf: article17),
        .init(
            figure: "flattened, whole layer, Spiral (Max Speed), iPad Pro 11: the FPS label in the app's recording",
            source: "\(app)fast-CPU.gif: the label reads 93-107 while drawing, median 98 (docs/research/recordings.md)",
            role: .predicted,
            workload: .spiral(
                strategy: "flattened", wholeLayer: true, drive: .maxSpeed, device: "ipad-pro-11",
                metric: .displayLinkFps),
            published: 98, unit: "fps"),
        .init(
            figure: "sublayer, Spiral (display link), iPad Pro 11: the FPS label in the app's recording",
            source: "\(app)drawingPerformance.gif: the label reads 116-120, median 120 (docs/research/recordings.md)",
            role: .predicted,
            workload: .spiral(
                strategy: "sublayer", wholeLayer: false, drive: .displayLink, device: "ipad-pro-11",
                metric: .displayLinkFps),
            published: 120, unit: "fps"),
        .init(
            figure: "flattened, whole layer, on the spiral, iPad Pro 11: the article's 'about 25% CPU'",
            source:
                "\(part2) (part 2, January 2019): the flattened approach performs well at about 25% CPU; its app invalidates the whole layer every auto-draw tick (CPUFast.swift)",
            role: .predicted,
            workload: .spiral(
                strategy: "flattened", wholeLayer: true, drive: .displayLink, device: "ipad-pro-11",
                metric: .mainThreadBusyPct),
            published: 25, unit: "%"),
        .init(
            figure: "a full-window snapshot into UIGraphicsImageRenderer, iPhone 8",
            source:
                "https://github.com/getsentry/sentry-cocoa/pull/4940: the baseline's Render 'Avg 149.8243 ms' over 120 samples (UIGraphicsImageRenderer + drawHierarchy, iPhone 8, 750 x 1334 px; the Sentry blog rounds it to 149.82)",
            role: .predicted, workload: .snapshot(device: "iphone-8", imageRenderer: true), published: 149.8243,
            unit: "ms", resolution: 0.00005),
        .init(
            figure: "the same snapshot into a plain 8-bit bitmap context, iPhone 8",
            source:
                "https://github.com/getsentry/sentry-cocoa/pull/4940: SentryGraphicsImageRenderer at 2x scale, Render 'Avg 25.4156 ms' (the Sentry blog, 'Boosting Session Replay Performance on iOS with View Renderer V2', rounds it to 25.42)",
            role: .predicted, workload: .snapshot(device: "iphone-8", imageRenderer: false), published: 25.4156,
            unit: "ms", resolution: 0.00005),
        .init(
            figure: "a full-window snapshot into UIGraphicsImageRenderer, iPhone XR",
            source:
                "https://github.com/PostHog/posthog-ios/pull/578: 'Baseline snapshot avg 134.22ms' (iPhone XR, 828 x 1792 px)",
            role: .predicted, workload: .snapshot(device: "iphone-xr", imageRenderer: true), published: 134.22,
            unit: "ms", resolution: 0.005),
        .init(
            figure: "the same snapshot into a plain CGContext-backed renderer, iPhone XR",
            source: "https://github.com/PostHog/posthog-ios/pull/578: 'This PR snapshot avg 11.14ms'",
            role: .predicted, workload: .snapshot(device: "iphone-xr", imageRenderer: false), published: 11.14,
            unit: "ms", resolution: 0.005),
        .init(
            figure:
                "the conversion factor's low end: a copying draw (iPhone 6) against a converting one (a wide-colour phone), cached stroke bitmaps",
            source:
                "https://forums.developer.apple.com/thread/79474: 'I'm able to scroll at 55fps on an iPhone 6. However, on devices with Wide Color it is pretty slow - about 15fps' (55 / 15); 'On non-wide-color devices ... the drawImage call mostly uses _platform_memmove. On the wide color devices the drawImage call mostly uses RGBAf16_sample_RGBAf_inner': a copy against a conversion, on two devices",
            role: .input, workload: .input(.conversionFactor), published: 55.0 / 15.0, unit: "x", resolution: 0.005),
        .init(
            figure:
                "an iOS 12 regression, not a format cost: iPhone X against iPhone 6s Plus, the same drawing (beside the conversion range, not drawn from it)",
            source:
                "https://github.com/lionheart/openradar-mirror/issues/20776 (OpenRadar 45225596): iPhone X 357-371 ms against iPhone 6s Plus 62 ms (364 / 62); the radar calls it 'a regression since we did not observe this issue with iOS 11'",
            role: .input, workload: .input(.conversionFactor), published: 364.0 / 62.0, unit: "x", resolution: 0.005),
    ]
}
