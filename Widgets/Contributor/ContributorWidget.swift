import Foundation
import RepoWatcherCore
import WidgetSDK

/// One repository with its top contributors. The repository is the bundle's
/// choice, not the user's: the manifest entry's `settings: {repo: owner/name}`.
struct ContributorWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Contributor", provider: ContributorProvider()) { entry in
            ContributorEntryView(entry: entry)
        }
        .configurationDisplayName("Contributors")
        .description("A repository's top contributors.")
        .supportedFamilies([.systemLarge])
        .pushHandler(RepoPushHandler.self)
    }
}

struct ContributorEntryView: View {
    let entry: RepoEntry

    var body: some View {
        VStack {
            RepoMediumView(repo: entry.repo, date: entry.date)
            if let description = entry.repo.description {
                Text(description).font(.caption).foregroundStyle(.secondary).lineLimit(2)
            }
            Spacer(minLength: 40)
            ContributorListView(contributors: entry.repo.contributors, isEmptyRepository: entry.repo.availability == .empty)
        }
        .containerBackground(.background, for: .widget)
        .widgetURL(entry.repo.webURL)
    }
}
