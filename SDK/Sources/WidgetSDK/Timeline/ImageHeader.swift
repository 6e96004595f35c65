import Foundation

/// An image's size in pixels, read from its header without decoding it: the
/// renderers pass image bytes on to browsers and SVG viewers, so the size
/// has to be known to be sane before an entry is accepted.
public enum ImageHeader {
    /// Width and height of a PNG, JPEG or GIF, or of an SVG document's
    /// root element (points); nil for any other bytes.
    public static func size(of data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data)
        if let svg = svgSize(bytes) { return svg }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            // The IHDR chunk comes first: width and height, big-endian, at 16 and 20.
            guard bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
            return (Int(bigEndian32(bytes, at: 16)), Int(bigEndian32(bytes, at: 20)))
        }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
            guard bytes.count >= 10 else { return nil }
            return (Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
        }
        if bytes.starts(with: [0xFF, 0xD8]) { return jpegSize(bytes) }
        return nil
    }

    /// How many frames a GIF has (counted up to `limit + 1`), or nil for
    /// bytes that are not a GIF. Its blocks are walked, not decoded; a GIF
    /// cut short counts the frames it has.
    public static func gifFrames(in data: Data, limit: Int = 10_000) -> Int? {
        gifFrameSizes(in: data, limit: limit)?.count
    }

    /// Each frame's width and height, as its image descriptor says (a frame
    /// may claim more than the logical screen); nil for bytes that are not a GIF.
    public static func gifFrameSizes(in data: Data, limit: Int = 10_000) -> [(width: Int, height: Int)]? {
        let bytes = [UInt8](data)
        guard bytes.count >= 13, bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) else { return nil }
        var index = 13
        // A global colour table follows the screen descriptor when its flag says so.
        if bytes[10] & 0x80 != 0 { index += 3 << (Int(bytes[10] & 0x07) + 1) }
        var frames: [(width: Int, height: Int)] = []
        func skipSubBlocks() {
            while index < bytes.count {
                let size = Int(bytes[index])
                index += 1 + size
                if size == 0 { return }
            }
        }
        while index < bytes.count, frames.count <= limit {
            switch bytes[index] {
            case 0x2C:  // an image: descriptor, local colour table, LZW size, data
                guard index + 10 <= bytes.count else { return frames }
                frames.append((Int(bytes[index + 5]) | Int(bytes[index + 6]) << 8, Int(bytes[index + 7]) | Int(bytes[index + 8]) << 8))
                let flags = bytes[index + 9]
                index += 10
                if flags & 0x80 != 0 { index += 3 << (Int(flags & 0x07) + 1) }
                index += 1
                skipSubBlocks()
            case 0x21:  // an extension: label, then sub-blocks
                index += 2
                skipSubBlocks()
            case 0x3B:  // the trailer
                return frames
            default:
                return frames
            }
        }
        return frames
    }

    /// Walks the JPEG's segments to the first start-of-frame marker.
    /// Whether the bytes are an SVG document (`size(of:)` reads its size).
    public static func isSVG(_ data: Data) -> Bool {
        svgSize([UInt8](data)) != nil
    }

    /// An SVG document's size: its root's `width` and `height` in absolute
    /// units, else its `viewBox`'s. Drawn only as an image (`<image>` in a
    /// card, where browsers and librsvg run no script and fetch nothing),
    /// and refused with a document type of its own, whose entities could
    /// expand without bound.
    private static func svgSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }), first == UInt8(ascii: "<"),
              let text = String(validating: bytes, as: UTF8.self) else { return nil }
        var rest = Substring(text)
        // The prolog: an XML declaration, comments, a DOCTYPE without an internal subset.
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
            if rest.hasPrefix("<?") || rest.hasPrefix("<!--") {
                guard let end = rest.range(of: rest.hasPrefix("<?") ? "?>" : "-->") else { return nil }
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("<!DOCTYPE") {
                guard let end = rest.firstIndex(of: ">"), !rest[..<end].contains("[") else { return nil }
                rest = rest[rest.index(after: end)...]
            } else {
                break
            }
        }
        guard rest.hasPrefix("<svg"), let after = rest.dropFirst(4).first, after.isWhitespace || after == ">" || after == "/",
              !text.contains("<!ENTITY"), let close = rest.firstIndex(of: ">") else { return nil }
        let tag = rest[rest.index(rest.startIndex, offsetBy: 4)..<close]
        func attribute(_ name: String) -> String? {
            var search = tag[...]
            while let found = search.range(of: name) {
                let before = found.lowerBound == tag.startIndex ? " " : tag[tag.index(before: found.lowerBound)]
                var value = tag[found.upperBound...].drop { $0.isWhitespace }
                search = tag[found.upperBound...]
                guard before.isWhitespace, value.first == "=" else { continue }
                value = value.dropFirst().drop { $0.isWhitespace }
                guard let quote = value.first, quote == "\"" || quote == "'" else { return nil }
                value = value.dropFirst()
                return value.firstIndex(of: quote).map { String(value[..<$0]) }
            }
            return nil
        }
        /// A length in points (CSS pixels); nil for a percentage or other relative one.
        func length(_ text: String?) -> Double? {
            guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
            let units: [(String, Double)] = [("px", 1), ("pt", 4.0 / 3), ("pc", 16), ("mm", 96 / 25.4), ("cm", 96 / 2.54), ("in", 96)]
            for (unit, factor) in units where text.hasSuffix(unit) {
                return Double(text.dropLast(unit.count)).map { $0 * factor }
            }
            return Double(text)
        }
        var width = length(attribute("width")), height = length(attribute("height"))
        let box = attribute("viewBox")?.split { $0 == " " || $0 == "," || $0.isWhitespace }.compactMap { Double($0) } ?? []
        if box.count == 4, box[2] > 0, box[3] > 0 {
            // One absolute side and a box: the other keeps the box's proportions.
            if width == nil, let height { width = height * box[2] / box[3] }
            if height == nil, let width { height = width * box[3] / box[2] }
            width = width ?? box[2]
            height = height ?? box[3]
        }
        guard let width, let height, width.isFinite, height.isFinite, width > 0, height > 0,
              width < 1e6, height < 1e6 else { return nil }
        return (Int(width.rounded(.up)), Int(height.rounded(.up)))
    }

    private static func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            let isStartOfFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isStartOfFrame {
                return (Int(bytes[index + 7]) << 8 | Int(bytes[index + 8]), Int(bytes[index + 5]) << 8 | Int(bytes[index + 6]))
            }
            guard length >= 2 else { return nil }
            index += 2 + length
        }
        return nil
    }

    private static func bigEndian32(_ bytes: [UInt8], at index: Int) -> UInt32 {
        bytes[index..<index + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
