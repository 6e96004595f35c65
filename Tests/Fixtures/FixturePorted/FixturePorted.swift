// A widget extension as an iOS developer writes one, built unchanged: the
// start of the ported extension issue 22 asks for. Nothing in it is
// specific to widgethost.
import AppIntents
import Foundation
import SwiftUI
import WidgetKit

// MARK: - A clock, edge to edge, from a completion-handler provider

struct ClockEntry: TimelineEntry {
    let date: Date
}

struct ClockProvider: TimelineProvider {
    func placeholder(in context: Context) -> ClockEntry {
        ClockEntry(date: Date())
    }

    func getSnapshot(in context: Context, completion: @escaping (ClockEntry) -> ()) {
        completion(ClockEntry(date: Date()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ClockEntry>) -> ()) {
        let now = Date()
        let entries = (0..<4).map { ClockEntry(date: now.addingTimeInterval(Double($0) * 900)) }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct ClockView: View {
    var entry: ClockProvider.Entry
    @Environment(\.colorScheme) var colorScheme
    @Environment(\.widgetRenderingMode) var renderingMode

    var body: some View {
        ZStack {
            colorScheme == .dark ? Color.black : Color.indigo
            VStack {
                Text(entry.date, style: .time)
                    .font(.title)
                    .foregroundStyle(.white)
                HStack {
                    // The first is drawn; the second is a newer SF Symbol widgethost does not know.
                    Image(systemName: colorScheme == .dark ? "moon.fill" : "sun.max.fill")
                    Image(systemName: "clock.badge.checkmark.fill")
                    Text(colorScheme == .dark ? "night" : "day")
                        .font(.caption)
                }
                if renderingMode == .accented {
                    Text("accented").font(.caption)
                }
            }
        }
        .containerBackground(.indigo, for: .widget)
    }
}

struct ClockWidget: Widget {
    let kind: String = "Clock"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: ClockProvider()) { entry in
            ClockView(entry: entry)
        }
        .configurationDisplayName("Clock")
        .description("The time, edge to edge.")
        .supportedFamilies([.systemSmall, .systemMedium])
        .contentMarginsDisabled()
        .disfavoredLocations([.standBy], for: [.systemSmall])
    }
}

#Preview(as: .systemSmall) {
    ClockWidget()
} timeline: {
    ClockEntry(date: .now)
    ClockEntry(date: .now.addingTimeInterval(3_600))
}

#Preview("From the provider", as: .systemMedium) {
    ClockWidget()
} timelineProvider: {
    ClockProvider()
}

struct ClockView_Previews: PreviewProvider {
    static var previews: some View {
        ClockView(entry: ClockEntry(date: .now))
            .previewContext(WidgetPreviewContext(family: .systemSmall))
    }
}

// MARK: - A greeting, configured by an intent

struct GreetingIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "Greeting" }
    static var description: IntentDescription { IntentDescription("Whom to greet.") }

    @Parameter(title: "Name", default: "World")
    var name: String

    @Parameter(title: "Style", default: .friendly)
    var style: GreetingStyle

    @Parameter(title: "Friend")
    var friend: FriendEntity?

    @Parameter(title: "Guests", size: [.systemSmall: 2])
    var guests: [FriendEntity]

    init() {}
}

enum GreetingStyle: String, AppEnum {
    case friendly, formal

    static var typeDisplayRepresentation: TypeDisplayRepresentation { "Style" }
    static var caseDisplayRepresentations: [GreetingStyle: DisplayRepresentation] {
        [.friendly: "Friendly", .formal: "Good day"]
    }
}

struct FriendEntity: AppEntity {
    let id: String

    static var typeDisplayRepresentation: TypeDisplayRepresentation { "Friend" }
    static let defaultQuery = FriendQuery()

    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(id)") }
}

struct FriendQuery: EntityQuery {
    static let everyone = ["Ann", "Bo", "Cy"]

    func entities(for identifiers: [FriendEntity.ID]) async throws -> [FriendEntity] {
        if identifiers.count > 1 {
            Log.greetings.info("friends looked up together: \(identifiers.joined(separator: ", "), privacy: .public)")
        }
        return identifiers.filter(Self.everyone.contains).map(FriendEntity.init)
    }

    func suggestedEntities() async throws -> [FriendEntity] {
        Self.everyone.map(FriendEntity.init)
    }

    func defaultResult() async -> FriendEntity? {
        FriendEntity(id: "Ann")
    }
}

struct GreetingEntry: TimelineEntry {
    let date: Date
    let name: String
    var salutation = "Hello,"
    var friend: String?
    var guests: [String] = []
}

struct GreetingProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> GreetingEntry {
        GreetingEntry(date: Date(), name: "…")
    }

    func snapshot(for configuration: GreetingIntent, in context: Context) async -> GreetingEntry {
        entry(for: configuration)
    }

    func timeline(for configuration: GreetingIntent, in context: Context) async -> Timeline<GreetingEntry> {
        Log.greetings.info("greeting \(configuration.name, privacy: .public) for \(Log.duration.string(from: 3725) ?? "?")")
        return Timeline(entries: [entry(for: configuration)], policy: .never)
    }

    private func entry(for configuration: GreetingIntent) -> GreetingEntry {
        let salutation = switch configuration.style {
        case .friendly: "Hello,"
        case .formal: "Good day,"
        }
        return GreetingEntry(date: Date(), name: configuration.name, salutation: salutation, friend: configuration.friend?.id,
                             guests: configuration.guests.map(\.id))
    }
}

