import Foundation
import WidgetSDK

/// What `Text(date, style:)` reads at a given moment, as SwiftUI writes it:
/// in the host's time zone and the locale of the manifest's `locale:` (or
/// the host's own `LANG`), `en_US_POSIX` when neither names one, so a card
/// reads the same on every machine with the same clock, zone and locale.
enum DateText {
    /// A date as a text shows it.
    struct Key: Hashable, Sendable {
        let date: Date
        let style: Text.DateStyle
    }

    static func string(_ date: Date, style: Text.DateStyle, now: Date, locale: Locale) -> String {
        let seconds = date.timeIntervalSince(now)
        switch style {
        case .timer:
            let total = Int(abs(seconds).rounded(.down))
            let (hours, minutes, rest) = (total / 3_600, total / 60 % 60, total % 60)
            return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
        case .relative:
            return units(abs(seconds), width: .abbreviated, count: 2, locale: locale)
        case .offset:
            return (seconds < 0 ? "-" : "+") + units(abs(seconds), width: .wide, count: 1, locale: locale)
        case .date:
            return date.formatted(Date.FormatStyle(date: .long, time: .omitted, locale: locale, timeZone: .current))
        case .time:
            return date.formatted(Date.FormatStyle(date: .omitted, time: .shortened, locale: locale, timeZone: .current))
        }
    }

    /// The largest non-zero units, whole: "2 hr, 5 min", "2 Std., 5 Min.", "2 hours".
    static func units(_ interval: TimeInterval, width: Duration.UnitsFormatStyle.UnitWidth, count: Int, locale: Locale) -> String {
        let seconds = Int64(min(interval, 9e15).rounded(.down))
        if usEnglish.contains(locale.identifier), width == .abbreviated || width == .wide {
            return englishUnits(seconds, abbreviated: width == .abbreviated, count: count)
        }
        let whole = Duration.seconds(seconds)
        let style = Duration.UnitsFormatStyle(allowedUnits: [.days, .hours, .minutes, .seconds], width: width,
                                              maximumUnitCount: count, zeroValueUnits: .hide,
                                              fractionalPart: .hide(rounded: .towardZero))
        return whole.formatted(style.locale(locale))
    }

    /// The locales `englishUnits` writes as ICU does, which a ticking card
    /// redraws each second: ICU takes about 30 µs a text, this 1 µs.
    /// `TimeAndRedactionTests` holds the two to the same output.
    static let usEnglish: Set<String> = ["en_US_POSIX", "en_US"]

    /// US English's units as ICU writes them: "1 day, 2 hr", "2 hours".
    static func englishUnits(_ total: Int64, abbreviated: Bool, count: Int) -> String {
        let parts: [(Int64, String, String)] = [
            (total / 86_400, "day", "day"), (total / 3_600 % 24, "hr", "hour"),
            (total / 60 % 60, "min", "minute"), (total % 60, "sec", "second"),
        ]
        let shown = parts.filter { $0.0 > 0 }.prefix(count)
        guard !shown.isEmpty else { return abbreviated ? "0 sec" : "0 seconds" }
        return shown.map { value, short, long in
            let unit = abbreviated ? short : long
            return "\(value) \(unit)\(value == 1 || (abbreviated && unit != "day") ? "" : "s")"
        }.joined(separator: ", ")
    }
}

extension ViewNode {
    /// Whether the view shows text that changes by the second or minute
    /// without a new entry (`.timer`, `.relative`, `.offset`), so views of
    /// it are drawn again as time passes.
    package var ticks: Bool {
        var stack = [self]
        while let node = stack.popLast() {
            if case .date(_, let style) = node.content, [.timer, .relative, .offset].contains(style) { return true }
            stack.append(contentsOf: node.children)
        }
        return false
    }
}
