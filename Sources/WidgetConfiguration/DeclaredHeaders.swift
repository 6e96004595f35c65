import Foundation
import HostText
import YAML

/// A header as the manifest declares it, and where.
package struct DeclaredHeader: Sendable {
    package let value: FetchCredentials.Header
    package let mark: Mark?
}

/// `headers:` of a `json:` kind or of `credentials`: names, each with a
/// value that is text, `{env: NAME}` or `{file: path}`, with an optional
/// `prefix`.
struct DeclaredHeaders: Decodable {
    let headers: [DeclaredHeader]

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        headers = try container.decode([String: Located<HeaderValue>].self).sorted { $0.key < $1.key }.map { name, value in
            guard Self.isToken(name) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(TerminalText.escaped(name))' is not a header name (letters, digits and !#$%&'*+-.^_`|~)")
            }
            guard !Self.hostOwnedHeaders.contains(name.lowercased()) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "the host writes the header \(name) itself")
            }
            return DeclaredHeader(value: FetchCredentials.Header(name: name, source: value.value.source, prefix: value.value.prefix), mark: value.mark)
        }
    }

    /// What `headers` may not set: the host's own, and what HTTP itself says.
    static let hostOwnedHeaders: Set<String> = ["host", "content-length", "transfer-encoding", "connection", "upgrade", "te", "trailer", "keep-alive"]

    static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && name.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "!#$%&'*+-.^_`|~".unicodeScalars.contains($0))
        }
    }
}

/// A header's value: text or a secret, with an optional `prefix`.
struct HeaderValue: Decodable {
    let source: FetchCredentials.Source
    let prefix: String

    init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            (source, prefix) = (.literal(text), "")
            return
        }
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        prefix = try container.decodeIfPresent(String.self, forKey: AnyCodingKey("prefix")) ?? ""
        source = try SecretSource(from: decoder).source
    }
}

/// Where a secret is: `{env: NAME}` or `{file: path}`, never the manifest.
struct SecretSource: Decodable {
    let source: FetchCredentials.Source

    init(from decoder: any Decoder) throws {
        let refusal = YAMLError(mark: decoder.yamlMark, message: "a secret is {env: NAME} or {file: path}, one of them: it belongs in the environment or a file, not the manifest")
        if (try? decoder.singleValueContainer().decode(String.self)) != nil { throw refusal }
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        let env = try container.decodeIfPresent(String.self, forKey: AnyCodingKey("env"))
        let file = try container.decodeIfPresent(String.self, forKey: AnyCodingKey("file"))
        switch (env, file) {
        case (let name?, nil):
            guard name.wholeMatch(of: /[A-Za-z_][A-Za-z0-9_]{0,127}/) != nil else {
                throw DecodingError.dataCorruptedError(forKey: AnyCodingKey("env"), in: container,
                                                       debugDescription: "'\(TerminalText.escaped(name))' is not the name of an environment variable")
            }
            source = .environment(name)
        case (nil, let path?):
            guard !path.isEmpty else {
                throw DecodingError.dataCorruptedError(forKey: AnyCodingKey("file"), in: container, debugDescription: "the file's path is empty")
            }
            source = .file(path)
        default:
            throw refusal
        }
    }
}

/// An http or https URL with a host, as the manifest declares one for a
/// `json:` kind or for `credentials`.
struct DeclaredURL {
    let components: URLComponents

    init?(_ text: String) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = components.host, !host.isEmpty else { return nil }
        self.components = components
    }

    /// Whether it names a user or a password, which belong elsewhere.
    var hasUserInfo: Bool { components.user != nil || components.password != nil }

    /// Its host and port as `sandbox.fetch` writes them: `api.example.com:443`.
    var hostAndPort: String {
        let host = components.host ?? ""
        let port = components.port ?? (components.scheme?.lowercased() == "https" ? 443 : 80)
        return (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }
}

/// A key read by name, for containers whose other keys another type reads.
struct AnyCodingKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
