import Foundation

/// A greyscale PNG of 1 or 2 bits a pixel (0 black, the highest value
/// white): what e-ink panels take, an eighth or a quarter of the 8-bit form
/// cairo would write. The rows are compressed with zlib, which cairo
/// already loaded (`compress2`, `crc32`).
struct GrayPNG {
    typealias Compress = @convention(c) (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>?, UnsafePointer<UInt8>?, UInt, Int32) -> Int32
    typealias CRC32 = @convention(c) (UInt, UnsafePointer<UInt8>?, UInt32) -> UInt

    let compress: Compress
    let crc32: CRC32

    /// `rows` as `EInkQuantizer` packs them, `width` pixels of `depth` bits each.
    func encode(rows: [[UInt8]], width: Int, depth: UInt8) throws(PNGRasterizer.Failure) -> Data {
        var raw: [UInt8] = []
        raw.reserveCapacity(rows.count * ((rows.first?.count ?? 0) + 1))
        for row in rows {
            raw.append(0) // filter: none
            raw += row
        }
        var compressedLength = UInt(raw.count + raw.count / 1000 + 64)
        var compressed = [UInt8](repeating: 0, count: Int(compressedLength))
        let status = compressed.withUnsafeMutableBufferPointer { target in
            raw.withUnsafeBufferPointer { source in
                compress(target.baseAddress, &compressedLength, source.baseAddress, UInt(source.count), 9)
            }
        }
        guard status == 0 else { throw .drawing("zlib refused the rows (\(status))") }
        var header: [UInt8] = []
        header += bigEndian(UInt32(width)) + bigEndian(UInt32(rows.count))
        header += [depth, 0, 0, 0, 0] // greyscale, deflate, adaptive filters, no interlace
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", header)
        png += chunk("IDAT", Array(compressed[..<Int(compressedLength)]))
        png += chunk("IEND", [])
        return Data(png)
    }

    private func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        let checksum = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
        return bigEndian(UInt32(body.count)) + typed + bigEndian(UInt32(truncatingIfNeeded: checksum))
    }

    private func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
    }
}
