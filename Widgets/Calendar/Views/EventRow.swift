import SwiftUI
import WidgetKit

/// An event: a bar in its calendar's colour, its title, and when.
struct EventRow: View {
    @Environment(\.locale) var locale
    let event: CalendarEvent
    let timeZone: TimeZone
    var showsDay = false

    var body: some View {
        HStack(alignment: .top, spacing: 6) {
            RoundedRectangle(cornerRadius: 2).fill(CalendarColors.color(for: event.calendar)).frame(width: 4, height: 30)
            VStack(alignment: .leading, spacing: 1) {
                Text(event.title).font(.subheadline).fontWeight(.semibold).lineLimit(1)
                Text(when).font(.caption).foregroundStyle(.secondary).lineLimit(1)
            }
            Spacer(minLength: 0)
        }
    }

    private var when: String {
        var style = Date.FormatStyle(date: .omitted, time: .shortened, locale: locale, calendar: Calendar(identifier: .gregorian), timeZone: timeZone)
        if showsDay { style = style.weekday(.abbreviated) }
        let time = event.isAllDay ? "All day" : "\(event.start.formatted(style)) – \(event.end.formatted(Date.FormatStyle(date: .omitted, time: .shortened, locale: locale, calendar: Calendar(identifier: .gregorian), timeZone: timeZone)))"
        let day = event.isAllDay && showsDay ? event.start.formatted(Date.FormatStyle(date: .omitted, time: .omitted, locale: locale, calendar: Calendar(identifier: .gregorian), timeZone: timeZone).weekday(.abbreviated)) + " · " : ""
        return day + time + (event.location.map { " · \($0)" } ?? "")
    }
}

/// A calendar's colour, the same for its name on every card.
enum CalendarColors {
    static let palette: [Color] = [.red, .blue, .green, .orange, .purple, .teal, .pink]

    static func color(for name: String) -> Color {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return palette[Int(hash % UInt64(palette.count))]
    }
}
