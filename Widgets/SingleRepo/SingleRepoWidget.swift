import Foundation
import RepoWatcherCore
import WidgetSDK

/// One repository: its counts and days since the last push (medium), plus its
/// top contributors (large).
struct SingleRepoWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "SingleRepo", intent: SelectSingleRepoIntent.self, provider: SingleRepoProvider()) { entry in
            SingleRepoEntryView(entry: entry)
        }
        .configurationDisplayName("Single Repo")
        .description("Keep an eye on one GitHub repository.")
        .supportedFamilies([.systemMedium, .systemLarge])
        .pushHandler(RepoPushHandler.self)
    }
}

struct SelectSingleRepoIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Select Single Repo"
    static let description: IntentDescription = "Choose the repository to watch."

    @Parameter(title: "Repo", optionsProvider: RepoOptionsProvider())
    var repo: String

    init() {}
}

struct SingleRepoEntryView: View {
    @Environment(\.widgetFamily) var family
    let entry: RepoEntry

    var body: some View {
        VStack {
            RepoMediumView(repo: entry.repo, date: entry.date)
            if family == .systemLarge {
                if let description = entry.repo.description {
                    Text(description).font(.caption).foregroundStyle(.secondary).lineLimit(2)
                }
                Spacer(minLength: 40)
                ContributorListView(contributors: entry.repo.contributors, isEmptyRepository: entry.repo.availability == .empty)
            }
        }
        .containerBackground(.background, for: .widget)
        .widgetURL(entry.repo.webURL)
    }
}
