import FakeSources
import Foundation
import Testing
import WidgetSDK
import WidgetTestSupport

/// Issue 41's Calendar kind (Widgets/Calendar): iCalendar files with the
/// recurrences people's calendars hold, read in the extension. The
/// timeline has an entry at each event's start and end and each midnight,
/// so its entries' dates say exactly which occurrences were found.
@Suite("Calendar")
struct CalendarTests {
    static func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    /// Narrow and other no-break spaces as plain ones.
    static func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{202F}", with: " ").replacingOccurrences(of: "\u{00A0}", with: " ")
    }

    static func timeline(_ fixture: WallFixture, family: WidgetFamily = .accessoryInline) async throws -> ArchivedTimeline {
        try await fixture.timeline("Calendar", family: family, ["calendars": .list([fixture.calendarURL("work.ics")]), "days": .int(62)])
    }

    @Test func recurrencesExceptionsAndOverridesAsRFC5545SaysThem() async throws {
        let fixture = try await WallFixture(kinds: ["Calendar"], locale: "en_US")
        try fixture.serveCalendars()
        let timeline = try await Self.timeline(fixture)
        let moments = Set(timeline.entries.map(\.date))
        let expected = [
            "2027-01-15T08:30:00Z", "2027-01-15T08:45:00Z",  // Friday's stand-up in Berlin
            "2027-01-15T12:00:00Z", "2027-01-15T13:00:00Z",  // a one-off, its title folded over two lines
            "2027-01-16T09:00:00Z", "2027-01-16T10:30:00Z",  // brunch at a floating time, read in Berlin
            "2027-01-17T23:00:00Z", "2027-01-18T23:00:00Z",  // the third Monday of January, all day in Berlin
            "2027-01-20T10:00:00Z", "2027-01-20T10:15:00Z",  // Wednesday's stand-up, moved to 11:00
            "2027-01-20T07:00:00Z", "2027-01-22T07:00:00Z", "2027-01-24T07:00:00Z",  // every other day, three times
            "2027-01-29T20:00:00Z", "2027-02-26T20:00:00Z",  // the last Friday of the month, 15:00 in New York
            "2027-03-12T13:00:00Z", "2027-03-13T13:00:00Z", "2027-03-14T12:00:00Z", "2027-03-16T12:00:00Z",  // 08:00 in New York, across its change of clocks
        ].map(Self.utc)
        for moment in expected {
            #expect(moments.contains(moment), "an entry at \(moment)")
        }
        let absent = [
            "2027-01-18T08:30:00Z",  // EXDATE
            "2027-01-20T08:30:00Z",  // moved by its RECURRENCE-ID
            "2027-01-22T08:30:00Z",  // cancelled
            "2027-01-26T07:00:00Z",  // COUNT=3 is spent
            "2027-03-17T12:00:00Z",  // COUNT=5 is spent
        ].map(Self.utc)
        for moment in absent {
            #expect(!moments.contains(moment), "no entry at \(moment)")
        }
        // Each midnight in Berlin is an entry too: the card's day changes then.
        #expect(moments.contains(Self.utc("2027-01-15T23:00:00Z")) && moments.contains(Self.utc("2027-03-17T23:00:00Z")))
        // ICU writes "9:30 AM" with a narrow no-break space, as iOS does.
        #expect(timeline.entries.first?.view.texts.map(Self.plain) == ["9:30 AM Stand-up"], "\(String(describing: timeline.entries.first?.view.texts))")
    }

    @Test func theLargeCardShowsTheMonthAndTheNextEvents() async throws {
        let fixture = try await WallFixture(kinds: ["Calendar"], locale: "en_US")
        try fixture.serveCalendars()
        let timeline = try await Self.timeline(fixture, family: .systemLarge)
        let texts = try #require(timeline.entries.first).view.texts.map(Self.plain)
        #expect(texts.first == "January 2027", "\(texts)")
        #expect(texts.contains("Stand-up") && texts.contains("9:30 AM – 9:45 AM · Room 4, upstairs"), "\(texts)")
        #expect(texts.contains("Long folded line that goes on and on"), "\(texts)")
    }

    /// A calendar that repeats without end from long ago costs a bounded
    /// expansion: from 1900 it is read (46,000 days), from the year 100 it
    /// is cut at the bound and the card says so; a file that is no calendar
    /// fails the reload.
    @Test func endlessRepetitionIsBoundedAndNonsenseFailsTheReload() async throws {
        let fixture = try await WallFixture(kinds: ["Calendar"], locale: "en_US")
        func calendar(_ start: String) -> FakeSources.Document {
            .init("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:daily\r\nSUMMARY:Daily\r\nDTSTART:\(start)T070000Z\r\nDTEND:\(start)T071000Z\r\n"
                  + "RRULE:FREQ=DAILY;COUNT=1000000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", contentType: "text/calendar")
        }
        fixture.sources.set(calendar("19000101"), at: "/calendars/century.ics")
        let century = try await fixture.timeline("Calendar", family: .accessoryInline, ["calendars": .list([fixture.calendarURL("century.ics")])])
        #expect(century.entries.contains { $0.date == Self.utc("2027-01-16T07:00:00Z") }, "still repeating in 2027")
        fixture.sources.set(calendar("01000101"), at: "/calendars/ancient.ics")
        let ancient = try await fixture.timeline("Calendar", family: .systemLarge, ["calendars": .list([fixture.calendarURL("ancient.ics")])])
        let texts = try #require(ancient.entries.first).view.texts
        #expect(texts.contains("“Daily” repeats more than 100000 times before this week: shown as far as that"), "\(texts)")
        fixture.sources.setFault(.body("<html>Log in</html>", contentType: "text/html"), for: "/calendars/login.ics")
        let error = await #expect(throws: (any Error).self) {
            try await fixture.timeline("Calendar", family: .systemSmall, ["calendars": .list([fixture.calendarURL("login.ics")])])
        }
        #expect(String(describing: error.map { $0 } as Any).contains("not an iCalendar file"), "\(String(describing: error))")
    }

    /// A CalDAV collection through the host, as Nextcloud or Radicale serve
    /// one: work.ics's events split into resources, one REPORT for the
    /// window, the password added by the host from its environment.
    static func calDAVFixture() async throws -> WallFixture {
        setenv("WH_TEST_CALDAV_PASSWORD", "correct horse", 1)
        return try await WallFixture(kinds: [], locale: "en_US") { sources, _ in
            """
              - kind: Calendar
                settings: {time_zone: Europe/Berlin}
                sandbox: {fetch: ["\(sources.host)"]}
                credentials:
                  - url: \(sources.base)/caldav/ann/
                    user: ann
                    password: {env: WH_TEST_CALDAV_PASSWORD}
            """
        }
    }

    /// work.ics's events, a resource for each UID as a CalDAV server keeps them.
    static func resources() throws -> [String: String] {
        let text = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Calendars/work.ics"), encoding: .utf8)
        var byUID: [String: [String]] = [:]
        for block in text.components(separatedBy: "BEGIN:VEVENT").dropFirst() {
            let event = "BEGIN:VEVENT" + block.components(separatedBy: "END:VEVENT")[0] + "END:VEVENT"
            let uid = event.firstMatch(of: /UID:([^\r\n]+)/).map { String($0.1) } ?? "none"
            byUID[uid, default: []].append(event)
        }
        return Dictionary(uniqueKeysWithValues: byUID.map { uid, events in
            ("\(uid).ics", (["BEGIN:VCALENDAR", "VERSION:2.0"] + events + ["END:VCALENDAR"]).joined(separator: "\r\n"))
        })
    }

    @Test func aCalDAVCollectionIsAskedForTheWindowWithThePasswordTheHostAdds() async throws {
        let fixture = try await Self.calDAVFixture()
        fixture.sources.setCollection(.init(resources: try Self.resources(), user: "ann", password: "correct horse"), at: "/caldav/ann/work/")
        let timeline = try await fixture.timeline("Calendar", family: .systemLarge, ["calendars": .list([.string(fixture.sources.base + "/caldav/ann/work/")]), "days": .int(7)])
        let texts = try #require(timeline.entries.first).view.texts.map(Self.plain)
        #expect(texts.contains("Stand-up") && texts.contains("9:30 AM – 9:45 AM · Room 4, upstairs"), "\(texts)")
        #expect(texts.contains("Long folded line that goes on and on"), "\(texts)")
        let moments = Set(timeline.entries.map(\.date))
        #expect(moments.contains(Self.utc("2027-01-20T10:00:00Z")), "Wednesday's stand-up, moved by its RECURRENCE-ID in another resource's place")
        #expect(!moments.contains(Self.utc("2027-01-18T08:30:00Z")), "EXDATE")
        let request = try #require(fixture.sources.requests(to: "/caldav/ann/work/").last)
        #expect(request.status == 207)
        // Friday's midnight in Berlin, and the end of the seven days and today.
        #expect(request.query == ["start": "20270114T230000Z", "end": "20270122T230000Z"])
        #expect(request.headers["authorization"] == "Basic " + Data("ann:correct horse".utf8).base64EncodedString())
        #expect(request.headers["depth"] == "1")
        #expect(try !fixture.kind("Calendar").entry.settings.values.joined().contains("correct horse"))
    }

    @Test func aWrongPasswordOrAnAnswerThatIsNoMultiStatusFailsTheReloadWithItsReason() async throws {
        let fixture = try await Self.calDAVFixture()
        fixture.sources.setCollection(.init(resources: try Self.resources(), user: "ann", password: "another"), at: "/caldav/ann/work/")
        let configuration: ConfigurationValues = ["calendars": .list([.string(fixture.sources.base + "/caldav/ann/work/")])]
        let refused = await #expect(throws: (any Error).self) { try await fixture.timeline("Calendar", family: .systemSmall, configuration) }
        #expect(String(describing: refused.map { $0 } as Any).contains("HTTP 401: the server wants credentials"), "\(String(describing: refused))")
        // Credentials go to their URL only: a collection elsewhere on the server is asked without them.
        fixture.sources.setCollection(.init(resources: [:], user: "bob", password: "correct horse"), at: "/caldav/bob/home/")
        _ = try? await fixture.timeline("Calendar", family: .systemSmall, ["calendars": .list([.string(fixture.sources.base + "/caldav/bob/home/")])])
        #expect(fixture.sources.requests(to: "/caldav/bob/home/").last?.headers["authorization"] == nil)
        for (hostile, reason) in [(String(repeating: "<d:a xmlns:d=\"DAV:\">", count: 10_000), "nested deeper than 16"),
                                  ("<html><body>Log in</body></html>", "not a CalDAV Multi-Status"), ("<d:multistatus", "not well-formed XML")] {
            fixture.sources.setFault(.body(hostile, contentType: "application/xml", status: 207), for: "/caldav/ann/work/")
            let error = await #expect(throws: (any Error).self) { try await fixture.timeline("Calendar", family: .systemSmall, configuration) }
            #expect(String(describing: error.map { $0 } as Any).contains(reason), "\(String(describing: error))")
        }
    }

    /// A collection with nothing in the window answers no calendar data: no
    /// error. An .ics file at an address ending in '/' refuses the REPORT
    /// (405), and is fetched.
    @Test func aQuietCollectionIsNoErrorAndAFileAtASlashIsFetched() async throws {
        let fixture = try await Self.calDAVFixture()
        fixture.sources.setCollection(.init(resources: [:], user: "ann", password: "correct horse"), at: "/caldav/ann/quiet/")
        let quiet = try await fixture.timeline("Calendar", family: .systemSmall, ["calendars": .list([.string(fixture.sources.base + "/caldav/ann/quiet/")])])
        #expect(fixture.sources.requests(to: "/caldav/ann/quiet/").map(\.status) == [207])
        #expect(!quiet.entries.isEmpty)
        let work = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Calendars/work.ics"), encoding: .utf8)
        fixture.sources.set(.init(work, contentType: "text/calendar"), at: "/events/ical/")
        let file = try await fixture.timeline("Calendar", family: .systemLarge, ["calendars": .list([.string(fixture.sources.base + "/events/ical/")])])
        #expect(fixture.sources.requests(to: "/events/ical/").map(\.status) == [405, 200])
        #expect(try #require(file.entries.first).view.texts.map(Self.plain).contains("Stand-up"))
        // Neither: the REPORT's refusal is named, not only what GET found.
        fixture.sources.set(.init("<html>Not here</html>", contentType: "text/html"), at: "/events/page/")
        let neither = await #expect(throws: (any Error).self) {
            try await fixture.timeline("Calendar", family: .systemSmall, ["calendars": .list([.string(fixture.sources.base + "/events/page/")])])
        }
        #expect(String(describing: neither.map { $0 } as Any).contains("the REPORT for a CalDAV collection got HTTP 405, and a GET no iCalendar file"),
                "\(String(describing: neither))")
    }
}
