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
        // 0x7f000001 and 127.1 are 127.0.0.1 to the resolver and to browsers,
        // which send it so in Host: the address is written as they write it.
        self.host = Self.canonicalNumeric(host) ?? host
        self.port = port
    }

    /// Whether every address the host resolves to is a loopback one.
    var isLoopback: Bool {
        let addresses = Self.resolve(host, flags: 0)
        return !addresses.isEmpty && addresses.allSatisfy { address in
            address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.")
        }
    }

    /// `host` as the dotted or colon form, when it is a number the resolver
    /// reads as an address (`0x7f000001`, `127.1`, `2130706433`); nil for a name.
    private static func canonicalNumeric(_ host: String) -> String? {
        resolve(host, flags: AI_NUMERICHOST).first
    }

    /// The numeric forms of the addresses `host` resolves to.
    private static func resolve(_ host: String, flags: Int32) -> [String] {
        var hints = addrinfo()
        hints.ai_flags = flags
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &result) == 0 else { return [] }
        defer { freeaddrinfo(result) }
        var addresses: [String] = []
        var next = result
        while let current = next {
            next = current.pointee.ai_next
            var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if getnameinfo(current.pointee.ai_addr, current.pointee.ai_addrlen, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST) == 0 {
                addresses.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
        }
        return addresses
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
