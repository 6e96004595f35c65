import Foundation
import RepoWatcherCore
import WidgetSDK

/// Two repositories, top and bottom, each as SingleRepo's medium view.
struct DoubleRepoWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "DoubleRepo", intent: SelectTwoReposIntent.self, provider: DoubleRepoProvider()) { entry in
            DoubleRepoEntryView(entry: entry)
        }
        .configurationDisplayName("Double Repo")
        .description("Keep an eye on two GitHub repositories.")
        .supportedFamilies([.systemLarge])
        .pushHandler(RepoPushHandler.self)
    }
}

struct SelectTwoReposIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Select Two Repos"
    static let description: IntentDescription = "Choose the two repositories to watch."

    @Parameter(title: "Top Repo", default: "apple/swift", optionsProvider: RepoOptionsProvider())
    var topRepo: String

    @Parameter(title: "Bottom Repo", default: "kudoleh/iOS-Clean-Architecture-MVVM", optionsProvider: RepoOptionsProvider())
    var bottomRepo: String

    init() {}
}

struct DoubleRepoEntryView: View {
    let entry: RepoEntry

    var body: some View {
        VStack {
            RepoMediumView(repo: entry.repo, date: entry.date)
            Spacer()
            // The widget's URL is the top repository's; the bottom half links to its own.
            if let bottomRepo = entry.bottomRepo, let url = bottomRepo.webURL {
                Link(destination: url) { RepoMediumView(repo: bottomRepo, date: entry.date) }
            } else if let bottomRepo = entry.bottomRepo {
                RepoMediumView(repo: bottomRepo, date: entry.date)
            }
        }
        .containerBackground(.background, for: .widget)
        .widgetURL(entry.repo.webURL)
    }
}
