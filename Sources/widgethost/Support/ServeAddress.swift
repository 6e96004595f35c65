import ArgumentParser
import Foundation

/// The `--serve` value of `run` and `dev`: `host:port`, `[::1]:port`, or a
/// bare port on 127.0.0.1.
struct ServeAddress {
    let host: String
    let port: Int

    init(_ text: String) throws {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        var host = parts.count > 1 ? parts.dropLast().joined(separator: ":") : "127.0.0.1"
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard let port = parts.last.flatMap({ Int($0) }), (0...65_535).contains(port), !host.isEmpty else {
            throw ValidationError("--serve takes host:port or a port, such as 127.0.0.1:8080 or [::1]:8080; got '\(text)'")
        }
        guard Self.isLocalAddress(host) else {
            throw ValidationError("--serve: cannot listen on '\(text)': '\(host)' is not an address of this machine")
        }
        self.host = host
        self.port = port
    }

    var isLoopback: Bool {
        ["127.0.0.1", "::1", "localhost"].contains(host) || host.hasPrefix("127.")
    }

    /// `http://127.0.0.1:8080/` once the port is known.
    func url(port bound: Int) -> String {
        "http://\(host.contains(":") ? "[\(host)]" : host):\(bound)/"
    }

    /// Whether `host` resolves to an address this machine can bind (no lookup
    /// leaves the machine for a literal address, and a name must resolve).
    private static func isLocalAddress(_ host: String) -> Bool {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, "0", &hints, &result) == 0, let first = result else { return false }
        defer { freeaddrinfo(result) }
        let probe = socket(first.pointee.ai_family, first.pointee.ai_socktype, 0)
        guard probe >= 0 else { return false }
        defer { close(probe) }
        return bind(probe, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0
    }
}
