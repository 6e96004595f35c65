import Foundation

/// The root `<svg …>` element of an SVG document an entry carries, read
/// attribute by attribute without an XML parser: enough to know the image's
/// size before it is accepted, and to draw it sharp at another size.
///
/// The bytes come from an untrusted kind. What this cannot read with
/// certainty is refused rather than guessed: a DOCTYPE with an internal
/// subset (entities expand without bound), an entity or character
/// reference in the root's attributes, a length in a unit whose size
/// depends on something else (`em`, `ex`, …), or a `style` on the root that
/// sets a size. The image is only ever drawn as an image (`<image>`), where
/// browsers and librsvg run no script and fetch nothing.
public struct SVGRootElement: Sendable {
    /// The attributes, in order, their values as written.
    public let attributes: [(name: String, value: String)]
    /// The document's text, and where the root's attributes are in it: after `<svg`, before `>` or `/>`.
    private let text: String
    private let attributesRange: Range<String.Index>

    /// The root of `data`, or nil when it is not an SVG document this can read.
    public init?(_ data: Data) {
        guard let first = data.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }), first == UInt8(ascii: "<"),
              let text = String(validating: data, as: UTF8.self) else { return nil }
        self.init(text)
    }

    private init?(_ text: String) {
        var rest = Substring(text)
        // The prolog: an XML declaration, comments, a DOCTYPE without an internal subset.
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
            if rest.hasPrefix("<?") || rest.hasPrefix("<!--") {
                guard let end = rest.firstRange(of: rest.hasPrefix("<?") ? "?>" : "-->") else { return nil }
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("<!DOCTYPE") {
                guard let end = rest.firstIndex(of: ">"), !rest[..<end].contains("[") else { return nil }
                rest = rest[rest.index(after: end)...]
            } else {
                break
            }
        }
        guard rest.hasPrefix("<svg") else { return nil }
        var index = rest.index(rest.startIndex, offsetBy: 4)
        let start = index
        var attributes: [(name: String, value: String)] = []
        func isNameCharacter(_ character: Character) -> Bool {
            character.isLetter || character.isNumber || ":-_.".contains(character)
        }
        while true {
            let afterSpace = rest[index...].drop { $0.isWhitespace }.startIndex
            guard afterSpace < rest.endIndex else { return nil }
            if rest[afterSpace...].hasPrefix(">") || rest[afterSpace...].hasPrefix("/>") {
                attributesRange = start..<afterSpace
                break
            }
            // An attribute is separated from what comes before it (`<svgx` is another element).
            guard afterSpace > index else { return nil }
            let name = rest[afterSpace...].prefix(while: isNameCharacter)
            guard !name.isEmpty else { return nil }
            var cursor = rest[name.endIndex...].drop { $0.isWhitespace }
            guard cursor.first == "=" else { return nil }
            cursor = cursor.dropFirst().drop { $0.isWhitespace }
            guard let quote = cursor.first, quote == "\"" || quote == "'" else { return nil }
            cursor = cursor.dropFirst()
            guard let close = cursor.firstIndex(of: quote) else { return nil }
            let value = cursor[..<close]
            // No references: what they stand for is not what is read here.
            guard !value.contains("&"), !value.contains("<") else { return nil }
            attributes.append((String(name), String(value)))
            index = rest.index(after: close)
        }
        self.attributes = attributes
        self.text = text
        // Entities declared later, in the body, are refused too.
        guard !text.contains("<!ENTITY") else { return nil }
        if let style = self["style"]?.lowercased(), style.contains("width") || style.contains("height") { return nil }
    }

    /// The value of the attribute `name`, if the root has it.
    public subscript(name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    enum Length {
        case points(Double)
        case relative
        case unknown
    }

    /// A length in points (CSS pixels); a percentage is relative, a unit
    /// that depends on a font or a viewport cannot be known here.
    static func length(_ text: String?) -> Length? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if text.hasSuffix("%") { return Double(text.dropLast()) == nil ? .unknown : .relative }
        let units: [(String, Double)] = [("px", 1), ("pt", 4.0 / 3), ("pc", 16), ("mm", 96 / 25.4), ("cm", 96 / 2.54), ("in", 96)]
        for (unit, factor) in units where text.hasSuffix(unit) {
            return Double(text.dropLast(unit.count)).map { .points($0 * factor) } ?? .unknown
        }
        return Double(text).map { .points($0) } ?? .unknown
    }

    /// The viewBox's width and height, when it has a usable one.
    var viewBoxSize: (width: Double, height: Double)? {
        let box = self["viewBox"]?.split { $0 == "," || $0.isWhitespace }.compactMap { Double($0) } ?? []
        guard box.count == 4, box[2] > 0, box[3] > 0, box[2].isFinite, box[3].isFinite else { return nil }
        return (box[2], box[3])
    }

    /// The image's size in points: its `width` and `height`, else its
    /// `viewBox`'s (one absolute side and a box: the other keeps the box's
    /// proportions); nil when neither says, or a length cannot be known.
    public var size: (width: Double, height: Double)? {
        var width: Double?, height: Double?
        switch Self.length(self["width"]) {
        case .unknown?: return nil
        case .points(let value)?: width = value
        case .relative?, nil: break
        }
        switch Self.length(self["height"]) {
        case .unknown?: return nil
        case .points(let value)?: height = value
        case .relative?, nil: break
        }
        if let box = viewBoxSize {
            if width == nil, let height { width = height * box.width / box.height }
            if height == nil, let width { height = width * box.height / box.width }
            width = width ?? box.width
            height = height ?? box.height
        }
        guard let width, let height, width.isFinite, height.isFinite, width > 0, height > 0, width < 1e6, height < 1e6 else { return nil }
        return (width, height)
    }

    /// The document at another size: the root's `width` and `height`
    /// replaced, and a `viewBox` of its own size added if it had none, so
    /// that its drawing is scaled, not cut. A renderer that draws an image
    /// at its own size first (librsvg hands SVG images to gdk-pixbuf) then
    /// draws it sharp at this one.
    public func resized(width: Double, height: Double) -> Data? {
        guard let size else { return nil }
        var kept = attributes.filter { $0.name != "width" && $0.name != "height" }
        if viewBoxSize == nil {
            kept = kept.filter { $0.name != "viewBox" } + [("viewBox", "0 0 \(size.width) \(size.height)")]
        }
        kept += [("width", "\(width)"), ("height", "\(height)")]
        let written = kept.map { " \($0.name)=\"\($0.value.replacingOccurrences(of: "\"", with: "&quot;"))\"" }.joined()
        return Data((text[..<attributesRange.lowerBound] + written + text[attributesRange.upperBound...]).utf8)
    }
}
