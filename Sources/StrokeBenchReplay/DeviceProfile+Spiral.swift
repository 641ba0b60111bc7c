import StrokeBenchDevice
import StrokeBenchTraces

extension SpiralTrace {
    /// The companion app's spiral as it draws it on `device`: centred in the screen, starting at the
    /// idiom's length, one point per refresh of the device's display.
    package static func companionApp(on device: DeviceProfile) -> Trace {
        make(
            canvas: CanvasSize(width: device.widthPoints, height: device.heightPoints),
            initialLength: device.idiom.spiralLength, refreshRate: device.refreshRate)
    }
}
