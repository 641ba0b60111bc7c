import Foundation

extension Double {
    /// The number as people write it in a message, a run id or a usage line: `120` rather than
    /// `120.0`, and `0.25` as it is. A whole number too large for an `Int` keeps Swift's own form
    /// (`1e+19`) instead of trapping. The one place this rule is written.
    package var plainText: String {
        if self == rounded(), let whole = Int(exactly: self) { return String(whole) }
        return String(self)
    }
}

extension Int {
    /// The count as people read a large one: `12,345`. The one place this rule is written.
    package var groupedText: String {
        let digits = Array(String(magnitude))
        var out = self < 0 ? "-" : ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return out
    }
}

extension Double {
    /// The number with `digits` decimals (`12.50` for 2): how tables and reports print a figure.
    package func fixed(_ digits: Int) -> String { String(format: "%.\(digits)f", self) }
}
