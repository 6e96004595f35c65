import Foundation

/// What crosses between the host and its rasteriser
/// (`widgethost-extension --rasterize`) on their socket: a request is a
/// card's SVG with its scale and palette, a reply the PNG or why there is
/// none. Both sides block on the socket; one request at a time.
package enum RasterizerWire {
    package static let argument = "--rasterize"
    /// More is refused before it is read: a card's SVG is kilobytes, its
    /// images a few megabytes at most.
    package static let maximumSVG = 64 << 20
    package static let maximumReply = 256 << 20

    package struct Request: Sendable, Equatable {
        package var svg: [UInt8]
        package var scale: Double
        /// `PNGRasterizer.Palette`'s name: color, gray-4 or bw.
        package var palette: String
        /// A Windows bitmap rather than PNG.
        package var bitmap: Bool

        package init(svg: [UInt8], scale: Double, palette: String, bitmap: Bool = false) {
            self.svg = svg
            self.scale = scale
            self.palette = palette
            self.bitmap = bitmap
        }
    }

    /// The palettes by their byte on the wire.
    private static let palettes = ["color", "bw", "gray-4"]

    package enum Reply: Sendable, Equatable {
        case png(Data)
        case failed(String)
    }

    package enum WireError: Error, Equatable {
        /// The other side closed the socket.
        case closed
        case tooLarge(Int)
        case system(Int32)
    }

    package static func write(_ request: Request, to descriptor: Int32) throws(WireError) {
        var header = [UInt8]()
        header += withUnsafeBytes(of: request.scale.bitPattern.bigEndian, Array.init)
        header.append(UInt8(palettes.firstIndex(of: request.palette) ?? 0) | (request.bitmap ? 0x80 : 0))
        header += withUnsafeBytes(of: UInt32(request.svg.count).bigEndian, Array.init)
        try writeAll(header + request.svg, to: descriptor)
    }

    package static func readRequest(from descriptor: Int32) throws(WireError) -> Request {
        let header = try readExactly(13, from: descriptor)
        let scale = Double(bitPattern: header[0..<8].reduce(0) { $0 << 8 | UInt64($1) })
        let length = Int(header[9..<13].reduce(0) { $0 << 8 | UInt32($1) })
        guard length <= maximumSVG else { throw .tooLarge(length) }
        let palette = Int(header[8] & 0x7f)
        return Request(svg: try readExactly(length, from: descriptor), scale: scale,
                       palette: palette < palettes.count ? palettes[palette] : "unknown", bitmap: header[8] & 0x80 != 0)
    }

    package static func write(_ reply: Reply, to descriptor: Int32) throws(WireError) {
        let (status, body): (UInt8, [UInt8]) = switch reply {
        case .png(let data): (0, [UInt8](data))
        case .failed(let reason): (1, Array(reason.utf8))
        }
        try writeAll([status] + withUnsafeBytes(of: UInt32(body.count).bigEndian, Array.init) + body, to: descriptor)
    }

    package static func readReply(from descriptor: Int32) throws(WireError) -> Reply {
        let header = try readExactly(5, from: descriptor)
        let length = Int(header[1..<5].reduce(0) { $0 << 8 | UInt32($1) })
        guard length <= maximumReply else { throw .tooLarge(length) }
        let body = try readExactly(length, from: descriptor)
        return header[0] == 0 ? .png(Data(body)) : .failed(String(decoding: body, as: UTF8.self))
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(WireError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 {
                if errno == EINTR { continue }
                throw errno == EPIPE || errno == ECONNRESET ? .closed : .system(errno)
            }
            offset += written
        }
    }

    private static func readExactly(_ count: Int, from descriptor: Int32) throws(WireError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            let got = bytes[offset...].withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw errno == ECONNRESET ? .closed : .system(errno)
            }
            if got == 0 { throw .closed }
            offset += got
        }
        return bytes
    }
}
