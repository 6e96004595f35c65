import Foundation
import HostText
import YAML

/// What a module's extension may do beyond the default sandbox:
/// `widgets[].sandbox` in the manifest. The default is the tight one: read
/// only the system's libraries and the module's own libraries and resources,
/// write only its own folder of the container, no sockets, no programs.
package struct ExtensionSandbox: Decodable, Sendable, Equatable {
    /// Files and folders the module may also read, as written: absolute,
    /// `~/…`, or relative to the manifest.
    package var read: [Located<String>] = []
    /// IPv4, IPv6 and netlink sockets of its own (TCP, UDP; never Unix), for
    /// a kind that talks to something other than HTTP through the host.
    package var network = false
    /// Hosts the module's requests through the host may reach although they
    /// are not on the internet (loopback, a private network): as written.
    package var fetch: [Located<String>] = []
    /// Headers the host adds to the module's requests to given places: the
    /// manifest's json kinds' `headers`, never written under `sandbox`.
    package var credentials = FetchCredentials.none
    package var mark: Mark?
    /// Whether the extension is confined at all. Only code turns it off
    /// (`make bench`, to measure what the sandbox costs); the manifest cannot.
    package var isEnforced = true

    /// `read`, absolute: filled in when the manifest is loaded.
    package internal(set) var readPaths: [String] = []

    /// Whether this says more than the default.
    package var isWidened: Bool { !read.isEmpty || network || !fetch.isEmpty }

    /// `fetch`, parsed: checked when the manifest is loaded.
    package var fetchAllowance: FetchAllowance {
        FetchAllowance(fetch.compactMap { FetchAllowance.entry($0.value) })
    }

    enum CodingKeys: String, CodingKey {
        case read, network, fetch
    }

    package init() {}

    package init(from decoder: any Decoder) throws {
        mark = decoder.yamlMark
        let container = try decoder.container(keyedBy: CodingKeys.self)
        read = try container.decodeIfPresent([Located<String>].self, forKey: .read) ?? []
        network = try container.decodeIfPresent(Bool.self, forKey: .network) ?? false
        fetch = try container.decodeIfPresent([Located<String>].self, forKey: .fetch) ?? []
        for host in fetch where FetchAllowance.entry(host.value) == nil {
            throw YAMLError(
                mark: host.mark,
                message: "sandbox.fetch names hosts (such as homeassistant.local:8123, 10.0.0.5 or [::1]:8080), not '\(TerminalText.escaped(host.value))'")
        }
    }

    package static func == (left: ExtensionSandbox, right: ExtensionSandbox) -> Bool {
        left.read.map(\.value) == right.read.map(\.value) && left.network == right.network && left.fetch.map(\.value) == right.fetch.map(\.value)
            && left.isEnforced == right.isEnforced && left.credentials == right.credentials
    }

    /// "reads ~/Music, /srv/data; network" for `kinds` and `status`; nil for the default.
    package var summary: String? {
        isWidened ? Self.summary(read: read.map(\.value), network: network, fetch: fetch.map(\.value)) : nil
    }

    /// The paths and hosts as written: the caller escapes them for a terminal.
    package static func summary(read: [String], network: Bool, fetch: [String] = []) -> String {
        var parts: [String] = []
        if !read.isEmpty { parts.append("reads " + read.joined(separator: ", ")) }
        if network { parts.append("network") }
        if !fetch.isEmpty { parts.append("fetches from " + fetch.joined(separator: ", ")) }
        return parts.joined(separator: "; ")
    }

    /// A path as written, made absolute. `~` is the user's home.
    static func resolve(_ path: String, relativeTo directory: URL, home: String) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return URL(fileURLWithPath: home).appendingPathComponent(String(path.dropFirst(2))).standardizedFileURL.path }
        return URL(fileURLWithPath: path, relativeTo: directory).standardizedFileURL.path
    }
}

/// `sandbox:` at the top of the manifest: whether a kernel that cannot
/// enforce the whole sandbox is an error (`required`) or a warning.
package enum SandboxRequirement: String, Decodable, Sendable {
    case required
    case bestEffort = "best-effort"
}
