// The app's network layer, shared with the extension. It imports only
// Foundation, where URLSession lives on iOS.
import Foundation

struct Repository: Decodable {
    struct Owner: Decodable {
        let login: String
        let avatarUrl: String
    }

    let name: String
    let stargazersCount: Int
    let owner: Owner
}

struct GitHubClient {
    enum Failure: Error {
        case status(Int)
    }

    var session = URLSession.shared

    /// A repository and its owner's avatar.
    func repository(_ name: String) async throws -> (Repository, Data) {
        let url = URL(string: "https://api.github.com/repos/\(name)")!
        let (data, response) = try await session.data(from: url)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else { throw Failure.status(status) }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let repository = try decoder.decode(Repository.self, from: data)
        let (avatar, _) = try await session.data(for: URLRequest(url: URL(string: repository.owner.avatarUrl)!))
        return (repository, avatar)
    }
}
