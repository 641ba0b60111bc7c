/// Text made safe for HTML and SVG: the five characters markup reads specially, escaped.
func escaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.count)
    for c in text {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default: out.append(c)
        }
    }
    return out
}

/// A number for an SVG attribute: two decimals at most, no trailing zeros.
func coordinate(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded.plainText
}

/// An inline SVG picture, built element by element: the charts have a few dozen shapes each, so a
/// string builder is all they need (no chart library runs inside `bench`, and the page must stand alone).
struct SVG {
    let width: Double, height: Double
    private var body: [String] = []

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    mutating func rect(
        x: Double, y: Double, width: Double, height: Double, fill: String, title: String? = nil, stroke: String? = nil
    ) {
        let outline = stroke.map { " stroke=\"\($0)\"" } ?? ""
        let tip = title.map { "<title>\(escaped($0))</title>" } ?? ""
        body.append(
            "<rect x=\"\(coordinate(x))\" y=\"\(coordinate(y))\" width=\"\(coordinate(max(0, width)))\" "
                + "height=\"\(coordinate(max(0, height)))\" fill=\"\(fill)\"\(outline)>\(tip)</rect>")
    }

    mutating func line(
        x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, dashed: Bool = false, width: Double = 1
    ) {
        let dash = dashed ? " stroke-dasharray=\"4 3\"" : ""
        body.append(
            "<line x1=\"\(coordinate(x1))\" y1=\"\(coordinate(y1))\" x2=\"\(coordinate(x2))\" y2=\"\(coordinate(y2))\" "
                + "stroke=\"\(stroke)\" stroke-width=\"\(coordinate(width))\"\(dash)/>")
    }

    mutating func polyline(_ points: [(Double, Double)], stroke: String, title: String? = nil) {
        guard !points.isEmpty else { return }
        let list = points.map { "\(coordinate($0.0)),\(coordinate($0.1))" }.joined(separator: " ")
        let tip = title.map { "<title>\(escaped($0))</title>" } ?? ""
        body.append(
            "<polyline points=\"\(list)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"1.8\">\(tip)</polyline>")
    }

    enum Anchor: String { case start, middle, end }

    mutating func text(
        _ text: String, x: Double, y: Double, anchor: Anchor = .start, size: Double = 11, fill: String = "#222",
        bold: Bool = false
    ) {
        let weight = bold ? " font-weight=\"bold\"" : ""
        body.append(
            "<text x=\"\(coordinate(x))\" y=\"\(coordinate(y))\" text-anchor=\"\(anchor.rawValue)\" font-size=\"\(coordinate(size))\" "
                + "fill=\"\(fill)\"\(weight)>\(escaped(text))</text>")
    }

    /// The picture, with `label` as its accessible name.
    func render(label: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"\(escaped(label))\" width=\"\(coordinate(width))\" "
            + "height=\"\(coordinate(height))\" viewBox=\"0 0 \(coordinate(width)) \(coordinate(height))\" "
            + "font-family=\"system-ui, sans-serif\">\n" + body.joined(separator: "\n") + "\n</svg>"
    }
}
