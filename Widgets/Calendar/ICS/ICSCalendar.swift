import Foundation

/// An iCalendar file's events (RFC 5545): each VEVENT with its recurrence
/// (RRULE, RDATE, EXDATE) and the occurrences moved or cancelled by events
/// of the same UID with a RECURRENCE-ID.
struct ICSCalendar: Sendable {
    struct Unreadable: Error, LocalizedError {
        let reason: String
        var errorDescription: String? { reason }
    }

    struct Event: Sendable {
        var uid = ""
        var summary = ""
        var location: String?
        var start: ICSDate?
        var end: ICSDate?
        var duration: DateComponents?
        var rule: String?
        var exceptions: [ICSDate] = []
        var additions: [ICSDate] = []
        var recurrenceID: ICSDate?
        var isCancelled = false
    }

    /// The most events a file may hold: a calendar of twenty years of
    /// meetings has a few thousand.
    static let mostEvents = 10_000
    /// The most occurrences a window keeps, soonest first.
    static let mostOccurrences = 1_000

    var name: String?
    var events: [Event] = []

    init(_ text: String) throws {
        var current: Event?
        var depth = 0
        for line in ContentLine.lines(text) {
            switch line.name {
            case "BEGIN":
                depth += 1
                if line.value.uppercased() == "VEVENT" { current = Event() }
            case "END":
                depth -= 1
                if line.value.uppercased() == "VEVENT", let event = current {
                    guard events.count < Self.mostEvents else { throw Unreadable(reason: "more than \(Self.mostEvents) events") }
                    if event.start != nil { events.append(event) }
                    current = nil
                }
            case "X-WR-CALNAME" where current == nil:
                name = line.text
            default:
                guard current != nil else { continue }
                Self.read(line, into: &current!)
            }
        }
        guard depth == 0 || !events.isEmpty else { throw Unreadable(reason: "not an iCalendar file") }
        if events.isEmpty && !text.contains("BEGIN:VCALENDAR") { throw Unreadable(reason: "not an iCalendar file (no BEGIN:VCALENDAR)") }
    }

    private static func read(_ line: ContentLine, into event: inout Event) {
        let tzid = line.parameters["TZID"]
        let isDate = line.parameters["VALUE"]?.uppercased() == "DATE"
        func dates() -> [ICSDate] { line.value.split(separator: ",").compactMap { ICSDate(String($0), tzid: tzid, isDate: isDate) } }
        switch line.name {
        case "UID": event.uid = line.text
        case "SUMMARY": event.summary = line.text
        case "LOCATION": event.location = line.text.isEmpty ? nil : line.text
        case "DTSTART": event.start = ICSDate(line.value, tzid: tzid, isDate: isDate)
        case "DTEND": event.end = ICSDate(line.value, tzid: tzid, isDate: isDate)
        case "DURATION": event.duration = duration(line.value)
        case "RRULE": event.rule = line.value
        case "EXDATE": event.exceptions += dates()
        case "RDATE": event.additions += dates()
        case "RECURRENCE-ID": event.recurrenceID = ICSDate(line.value, tzid: tzid, isDate: isDate)
        case "STATUS": event.isCancelled = line.value.uppercased() == "CANCELLED"
        default: break
        }
    }

    /// `P1D`, `PT1H30M`, `P2W`; nil for anything else.
    static func duration(_ text: String) -> DateComponents? {
        var rest = Substring(text.uppercased())
        let negative = rest.hasPrefix("-")
        if rest.hasPrefix("-") || rest.hasPrefix("+") { rest = rest.dropFirst() }
        guard rest.hasPrefix("P") else { return nil }
        rest = rest.dropFirst()
        var components = DateComponents(day: 0, hour: 0, minute: 0, second: 0)
        var number = 0
        var inTime = false
        for character in rest {
            if let digit = character.wholeNumberValue {
                number = number * 10 + digit
                guard number < 1_000_000 else { return nil }
                continue
            }
            let value = negative ? -number : number
            switch character {
            case "T": inTime = true
            case "W": components.day! += 7 * value
            case "D": components.day! += value
            case "H" where inTime: components.hour = value
            case "M" where inTime: components.minute = value
            case "S" where inTime: components.second = value
            default: return nil
            }
            number = 0
        }
        return components
    }

