import Foundation
import WidgetSDK

/// A card's SVG images, resized for the PNG about to be drawn. librsvg
/// hands an `<image>` of SVG to gdk-pixbuf, which draws it at the size its
/// root declares before it is scaled into the card: a 24-point icon in a
/// 120-point frame at scale 2 came out ten times enlarged and blurred.
/// Each is given the size it will cover in pixels, so it is drawn once, at
/// that size, and sharp. Browsers draw SVG images at the size shown and
/// need none of this.
enum NestedSVGImages {
    /// The largest side an image is drawn at: a frame much wider than it
    /// is tall, filled by a tall image, would otherwise ask for more.
    static let maximumSide = 8_192.0

    /// `svg` with each SVG image (as `SVGRenderer` writes them: `width`
    /// and `height`, then the data URL) declared at its frame's size times
    /// `scale`, its proportions kept so that `slice` still covers the frame.
    static func sharpened(_ svg: String, scale: Double) -> String {
        let marker = #"href="data:image/svg+xml;base64,"#
        guard svg.contains(marker) else { return svg }
        var result = ""
        result.reserveCapacity(svg.utf8.count)
        var rest = Substring(svg)
        while let found = rest.firstRange(of: marker) {
            let dataStart = found.upperBound
            guard let dataEnd = rest[dataStart...].firstIndex(of: "\""),
                  let element = rest[..<found.lowerBound].range(of: "<image ", options: .backwards) else { break }
            let tag = rest[element.lowerBound..<found.lowerBound]
            result += rest[..<dataStart]
            let encoded = rest[dataStart..<dataEnd]
            result += resized(encoded, width: number("width", in: tag), height: number("height", in: tag), scale: scale) ?? String(encoded)
            rest = rest[dataEnd...]
        }
        return result + rest
    }

    /// The base64 of the image at its frame's size in pixels, or nil to leave it as it is.
    private static func resized(_ encoded: Substring, width: Double?, height: Double?, scale: Double) -> String? {
        guard let width, let height, width > 0, height > 0, let data = Data(base64Encoded: String(encoded)),
              let root = SVGRootElement(data), let size = root.size else { return nil }
        // Covering the frame, as `preserveAspectRatio="xMidYMid slice"` does, within the largest side.
        var factor = max(width / size.width, height / size.height) * scale
        factor = min(factor, maximumSide / max(size.width, size.height))
        return root.resized(width: (size.width * factor).rounded(.up), height: (size.height * factor).rounded(.up))?.base64EncodedString()
    }

    /// An attribute's number in a tag this renderer wrote.
    private static func number(_ name: String, in tag: Substring) -> Double? {
        guard let start = tag.firstRange(of: " \(name)=\"") else { return nil }
        let value = tag[start.upperBound...].prefix { $0 != "\"" }
        return Double(value)
    }
}
