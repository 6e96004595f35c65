import Foundation

/// The manifest's `github:` section: where the API is and how to use it.
package struct GitHubSettings: Decodable, Sendable, Equatable {
    /// The API's base URL; GitHub Enterprise and the tests' fake server differ.
    package var api = "https://api.github.com"
    /// The environment variable holding the token. The token itself never
    /// appears in the manifest, a log, the container or any output.
    package var tokenEnv = "GITHUB_TOKEN"
    /// API responses younger than this are reused without a request.
    package var cacheFor = DurationValue(seconds: 10 * 60)
    /// A request with no complete answer after this fails as timed out.
    package var timeout = DurationValue(seconds: 20)

    enum CodingKeys: String, CodingKey {
        case api, timeout
        case tokenEnv = "token_env"
        case cacheFor = "cache_for"
    }

    package init() {}

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = GitHubSettings()
        api = try container.decodeIfPresent(String.self, forKey: .api) ?? defaults.api
        tokenEnv = try container.decodeIfPresent(String.self, forKey: .tokenEnv) ?? defaults.tokenEnv
        cacheFor = try container.decodeIfPresent(DurationValue.self, forKey: .cacheFor) ?? defaults.cacheFor
        timeout = try container.decodeIfPresent(DurationValue.self, forKey: .timeout) ?? defaults.timeout
        guard let url = URL(string: api), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            throw DecodingError.dataCorruptedError(forKey: .api, in: container, debugDescription: "expected an http(s) URL such as https://api.github.com, found '\(api)'")
        }
        while api.hasSuffix("/") { api.removeLast() }
    }

    /// The token from the environment, if set and not empty.
    package func token(in environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        environment[tokenEnv].flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
    }
}
