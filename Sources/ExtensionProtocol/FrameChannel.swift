import Foundation
import Synchronization

/// Messages over a stream socket, each a frame: a 4-byte big-endian length,
/// then the message as `MessageCodec` writes it. One thread reads; any
/// thread may send.
package final class FrameChannel: Sendable {
    /// Larger frames are refused: a kind cannot make the host allocate without bound.
    package static let maximumFrameSize = 64 << 20

    package let descriptor: Int32
    private let writeLock = Mutex(())

    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    package func send(_ message: ExtensionMessage) throws {
        let body = try MessageCodec.encode(message)
        var frame = [UInt8]()
        frame.reserveCapacity(body.count + 4)
        withUnsafeBytes(of: UInt32(body.count).bigEndian) { frame.append(contentsOf: $0) }
        frame.append(contentsOf: body)
        try writeLock.withLock { _ in
            try frame.withUnsafeBytes { try Self.writeAll($0, to: descriptor) }
        }
    }

    /// The next message, or nil when the other side has closed the channel.
    package func receive() throws -> ExtensionMessage? {
        var header = [UInt8](repeating: 0, count: 4)
        guard try header.withUnsafeMutableBytes({ try readExactly($0) }) else { return nil }
        let length = Int(header.reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        guard length <= Self.maximumFrameSize else { throw FrameError.tooLarge(length) }
        var body = [UInt8](repeating: 0, count: length)
        guard try body.withUnsafeMutableBytes({ try readExactly($0) }) else { throw FrameError.truncated }
        return try MessageCodec.decode(body)
    }

    /// False at a clean end of stream before the first byte.
    private func readExactly(_ buffer: UnsafeMutableRawBufferPointer) throws -> Bool {
        var done = 0
        while done < buffer.count {
            let count = read(descriptor, buffer.baseAddress! + done, buffer.count - done)
            if count > 0 {
                done += count
            } else if count == 0 {
                if done == 0 { return false }
                throw FrameError.truncated
            } else if errno != EINTR {
                throw FrameError.system(errno)
            }
        }
        return true
    }

    private static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) throws {
        var done = 0
        while done < buffer.count {
            let count = write(descriptor, buffer.baseAddress! + done, buffer.count - done)
            if count >= 0 {
                done += count
            } else if errno != EINTR {
                throw FrameError.system(errno)
            }
        }
    }
}

package enum FrameError: Error, CustomStringConvertible {
    case tooLarge(Int)
    case truncated
    case system(Int32)

    package var description: String {
        switch self {
        case .tooLarge(let size): "a message of \(size) bytes is larger than the limit of \(FrameChannel.maximumFrameSize)"
        case .truncated: "the channel closed in the middle of a message"
        case .system(let code): String(cString: strerror(code))
        }
    }
}
