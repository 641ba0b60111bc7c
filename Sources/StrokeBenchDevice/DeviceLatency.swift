/// The device's own stages of pen-to-pixel latency, before the app sees a sample and after the
/// display is handed a picture (docs/latency.md). The app's stages are measured by the replay.
///
/// Two are facts of the timing: a pen touches at a uniformly random moment, so it waits half the
/// digitizer's interval for a sample on average, and its ink lies on a uniformly random row, which the
/// panel scans out half a refresh after the frame starts on average. Two have no published figure for
/// these devices and carry a range that says so.
package struct DeviceLatency: Sendable {
    /// Half the digitizer's sampling interval, in ms.
    package var samplingMs: Double
    /// The digitizer's processing and its transport to the app, in ms.
    package var transport: Sourced
    /// Half a refresh: scan-out to the average row, in ms.
    package var scanOutMs: Double
    /// The panel's pixel response, in ms.
    package var panelResponse: Sourced

    /// The stages of `device` at display rate `hz`.
    package init(device: DeviceProfile, hz: Double) {
        samplingMs = 500 / device.touchRate
        scanOutMs = 500 / hz
        transport = Self.transport
        panelResponse = device.panel == .oled ? Self.oledResponse : Self.lcdResponse
    }

    /// The transport's central value, in ns.
    package static var transportCentralNs: Int64 { Int64((transport.value * 1e6).rounded()) }

    /// The digitizer stage at the central values, in ns.
    package var digitizerNs: Int64 { Int64(((samplingMs + transport.value) * 1e6).rounded()) }
    /// The scan-out and panel stage at the central values, in ns.
    package var scanOutAndPanelNs: Int64 { Int64(((scanOutMs + panelResponse.value) * 1e6).rounded()) }

    static let transport = Sourced(
        value: 2, low: 1, high: 5, basis: "assumed",
        source:
            "no published figure for the digitizer's processing and transport on these devices; Apple gives only the end-to-end "
            + "Apple Pencil latency (20 ms, then 9 ms from iPadOS 13, WWDC 2019), which the replay's stages are held against"
    )
    static let lcdResponse = Sourced(
        value: 4, low: 2, high: 8, basis: "assumed",
        source:
            "no published pixel response for these LCD panels; fast IPS panels are specified at 1 to 8 ms grey to grey")
    static let oledResponse = Sourced(
        value: 0.5, low: 0.1, high: 1, basis: "assumed",
        source: "no published pixel response for this OLED panel; OLED pixels switch in well under a millisecond")
}

extension DeviceProfile {
    /// The kind of panel, which sets its response time.
    package enum Panel: String, Sendable { case lcd, oled }

    /// The device's panel, from Apple's technical specifications: the iPhone 15 Pro's Super Retina XDR
    /// display is OLED; the iPhone 6s, 8 and XR and the 2018 iPad Pros have LCDs (Retina HD, Liquid
    /// Retina).
    package var panel: Panel { name == "iphone-15-pro" ? .oled : .lcd }

    /// Pixels per inch of the screen, from Apple's technical specifications: 326 for the iPhone 6s, 8
    /// and XR, 460 for the iPhone 15 Pro, 264 for both 2018 iPad Pros. What turns a distance on the
    /// canvas into millimetres a person sees.
    package var pixelsPerInch: Double {
        switch name {
        case "iphone-15-pro": 460
        case "ipad-pro-11", "ipad-pro-12.9": 264
        default: 326
        }
    }

    /// Millimetres on the screen per device pixel.
    package var millimetresPerPixel: Double { 25.4 / pixelsPerInch }
}
