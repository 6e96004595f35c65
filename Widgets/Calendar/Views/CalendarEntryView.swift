import SwiftUI
import WidgetKit

struct CalendarEntryView: View {
    @Environment(\.widgetFamily) var family
    @Environment(\.locale) var locale
    let entry: CalendarEntry

    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = entry.timeZone
        return calendar
    }

    private var todays: [CalendarEvent] { entry.events.filter { calendar.isDate($0.start, inSameDayAs: entry.date) || ($0.start < entry.date && $0.end > entry.date) } }

    private func style() -> Date.FormatStyle {
        Date.FormatStyle(date: .omitted, time: .omitted, locale: locale, calendar: calendar, timeZone: entry.timeZone)
    }

    var body: some View {
        switch family {
        case .accessoryCircular:
            VStack(spacing: 0) {
                Text(entry.date.formatted(style().weekday(.abbreviated))).font(.caption2).textCase(.uppercase)
                Text(entry.date.formatted(style().day())).font(.title2).fontWeight(.semibold)
            }
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 1) {
                if let next = entry.events.first {
                    Text(next.title).font(.headline).lineLimit(1).widgetAccentable()
                    Text(next.isAllDay ? "All day" : next.start.formatted(Date.FormatStyle(date: .omitted, time: .shortened, locale: locale, calendar: calendar, timeZone: entry.timeZone)))
                        .font(.caption)
                    if let location = next.location { Text(location).font(.caption).foregroundStyle(.secondary).lineLimit(1) }
                } else {
                    Text("No more events").font(.headline)
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        case .accessoryInline:
            if let next = entry.events.first {
                Label("\(next.isAllDay ? "" : next.start.formatted(Date.FormatStyle(date: .omitted, time: .shortened, locale: locale, calendar: calendar, timeZone: entry.timeZone)) + " ")\(next.title)", systemImage: "calendar")
            } else {
                Label("No more events", systemImage: "calendar")
            }
        case .systemSmall:
            VStack(alignment: .leading, spacing: 4) {
                Text(entry.date.formatted(style().weekday(.wide))).font(.caption).fontWeight(.semibold).foregroundStyle(.red).textCase(.uppercase)
                Text(entry.date.formatted(style().day())).font(.system(size: 36, weight: .light))
                Spacer(minLength: 0)
                if let next = entry.events.first {
                    EventRow(event: next, timeZone: entry.timeZone, showsDay: !calendar.isDate(next.start, inSameDayAs: entry.date))
                } else {
                    Text("No more events").font(.caption).foregroundStyle(.secondary)
                }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        case .systemMedium:
            HStack(alignment: .top, spacing: 14) {
                VStack(alignment: .leading, spacing: 2) {
                    Text(entry.date.formatted(style().weekday(.wide))).font(.caption).fontWeight(.semibold).foregroundStyle(.red).textCase(.uppercase)
                    Text(entry.date.formatted(style().day())).font(.system(size: 40, weight: .light))
                    Spacer(minLength: 0)
                    Text(todays.isEmpty ? "No events today" : todays.count == 1 ? "1 event today" : "\(todays.count) events today")
                        .font(.caption2).foregroundStyle(.secondary)
                }
                .frame(width: 96, alignment: .leading)
                VStack(alignment: .leading, spacing: 8) {
                    ForEach(entry.events.prefix(3), id: \.self) { event in
                        EventRow(event: event, timeZone: entry.timeZone, showsDay: !calendar.isDate(event.start, inSameDayAs: entry.date))
                    }
                    if entry.events.isEmpty { Text("No more events").font(.subheadline).foregroundStyle(.secondary) }
                    Spacer(minLength: 0)
                }
            }
        default:
            VStack(alignment: .leading, spacing: 6) {
                Text(entry.date.formatted(style().month(.wide).year())).font(.headline)
                MonthGrid(date: entry.date, timeZone: entry.timeZone,
                          busyDays: Set(entry.events.filter { calendar.isDate($0.start, equalTo: entry.date, toGranularity: .month) }.map { calendar.component(.day, from: $0.start) }))
                Divider()
                ForEach(entry.events.prefix(3), id: \.self) { event in
                    EventRow(event: event, timeZone: entry.timeZone, showsDay: !calendar.isDate(event.start, inSameDayAs: entry.date))
                }
                if entry.events.isEmpty { Text("No more events").font(.subheadline).foregroundStyle(.secondary) }
                Spacer(minLength: 0)
                if let problem = entry.problems.first {
                    Label(entry.problems.count == 1 ? problem : "\(entry.problems.count) problems: \(problem)", systemImage: "exclamationmark.triangle")
                        .font(.caption2).foregroundStyle(.secondary).lineLimit(2)
                }
            }
        }
    }
}
