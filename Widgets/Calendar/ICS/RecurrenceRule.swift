import Foundation

/// An RRULE (RFC 5545, 3.3.10) of the frequencies calendars use: DAILY,
/// WEEKLY, MONTHLY and YEARLY, with INTERVAL, COUNT, UNTIL, BYDAY (with
/// ordinals), BYMONTHDAY (from the end too), BYMONTH, BYSETPOS and WKST.
struct RecurrenceRule: Sendable, Equatable {
    enum Frequency: String, Sendable { case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY" }

    struct Unsupported: Error, LocalizedError {
        let part: String
        var errorDescription: String? { "RRULE \(part) is not supported" }
    }

    /// A weekday (1 Sunday … 7 Saturday, as `Calendar` counts) and, for
    /// MONTHLY and YEARLY, which of them (`2MO`, `-1FR`).
    struct Weekday: Sendable, Equatable {
        var weekday: Int
        var ordinal: Int?
    }

    var frequency: Frequency
    var interval = 1
    var count: Int?
    var until: ICSDate?
    var byDay: [Weekday] = []
    var byMonthDay: [Int] = []
    var byMonth: [Int] = []
    var bySetPosition: [Int] = []
    var weekStart = 2

    /// The most periods (days, weeks, months, years) one expansion steps
    /// through: an event repeating daily for 270 years, and no more.
    static let mostPeriods = 100_000

    static let weekdays = ["SU": 1, "MO": 2, "TU": 3, "WE": 4, "TH": 5, "FR": 6, "SA": 7]

    init(_ text: String) throws {
        var parts: [String: String] = [:]
        for part in text.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            parts[pair[0].uppercased()] = String(pair[1])
        }
        guard let name = parts["FREQ"], let frequency = Frequency(rawValue: name.uppercased()) else {
            throw Unsupported(part: "FREQ=\(parts["FREQ"] ?? "(none)")")
        }
        self.frequency = frequency
        for unsupported in ["BYHOUR", "BYMINUTE", "BYSECOND", "BYWEEKNO", "BYYEARDAY"] where parts[unsupported] != nil {
            throw Unsupported(part: unsupported)
        }
        if let text = parts["INTERVAL"] {
            guard let value = Int(text), value >= 1 else { throw Unsupported(part: "INTERVAL=\(text)") }
            interval = value
        }
        count = parts["COUNT"].flatMap(Int.init).map { max($0, 0) }
        until = parts["UNTIL"].flatMap { ICSDate($0) }
        func numbers(_ key: String, _ range: ClosedRange<Int>) throws -> [Int] {
            guard let text = parts[key] else { return [] }
            return try text.split(separator: ",").map {
                guard let value = Int($0), range.contains(abs(value)), value != 0 else { throw Unsupported(part: "\(key)=\(text)") }
                return value
            }
        }
        byMonthDay = try numbers("BYMONTHDAY", 1...31)
        byMonth = try numbers("BYMONTH", 1...12)
        bySetPosition = try numbers("BYSETPOS", 1...366)
        if let text = parts["BYDAY"] {
            byDay = try text.split(separator: ",").map { item in
                let code = String(item.suffix(2)).uppercased()
                guard let weekday = Self.weekdays[code] else { throw Unsupported(part: "BYDAY=\(text)") }
                let prefix = item.dropLast(2)
                guard prefix.isEmpty || Int(prefix) != nil else { throw Unsupported(part: "BYDAY=\(text)") }
                return Weekday(weekday: weekday, ordinal: prefix.isEmpty ? nil : Int(prefix))
            }
        }
        if let text = parts["WKST"], let weekday = Self.weekdays[text.uppercased()] { weekStart = weekday }
    }

