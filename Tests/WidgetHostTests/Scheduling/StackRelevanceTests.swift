import Foundation
import Testing
@testable import WidgetContainer
import WidgetHost
import WidgetSDK

/// The Smart Stack's rule as the host applies it: a relevant interval
/// first, then the current entry's score while it holds, then the order
/// the instances were placed in; and when the order may next change.
@Suite("Relevance order")
struct StackRelevanceTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func entry(_ seconds: TimeInterval, score: Float? = nil, duration: TimeInterval = 0) -> ArchivedEntry {
        ArchivedEntry(date: start + seconds, relevance: score.map { TimelineEntryRelevance(score: $0, duration: duration) }, view: ViewNode(.text("e")))
    }

    static func schedule(_ entries: [ArchivedEntry], intervals: [RelevantInterval]? = nil) -> InstanceSchedule {
        var schedule = InstanceSchedule()
        schedule.entries = entries
        schedule.relevantIntervals = intervals
        return schedule
    }

    static func status(_ id: String, _ schedule: InstanceSchedule?) -> InstanceStatus {
        let instance = WidgetInstance(id: id, kind: "Relevant", family: .systemSmall, name: nil, configurationIdentifier: nil,
                                      configuration: [:], createdAt: start, updatedAt: start)
        return InstanceStatus(instance: instance, placement: .ready, schedule: schedule, at: start)
    }

    @Test func aScoreHoldsForItsDurationOrUntilTheNextEntry() {
        let timed = Self.schedule([Self.entry(0, score: 40, duration: 300), Self.entry(600, score: 10)])
        #expect(StackRelevance(timed, at: Self.start + 10) == StackRelevance(interval: 0, score: 40, changes: nil))
        #expect(StackRelevance(timed, at: Self.start + 10).changes == Self.start + 300, "its duration ends first")
        #expect(StackRelevance(timed, at: Self.start + 300).score == 0, "over at the end of its duration")
        #expect(StackRelevance(timed, at: Self.start + 300).changes == Self.start + 600, "then the next entry")
        #expect(StackRelevance(timed, at: Self.start + 7_200).score == 10, "a duration of 0 holds until the next entry, or for ever")
        #expect(StackRelevance(timed, at: Self.start + 7_200).changes == nil)
        #expect(StackRelevance(timed, at: Self.start - 1).score == 0, "no entry is current yet")
    }

    @Test func anIntervalOutranksAnyScoreAndTheStrongestKindWins() {
        let intervals = [RelevantInterval(start: Self.start + 100, end: Self.start + 200, priority: RelevantInterval.informational),
                         RelevantInterval(start: Self.start + 150, end: Self.start + 400, priority: RelevantInterval.scheduled)]
        let schedule = Self.schedule([Self.entry(0)], intervals: intervals)
        #expect(StackRelevance(schedule, at: Self.start).interval == 0)
        #expect(StackRelevance(schedule, at: Self.start).changes == Self.start + 100)
        #expect(StackRelevance(schedule, at: Self.start + 100).interval == RelevantInterval.informational, "its start included")
        #expect(StackRelevance(schedule, at: Self.start + 160).interval == RelevantInterval.scheduled)
        #expect(StackRelevance(schedule, at: Self.start + 400).interval == RelevantInterval.scheduled, "its end included")
        #expect(StackRelevance(schedule, at: Self.start + 401).interval == 0)
        #expect(StackRelevance(interval: 1, score: 0, changes: nil) > StackRelevance(interval: 0, score: 1_000, changes: nil))
    }

    @Test func aScheduleThatSaysNothingOfRelevanceNeverMovesOrWakesAPage() {
        let plain = StackRelevance(Self.schedule([Self.entry(0), Self.entry(60)]), at: Self.start)
        #expect(plain == .unranked && plain.changes == nil, "an entry date alone is no reason to look again")
        #expect(StackRelevance(nil, at: Self.start) == .unranked)
    }

    @Test func theOrderIsByRankThenAsPlaced() {
        let statuses = [
            Self.status("plain1", Self.schedule([Self.entry(0)])),
            Self.status("scored", Self.schedule([Self.entry(0, score: 5)])),
            Self.status("none", nil),
            Self.status("moment", Self.schedule([Self.entry(0)], intervals: [RelevantInterval(start: Self.start, end: Self.start + 60, priority: 2)])),
            Self.status("plain2", Self.schedule([Self.entry(0)])),
            Self.status("low", Self.schedule([Self.entry(0, score: -1)])),
        ]
        #expect(statuses.byRelevance(at: Self.start).map(\.instance.id) == ["moment", "scored", "plain1", "none", "plain2", "low"])
        #expect(statuses.byRelevance(at: Self.start + 61).map(\.instance.id) == ["scored", "plain1", "none", "moment", "plain2", "low"],
                "the interval over, it goes back to its place among the zeros")
        let unranked = [Self.status("b", nil), Self.status("a", Self.schedule([Self.entry(0)]))]
        #expect(unranked.byRelevance(at: Self.start).map(\.instance.id) == ["b", "a"], "placement order when nobody says anything")
    }
}
