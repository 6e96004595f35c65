import Foundation
import HostText
import WidgetSDK
import YAML

/// `links:` in the manifest: where the dashboard sends a tap on a link with
/// an app's own scheme. iOS hands `hydrate://today` to the app; a browser
/// has no app, so a scheme is opened only if it is mapped here to a web
/// address, such as `hydrate: "https://hydrate.example/open?u={url}"`.
///
/// `{url}` is the whole link, `{path}` what follows `scheme://`; both are
/// percent-encoded for a query.
package struct LinkSchemes: Decodable, Sendable, Equatable {
    package private(set) var templates: [String: String] = [:]

    package init() {}

    package init(_ templates: [String: String]) {
        self.templates = templates
    }

    private struct Scheme: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Scheme.self)
        for key in container.allKeys {
            let name = key.stringValue.lowercased()
            guard Self.isScheme(name), name != "http", name != "https" else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container,
                    debugDescription: "'\(TerminalText.escaped(key.stringValue))' is not an app's URL scheme (a letter, then letters, digits, '+', '-' or '.'; not http or https)")
            }
            let template = try container.decode(String.self, forKey: key)
            let sample = template.replacingOccurrences(of: "{url}", with: "u").replacingOccurrences(of: "{path}", with: "p")
            guard let url = URL(string: sample), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container,
                    debugDescription: "expected an http or https address to open '\(name):' links at, such as 'https://example.com/open?u={url}'; found '\(TerminalText.escaped(template))'")
            }
            templates[name] = template
        }
    }

    /// RFC 3986's scheme: a letter, then letters, digits, `+`, `-` or `.`.
    static func isScheme(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0" ... "9").contains($0) || "+-.".unicodeScalars.contains($0)) }
    }

    /// Where a browser goes for `url`: the URL itself for http and https,
    /// its scheme's mapped address, or nil where nothing opens it.
    package func webAddress(for url: URL) -> URL? {
        guard let scheme = url.scheme?.lowercased() else { return nil }
        if scheme == "http" || scheme == "https" { return url }
        guard let template = templates[scheme] else { return nil }
        let text = url.absoluteString
        let path = text.dropFirst(scheme.count + 1).drop { $0 == "/" }
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        func encoded(_ part: some StringProtocol) -> String {
            String(part).addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        }
        return URL(string: template.replacingOccurrences(of: "{url}", with: encoded(text))
                                   .replacingOccurrences(of: "{path}", with: encoded(path)))
    }
}
