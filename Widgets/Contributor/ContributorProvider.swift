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

    /// Serves the snapshot's sample data until the host's GitHub service
    /// exists (issue 5).
    func timeline(in context: Context) async throws -> Timeline<RepoEntry> {
        let entry = await snapshot(in: context)
        return Timeline(entries: [entry], policy: .after(entry.date.addingTimeInterval(12 * 3_600)))
    }
}
