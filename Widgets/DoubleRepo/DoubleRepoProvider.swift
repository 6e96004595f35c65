import Foundation
import RepoWatcherCore
import WidgetSDK

struct DoubleRepoProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) async -> RepoEntry {
        RepoEntry(date: context.date, repo: .placeholder, bottomRepo: .placeholder)
    }

    func snapshot(for configuration: SelectTwoReposIntent, in context: Context) async -> RepoEntry {
        RepoEntry(date: context.date, repo: .sample(fullName: configuration.topRepo, at: context.date),
                  bottomRepo: .sample(fullName: configuration.bottomRepo, at: context.date))
    }

    func timeline(for configuration: SelectTwoReposIntent, in context: Context) async throws -> Timeline<RepoEntry> {
        let client = GitHubClient()
        async let top = client.repository(configuration.topRepo, contributors: false)
        async let bottom = client.repository(configuration.bottomRepo, contributors: false)
        let (topRepository, bottomRepository) = try await (top, bottom)
        return RepoTimeline.timeline(at: context.date) { RepoEntry(date: $0, repo: topRepository, bottomRepo: bottomRepository) }
    }
}
