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

    /// Headers for requests to one origin whose path starts with `path`.
    package struct Grant: Sendable, Equatable {
        package let scheme: String
        package let host: String
        package let port: Int
        package let path: String
        package let headers: [Header]

        /// Nil when `url` is not an absolute http or https URL.
        package init?(url: String, headers: [Header]) {
            guard let place = Place(url) else { return nil }
            (scheme, host, port, path) = (place.scheme, place.host, place.port, place.path)
            self.headers = headers
        }

        func covers(_ place: Place) -> Bool {
            guard place.scheme == scheme, place.host == host, place.port == port else { return false }
            if place.path == path || path.hasSuffix("/") && place.path.hasPrefix(path) { return true }
            return place.path.hasPrefix(path + "/")
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

    package var isEmpty: Bool { grants.isEmpty }

    /// The longest value read from a file: a token, not a document.
    static let maximumFileBytes = 16 << 10

    /// The headers to add to a request for `url`, read now.
    package func headers(for url: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(Unavailable) -> [(name: String, value: String)] {
        guard !grants.isEmpty, let place = Place(url) else { return [] }
        var headers: [(name: String, value: String)] = []
        for grant in grants where grant.covers(place) {
            for header in grant.headers {
                headers.append((header.name, header.prefix + (try Self.read(header, environment: environment))))
            }
        }
        return headers
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
        }
        // A line break would end the header and start another the host never checked.
        guard !value.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) else {
            throw Unavailable(description: "the value of the header \(header) holds a control character")
        }
        return value
    }

    package func union(_ other: FetchCredentials) -> FetchCredentials {
        FetchCredentials(grants + other.grants.filter { !grants.contains($0) })
    }
}
