import AppIntents
import Foundation
import WidgetKit

struct CalendarIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Calendar"
    static let description: IntentDescription = "Today and the next events of one or more calendars."

    /// iCalendar (`.ics`) addresses, and CalDAV collections (ending in `/`); `webcal://` is read as `https://`.
    @Parameter(title: "Calendars", default: [])
    var calendars: [String]

    @Parameter(title: "Days ahead", default: 14)
    var days: Int

    init() {}
}

/// Every calendar's events in the window, and an entry at each moment the
/// card changes: each event's start and end, and each midnight, so the
/// widget moves on exactly when the day does, without another request.
struct CalendarProvider: AppIntentTimelineProvider {
    /// The most entries a timeline carries (WidgetKit's budget is the host's).
    static let mostEntries = 200

    func placeholder(in context: Context) async -> CalendarEntry {
        CalendarEntry(date: context.date, events: CalendarEvent.samples(at: context.date), timeZoneIdentifier: TimeZone.current.identifier)
    }

    func snapshot(for configuration: CalendarIntent, in context: Context) async -> CalendarEntry {
        await placeholder(in: context)
    }

    func timeline(for configuration: CalendarIntent, in context: Context) async throws -> Timeline<CalendarEntry> {
        let zone = context.settings["time_zone"].flatMap(TimeZone.init(identifier:)) ?? TimeZone.current
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let today = calendar.startOfDay(for: context.date)
        let days = min(max(configuration.days, 1), 62)
        let window = DateInterval(start: today, end: calendar.date(byAdding: .day, value: days + 1, to: today) ?? today + Double(days + 1) * 86_400)
        var events: [CalendarEvent] = []
        var problems: [String] = []
        var failures: [String] = []
        for text in configuration.calendars.prefix(10) {
            let address = text.hasPrefix("webcal://") ? "https://" + text.dropFirst("webcal://".count) : text
            guard let url = URL(string: address), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
                failures.append("\(text): not an http(s) or webcal address")
                continue
            }
            do {
                // A collection (its path ends in '/') is asked with CalDAV's REPORT; a file is fetched.
                // (URL.path drops a final '/'; its components keep it.)
                var isCollection = URLComponents(url: url, resolvingAgainstBaseURL: false)?.path.hasSuffix("/") ?? false
                var (data, response) = try await URLSession.shared.data(for: isCollection ? CalDAVQuery(collection: url, window: window).request : URLRequest(url: url))
                // An .ics file at an address ending in '/' (Meetup's) refuses the REPORT: it is fetched.
                var refused: Int?
                if isCollection, let status = (response as? HTTPURLResponse)?.statusCode, [400, 405, 501].contains(status) {
                    (isCollection, refused) = (false, status)
                    (data, response) = try await URLSession.shared.data(for: URLRequest(url: url))
                }
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                guard status == (isCollection ? 207 : 200) else {
                    throw ICSCalendar.Unreadable(reason: status == 401 ? "HTTP 401: the server wants credentials (widgets[].credentials)" : "HTTP \(status)")
                }
                // Neither a collection (its REPORT refused) nor a file (what GET sent is none): both answers count.
                if let refused, !String(decoding: data.prefix(64), as: UTF8.self).contains("BEGIN:VCALENDAR") {
                    throw ICSCalendar.Unreadable(reason: "the REPORT for a CalDAV collection got HTTP \(refused), and a GET no iCalendar file")
                }
                let text = isCollection ? try CalDAVQuery.calendarData(data) : String(decoding: data, as: UTF8.self)
                // A collection with nothing in the window answers no calendar data: a quiet week, not an error.
                if isCollection, text.isEmpty { continue }
                let parsed = try ICSCalendar(text)
                let fallbackName = isCollection ? url.lastPathComponent.removingPercentEncoding : url.host
                let read = parsed.occurrences(in: window, reader: zone, calendarName: parsed.name ?? fallbackName ?? "Calendar")
                events += read.events
                problems += read.problems
            } catch {
                failures.append("\(url.host ?? text): \((error as? any LocalizedError)?.errorDescription ?? "\(error)")")
            }
        }
        if !configuration.calendars.isEmpty && failures.count == min(configuration.calendars.count, 10) {
            throw ICSCalendar.Unreadable(reason: failures.joined(separator: "; "))
        }
        events.sort { ($0.start, $0.title) < ($1.start, $1.title) }
        // The moments the card changes: now, each start and end, each midnight.
        var moments = Set([context.date])
        for event in events {
            for moment in [event.start, event.end] where moment > context.date && moment < window.end { moments.insert(moment) }
        }
        var midnight = today
        while let next = calendar.date(byAdding: .day, value: 1, to: midnight), next < window.end {
            moments.insert(next)
            midnight = next
        }
        let entries = moments.sorted().prefix(Self.mostEntries).map { moment in
            CalendarEntry(date: moment, events: Array(events.filter { $0.end > moment || ($0.end == $0.start && $0.start >= moment) }.prefix(30)),
                          timeZoneIdentifier: zone.identifier, problems: problems + failures)
        }
        return Timeline(entries: entries, policy: .after(context.date.addingTimeInterval(30 * 60)))
    }
}

extension CalendarEvent {
    /// The gallery's day: a stand-up, lunch, a review and tomorrow's holiday.
    static func samples(at date: Date) -> [CalendarEvent] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        let today = calendar.startOfDay(for: date)
        func at(_ hours: Double) -> Date { today + hours * 3_600 }
        return [
            CalendarEvent(uid: "1", title: "Stand-up", location: "Room 4", start: at(9.5), end: at(9.75), isAllDay: false, calendar: "Work"),
            CalendarEvent(uid: "2", title: "Lunch with Ann", location: nil, start: at(12.5), end: at(13.5), isAllDay: false, calendar: "Home"),
            CalendarEvent(uid: "3", title: "Design review", location: "Studio", start: at(15), end: at(16), isAllDay: false, calendar: "Work"),
            CalendarEvent(uid: "4", title: "Holiday", location: nil, start: at(24), end: at(48), isAllDay: true, calendar: "Home"),
        ]
    }
}
