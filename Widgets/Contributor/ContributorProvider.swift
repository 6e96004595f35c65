import Foundation
import RepoWatcherCore
import WidgetSDK

struct ContributorProvider: TimelineProvider {
    /// The manifest setting naming the repository.
    static let repoSetting = "repo"

    func placeholder(in context: Context) async -> RepoEntry {
        RepoEntry(date: context.date, repo: .placeholder)
    }

    func snapshot(in context: Context) async -> RepoEntry {
        let fullName = context.settings[Self.repoSetting] ?? Repository.defaultFullName
        return RepoEntry(date: context.date, repo: .sample(fullName: fullName, at: context.date))
    }

    func timeline(in context: Context) async throws -> Timeline<RepoEntry> {
        let fullName = context.settings[Self.repoSetting] ?? Repository.defaultFullName
        let repository = try await GitHubClient().repository(fullName, contributors: true)
        return RepoTimeline.timeline(at: context.date) { RepoEntry(date: $0, repo: repository) }
    }
}
