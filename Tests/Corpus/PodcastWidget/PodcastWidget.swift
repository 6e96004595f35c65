import WidgetKit
import SwiftUI
import UIKit

struct NowPlayingEntry: TimelineEntry {
    let date: Date
    let episode: Episode?
}

struct NowPlayingProvider: TimelineProvider {
    let defaults = UserDefaults(suiteName: "group.com.example.podcasts")

    func placeholder(in context: Context) -> NowPlayingEntry {
        NowPlayingEntry(date: Date(), episode: .sample)
    }

    func getSnapshot(in context: Context, completion: @escaping (NowPlayingEntry) -> ()) {
        completion(NowPlayingEntry(date: Date(), episode: .sample))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<NowPlayingEntry>) -> ()) {
        var episode: Episode?
        if let data = defaults?.data(forKey: "nowPlaying") {
            episode = try? JSONDecoder().decode(Episode.self, from: data)
        }
        completion(Timeline(entries: [NowPlayingEntry(date: Date(), episode: episode)], policy: .never))
    }
}

struct CoverArt: View {
    var body: some View {
        Image("CoverArt")
            .resizable()
            .aspectRatio(contentMode: .fill)
            .clipShape(RoundedRectangle(cornerRadius: 12, style: .continuous))
            .shadow(color: .black.opacity(0.25), radius: 4, x: 0, y: 2)
    }
}

struct EpisodeProgress: View {
    let episode: Episode

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            ProgressView(value: episode.progress)
                .tint(Color("AccentColor"))
            HStack {
                Text("\(episode.remainingMinutes) min left")
                Spacer()
                Image(systemName: episode.isPlaying ? "pause.fill" : "play.fill")
            }
            .font(.caption2)
            .foregroundColor(Color(uiColor: .secondaryLabel))
        }
    }
}

struct PodcastWidgetEntryView: View {
    @Environment(\.widgetFamily) var family
    @Environment(\.colorScheme) var colorScheme
    var entry: NowPlayingProvider.Entry

    var body: some View {
        if let episode = entry.episode {
            switch family {
            case .systemSmall:
                VStack(alignment: .leading, spacing: 6) {
                    HStack(alignment: .top) {
                        CoverArt()
                            .frame(width: 64, height: 64)
                        Spacer()
                        Image("ShowLogo")
                            .resizable()
                            .frame(width: 20, height: 20)
                    }
                    Text(episode.title)
                        .font(.system(size: 13, weight: .semibold))
                        .lineLimit(2)
                    Spacer(minLength: 0)
                    EpisodeProgress(episode: episode)
                }
            default:
                HStack(spacing: 12) {
                    CoverArt()
                        .frame(width: 110, height: 110)
                    VStack(alignment: .leading, spacing: 4) {
                        HStack(spacing: 4) {
                            Image("ShowLogo")
                                .resizable()
                                .frame(width: 14, height: 14)
                            Text(episode.show.uppercased())
                                .font(.caption2.weight(.semibold))
                                .foregroundColor(Color("Highlight"))
                        }
                        Text(episode.title)
                            .font(.headline)
                            .lineLimit(2)
                        Spacer(minLength: 0)
                        EpisodeProgress(episode: episode)
                    }
                }
            }
        } else {
            VStack(spacing: 8) {
                Image(systemName: "headphones")
                    .font(.largeTitle)
                    .foregroundColor(Color("AccentColor"))
                Text("Nothing playing")
                    .font(.footnote)
                    .foregroundColor(Color(.secondaryLabel))
            }
        }
    }
}

struct PodcastWidget: Widget {
    let kind: String = "PodcastWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: NowPlayingProvider()) { entry in
            PodcastWidgetEntryView(entry: entry)
                .containerBackground(Color("WidgetBackground"), for: .widget)
                .widgetURL(URL(string: "podcasts://now-playing"))
        }
        .configurationDisplayName("Now Playing")
        .description("The episode you are listening to.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

@main
struct PodcastWidgetBundle: WidgetBundle {
    var body: some Widget {
        PodcastWidget()
    }
}

#Preview(as: .systemSmall) {
    PodcastWidget()
} timeline: {
    NowPlayingEntry(date: .now, episode: .sample)
    NowPlayingEntry(date: .now, episode: nil)
}
