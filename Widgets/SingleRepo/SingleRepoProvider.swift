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

    /// Serves the snapshot's sample data until the host's GitHub service
    /// exists (issue 5); the 12-hour reload matches the original app.
    func timeline(for configuration: SelectSingleRepoIntent, in context: Context) async throws -> Timeline<RepoEntry> {
        let entry = await snapshot(for: configuration, in: context)
        return Timeline(entries: [entry], policy: .after(entry.date.addingTimeInterval(12 * 3_600)))
    }
}
