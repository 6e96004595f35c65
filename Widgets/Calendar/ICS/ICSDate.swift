import Foundation

/// A DATE or DATE-TIME value (RFC 5545, 3.3.4 and 3.3.5): a day, a time in
/// UTC (`Z`), a time in a named zone (`TZID=`), or a floating time, which is
/// the reader's wherever they are.
struct ICSDate: Sendable, Hashable {
    enum Zone: Sendable, Hashable {
        case utc
        case named(TimeZone)
        /// The reader's zone: a floating time or a day.
        case floating
    }

    var year: Int, month: Int, day: Int
    var hour = 0, minute = 0, second = 0
    var isDate: Bool
    var zone: Zone

    /// `20270115`, `20270115T090000`, `20270115T090000Z`; nil for anything else.
    init?(_ value: String, tzid: String? = nil, isDate forcedDate: Bool = false) {
        let text = value.trimmingCharacters(in: .whitespaces)
        let digits = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= digits.count else { return nil }
            var result = 0
            for byte in digits[range] {
                guard (48...57).contains(byte) else { return nil }
                result = result * 10 + Int(byte - 48)
            }
            return result
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8), (1...12).contains(month), (1...31).contains(day) else {
            return nil
        }
        self.year = year
        self.month = month
        self.day = day
        if digits.count == 8 || forcedDate {
            isDate = true
            zone = .floating
            return
        }
        guard digits.count >= 15, digits[8] == UInt8(ascii: "T"), let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
              hour < 24, minute < 60, second <= 60 else { return nil }
        self.hour = hour
        self.minute = minute
        self.second = min(second, 59)
        isDate = false
        if digits.count == 16 && digits[15] == UInt8(ascii: "Z") {
            zone = .utc
        } else if let tzid, let named = Self.timeZone(tzid) {
            zone = .named(named)
        } else {
            zone = .floating
        }
    }

    /// The moment, with floating times and days in `reader`.
    func date(in reader: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        switch zone {
        case .utc: calendar.timeZone = TimeZone(identifier: "UTC")!
        case .named(let named): calendar.timeZone = named
        case .floating: calendar.timeZone = reader
        }
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
    }

    /// The zone the event's times repeat in: its own, else the reader's.
    func repeatingZone(reader: TimeZone) -> TimeZone {
        switch zone {
        case .utc: TimeZone(identifier: "UTC")!
        case .named(let named): named
        case .floating: reader
        }
    }

    /// Outlook's zone names, for the zones most calendars are in.
    static let windowsZones: [String: String] = [
        "W. Europe Standard Time": "Europe/Berlin", "Romance Standard Time": "Europe/Paris", "GMT Standard Time": "Europe/London",
        "Central Europe Standard Time": "Europe/Budapest", "Central European Standard Time": "Europe/Warsaw", "E. Europe Standard Time": "Europe/Chisinau",
        "FLE Standard Time": "Europe/Kiev", "Eastern Standard Time": "America/New_York", "Central Standard Time": "America/Chicago",
        "Mountain Standard Time": "America/Denver", "Pacific Standard Time": "America/Los_Angeles", "Tokyo Standard Time": "Asia/Tokyo",
        "India Standard Time": "Asia/Kolkata", "China Standard Time": "Asia/Shanghai", "AUS Eastern Standard Time": "Australia/Sydney",
        "UTC": "UTC", "Coordinated Universal Time": "UTC",
    ]

    /// An IANA name, an Outlook name, or a path ending in an IANA name
    /// (`/mozilla.org/20050126_1/Europe/Berlin`).
    static func timeZone(_ tzid: String) -> TimeZone? {
        if let zone = TimeZone(identifier: tzid) { return zone }
        if let mapped = windowsZones[tzid], let zone = TimeZone(identifier: mapped) { return zone }
        let parts = tzid.split(separator: "/")
        for count in [3, 2, 1] where parts.count >= count {
            if let zone = TimeZone(identifier: parts.suffix(count).joined(separator: "/")) { return zone }
        }
        return nil
    }
}
