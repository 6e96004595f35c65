import Foundation
import Glibc

/// A blocking TCP connection to a server on loopback, for requests no HTTP
/// client will send.
package final class RawConnection {
    package let socket: Int32

    package init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        // A safety net only: the server closes these connections itself.
        var limit = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if connected != 0 { throw POSIXError(.ECONNREFUSED) }
    }

    deinit { close(socket) }

    package func send(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { Glibc.send(socket, $0.baseAddress, $0.count - 1, 0) }
    }

    /// Everything until the server closes the connection.
    package func readToEnd() -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