struct GreetingWidget: Widget {
    /// "since 09:41", the time in the accent colour.
    static func since(_ date: Date) -> AttributedString {
        var text = AttributedString("since ")
        var time = AttributedString(date.formatted(date: .omitted, time: .shortened))
        time.foregroundColor = .accentColor
        text.append(time)
        return text
    }

    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Greeting", intent: GreetingIntent.self, provider: GreetingProvider()) { entry in
            VStack(alignment: .leading) {
                Text(entry.salutation).foregroundStyle(Color(uiColor: Theme.detail))
                Text(entry.name).font(.headline).foregroundStyle(Color("Brand"))
                Text(Self.since(entry.date))
                if let friend = entry.friend {
                    Text("with \(friend)")
                }
                if !entry.guests.isEmpty {
                    Text("and \(entry.guests.joined(separator: ", "))")
                }
                HStack {
                    Image("logo")
                        .resizable()
                        .frame(width: 16, height: 16)
                    if let logo = UIImage(named: "logo.png") {
                        Image(uiImage: logo)
                            .resizable()
                            .frame(width: 16, height: 16)
                    }
                }
                Button(intent: RefreshStarsIntent()) {
                    Text("Refresh stars")
                }
            }
            .containerBackground(for: .widget) {
                LinearGradient(colors: [.white, .mint.opacity(0.3)], startPoint: .top, endPoint: .bottom)
            }
        }
        .configurationDisplayName("Greeting")
        .supportedFamilies([.systemSmall])
    }
}

extension GreetingIntent {
    static var formal: GreetingIntent {
        var intent = GreetingIntent()
        intent.style = .formal
        return intent
    }
}

#Preview("Formal", as: .systemSmall, using: GreetingIntent.formal) {
    GreetingWidget()
} timeline: {
    GreetingEntry(date: .now, name: "Ada", salutation: "Good day,")
    GreetingEntry(date: .now, name: "Grace", salutation: "Good day,", friend: "Bo")
}

#Preview("A view") {
    Text("Hello from a view preview")
}

/// Reloads the other widget of the bundle, and notes which widgets are placed.
struct RefreshStarsIntent: AppIntent {
    static var title: LocalizedStringResource { "Refresh Stars" }

    init() {}

    func perform() async throws -> some IntentResult {
        let placed = try await WidgetCenter.shared.currentConfigurations()
        UserDefaults.shared.set(placed.map { "\($0.kind) \($0.family)" }.sorted(), forKey: "ported.placed")
        let repos = placed.compactMap { $0.widgetConfigurationIntent(of: StarsIntent.self)?.repo }
        UserDefaults.shared.set(repos, forKey: "ported.repos")
        let friends = placed.compactMap { $0.widgetConfigurationIntent(of: GreetingIntent.self)?.friend?.id }
        UserDefaults.shared.set(friends, forKey: "ported.friends")
        WidgetCenter.shared.reloadTimelines(ofKind: "Stars")
        return .result()
    }
}

// MARK: - A repository's stars, over URLSession, with the App Group's defaults

struct StarsIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "Stars" }

    @Parameter(title: "Repository", default: "apple/swift")
    var repo: String

    init() {}
}

struct StarsEntry: TimelineEntry {
    let date: Date
    let lines: [String]
}

struct StarsProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> StarsEntry {
        StarsEntry(date: Date(), lines: ["…"])
    }

    func snapshot(for configuration: StarsIntent, in context: Context) async -> StarsEntry {
        placeholder(in: context)
    }

    func timeline(for configuration: StarsIntent, in context: Context) async -> Timeline<StarsEntry> {
        let visits = UserDefaults.shared.integer(forKey: "ported.visits") + 1
        UserDefaults.shared.set(visits, forKey: "ported.visits")
        UserDefaults.standard.set(["last": configuration.repo], forKey: "lastRepo")
        let greeting = UserDefaults.shared.string(forKey: "ported.greeting") ?? "no greeting"
        var lines = [greeting, "visit \(visits)"]
        if let lastGlass = UserDefaults.shared.object(forKey: "ported.lastGlass") as? Date {
            lines.append("last glass \(lastGlass.formatted(.iso8601))")
        }
        UserDefaults.shared.set(Date(), forKey: "ported.checked")
        if let folder = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.test.github") {
            let file = folder.appendingPathComponent("last-repo.txt")
            let previous = (try? String(contentsOf: file, encoding: .utf8)) ?? "none"
            try? configuration.repo.write(to: file, atomically: true, encoding: .utf8)
            lines.append("previous \(previous)")
        }
        do {
            let (repository, avatar) = try await GitHubClient().repository(configuration.repo)
            lines.append("\(repository.name) \(repository.stargazersCount) stars")
            lines.append("avatar \(avatar.count) bytes")
        } catch GitHubClient.Failure.status(let status) {
            lines.append("HTTP \(status)")
        } catch {
            lines.append("failed: \(error.localizedDescription)")
        }
        return Timeline(entries: [StarsEntry(date: Date(), lines: lines)], policy: .atEnd)
    }
}

struct StarsWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Stars", intent: StarsIntent.self, provider: StarsProvider()) { entry in
            VStack(alignment: .leading) {
                ForEach(entry.lines, id: \.self) { line in
                    Text(line)
                }
            }
            .containerBackground(.white, for: .widget)
        }
        .configurationDisplayName("Stars")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

// MARK: - The bundle

@main
struct PortedWidgets: WidgetBundle {
    var body: some Widget {
        ClockWidget()
        GreetingWidget()
        StarsWidget()
    }
}
