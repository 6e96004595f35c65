import Foundation
import HostText

/// Headers the host adds to a module's requests to one place: a kind
/// declared with `json:` sends its `headers` to its `url`. The values are
/// read when a request is sent, from the manifest, the host's environment
/// or a file, so a token never enters the manifest, the kind's process or
/// a log, and a rotated token file is read without a restart. Each hop of
/// a redirect is matched again: headers never follow to another place.
package struct FetchCredentials: Sendable, Equatable {
    /// Where a header's value comes from.
    package indirect enum Source: Sendable, Equatable {
        case literal(String)
        /// A variable of the host's environment.
        case environment(String)
        /// A file's first line, read at each request; an absolute path.
        case file(String)
        /// HTTP basic authentication (RFC 7617): `user:password`, the
        /// password read from its source, in base64.
        case basic(user: String, password: Source)

        /// The same, with a file's path made absolute: relative to
        /// `directory`, `~` the home folder.
        package func resolved(relativeTo directory: URL) -> Source {
            switch self {
            case .file(let path):
                .file(URL(fileURLWithPath: NSString(string: path).expandingTildeInPath, relativeTo: directory).standardizedFileURL.path)
            case .basic(let user, let password):
                .basic(user: user, password: password.resolved(relativeTo: directory))
            case .literal, .environment:
                self
            }
        }

        /// The environment variable read, if any: `validate` says when it is not set.
        package var variable: String? {
            switch self {
            case .environment(let name): name
            case .basic(_, let password): password.variable
            case .literal, .file: nil
            }
        }
    }

    package struct Header: Sendable, Equatable {
        package let name: String
        package let source: Source
        /// Written before the value: `Bearer `.
        package let prefix: String

        package init(name: String, source: Source, prefix: String = "") {
            self.name = name
            self.source = source
            self.prefix = prefix
        }

        package func resolved(relativeTo directory: URL) -> Header {
            Header(name: name, source: source.resolved(relativeTo: directory), prefix: prefix)
        }
    }

    /// Headers for requests to one origin whose path is `path`, or, for a
    /// grant that reaches below, starts with it.
    package struct Grant: Sendable, Equatable {
        package let scheme: String
        package let host: String
        package let port: Int
        package let path: String
        /// Whether the paths below `path` are covered too (`credentials`),
        /// or `path` alone (a `json:` kind's URL).
        package let reachesBelow: Bool
        package let headers: [Header]

        /// Nil when `url` is not an absolute http or https URL.
        package init?(url: String, reachesBelow: Bool = true, headers: [Header]) {
            guard let place = Place(url) else { return nil }
            (scheme, host, port, path) = (place.scheme, place.host, place.port, place.path)
            self.reachesBelow = reachesBelow
            self.headers = headers
        }

        func covers(_ place: Place) -> Bool {
            guard place.scheme == scheme, place.host == host, place.port == port else { return false }
            if place.path == path { return true }
            guard reachesBelow else { return false }
            return path.hasSuffix("/") ? place.path.hasPrefix(path) : place.path.hasPrefix(path + "/")
        }

        /// Whether `other` is for the same place.
        func sharesPlace(with other: Grant) -> Bool {
            scheme == other.scheme && host == other.host && port == other.port && path == other.path
        }
    }

    /// A URL's origin and path, as grants compare them.
    struct Place {
        let scheme: String
        let host: String
        let port: Int
        let path: String

        init?(_ text: String) {
            guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
                  let host = components.host, !host.isEmpty else { return nil }
            self.scheme = scheme
            self.host = FetchAllowance.normalized(host)
            port = components.port ?? (scheme == "https" ? 443 : 80)
            let path = components.percentEncodedPath
            // `..` would climb out of a grant's path on the server after the
            // prefix was compared here; so would an encoded `/` or `\` a server
            // decodes first, or a `;` parameter a servlet container drops.
            let segments = path.split(separator: "/", omittingEmptySubsequences: false).map { $0.removingPercentEncoding ?? String($0) }
            guard !segments.contains(where: { $0 == "." || $0 == ".." || $0.contains { "/\\;".contains($0) } }) else { return nil }
            self.path = path.isEmpty ? "/" : path
        }
    }

    /// A header the host was to add but could not read.
    package struct Unavailable: Error, Sendable, CustomStringConvertible {
        package let description: String
    }

    package var grants: [Grant]

    package init(_ grants: [Grant] = []) {
        self.grants = grants
    }

    package static let none = FetchCredentials()

    /// The longest value read from a file: a token, not a document.
    static let maximumFileBytes = 16 << 10

    /// The headers to add to a request for `url`, read now: the most
    /// specific grant's (the longest path that covers it), and no other.
    package func headers(for url: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(Unavailable) -> [(name: String, value: String)] {
        guard !grants.isEmpty, let place = Place(url),
              let grant = grants.filter({ $0.covers(place) }).max(by: { $0.path.count < $1.path.count }) else { return [] }
        var headers: [(name: String, value: String)] = []
        for header in grant.headers {
            let value = header.prefix + (try Self.read(header, environment: environment))
            // A line break would end the header and start another the host never checked.
            guard !value.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) else {
                throw Unavailable(description: "the value of the header \(header.name) holds a control character")
            }
            headers.append((header.name, value))
        }
        return headers
    }

    /// The variables the grants read: kept from every extension's environment.
    package var variables: Set<String> {
        Set(grants.flatMap { $0.headers.compactMap(\.source.variable) })
    }

    /// The files the grants read: no `sandbox.read` may open them.
    package var files: [String] {
        func files(_ source: Source) -> [String] {
            switch source {
            case .file(let path): [path]
            case .basic(_, let password): files(password)
            case .literal, .environment: []
            }
        }
        return grants.flatMap { $0.headers.flatMap { files($0.source) } }
    }

    /// A header's value. Messages name where it was looked for, never what was found.
    static func read(_ header: Header, environment: [String: String]) throws(Unavailable) -> String {
        try read(header.source, for: header.name, environment: environment)
    }

    static func read(_ source: Source, for header: String, environment: [String: String]) throws(Unavailable) -> String {
        let value: String
        switch source {
        case .literal(let text):
            value = text
        case .environment(let name):
            guard let found = environment[name], !found.isEmpty else {
                throw Unavailable(description: "the header \(header) reads the environment variable \(name), which the host does not have")
            }
            value = found
        case .basic(let user, let password):
            let secret = try read(password, for: header, environment: environment)
            value = "Basic " + Data("\(user):\(secret)".utf8).base64EncodedString()
        case .file(let path):
            guard let handle = FileHandle(forReadingAtPath: path), let data = try? handle.read(upToCount: maximumFileBytes + 1) else {
                throw Unavailable(description: "the header \(header) reads \(TerminalText.escaped(path)), which the host cannot read")
            }
            try? handle.close()
            guard data.count <= maximumFileBytes, let text = String(data: data, encoding: .utf8) else {
                throw Unavailable(description: "the header \(header) reads \(TerminalText.escaped(path)), which is not a line of text of at most \(maximumFileBytes / 1024) KiB")
            }
            value = String(text.prefix { $0 != "\n" && $0 != "\r" })
            guard !value.isEmpty else {
                throw Unavailable(description: "the header \(header) reads \(TerminalText.escaped(path)), whose first line is empty")
            }
        }
        return value
    }

    package func union(_ other: FetchCredentials) -> FetchCredentials {
        FetchCredentials(grants + other.grants.filter { !grants.contains($0) })
    }
}
