import Foundation
import HostText
import YAML

/// `widgets[].credentials[]`: what the host adds to a kind's requests to
/// one place, the password or token read from its environment or a file
/// at each request, never from the manifest, and never handed to the kind.
///
/// ```yaml
/// credentials:
///   - url: https://cloud.example.com/remote.php/dav/calendars/ann/
///     user: ann
///     password: {env: CALDAV_PASSWORD}
///   - url: https://api.example.com/v2/
///     headers: {Authorization: {file: ~/.config/example/token, prefix: "Bearer "}}
/// ```
package struct CredentialDeclaration: Decodable, Sendable {
    package let url: Located<String>
    package let headers: [DeclaredHeader]

    enum CodingKeys: String, CodingKey {
        case url, user, password, headers
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        url = try container.decode(Located<String>.self, forKey: .url)
        guard let declared = DeclaredURL(url.value) else {
            throw DecodingError.dataCorruptedError(forKey: .url, in: container,
                                                   debugDescription: "expected the http or https URL the credentials are for, found '\(TerminalText.escaped(url.value))'")
        }
        if declared.hasUserInfo {
            throw DecodingError.dataCorruptedError(forKey: .url, in: container, debugDescription: "write the user under 'user' and the password's source under 'password', not in the URL")
        }
        guard FetchCredentials.Place(url.value) != nil else {
            throw DecodingError.dataCorruptedError(forKey: .url, in: container,
                                                   debugDescription: "a path with '.', '..', ';' or an encoded '/' is no place credentials can be kept to")
        }
        var headers = try container.decodeIfPresent(DeclaredHeaders.self, forKey: .headers)?.headers ?? []
        let user = try container.decodeIfPresent(String.self, forKey: .user)
        let password = try container.decodeIfPresent(Located<SecretSource>.self, forKey: .password)
        switch (user, password) {
        case (let user?, let password?):
            guard !user.contains(":"), !user.unicodeScalars.contains(where: TerminalText.isUnsafe) else {
                throw DecodingError.dataCorruptedError(forKey: .user, in: container, debugDescription: "a user name for basic authentication holds no ':' and no control characters")
            }
            guard !headers.contains(where: { $0.value.name.lowercased() == "authorization" }) else {
                throw DecodingError.dataCorruptedError(forKey: .headers, in: container, debugDescription: "'user' and 'password' are the Authorization header: give one or the other")
            }
            headers.append(DeclaredHeader(value: FetchCredentials.Header(name: "Authorization", source: .basic(user: user, password: password.value.source)),
                                          mark: password.mark))
        case (nil, nil):
            guard !headers.isEmpty else {
                throw YAMLError(mark: decoder.yamlMark, message: "credentials give 'user' and 'password', or 'headers'")
            }
        default:
            throw DecodingError.dataCorruptedError(forKey: user == nil ? .password : .user, in: container,
                                                   debugDescription: "basic authentication needs both 'user' and 'password'")
        }
        self.headers = headers
    }

    /// The grant the host keeps, with files made absolute.
    package func grant(relativeTo directory: URL) -> FetchCredentials.Grant? {
        FetchCredentials.Grant(url: url.value, headers: headers.map { $0.value.resolved(relativeTo: directory) })
    }
}
