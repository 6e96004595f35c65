import Foundation

/// Sample data for placeholders, snapshots and previews, like WidgetKit's
/// preview content. No network.
extension Repository {
    public static let defaultFullName = "sallen0400/swift-news"

    /// What a widget shows for a repository GitHub does not know.
    public static func notFound(_ fullName: String) -> Repository {
        let parts = fullName.split(separator: "/", maxSplits: 1).map(String.init)
        var repository = Repository(owner: parts.first ?? fullName, name: parts.last ?? fullName,
                                    stars: 0, forks: 0, openIssues: 0, pushedAt: .distantPast)
        repository.availability = .notFound
        return repository
    }

    /// The placeholder: plausible shapes, drawn redacted by renderers.
    public static let placeholder = Repository(
        owner: "owner", name: "Repository", stars: 999, forks: 99, openIssues: 9,
        pushedAt: Date(timeIntervalSinceNow: -5 * 86_400))

    /// A sample with the given `owner/name` and made-up counts, stable for the
    /// same name so previews do not flicker.
    public static func sample(fullName: String, at date: Date = .now) -> Repository {
        let parts = fullName.split(separator: "/", maxSplits: 1).map(String.init)
        let owner = parts.first ?? "owner"
        let name = parts.count > 1 ? parts[1] : fullName
        let seed = fullName.unicodeScalars.reduce(7) { ($0 &* 31 &+ Int($1.value)) & 0xFFFF }
        return Repository(
            owner: owner, name: name, stars: 100 + seed % 9_000, forks: 10 + seed % 700, openIssues: seed % 60,
            pushedAt: date.addingTimeInterval(-Double(seed % 90) * 86_400),
            contributors: [
                Contributor(login: "sallen0400", contributions: 250 + seed % 100),
                Contributor(login: "octocat", contributions: 120 + seed % 50),
                Contributor(login: "swiftdev", contributions: 40 + seed % 30),
                Contributor(login: "maintainer", contributions: 10 + seed % 10),
            ])
    }
}
