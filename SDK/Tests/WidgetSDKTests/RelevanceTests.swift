import Foundation
import RelevanceKit
import SwiftUI
import Testing
import WidgetKit

/// A provider's `relevance()` as WidgetKit code writes it: the date clues
/// that name an instance's configuration travel with that instance's
/// timeline; the clues the host cannot know, and other configurations', do not.
@Suite("Relevance")
struct RelevanceTests {
    struct Entry: TimelineEntry {
        let date: Date
        var relevance: TimelineEntryRelevance? { TimelineEntryRelevance(score: 7, duration: 60) }
    }

    static let noon = Date(timeIntervalSince1970: 1_800_000_000)

    struct Static: TimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: context.date) }
        func getSnapshot(in context: Context, completion: @escaping (Entry) -> ()) { completion(Entry(date: context.date)) }
        func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> ()) {
            completion(Timeline(entries: [Entry(date: context.date)], policy: .never))
        }
        func relevance() async -> WidgetRelevance<Void> {
            WidgetRelevance([
                WidgetRelevanceAttribute(context: .date(interval: DateInterval(start: RelevanceTests.noon, duration: 3_600), kind: .scheduled)),
                WidgetRelevanceAttribute(context: .sleep(.bedtime)),
                WidgetRelevanceAttribute(context: .date(RelevanceTests.noon)),
                WidgetRelevanceAttribute(context: .date(from: RelevanceTests.noon, to: RelevanceTests.noon - 1)),
                WidgetRelevanceAttribute(context: .hardware(headphones: .connected)),
                WidgetRelevanceAttribute(context: .date(range: RelevanceTests.noon...RelevanceTests.noon + 60, kind: .informational)),
            ])
        }
    }

    struct StaticWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "Static", provider: Static()) { _ in Text("s") }
        }
    }

    struct Team: WidgetConfigurationIntent {
        static let title: LocalizedStringResource = "Team"
        @Parameter(title: "Team", default: "Arsenal") var team: String
        init() {}
        init(team: String) { self.team = team }
    }

    struct Fixtures: AppIntentTimelineProvider {
        func placeholder(in context: Context) async -> Entry { Entry(date: context.date) }
        func snapshot(for configuration: Team, in context: Context) async -> Entry { Entry(date: context.date) }
        func timeline(for configuration: Team, in context: Context) async throws -> Timeline<Entry> {
            Timeline(entries: [Entry(date: context.date)], policy: .never)
        }
        // Each team's next match, as a sports app says it.
        func relevance() async -> WidgetRelevance<Team> {
            WidgetRelevance([
                WidgetRelevanceAttribute(configuration: Team(team: "Arsenal"), context: .date(interval: DateInterval(start: RelevanceTests.noon, duration: 7_200), kind: .scheduled)),
                WidgetRelevanceAttribute(configuration: Team(team: "Celtic"), context: .date(interval: DateInterval(start: RelevanceTests.noon + 86_400, duration: 7_200), kind: .default)),
            ])
        }
    }

    struct FixturesWidget: Widget {
        var body: some WidgetConfiguration {
            AppIntentConfiguration(kind: "Fixtures", intent: Team.self, provider: Fixtures()) { _ in Text("f") }
        }
    }

    @Test func aKindWithoutConfigurationGetsItsDateCluesInOrder() async throws {
        let context = TimelineProviderContext(family: .systemSmall, date: Self.noon)
        let timeline = try await StaticWidget().body.descriptor.provider.timeline(for: [:], in: context)
        #expect(timeline.relevantIntervals == [
            RelevantInterval(start: Self.noon, end: Self.noon + 3_600, priority: RelevantInterval.scheduled),
            RelevantInterval(start: Self.noon - 3_600, end: Self.noon + 3_600, priority: RelevantInterval.standard),
            RelevantInterval(start: Self.noon, end: Self.noon + 60, priority: RelevantInterval.informational),
        ], "sleep and headphones never hold here, and an interval ending before it starts is never")
        #expect(timeline.entries.first?.relevance == TimelineEntryRelevance(score: 7, duration: 60))
    }

    @Test func aConfigurationGetsOnlyTheCluesThatNameIt() async throws {
        let provider = FixturesWidget().body.descriptor.provider
        let context = TimelineProviderContext(family: .systemSmall, date: Self.noon)
        let arsenal = try await provider.timeline(for: ["team": .string("Arsenal")], in: context)
        #expect(arsenal.relevantIntervals == [RelevantInterval(start: Self.noon, end: Self.noon + 7_200, priority: RelevantInterval.scheduled)])
        let celtic = try await provider.timeline(for: ["team": .string("Celtic")], in: context)
        #expect(celtic.relevantIntervals.map(\.start) == [Self.noon + 86_400])
        #expect(try await provider.timeline(for: ["team": .string("Hibs")], in: context).relevantIntervals.isEmpty)
    }

    @Test func aTimelineWithoutRelevanceIsWrittenAsBeforeAndOneWithItReadsBack() throws {
        let plain = ArchivedTimeline(entries: [], policy: .never)
        let json = String(decoding: try JSONEncoder().encode(plain), as: UTF8.self)
        #expect(!json.contains("relevantIntervals"), "\(json)")
        #expect(try JSONDecoder().decode(ArchivedTimeline.self, from: Data(json.utf8)) == plain)
        let relevant = ArchivedTimeline(entries: [], policy: .never,
                                        relevantIntervals: [RelevantInterval(start: Self.noon, end: Self.noon + 1, priority: 3)])
        #expect(try JSONDecoder().decode(ArchivedTimeline.self, from: JSONEncoder().encode(relevant)) == relevant)
    }

    @Test func theValidatorRefusesIntervalsOutOfBounds() {
        let many = (0...RelevantInterval.maximumCount).map { RelevantInterval(start: Self.noon, end: Self.noon + Double($0), priority: 2) }
        #expect(throws: EntryRefused.self) { try EntryValidator().validate(ArchivedTimeline(entries: [], policy: .never, relevantIntervals: many)) }
        let backwards = RelevantInterval(start: Self.noon, end: Self.noon - 1, priority: 2)
        #expect(throws: EntryRefused.self) { try EntryValidator().validate(ArchivedTimeline(entries: [], policy: .never, relevantIntervals: [backwards])) }
        let unknown = RelevantInterval(start: Self.noon, end: Self.noon, priority: 9)
        #expect(throws: EntryRefused.self) { try EntryValidator().validate(ArchivedTimeline(entries: [], policy: .never, relevantIntervals: [unknown])) }
        let endless = RelevantInterval(start: Self.noon, end: Date(timeIntervalSinceReferenceDate: .infinity), priority: 2)
        #expect(throws: EntryRefused.self) { try EntryValidator().validate(ArchivedTimeline(entries: [], policy: .never, relevantIntervals: [endless])) }
    }
}
