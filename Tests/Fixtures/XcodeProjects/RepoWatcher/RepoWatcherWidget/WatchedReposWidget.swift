import SwiftUI
import WidgetKit

struct WatchedReposEntry: TimelineEntry {
    let date: Date
    let repositories: [Repository]
}

struct WatchedReposProvider: TimelineProvider {
    func placeholder(in context: Context) -> WatchedReposEntry {
        WatchedReposEntry(date: .now, repositories: [Repository(name: "swift", stars: 67_000)])
    }

    func getSnapshot(in context: Context, completion: @escaping (WatchedReposEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<WatchedReposEntry>) -> Void) {
        let data = UserDefaults.shared.data(forKey: UserDefaults.repositoriesKey)
        let repositories = data.flatMap { try? JSONDecoder().decode([Repository].self, from: $0) } ?? []
        completion(Timeline(entries: [WatchedReposEntry(date: .now, repositories: repositories)], policy: .after(.now.addingTimeInterval(3600))))
    }
}

struct WatchedReposView: View {
    let entry: WatchedReposEntry

    var body: some View {
        VStack(alignment: .leading) {
            Text("Watching")
                .font(.headline)
            if entry.repositories.isEmpty {
                Text("No repositories")
            }
            ForEach(entry.repositories, id: \.self) { repository in
                Text("\(repository.name) ★ \(repository.stars)")
            }
        }
        // No background of its own: iOS draws the catalog's WidgetBackground behind it.
    }
}

struct WatchedReposWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "WatchedRepos", provider: WatchedReposProvider()) { entry in
            WatchedReposView(entry: entry)
        }
        .configurationDisplayName("Watched Repos")
        .description("The repositories the app watches.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
