import Foundation
import RepoWatcherCore
import WidgetSDK

struct SingleRepoProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) async -> RepoEntry {
        RepoEntry(date: context.date, repo: .placeholder)
    }

    func snapshot(for configuration: SelectSingleRepoIntent, in context: Context) async -> RepoEntry {
        RepoEntry(date: context.date, repo: .sample(fullName: configuration.repo, at: context.date))
    }

    func timeline(for configuration: SelectSingleRepoIntent, in context: Context) async throws -> Timeline<RepoEntry> {
        let repository = try await GitHubClient().repository(configuration.repo, contributors: context.family == .systemLarge)
        return RepoTimeline.timeline(at: context.date) { RepoEntry(date: $0, repo: repository) }
    }
}
