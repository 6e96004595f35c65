import Foundation
import Synchronization
import WidgetSDK

/// Advance widths from a TrueType font, read from its `head`, `hhea`,
/// `hmtx` and `cmap` (format 4) tables. Text is measured with DejaVu Sans
/// from Debian's fonts-dejavu-core, the font the SVG names first, so
/// measured and drawn widths agree.
package final class FontMetrics: Sendable {
    package static let regularPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    package static let boldPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    /// The fonts used for layout; nil when fonts-dejavu-core is not installed.
    package static let shared: (regular: FontMetrics, bold: FontMetrics)? = {
        guard let regular = try? FontMetrics(path: regularPath), let bold = try? FontMetrics(path: boldPath) else { return nil }
        return (regular, bold)
    }()

    private let unitsPerEm: Double
    private let advances: [UInt16]
    private let segments: [Segment]
    private let glyphIDs: [UInt16]
    private let cache = Mutex<[UInt32: Double]>([:])

    private struct Segment {
        let start: UInt32
        let end: UInt32
        let delta: UInt16
        /// Index into `glyphIDs` for code `start`, or nil when `delta` alone maps.
        let glyphIndexBase: Int?
    }

    package struct FormatError: Error, CustomStringConvertible {
        package let description: String
    }

    package convenience init(path: String) throws {
        try self.init(data: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), path: path)
    }

    /// A font already read; `path` names it in errors.
    package init(data: [UInt8], path: String) throws {
        func u16(_ offset: Int) -> UInt16 { UInt16(data[offset]) << 8 | UInt16(data[offset + 1]) }
        func u32(_ offset: Int) -> UInt32 { UInt32(u16(offset)) << 16 | UInt32(u16(offset + 2)) }
        guard data.count > 12 else { throw FormatError(description: "\(path) is too short to be a TrueType font") }
        var tables: [String: Int] = [:]
        for index in 0..<Int(u16(4)) {
            let record = 12 + 16 * index
            tables[String(decoding: data[record..<record + 4], as: UTF8.self)] = Int(u32(record + 8))
        }
        guard let head = tables["head"], let hhea = tables["hhea"], let hmtx = tables["hmtx"], let cmap = tables["cmap"] else {
            throw FormatError(description: "\(path) lacks a head, hhea, hmtx or cmap table")
        }
        unitsPerEm = Double(u16(head + 18))
        advances = (0..<Int(u16(hhea + 34))).map { u16(hmtx + 4 * $0) }

        // The Windows Unicode BMP subtable (platform 3, encoding 1), format 4.
        var subtable: Int?
        for index in 0..<Int(u16(cmap + 2)) {
            let record = cmap + 4 + 8 * index
            if u16(record) == 3 && u16(record + 2) == 1 { subtable = cmap + Int(u32(record + 4)) }
        }
        guard let table = subtable, u16(table) == 4 else { throw FormatError(description: "\(path) has no format 4 Unicode cmap") }
        let segmentCount = Int(u16(table + 6)) / 2
        let ends = table + 14, starts = ends + 2 * segmentCount + 2
        let deltas = starts + 2 * segmentCount, rangeOffsets = deltas + 2 * segmentCount
        let glyphArray = rangeOffsets + 2 * segmentCount
        let length = Int(u16(table + 2))
        glyphIDs = stride(from: glyphArray, to: min(table + length, data.count - 1), by: 2).map(u16)
        segments = (0..<segmentCount).map { index in
            let rangeOffset = Int(u16(rangeOffsets + 2 * index))
            // idRangeOffset counts bytes from its own position to the glyph for `start`.
            let base = rangeOffset == 0 ? nil : (rangeOffsets + 2 * index + rangeOffset - glyphArray) / 2
            return Segment(start: UInt32(u16(starts + 2 * index)), end: UInt32(u16(ends + 2 * index)),
                           delta: u16(deltas + 2 * index), glyphIndexBase: base)
        }
    }

    /// The advance of one character, in ems.
    package func advance(_ scalar: Unicode.Scalar) -> Double {
        if let known = cache.withLock({ $0[scalar.value] }) { return known }
        let glyph = Int(glyphID(scalar.value))
        let units = advances.isEmpty ? unitsPerEm / 2 : Double(advances[min(glyph, advances.count - 1)])
        let width = units / unitsPerEm
        cache.withLock { $0[scalar.value] = width }
        return width
    }

    /// The width of `text` at `size` points.
    package func width(of text: String, size: Double) -> Double {
        text.unicodeScalars.reduce(0) { $0 + advance($1) } * size
    }

    /// The glyph index the font maps `code` to; 0 (the missing glyph) for none.
    package func glyph(_ code: UInt32) -> UInt16 { glyphID(code) }

    private func glyphID(_ code: UInt32) -> UInt16 {
        guard code <= 0xFFFF, let segment = segments.first(where: { $0.end >= code }), segment.start <= code else { return 0 }
        guard let base = segment.glyphIndexBase else { return UInt16(truncatingIfNeeded: code &+ UInt32(segment.delta)) }
        let index = base + Int(code - segment.start)
        guard glyphIDs.indices.contains(index), glyphIDs[index] != 0 else { return 0 }
        return glyphIDs[index] &+ segment.delta
    }
}

extension Font {
    /// Measures with the bold face from semibold up.
    package var isBold: Bool {
        [.semibold, .bold, .heavy, .black].contains(weight)
    }
}
