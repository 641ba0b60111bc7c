import StrokeBenchDevice

/// Every published on-device figure the device cost model is held against, with its exact words or
/// reading and where it is (docs/research/validation-sources.md and docs/research/recordings.md keep
/// the longer account). The roles were set by the rule in docs/device-model.md before any figure was
/// priced: the one fitted figure is the model's `fitted_figure`; a published value the model takes as
/// an input is an `input`; everything else is `predicted`.
public enum PublishedFigures {
    static let part1 = "https://medium.com/@almalehdev/high-performance-drawing-on-ios-part-1-f3a24a0dcb31"
    static let part2 = "https://medium.com/@almalehdev/high-performance-drawing-on-ios-part-2-2cb2bc957f6"
    static let app = "https://github.com/almaleh/Drawing-Performance/blob/5f0bca7/Screenshots/"

    /// The figures, in the order the report lists them.
    public static let all: [ModelValidation.Figure] = [
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
                "\(part1) (Besher Al Maleh, January 2019): 'very poorly on the iPad (17 fps average)'; which input drew it is not said",
            role: .predicted,
            workload: .spiral(
                strategy: "naive", wholeLayer: false, drive: .displayLink, device: "ipad-pro-11",
                metric: .displayLinkFps),
            published: 17, unit: "fps"),
        .init(
            figure:
                "naive on the spiral, iPad Pro 11: the article's 17 fps, read as a pencil tracing it (240 Hz, per-sample)",
            source:
                "\(part1) (Besher Al Maleh, January 2019): 'very poorly on the iPad (17 fps average)'; the article says the iPad delivers the pencil's samples one touch event each",
            role: .predicted,
            workload: .spiral(
                strategy: "naive", wholeLayer: false, drive: .pencil, device: "ipad-pro-11", metric: .displayLinkFps),
            published: 17, unit: "fps"),
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
                "https://github.com/getsentry/sentry-cocoa/pull/4940: 'Render (Baseline) Avg 149.82 ms' (UIGraphicsImageRenderer + drawHierarchy, iPhone 8, 750 x 1334 px)",
            role: .predicted, workload: .snapshot(device: "iphone-8", imageRenderer: true), published: 149.82,
            unit: "ms", resolution: 0.005),
        .init(
            figure: "the same snapshot into a plain 8-bit bitmap context, iPhone 8",
            source:
                "https://github.com/getsentry/sentry-cocoa/pull/4940: 'Render (SentryGraphicsImageRenderer @ 2x scale) Avg 25.42 ms'",
            role: .predicted, workload: .snapshot(device: "iphone-8", imageRenderer: false), published: 25.42,
            unit: "ms", resolution: 0.005),
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
            figure: "the extended-range penalty: scrolling cached stroke bitmaps, iPhone 6 against a wide-colour phone",
            source:
                "https://forums.developer.apple.com/thread/79474: 'I'm able to scroll at 55fps on an iPhone 6. However, on devices with Wide Color it is pretty slow - about 15fps' (55 / 15)",
            role: .input, workload: .input(.extendedRangeFactor), published: 55.0 / 15.0, unit: "x", resolution: 0.005),
        .init(
            figure: "the extended-range penalty: iPhone X against iPhone 6s Plus, the same drawing",
            source:
                "https://github.com/lionheart/openradar-mirror/issues/20776 (OpenRadar 45225596): iPhone X 357-371 ms against iPhone 6s Plus 62 ms (364 / 62)",
            role: .input, workload: .input(.extendedRangeFactor), published: 364.0 / 62.0, unit: "x", resolution: 0.005),
    ]
}
