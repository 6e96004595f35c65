import Foundation

/// Hosts a module's requests may reach although they are not on the
/// internet: `widgets[].sandbox.fetch` in the manifest, such as
/// `homeassistant.local:8123`, `10.0.0.5` or `[::1]:8080`. Everything else a
/// kind asks the host to fetch must resolve to a public address.
package struct FetchAllowance: Sendable, Equatable {
    package struct Entry: Sendable, Equatable, CustomStringConvertible {
        /// Lowercased, without brackets or a trailing dot.
        package let host: String
        /// Nil: any port of the host.
        package let port: Int?

        package init(host: String, port: Int?) {
            self.host = host
            self.port = port
        }

        package var description: String {
            let host = host.contains(":") ? "[\(host)]" : host
            return port.map { "\(host):\($0)" } ?? host
        }
    }

    package var entries: [Entry]

    package init(_ entries: [Entry] = []) {
        self.entries = entries
    }

    package static let none = FetchAllowance()

    package func allows(host: String, port: Int) -> Bool {
        let host = Self.normalized(host)
        return entries.contains { $0.host == host && ($0.port == nil || $0.port == port) }
    }

    package func union(_ other: FetchAllowance) -> FetchAllowance {
        FetchAllowance(entries + other.entries.filter { !entries.contains($0) })
    }

    /// `host`, `host:port`, `[v6]` or `[v6]:port`; nil for anything else
    /// (a URL, a path, a port out of range).
    package static func entry(_ text: String) -> Entry? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        var port: Int?
        let host: Substring
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = rest[rest.index(after: rest.startIndex) ..< close]
            rest = rest[rest.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":"), let number = Int(rest.dropFirst()) else { return nil }
                port = number
            }
            guard host.contains(":") else { return nil }
        } else if rest.filter({ $0 == ":" }).count > 1 {
            host = rest  // a bare IPv6 address
        } else if let colon = rest.firstIndex(of: ":") {
            host = rest[..<colon]
            guard let number = Int(rest[rest.index(after: colon)...]) else { return nil }
            port = number
        } else {
            host = rest
        }
        if let port, !(1...65_535).contains(port) { return nil }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._:"))
        guard !host.isEmpty, host.unicodeScalars.allSatisfy({ $0.isASCII && allowed.contains($0) }) else { return nil }
        return Entry(host: normalized(String(host)), port: port)
    }

    /// How hosts are compared: case and a final dot do not matter.
    package static func normalized(_ host: String) -> String {
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.hasSuffix(".") { host.removeLast() }
        return host
    }
}
