import Foundation

/// A kind's request the host would not send: its host resolves to an address
/// off the internet (loopback, a private network, …) that the manifest does
/// not allow the module (`widgets[].sandbox.fetch`).
package struct FetchRefused: Error, Sendable, Equatable, CustomStringConvertible {
    package let url: String
    /// As the URL names it, and the port the request would use.
    package let host: String
    package let port: Int
    /// The address the host resolved to, when it is not written in the URL.
    package let address: String?
    /// "a loopback address", "an address of a private network", …
    package let reason: String

    package init(url: String, host: String, port: Int, address: String?, reason: String) {
        self.url = url
        self.host = host
        self.port = port
        self.address = address
        self.reason = reason
    }

    /// `10.0.0.5:8123`, `[::1]:8080`: what `sandbox.fetch` would list.
    package var hostAndPort: String {
        (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }

    /// "localhost (127.0.0.1) is a loopback address"
    package var why: String {
        "\(host)\(address.map { " (\($0))" } ?? "") is \(reason)"
    }

    /// What the kind's request fails with.
    package var description: String {
        "widgethost does not fetch \(Self.shortened(url)) for a kind: \(why); widgets[].sandbox.fetch may allow \(hostAndPort)"
    }

    /// The line the host logs, once for each module and host.
    package var logLine: String {
        "fetch refused \(Self.shortened(url)) (\(why)): list \(hostAndPort) under widgets[].sandbox.fetch if the kind needs it"
    }

    package static func shortened(_ url: String) -> String {
        url.count > 200 ? String(url.prefix(199)) + "…" : url
    }
}
