import Foundation

/// A GitHub repository as the RepoWatcher widgets show it.
public struct Repository: Sendable, Codable, Hashable {
    /// What GitHub said of the repository.
    public enum Availability: String, Sendable, Codable, Hashable {
        case available
        /// 404: no such repository, or not visible with this token.
        case notFound
        /// Exists but has no commits (contributors answered 204).
        case empty
    }

    public var owner: String
    public var name: String
    public var description: String?
    public var availability: Availability = .available
    public var hasIssues: Bool
    public var stars: Int
    public var forks: Int
    public var openIssues: Int
    public var pushedAt: Date
    public var avatarData: Data
    public var contributors: [Contributor]

    public init(owner: String, name: String, hasIssues: Bool = true, stars: Int, forks: Int, openIssues: Int,
                pushedAt: Date, avatarData: Data = Data(), contributors: [Contributor] = []) {
        self.owner = owner
        self.name = name
        self.hasIssues = hasIssues
        self.stars = stars
        self.forks = forks
        self.openIssues = openIssues
        self.pushedAt = pushedAt
        self.avatarData = avatarData
        self.contributors = contributors
    }

    public var fullName: String { "\(owner)/\(name)" }

    /// The repository's page on GitHub, where a tap on its widget leads.
    public var webURL: URL? { GitHubWeb.url(path: fullName) }

    /// Whole days from the last push to `date`, as the widget's big number.
    public func daysSinceLastActivity(at date: Date) -> Int {
        max(0, Int(date.timeIntervalSince(pushedAt) / 86_400))
    }
}

/// One of a repository's top contributors.
public struct Contributor: Sendable, Codable, Hashable {
    /// The contributor's profile on GitHub.
    public var profileURL: URL? { GitHubWeb.url(path: login) }

    public var login: String
    public var contributions: Int
    public var avatarData: Data

    public init(login: String, contributions: Int, avatarData: Data = Data()) {
        self.login = login
        self.contributions = contributions
        self.avatarData = avatarData
    }
}

/// github.com's web pages (the API's host is configurable; the web's is not).
enum GitHubWeb {
    static func url(path: String) -> URL? {
        guard let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) else { return nil }
        return URL(string: "https://github.com/\(encoded)")
    }
}
