import Foundation
import WidgetSDK

/// Reads repositories through the host's HTTP service. Definitive answers
/// (404, an empty repository) become data the widget shows; transient ones
/// (rate limits, offline, server errors, malformed JSON) are thrown, so the
/// host keeps the last good entry and retries.
public struct GitHubClient: Sendable {
    private let http: any HTTPService

    public init(http: any HTTPService = HostServices.http) {
        self.http = http
    }

    /// The repository, its owner's avatar, and its top four contributors
    /// with their avatars when `contributors` is true.
    public func repository(_ fullName: String, contributors: Bool) async throws -> Repository {
        let response = try await http.api("/repos/\(fullName)")
        switch response.status {
        case 200: break
        case 404: return .notFound(fullName)
        default: throw GitHubError.status(response.status, path: "/repos/\(fullName)")
        }
        let json = try decode(RepositoryJSON.self, from: response, path: "/repos/\(fullName)")
        // The owner's avatar and the contributors at once, then every
        // contributor's avatar at once: three waves of requests, not seven in a row.
        async let ownerAvatar = avatar(json.owner.avatarUrl)
        async let topContributors = contributors ? self.topContributors(fullName) : nil
        var repository = Repository(
            owner: json.owner.login, name: json.name, hasIssues: json.hasIssues, stars: json.stargazersCount,
            forks: json.forksCount, openIssues: json.openIssuesCount, pushedAt: json.pushedAt ?? .distantPast,
            avatarData: await ownerAvatar)
        repository.description = json.description
        if contributors {
            switch try await topContributors {
            case .some(let list): repository.contributors = list
            case .none: repository.availability = .empty
            }
        }
        return repository
    }

    /// Nil for an empty repository (GitHub answers 204).
    private func topContributors(_ fullName: String) async throws -> [Contributor]? {
        let path = "/repos/\(fullName)/contributors?per_page=4"
        let response = try await http.api(path)
        switch response.status {
        case 200: break
        case 204: return nil
        case 404: return []
        default: throw GitHubError.status(response.status, path: path)
        }
        let listed = Array(try decode([ContributorJSON].self, from: response, path: path).prefix(4))
        let avatars = await withTaskGroup(of: (Int, Data).self) { group in
            for (index, json) in listed.enumerated() {
                group.addTask { (index, await avatar(json.avatarUrl)) }
            }
            var avatars = [Data](repeating: Data(), count: listed.count)
            for await (index, data) in group { avatars[index] = data }
            return avatars
        }
        return zip(listed, avatars).map { Contributor(login: $0.login, contributions: $0.contributions, avatarData: $1) }
    }

    /// An avatar is decoration: without one, the widget shows a symbol.
    private func avatar(_ url: String?) async -> Data {
        guard let url, let data = try? await http.asset(url), EntryValidator.accepts(image: data) else { return Data() }
        return data
    }

    private func decode<T: Decodable>(_ type: T.Type, from response: HTTPResponse, path: String) throws -> T {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(type, from: response.body)
        } catch {
            throw GitHubError.malformed(path: path)
        }
    }
}

/// A GitHub answer the widget cannot use; the host keeps the last good entry.
public enum GitHubError: Error, Sendable, CustomStringConvertible {
    case status(Int, path: String)
    case malformed(path: String)

    public var description: String {
        switch self {
        case .status(let code, let path): "GitHub answered \(code) for \(path)"
        case .malformed(let path): "GitHub sent malformed JSON for \(path)"
        }
    }
}

struct RepositoryJSON: Decodable {
    struct Owner: Decodable {
        let login: String
        let avatarUrl: String?
    }

    let name: String
    let owner: Owner
    let description: String?
    let hasIssues: Bool
    let stargazersCount: Int
    let forksCount: Int
    let openIssuesCount: Int
    let pushedAt: Date?
}

struct ContributorJSON: Decodable {
    let login: String
    let avatarUrl: String?
    let contributions: Int
}
