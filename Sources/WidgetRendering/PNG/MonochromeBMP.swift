import Foundation

/// A Windows bitmap of 1 bit a pixel, black and white: what e-ink devices
/// whose firmware predates PNG take (TRMNL before 1.5.2 wants exactly
/// 800×480 of it, 48,062 bytes). Its checks are exact: a 40-byte header,
/// two palette entries (black, then white) ending at byte 62 where the
/// pixels start, rows bottom-up, each padded to four bytes.
enum MonochromeBMP {
    static let pixelsOffset = 62

    /// `rows` as `EInkQuantizer` packs them at 1 bit (set is white), `width` pixels each.
    static func encode(rows: [[UInt8]], width: Int) -> Data {
        let rowBytes = (width + 31) / 32 * 4
        let imageSize = rowBytes * rows.count
        var file = Data(capacity: pixelsOffset + imageSize)
        func put(_ value: UInt32, bytes: Int = 4) {
            for index in 0..<bytes { file.append(UInt8(truncatingIfNeeded: value >> (8 * UInt32(index)))) }
        }
        file.append(contentsOf: Array("BM".utf8))
        put(UInt32(pixelsOffset + imageSize))
        put(0)                                  // reserved
        put(UInt32(pixelsOffset))
        put(40)                                 // BITMAPINFOHEADER
        put(UInt32(width))
        put(UInt32(rows.count))                 // positive: bottom-up
        put(1, bytes: 2)                        // planes
        put(1, bytes: 2)                        // bits a pixel
        put(0)                                  // no compression
        put(UInt32(imageSize))
        put(2835); put(2835)                    // 72 dpi
        put(2); put(2)                          // colours used, important
        file.append(contentsOf: [0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x00])
        for row in rows.reversed() {
            file.append(contentsOf: row)
            file.append(contentsOf: [UInt8](repeating: 0, count: rowBytes - row.count))
        }
        return file
    }
}
