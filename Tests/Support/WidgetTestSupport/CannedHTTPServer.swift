import Foundation
import Synchronization

/// A plain HTTP/1.1 server on loopback that answers every request with one
/// canned response and records each request line: a local service a hostile
/// kind would like to reach (an admin page, the dashboard, a redirector).
package final class CannedHTTPServer: Sendable {
    package let port: UInt16
    private let descriptor: Int32
    private let requestLines = Mutex<[String]>([])
    private let response: String

    /// - Parameters:
    ///   - status: `200 OK`, `302 Found`, …
    ///   - headers: added to `Content-Length` and `Connection: close`.
    package init(status: String = "200 OK", headers: [String: String] = [:], body: String = "secret of a local service") throws {
        var head = "HTTP/1.1 \(status)\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        response = head + "\r\n" + body
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(descriptor, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        self.descriptor = descriptor
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    package var url: String { "http://127.0.0.1:\(port)/" }

    /// "GET /path HTTP/1.1" of each request answered so far.
    package var requests: [String] { requestLines.withLock { $0 } }

    private func serve() {
        while true {
            let connection = accept(descriptor, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            var received = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 4_096)
            while !received.ends(with: Array("\r\n\r\n".utf8)) && received.count < 65_536 {
                let count = read(connection, &buffer, buffer.count)
                if count <= 0 { break }
                received += buffer[..<count]
            }
            let line = String(decoding: received, as: UTF8.self).components(separatedBy: "\r\n").first ?? ""
            requestLines.withLock { $0.append(line) }
            _ = response.utf8CString.withUnsafeBufferPointer { write(connection, $0.baseAddress, $0.count - 1) }
            Glibc.close(connection)
        }
    }

    /// Stops accepting: the serving thread ends at its next accept.
    package func close() {
        shutdown(descriptor, Int32(SHUT_RDWR))
        Glibc.close(descriptor)
    }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
