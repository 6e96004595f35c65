import Foundation
import HostText
import YAML

/// `dashboard:` in the manifest: who may stand in front of the dashboard.
/// A reverse proxy is named here so that its `X-Forwarded-For` and
/// `X-Forwarded-Proto` are believed; people behind Authelia, oauth2-proxy
/// or a web server's own sign-in also name the header it says who is
/// signed in in. Only then is that header believed: a proxy that only
/// ends TLS passes a client's `Remote-User` on as it came.
package struct DashboardSettings: Decodable, Sendable, Equatable {
    /// The addresses of the proxies whose forwarded headers are believed. A
    /// request from anywhere else that carries them is treated as if it did not.
    package var trustedProxies: [String] = []
    /// The header a trusted proxy names the signed-in user in; nil (the
    /// default) for a proxy that signs nobody in.
    package var userHeader: String?

    enum CodingKeys: String, CodingKey {
        case trustedProxies = "trusted_proxies"
        case userHeader = "user_header"
    }

    package init() {}

    package init(trustedProxies: [String], userHeader: String? = nil) {
        self.trustedProxies = trustedProxies
        self.userHeader = userHeader
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        for address in try container.decodeIfPresent([Located<String>].self, forKey: .trustedProxies) ?? [] {
            guard let numeric = Self.numericAddress(address.value) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .trustedProxies, in: container,
                    debugDescription: "a trusted proxy is an IP address, such as 127.0.0.1 or ::1 (a name could change what it points at); "
                        + "found '\(TerminalText.escaped(address.value))'")
            }
            trustedProxies.append(numeric)
        }
        if let header = try container.decodeIfPresent(String.self, forKey: .userHeader) {
            guard !header.isEmpty, header.utf8.allSatisfy({ $0 == 45 || ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) }) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .userHeader, in: container,
                    debugDescription: "expected a header name such as Remote-User or X-Forwarded-User; found '\(TerminalText.escaped(header))'")
            }
            userHeader = header
            if trustedProxies.isEmpty {
                throw DecodingError.dataCorruptedError(
                    forKey: .userHeader, in: container,
                    debugDescription: "user_header is believed only from a trusted proxy: name the proxy's address in trusted_proxies")
            }
        }
    }

    /// The address as the socket reports a peer (`::1`, `10.0.0.2`), or nil when it is not one.
    package static func numericAddress(_ text: String) -> String? {
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            var buffer = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            return inet_ntop(AF_INET, &v4, &buffer, socklen_t(buffer.count)).map { String(cString: $0) }
        }
        if inet_pton(AF_INET6, text, &v6) == 1 {
            var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            guard let written = inet_ntop(AF_INET6, &v6, &buffer, socklen_t(buffer.count)).map({ String(cString: $0) }) else { return nil }
            // An IPv4 address written as IPv6 is the IPv4 peer a socket reports.
            if written.hasPrefix("::ffff:"), written.contains(".") { return String(written.dropFirst("::ffff:".count)) }
            return written
        }
        return nil
    }
}
