import CCairo

/// A failure reported by cairo or pixman, typed so callers can name it.
public enum CanvasError: Error, Equatable, CustomStringConvertible {
    /// cairo returned a status other than success; the string is cairo's own description.
    case cairo(status: UInt32, message: String)
    /// pixman could not create an image (it reports no reason).
    case pixmanImageCreationFailed(width: Int, height: Int)
    /// A surface size cairo cannot represent.
    case invalidSize(width: Int, height: Int)

    public var description: String {
        switch self {
        case .cairo(let status, let message): return "cairo error \(status): \(message)"
        case .pixmanImageCreationFailed(let w, let h): return "pixman could not create a \(w)x\(h) image"
        case .invalidSize(let w, let h): return "invalid surface size \(w)x\(h)"
        }
    }
}

/// The one place a cairo status becomes a Swift error.
@inline(__always)
func check(_ status: cairo_status_t) throws(CanvasError) {
    guard status == CAIRO_STATUS_SUCCESS else {
        throw .cairo(status: status.rawValue, message: String(cString: cairo_status_to_string(status)))
    }
}
