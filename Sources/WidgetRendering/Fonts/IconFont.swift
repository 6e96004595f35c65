import Foundation
import Synchronization

/// Glyph outlines from the Material Icons font (Debian's
/// fonts-material-design-icons-iconfont, Apache-2.0), as SVG path data:
/// a symbol is drawn as a path, so SVG, PNG and the dashboard show the same
/// shape on any machine, font installed or not, with nothing to load.
package final class IconFont: Sendable {
    package static let path = "/usr/share/fonts/truetype/material-design-icons-iconfont/MaterialIcons-Regular.ttf"

    /// The font, or nil where the package is not installed (symbols are then
    /// drawn as the few DejaVu glyphs there are, and a placeholder).
    package static let shared: IconFont? = try? IconFont(path: path)

    /// The em square: path data is in these units, y downward.
    package let unitsPerEm: Double
    private let data: [UInt8]
    private let glyf: Int
    private let offsets: [Int]
    private let cmap: FontMetrics
    private let paths = Mutex<[UInt32: String]>([:])

    package init(path: String) throws {
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        self.data = data
        cmap = try FontMetrics(data: data, path: path)
        func u16(_ offset: Int) -> Int { Int(data[offset]) << 8 | Int(data[offset + 1]) }
        func u32(_ offset: Int) -> Int { u16(offset) << 16 | u16(offset + 2) }
        var tables: [String: Int] = [:]
        for index in 0..<u16(4) {
            let record = 12 + 16 * index
            tables[String(decoding: data[record..<record + 4], as: UTF8.self)] = u32(record + 8)
        }
        guard let head = tables["head"], let loca = tables["loca"], let glyf = tables["glyf"], let maxp = tables["maxp"] else {
            throw FontMetrics.FormatError(description: "\(path) lacks a head, loca, glyf or maxp table")
        }
        unitsPerEm = Double(u16(head + 18))
        self.glyf = glyf
        let glyphs = u16(maxp + 4)
        let long = u16(head + 50) == 1
        offsets = (0...glyphs).map { long ? u32(loca + 4 * $0) : 2 * u16(loca + 2 * $0) }
    }

    /// The outline of `codepoint` as SVG path data in font units (y down,
    /// the em square from 0 to `unitsPerEm`); nil when the font has none.
    package func pathData(_ codepoint: UInt32) -> String? {
        if let known = paths.withLock({ $0[codepoint] }) { return known.isEmpty ? nil : known }
        let glyph = cmap.glyph(codepoint)
        var contours: [[(x: Double, y: Double, on: Bool)]] = []
        if glyph != 0 { outline(Int(glyph), dx: 0, dy: 0, scale: 1, depth: 0, into: &contours) }
        let text = contours.map(Self.path).joined()
        paths.withLock { $0[codepoint] = text }
        return text.isEmpty ? nil : text
    }

    private func outline(_ glyph: Int, dx: Double, dy: Double, scale: Double, depth: Int,
                         into contours: inout [[(x: Double, y: Double, on: Bool)]]) {
        guard depth < 8, glyph + 1 < offsets.count, offsets[glyph] < offsets[glyph + 1] else { return }
        let data = self.data
        func u16(_ offset: Int) -> Int { Int(data[offset]) << 8 | Int(data[offset + 1]) }
        func i16(_ offset: Int) -> Int { Int(Int16(bitPattern: UInt16(u16(offset)))) }
        let start = glyf + offsets[glyph]
        let count = i16(start)
        if count < 0 {
            // A composite: components placed by offsets, perhaps scaled.
            var at = start + 10
            while true {
                let flags = u16(at), component = u16(at + 2)
                at += 4
                var x = 0, y = 0
                if flags & 0x1 != 0 {
                    x = i16(at); y = i16(at + 2); at += 4
                } else {
                    x = Int(Int8(bitPattern: data[at])); y = Int(Int8(bitPattern: data[at + 1])); at += 2
                }
                var factor = 1.0
                if flags & 0x8 != 0 { factor = Double(i16(at)) / 16384; at += 2 }
                else if flags & 0x40 != 0 { factor = Double(i16(at)) / 16384; at += 4 }
                else if flags & 0x80 != 0 { factor = Double(i16(at)) / 16384; at += 8 }
                let (ox, oy) = flags & 0x2 != 0 ? (Double(x), Double(y)) : (0, 0)
                outline(component, dx: dx + ox * scale, dy: dy + oy * scale, scale: scale * factor, depth: depth + 1, into: &contours)
                guard flags & 0x20 != 0 else { break }
            }
            return
        }
        let ends = (0..<count).map { u16(start + 10 + 2 * $0) }
        let points = (ends.last ?? -1) + 1
        var at = start + 10 + 2 * count
        at += 2 + u16(at)
        var flags: [Int] = []
        while flags.count < points {
            let flag = Int(data[at]); at += 1
            flags.append(flag)
            if flag & 0x8 != 0 {
                let repeats = Int(data[at]); at += 1
                flags += Array(repeating: flag, count: repeats)
            }
        }
        func coordinates(short: Int, same: Int) -> [Int] {
            var value = 0
            return flags.prefix(points).map { flag in
                if flag & short != 0 {
                    let delta = Int(data[at]); at += 1
                    value += flag & same != 0 ? delta : -delta
                } else if flag & same == 0 {
                    value += i16(at); at += 2
                }
                return value
            }
        }
        let xs = coordinates(short: 0x2, same: 0x10), ys = coordinates(short: 0x4, same: 0x20)
        var first = 0
        for end in ends {
            contours.append((first...end).map { index in
                (dx + Double(xs[index]) * scale, unitsPerEm - (dy + Double(ys[index]) * scale), flags[index] & 0x1 != 0)
            })
            first = end + 1
        }
    }

    /// One closed contour of quadratic B-splines as SVG path commands.
    private static func path(_ points: [(x: Double, y: Double, on: Bool)]) -> String {
        guard points.count > 1 else { return "" }
        func mid(_ a: (x: Double, y: Double, on: Bool), _ b: (x: Double, y: Double, on: Bool)) -> (x: Double, y: Double, on: Bool) {
            ((a.x + b.x) / 2, (a.y + b.y) / 2, true)
        }
        func n(_ value: Double) -> String {
            let rounded = (value * 10).rounded() / 10
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        }
        // Start on a point that is on the curve (or between two that are not).
        // With no such point (a circle of control points), start midway
        // between the first two, and take the second as the first control.
        let start: (x: Double, y: Double, on: Bool)
        let rest: [(x: Double, y: Double, on: Bool)]
        if let first = points.firstIndex(where: \.on) {
            start = points[first]
            rest = Array(points[(first + 1)...] + points[..<first])
        } else {
            start = mid(points[0], points[1])
            rest = Array(points[1...]) + [points[0]]
        }
        var text = "M\(n(start.x)) \(n(start.y))"
        var control: (x: Double, y: Double, on: Bool)?
        for point in rest + [start] {
            if point.on {
                if let pending = control { text += "Q\(n(pending.x)) \(n(pending.y)) \(n(point.x)) \(n(point.y))" } else { text += "L\(n(point.x)) \(n(point.y))" }
                control = nil
            } else {
                if let pending = control {
                    let between = mid(pending, point)
                    text += "Q\(n(pending.x)) \(n(pending.y)) \(n(between.x)) \(n(between.y))"
                }
                control = point
            }
        }
        return text + "Z"
    }
}
