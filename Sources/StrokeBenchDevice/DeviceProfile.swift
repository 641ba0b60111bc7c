/// A device whose display and digitizer StrokeBench simulates.
public struct DeviceProfile: Hashable, Sendable {
    /// Command-line name (`ipad-pro-11`).
    package var name: String
    /// Screen size in pixels (portrait).
    public var width: Int
    public var height: Int
    /// Points to pixels.
    public var scale: Double
    /// Display refresh rate in Hz.
    public var refreshRate: Double
    /// Touch (or pencil) digitizer rate in Hz.
    package var touchRate: Double
    /// Active processor count, the size of YYAsyncLayer's queue pool on this device.
    package var cores: Int
    /// iPad or iPhone: UIKit's `userInterfaceIdiom`, which the source article's spiral reads.
    package var idiom: Idiom
    /// A wide-colour (Display P3) screen, where `UIGraphicsImageRenderer`'s automatic range picks an
    /// extended-range pixel format (Apple's `prefersExtendedRange` documentation: "The default is true
    /// on devices that natively support wide color").
    package var wideColor: Bool

    /// UIKit's user-interface idiom.
    public enum Idiom: String, Hashable, Sendable {
        case phone, pad

        /// The companion app's spiral starts at 200 pt on an iPad and 100 pt otherwise
        /// (`var length: CGFloat = Display.pad ? 200 : 100`, almaleh/Drawing-Performance `Drawable.swift`).
        package var spiralLength: Double { self == .pad ? 200 : 100 }
    }

    public init(
        name: String, width: Int, height: Int, scale: Double, refreshRate: Double, touchRate: Double, cores: Int,
        idiom: Idiom = .phone, wideColor: Bool = false
    ) {
        self.name = name
        self.width = width
        self.height = height
        self.scale = scale
        self.refreshRate = refreshRate
        self.touchRate = touchRate
        self.cores = cores
        self.idiom = idiom
        self.wideColor = wideColor
    }

    /// Screen size in points.
    package var widthPoints: Double { Double(width) / scale }
    package var heightPoints: Double { Double(height) / scale }

    /// The profiles `bench list` shows.
    package static let all: [DeviceProfile] = [
        DeviceProfile(
            name: "iphone-6s", width: 750, height: 1334, scale: 2, refreshRate: 60, touchRate: 60, cores: 2,
            idiom: .phone, wideColor: false),
        DeviceProfile(
            name: "iphone-15-pro", width: 1179, height: 2556, scale: 3, refreshRate: 120, touchRate: 120, cores: 6,
            idiom: .phone, wideColor: true),
        DeviceProfile(
            name: "ipad-pro-11", width: 1668, height: 2388, scale: 2, refreshRate: 120, touchRate: 240, cores: 8,
            idiom: .pad, wideColor: true),
        DeviceProfile(
            name: "ipad-pro-12.9", width: 2048, height: 2732, scale: 2, refreshRate: 120, touchRate: 240, cores: 8,
            idiom: .pad, wideColor: true),
    ]

    /// Phones that published figures the model is validated against were measured on
    /// (`bench model validate`): usable with `--device`, but not in `--devices all`, which is the
    /// drawing study's set. Screens from Apple's technical specifications; touch sampling as the
    /// display's rate; cores 2 performance and 4 efficiency (A11, A12).
    package static let validation: [DeviceProfile] = [
        DeviceProfile(
            name: "iphone-8", width: 750, height: 1334, scale: 2, refreshRate: 60, touchRate: 60, cores: 6,
            idiom: .phone, wideColor: true),
        DeviceProfile(
            name: "iphone-xr", width: 828, height: 1792, scale: 2, refreshRate: 60, touchRate: 60, cores: 6,
            idiom: .phone, wideColor: true),
    ]

    /// Every profile a name may pick: the study's and the validation phones.
    package static let known = all + validation

    /// The profile with this name.
    public static func named(_ name: String) -> DeviceProfile? { known.first { $0.name == name } }

    /// The stroke width of every strategy, in points (the article's `setLineWidth(5)`).
    public static let lineWidthPoints = 5.0
}
