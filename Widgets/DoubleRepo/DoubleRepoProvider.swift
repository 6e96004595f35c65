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

    /// Serves the snapshot's sample data until the host's GitHub service
    /// exists (issue 5).
    func timeline(for configuration: SelectTwoReposIntent, in context: Context) async throws -> Timeline<RepoEntry> {
        let entry = await snapshot(for: configuration, in: context)
        return Timeline(entries: [entry], policy: .after(entry.date.addingTimeInterval(12 * 3_600)))
    }
}
