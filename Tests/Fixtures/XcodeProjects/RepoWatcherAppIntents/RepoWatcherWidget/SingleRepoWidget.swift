// The App Intents stage: the same widget, its configuration an App Intent
// (SelectSingleRepo) that migrates the SiriKit intent's placed widgets.
import AppIntents
import SwiftUI
import WidgetKit

struct SingleRepoEntry: TimelineEntry {
    let date: Date
    let repo: String
}

struct SingleRepoProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> SingleRepoEntry {
        SingleRepoEntry(date: .now, repo: "apple/swift")
    }

    func snapshot(for configuration: SelectSingleRepo, in context: Context) async -> SingleRepoEntry {
        SingleRepoEntry(date: .now, repo: configuration.repo ?? "apple/swift")
    }

    func timeline(for configuration: SelectSingleRepo, in context: Context) async -> Timeline<SingleRepoEntry> {
        let entry = SingleRepoEntry(date: .now, repo: configuration.repo ?? "no repository")
        return Timeline(entries: [entry], policy: .after(.now.addingTimeInterval(43200)))
    }
}

struct SingleRepoEntryView: View {
    var entry: SingleRepoEntry

    var body: some View {
        VStack(alignment: .leading) {
            Text("Watched repository")
                .font(.caption)
            Text(entry.repo)
                .font(.headline)
        }
        .containerBackground(.fill.tertiary, for: .widget)
    }
}

struct SingleRepoWidget: Widget {
    let kind = "SingleRepoWidget"

    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: kind, intent: SelectSingleRepo.self, provider: SingleRepoProvider()) { entry in
            SingleRepoEntryView(entry: entry)
        }
        .configurationDisplayName("Single Repo")
        .description("Keep track of a repository.")
        .supportedFamilies([.systemMedium])
    }
}
