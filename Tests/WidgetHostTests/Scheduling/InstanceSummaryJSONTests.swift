import Foundation
import Testing
@testable import WidgetContainer
@testable import WidgetHost
import WidgetSDK

/// The dashboard's `/instances` is written without `JSONEncoder` (issue 43);
/// a page or script reading it must not tell: the bytes are the encoder's.
@Suite("Instance summaries as JSON")
struct InstanceSummaryJSONTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000.987)
    /// What the names, errors and texts of real instances hold, and worse.
    static let texts = ["plain", "", "quote \" and back\\slash", "a/b/c", "tab\there\nnew line\r", "\u{0}\u{1B}[31m\u{7F}\u{8}\u{C}",
                        "é e\u{301} · ★ 日本 🇫🇷 👩‍👩‍👧", "\u{2028}\u{2029}\u{202E}", "</script>"]

    static func statuses() -> [InstanceStatus] {
        var statuses: [InstanceStatus] = []
        for (index, family) in WidgetFamily.allCases.enumerated() {
            let text = texts[index % texts.count]
            let instance = WidgetInstance(id: "i\(index)", kind: "Kind\(index)", family: family, name: index % 3 == 0 ? nil : text,
                                          configurationIdentifier: nil, configuration: [:], createdAt: start, updatedAt: start)
            var schedule = InstanceSchedule()
            switch index % 4 {
            case 0:
                schedule.entries = [ArchivedEntry(date: start - 30, relevance: TimelineEntryRelevance(score: 2.5, duration: 600),
                                                  view: ViewNode(.vstack(alignment: .leading, spacing: nil), children: [ViewNode(.text(text)), ViewNode(.date(start, style: .relative))]))]
                schedule.lastSuccess = start - 29.5
                schedule.nextReload = start + 1_800.25
                schedule.nextReloadReason = text
            case 1:
                schedule.consecutiveFailures = 2
                schedule.lastError = text
                schedule.nextReload = start + 0.999
            case 2:
                schedule.entries = [ArchivedEntry(date: start - 86_400 * 400, view: ViewNode(.text(text)))]
                schedule.lastSuccess = start - 86_400 * 400
            default:
                break
            }
            statuses.append(InstanceStatus(instance: instance, placement: .ready, schedule: index % 4 == 3 ? nil : schedule, at: start))
        }
        return statuses
    }

    @Test func theListIsWhatTheEncoderWrites() throws {
        let summaries = Self.statuses().map { InstanceSummary($0) }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        let expected = try encoder.encode(summaries)
        let written = try #require(InstanceSummary.jsonArray(summaries))
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(InstanceSummary.jsonArray([]) == Array(try encoder.encode([InstanceSummary]())))
    }

    @Test func aSummaryWithItsViewIsLeftToTheEncoder() {
        let status = Self.statuses()[0]
        #expect(InstanceSummary.jsonArray([InstanceSummary(status, includingView: true)]) == nil)
    }
}
