/// A device whose display and digitizer StrokeBench simulates.
public struct DeviceProfile: Hashable, Sendable {
    /// Command-line name (`ipad-pro-11`).
    public var name: String
    /// Screen size in pixels (portrait).
    public var width: Int
    public var height: Int
    /// Points to pixels.
    public var scale: Double
    /// Display refresh rate in Hz.
    public var refreshRate: Double
    /// Touch (or pencil) digitizer rate in Hz.
    public var touchRate: Double
    /// Active processor count, the size of YYAsyncLayer's queue pool on this device.
    public var cores: Int

    public init(name: String, width: Int, height: Int, scale: Double, refreshRate: Double, touchRate: Double, cores: Int) {
        self.name = name; self.width = width; self.height = height; self.scale = scale
        self.refreshRate = refreshRate; self.touchRate = touchRate; self.cores = cores
    }

    /// Screen size in points.
    public var widthPoints: Double { Double(width) / scale }
    public var heightPoints: Double { Double(height) / scale }

    /// The profiles `bench list` shows.
    public static let all: [DeviceProfile] = [
        DeviceProfile(name: "iphone-6s", width: 750, height: 1334, scale: 2, refreshRate: 60, touchRate: 60, cores: 2),
        DeviceProfile(name: "iphone-15-pro", width: 1179, height: 2556, scale: 3, refreshRate: 120, touchRate: 120, cores: 6),
        DeviceProfile(name: "ipad-pro-11", width: 1668, height: 2388, scale: 2, refreshRate: 120, touchRate: 240, cores: 8),
        DeviceProfile(name: "ipad-pro-12.9", width: 2048, height: 2732, scale: 2, refreshRate: 120, touchRate: 240, cores: 8),
    ]

    /// The profile with this name.
    public static func named(_ name: String) -> DeviceProfile? { all.first { $0.name == name } }

    /// The stroke width of every strategy, in points (the article's `setLineWidth(5)`).
    public static let lineWidthPoints = 5.0
}
