import Foundation
import HostText
import YAML

/// A container on PostgreSQL, as the manifest's `container.url` names it:
/// `postgres://user[:password]@host[:port]/database[?sslmode=…]`, as libpq
/// reads it. The password is never printed: `description` redacts it, and it
/// may instead come from `PGPASSWORD`, so that it need not be in the manifest.
package struct PostgresURL: Sendable, Hashable, CustomStringConvertible {
    package enum SSLMode: String, Sendable, CaseIterable {
        case disable, allow, prefer, require, verifyCA = "verify-ca", verifyFull = "verify-full"
    }

    package let user: String
    package let host: String
    package let port: Int
    package let database: String
    package let sslMode: SSLMode
    package let applicationName: String?
    package let connectTimeout: Duration
    /// From the URL, else from `PGPASSWORD` when the URL was read.
    package let password: String?

    /// The query parameters understood; libpq has more, and an unknown one is
    /// refused rather than silently ignored.
    static let parameters = ["sslmode", "application_name", "connect_timeout"]

    package enum ParseError: Error, CustomStringConvertible, Equatable {
        case notAURL
        case scheme(String)
        case missing(String)
        case unknownParameter(String, suggestion: String?)
        case badValue(parameter: String, value: String, expected: String)

        package var description: String {
            switch self {
            case .notAURL:
                "expected a URL such as postgres://widgethost@db.internal:5432/widgethost"
            case .scheme(let scheme):
                "the scheme must be postgres:// or postgresql://, not \(scheme)://"
            case .missing(let part):
                "the URL names no \(part), as in postgres://widgethost@db.internal:5432/widgethost"
            case .unknownParameter(let name, let suggestion):
                "unknown parameter '\(name)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
                    + "; known: " + PostgresURL.parameters.joined(separator: ", ")
            case .badValue(let parameter, let value, let expected):
                "\(parameter)=\(value) is not valid; expected \(expected)"
            }
        }
    }

    package init(parsing text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(ParseError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme else { throw .notAURL }
        guard ["postgres", "postgresql"].contains(scheme.lowercased()) else { throw .scheme(scheme) }
        guard let host = components.host, !host.isEmpty else { throw .missing("host") }
        guard let user = components.user, !user.isEmpty else { throw .missing("user") }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty else { throw .missing("database") }
        var sslMode = SSLMode.prefer
        var applicationName: String?
        var connectTimeout = Duration.seconds(5)
        for item in components.queryItems ?? [] {
            let value = item.value ?? ""
            switch item.name {
            case "sslmode":
                guard let mode = SSLMode(rawValue: value) else {
                    throw .badValue(parameter: item.name, value: value, expected: SSLMode.allCases.map(\.rawValue).joined(separator: ", "))
                }
                sslMode = mode
            case "application_name":
                applicationName = value
            case "connect_timeout":
                guard let seconds = Int(value), seconds > 0 else {
                    throw .badValue(parameter: item.name, value: value, expected: "a whole number of seconds, at least 1")
                }
                connectTimeout = .seconds(seconds)
            default:
                throw .unknownParameter(item.name, suggestion: Suggestion.closest(to: item.name, in: Self.parameters))
            }
        }
        // URLComponents has already undone the percent-encoding of each part.
        self.user = user
        self.host = host
        self.port = components.port ?? 5432
        self.database = database
        self.sslMode = sslMode
        self.applicationName = applicationName
        self.connectTimeout = connectTimeout
        self.password = components.password
            ?? environment["PGPASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The URL with any password replaced, fit for a log line or a message.
    package var description: String {
        "postgres://\(user)\(password == nil ? "" : ":***")@\(host):\(port)/\(database)"
    }

    /// Any text with this URL's password removed, should an error from the
    /// driver or the server ever quote it. One or two characters would turn
    /// every message to stars; such a password is never quoted whole anyway.
    package func redacting(_ text: String) -> String {
        guard let password, password.count >= 3 else { return text }
        return text.replacingOccurrences(of: password, with: "***")
    }
}