    /// The occurrences that overlap `window`, in `reader`'s zone for
    /// floating times and days, soonest first, and what could not be read.
    func occurrences(in window: DateInterval, reader: TimeZone, calendarName: String) -> (events: [CalendarEvent], problems: [String]) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = reader
        var problems: [String] = []
        var found: [CalendarEvent] = []
        let overrides = Dictionary(grouping: events.filter { $0.recurrenceID != nil }, by: \.uid)
        for event in events where event.recurrenceID == nil {
            guard let startValue = event.start, let start = startValue.date(in: reader) else { continue }
            let zone = startValue.repeatingZone(reader: reader)
            let isAllDay = startValue.isDate
            // How long each occurrence lasts: days for a day's event, so a
            // change of clocks does not make it end at 1 a.m.
            let end: (Date) -> Date
            if isAllDay {
                let days = event.end.flatMap { $0.date(in: reader) }.map { calendar.dateComponents([.day], from: start, to: $0).day ?? 1 }
                    ?? event.duration?.day ?? 1
                end = { calendar.date(byAdding: .day, value: max(days, 1), to: $0) ?? $0 + 86_400 }
            } else if let finish = event.end?.date(in: reader) {
                let length = max(finish.timeIntervalSince(start), 0)
                end = { $0 + length }
            } else if let duration = event.duration {
                end = { calendar.date(byAdding: duration, to: $0) ?? $0 }
            } else {
                end = { $0 }
            }
            var starts = [start]
            if let text = event.rule {
                do {
                    let rule = try RecurrenceRule(text)
                    let (more, truncated) = rule.occurrences(after: start, in: zone, until: window.end)
                    starts += more
                    if truncated { problems.append("“\(event.summary)” repeats more than \(RecurrenceRule.mostPeriods) times before this week: shown as far as that") }
                } catch {
                    problems.append("“\(event.summary)”: \((error as? any LocalizedError)?.errorDescription ?? "\(error)")")
                }
            }
            starts += event.additions.compactMap { $0.date(in: reader) }
            let moved = overrides[event.uid] ?? []
            func same(_ date: Date, _ other: ICSDate) -> Bool {
                guard let instant = other.date(in: reader) else { return false }
                return isAllDay || other.isDate ? calendar.isDate(date, inSameDayAs: instant) : instant == date
            }
            starts = starts.filter { date in
                !event.exceptions.contains { same(date, $0) } && !moved.contains { $0.recurrenceID.map { same(date, $0) } ?? false }
            }
            for date in Set(starts) {
                let finish = end(date)
                guard finish > window.start || (finish == date && date >= window.start), date < window.end else { continue }
                found.append(CalendarEvent(uid: event.uid, title: event.summary, location: event.location, start: date, end: finish,
                                           isAllDay: isAllDay, calendar: calendarName))
            }
            for override in moved where !override.isCancelled {
                guard let date = override.start?.date(in: reader) else { continue }
                let finish = override.end?.date(in: reader) ?? override.duration.flatMap { calendar.date(byAdding: $0, to: date) } ?? end(date)
                guard finish > window.start, date < window.end else { continue }
                found.append(CalendarEvent(uid: event.uid, title: override.summary.isEmpty ? event.summary : override.summary,
                                           location: override.location ?? event.location, start: date, end: finish,
                                           isAllDay: override.start?.isDate ?? isAllDay, calendar: calendarName))
            }
        }
        found.sort { ($0.start, $0.isAllDay ? 0 : 1, $0.title) < ($1.start, $1.isAllDay ? 0 : 1, $1.title) }
        return (Array(found.prefix(Self.mostOccurrences)), problems)
    }
}