    /// The starts of the occurrences after `start` (which is the first, and
    /// not among them), in `zone`'s wall-clock time, up to `end`, UNTIL or
    /// COUNT. `truncated` when the expansion stopped at `mostPeriods`.
    func occurrences(after start: Date, in zone: TimeZone, until end: Date) -> (starts: [Date], truncated: Bool) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        calendar.firstWeekday = weekStart
        let first = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: start)
        guard let year = first.year, let month = first.month, let day = first.day else { return ([], false) }
        let limit = until.flatMap { until in until.isDate ? until.date(in: zone).map { $0 + 86_399 } : until.date(in: zone) }
        var found: [Date] = []
        var counted = 1  // DTSTART is the first.
        for period in 0..<Self.mostPeriods {
            let days = candidates(period: period, year: year, month: month, day: day, start: start, calendar: calendar)
            for components in days {
                var moment = components
                moment.hour = first.hour
                moment.minute = first.minute
                moment.second = first.second
                guard let date = calendar.date(from: moment), date > start else { continue }
                if let limit, date > limit { return (found, false) }
                if let count, counted >= count { return (found, false) }
                if date > end { return (found, false) }
                counted += 1
                found.append(date)
            }
        }
        return (found, true)
    }

    /// The days (year, month, day) of period `period` the rule gives, in order.
    private func candidates(period: Int, year: Int, month: Int, day: Int, start: Date, calendar: Calendar) -> [DateComponents] {
        var days: [DateComponents] = []
        switch frequency {
        case .daily:
            guard let date = calendar.date(byAdding: .day, value: period * interval, to: calendar.startOfDay(for: start)) else { return [] }
            let components = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
            if matches(components) { days = [components] }
        case .weekly:
            guard let weekOfStart = calendar.dateInterval(of: .weekOfYear, for: start)?.start,
                  let week = calendar.date(byAdding: .day, value: 7 * period * interval, to: weekOfStart) else { return [] }
            let wanted = byDay.isEmpty ? [calendar.component(.weekday, from: start)] : byDay.map(\.weekday)
            for offset in 0..<7 {
                guard let date = calendar.date(byAdding: .day, value: offset, to: week) else { continue }
                let components = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
                if wanted.contains(components.weekday ?? 0), byMonth.isEmpty || byMonth.contains(components.month ?? 0) { days.append(components) }
            }
        case .monthly:
            let index = (month - 1) + period * interval
            let (thisYear, thisMonth) = (year + index / 12, index % 12 + 1)
            if byMonth.isEmpty || byMonth.contains(thisMonth) {
                days = daysOfMonth(year: thisYear, month: thisMonth, startDay: day, calendar: calendar)
            }
        case .yearly:
            let thisYear = year + period * interval
            if byMonth.isEmpty && byMonthDay.isEmpty && !byDay.isEmpty {
                days = weekdaysOfYear(thisYear, calendar: calendar)
            } else {
                for thisMonth in byMonth.isEmpty ? (byMonthDay.isEmpty ? [month] : Array(1...12)) : byMonth.sorted() {
                    days += daysOfMonth(year: thisYear, month: thisMonth, startDay: day, calendar: calendar)
                }
            }
        }
        return bySetPosition.isEmpty ? days : Self.positions(bySetPosition, of: days)
    }

    /// DAILY's filters: BYMONTH, BYMONTHDAY and BYDAY limit the days.
    private func matches(_ components: DateComponents) -> Bool {
        if !byMonth.isEmpty && !byMonth.contains(components.month ?? 0) { return false }
        if !byDay.isEmpty && !byDay.contains(where: { $0.weekday == components.weekday }) { return false }
        if !byMonthDay.isEmpty {
            guard let day = components.day, let year = components.year, let month = components.month else { return false }
            let length = Self.length(year: year, month: month)
            return byMonthDay.contains { $0 > 0 ? $0 == day : length + 1 + $0 == day }
        }
        return true
    }

    /// A month's days: BYMONTHDAY's, BYDAY's (nth in the month), both
    /// (BYDAY limits), or the start's day (none in a month too short).
    private func daysOfMonth(year: Int, month: Int, startDay: Int, calendar: Calendar) -> [DateComponents] {
        let length = Self.length(year: year, month: month)
        var numbers: [Int]
        if !byMonthDay.isEmpty {
            numbers = byMonthDay.map { $0 > 0 ? $0 : length + 1 + $0 }.filter { (1...length).contains($0) }
        } else if byDay.isEmpty {
            numbers = startDay <= length ? [startDay] : []
        } else {
            numbers = Array(1...length)
        }
        numbers = Array(Set(numbers)).sorted()
        guard !byDay.isEmpty else { return numbers.map { DateComponents(year: year, month: month, day: $0) } }
        // Each day's weekday, and which of that weekday it is from the start and the end.
        guard let first = calendar.date(from: DateComponents(year: year, month: month, day: 1)) else { return [] }
        let firstWeekday = calendar.component(.weekday, from: first)
        return numbers.filter { day in
            let weekday = (firstWeekday - 1 + day - 1) % 7 + 1
            let fromStart = (day - 1) / 7 + 1, fromEnd = -((length - day) / 7 + 1)
            return byDay.contains { $0.weekday == weekday && ($0.ordinal == nil || $0.ordinal == fromStart || $0.ordinal == fromEnd) }
        }.map { DateComponents(year: year, month: month, day: $0) }
    }

    /// YEARLY with BYDAY alone: the weekdays of the whole year, an ordinal
    /// counting within the year (`20MO`, the twentieth Monday).
    private func weekdaysOfYear(_ year: Int, calendar: Calendar) -> [DateComponents] {
        var result: [DateComponents] = []
        for weekday in byDay {
            var matching: [DateComponents] = []
            for month in 1...12 {
                for day in 1...Self.length(year: year, month: month) {
                    guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
                          calendar.component(.weekday, from: date) == weekday.weekday else { continue }
                    matching.append(DateComponents(year: year, month: month, day: day))
                }
            }
            if let ordinal = weekday.ordinal {
                let index = ordinal > 0 ? ordinal - 1 : matching.count + ordinal
                if matching.indices.contains(index) { result.append(matching[index]) }
            } else {
                result += matching
            }
        }
        return result.sorted { ($0.month!, $0.day!) < ($1.month!, $1.day!) }
    }

    /// BYSETPOS: the nth of a period's days, from the end when negative.
    static func positions(_ positions: [Int], of days: [DateComponents]) -> [DateComponents] {
        let picked = positions.compactMap { position -> Int? in
            let index = position > 0 ? position - 1 : days.count + position
            return days.indices.contains(index) ? index : nil
        }
        return Array(Set(picked)).sorted().map { days[$0] }
    }

    static func length(year: Int, month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
