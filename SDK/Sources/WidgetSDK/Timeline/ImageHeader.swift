import Foundation

/// An image's size in pixels, read from its header without decoding it: the
/// renderers pass image bytes on to browsers and SVG viewers, so the size
/// has to be known to be sane before an entry is accepted.
public enum ImageHeader {
    /// Width and height of a PNG, JPEG or GIF, or of an SVG document's
    /// root element (points); nil for any other bytes.
    public static func size(of data: Data) -> (width: Int, height: Int)? {
        if let svg = svgSize(data) { return svg }
        let bytes = [UInt8](data)
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
    /// The media type of bytes `size(of:)` accepted, from their first
    /// bytes: `image/png`, `image/jpeg`, `image/gif` or `image/svg+xml`.
    public static func mediaType(of data: Data) -> String {
        if data.starts(with: [0xFF, 0xD8]) { return "image/jpeg" }
        if data.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        return "image/svg+xml"
    }

    /// An SVG document's size in points, rounded up (see `SVGRootElement.size`).
    private static func svgSize(_ data: Data) -> (width: Int, height: Int)? {
        guard let size = SVGRootElement(data)?.size else { return nil }
        return (Int(size.width.rounded(.up)), Int(size.height.rounded(.up)))
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
