import SwiftUI
import WidgetKit

/// The month of `date`: weekday initials, the days in weeks, today ringed
/// and days with events dotted.
struct MonthGrid: View {
    @Environment(\.locale) var locale
    let date: Date
    let timeZone: TimeZone
    let busyDays: Set<Int>

    var body: some View {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = locale
        let today = calendar.component(.day, from: date)
        let first = calendar.date(from: calendar.dateComponents([.year, .month], from: date)) ?? date
        let length = calendar.range(of: .day, in: .month, for: date)?.count ?? 30
        let leading = (calendar.component(.weekday, from: first) - calendar.firstWeekday + 7) % 7
        let cells = Array(repeating: 0, count: leading) + Array(1...length)
        let symbols = calendar.veryShortStandaloneWeekdaySymbols
        let ordered = Array(symbols[(calendar.firstWeekday - 1)...] + symbols[..<(calendar.firstWeekday - 1)])
        return VStack(spacing: 3) {
            HStack(spacing: 0) {
                ForEach(Array(ordered.enumerated()), id: \.offset) { _, symbol in
                    Text(symbol).font(.caption2).fontWeight(.semibold).foregroundStyle(.secondary).frame(maxWidth: .infinity)
                }
            }
            ForEach(0..<((cells.count + 6) / 7), id: \.self) { week in
                HStack(spacing: 0) {
                    ForEach(0..<7, id: \.self) { column in
                        let index = week * 7 + column
                        let day = index < cells.count ? cells[index] : 0
                        VStack(spacing: 1) {
                            if day == 0 {
                                Text(" ").font(.caption)
                            } else if day == today {
                                Text("\(day)").font(.caption).fontWeight(.bold).foregroundStyle(.white)
                                    .frame(width: 20, height: 18).background(Circle().fill(Color.red))
                            } else {
                                Text("\(day)").font(.caption).frame(height: 18)
                            }
                            Circle().fill(busyDays.contains(day) && day != 0 ? Color.secondary : Color.clear).frame(width: 3, height: 3)
                        }
                        .frame(maxWidth: .infinity)
                    }
                }
            }
        }
    }
}
