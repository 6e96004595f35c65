// The SiriKit stage: an IntentConfiguration whose intent Xcode generates
// from SelectRepoIntents.intentdefinition, its options given by the
// Intents extension's IntentHandler.
import Intents
import SwiftUI
import WidgetKit

struct SingleRepoEntry: TimelineEntry {
    let date: Date
    let repo: String
}

struct SingleRepoProvider: IntentTimelineProvider {
    func placeholder(in context: Context) -> SingleRepoEntry {
        SingleRepoEntry(date: .now, repo: "apple/swift")
    }

    func getSnapshot(for configuration: SelectSingleRepoIntent, in context: Context, completion: @escaping (SingleRepoEntry) -> Void) {
        completion(SingleRepoEntry(date: .now, repo: configuration.repo ?? "apple/swift"))
    }

    func getTimeline(for configuration: SelectSingleRepoIntent, in context: Context, completion: @escaping (Timeline<SingleRepoEntry>) -> Void) {
        let entry = SingleRepoEntry(date: .now, repo: configuration.repo ?? "no repository")
        completion(Timeline(entries: [entry], policy: .after(.now.addingTimeInterval(43200))))
    }
}

struct SingleRepoEntryView: View {
    var entry: SingleRepoEntry

    var body: some View {
        VStack(alignment: .leading) {
            Text("Watching")
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
        IntentConfiguration(kind: kind, intent: SelectSingleRepoIntent.self, provider: SingleRepoProvider()) { entry in
            SingleRepoEntryView(entry: entry)
        }
        .configurationDisplayName("Single Repo")
        .description("Keep track of a repository.")
        .supportedFamilies([.systemMedium])
    }
}
