import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A PNG decoded by the tests themselves (zlib's `uncompress`, then PNG's
/// five row filters), to check what the rasteriser wrote independently of
/// the library that wrote it.
package struct PNGImage {
    package let width: Int
    package let height: Int
    package let bitDepth: Int
    package let colorType: Int
    /// Every pixel's samples, row by row: 4 for RGBA (type 6), 1 for greyscale (type 0), a grey of 1 or 2 bits as its level.
    package let samples: [[UInt8]]

    package struct Invalid: Error, CustomStringConvertible {
        package let description: String
    }

    private typealias Uncompress = @convention(c) (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>?, UnsafePointer<UInt8>?, UInt) -> Int32

    package init(_ data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.count > 8, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { throw Invalid(description: "no PNG signature") }
        func uint32(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        var offset = 8, header: [UInt8] = [], compressed: [UInt8] = [], ended = false
        while offset + 8 <= bytes.count {
            let length = uint32(offset)
            let type = String(decoding: bytes[offset + 4 ..< offset + 8], as: UTF8.self)
            let body = Array(bytes[offset + 8 ..< offset + 8 + length])
            switch type {
            case "IHDR": header = body
            case "IDAT": compressed += body
            case "IEND": ended = true
            default: break
            }
            offset += 12 + length
        }
        guard header.count == 13, ended else { throw Invalid(description: "no IHDR or IEND") }
        width = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
        height = Int(header[4]) << 24 | Int(header[5]) << 16 | Int(header[6]) << 8 | Int(header[7])
        bitDepth = Int(header[8])
        colorType = Int(header[9])
        let channels = colorType == 6 ? 4 : colorType == 0 ? 1 : 0
        guard channels > 0, bitDepth == 8 || ((bitDepth == 1 || bitDepth == 2) && colorType == 0) else { throw Invalid(description: "type \(colorType) depth \(bitDepth)") }
        let rowBytes = bitDepth < 8 ? (width * bitDepth + 7) / 8 : width * channels
        var raw = [UInt8](repeating: 0, count: height * (rowBytes + 1))
        var rawLength = UInt(raw.count)
        guard let zlib = dlopen("libz.so.1", RTLD_NOW), let symbol = dlsym(zlib, "uncompress") else { throw Invalid(description: "no zlib") }
        let uncompress = unsafeBitCast(symbol, to: Uncompress.self)
        let status = raw.withUnsafeMutableBufferPointer { target in
            compressed.withUnsafeBufferPointer { uncompress(target.baseAddress, &rawLength, $0.baseAddress, UInt($0.count)) }
        }
        guard status == 0, rawLength == UInt(raw.count) else { throw Invalid(description: "zlib: \(status), \(rawLength) of \(raw.count) bytes") }
        let step = bitDepth < 8 ? 1 : channels
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var rows: [[UInt8]] = []
        for y in 0..<height {
            let start = y * (rowBytes + 1)
            var row = Array(raw[start + 1 ... start + rowBytes])
            for x in 0..<rowBytes {
                let left = x >= step ? Int(row[x - step]) : 0, up = Int(previous[x]), upLeft = x >= step ? Int(previous[x - step]) : 0
                let predictor: Int = switch raw[start] {
                case 0: 0
                case 1: left
                case 2: up
                case 3: (left + up) / 2
                case 4: { let p = left + up - upLeft; let (a, b, c) = (abs(p - left), abs(p - up), abs(p - upLeft)); return a <= b && a <= c ? left : b <= c ? up : upLeft }()
                default: -1
                }
                guard predictor >= 0 else { throw Invalid(description: "filter \(raw[start])") }
                row[x] = UInt8(truncatingIfNeeded: Int(row[x]) + predictor)
            }
            previous = row
            switch bitDepth {
            case 1: rows.append((0..<width).map { row[$0 >> 3] >> (7 - UInt8($0 & 7)) & 1 })
            case 2: rows.append((0..<width).map { row[$0 >> 2] >> (6 - 2 * UInt8($0 & 3)) & 3 })
            default: rows.append(row)
            }
        }
        samples = rows
    }

    /// The distinct pixels: RGBA quadruples, or grey values.
    package var distinctPixels: Set<[UInt8]> {
        let channels = colorType == 6 ? 4 : 1
        var seen = Set<[UInt8]>()
        for row in samples {
            for x in 0..<width { seen.insert(Array(row[x * channels ..< x * channels + channels])) }
        }
        return seen
    }
}
