import Foundation
import WidgetSDK

/// What `Text(date, style:)` reads at a given moment, as SwiftUI writes it.
/// Formatted in the host's time zone and the POSIX locale, so a card reads
/// the same on every machine with the same clock and zone.
enum DateText {
    static func string(_ date: Date, style: Text.DateStyle, now: Date) -> String {
        let seconds = date.timeIntervalSince(now)
        switch style {
        case .timer:
            let total = Int(abs(seconds).rounded(.down))
            let (hours, minutes, rest) = (total / 3_600, total / 60 % 60, total % 60)
            return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
        case .relative:
            return units(abs(seconds), abbreviated: true).joined(separator: ", ")
        case .offset:
            let first = units(abs(seconds), abbreviated: false).first ?? "0 seconds"
            return (seconds < 0 ? "-" : "+") + first
        case .date:
            return date.formatted(Date.FormatStyle(date: .long, time: .omitted, locale: Locale(identifier: "en_US_POSIX"), timeZone: .current))
        case .time:
            return date.formatted(Date.FormatStyle(date: .omitted, time: .shortened, locale: Locale(identifier: "en_US_POSIX"), timeZone: .current))
        }
    }

    /// The two largest non-zero units: "2 hr", "15 min" or "2 hours".
    private static func units(_ interval: TimeInterval, abbreviated: Bool) -> [String] {
        let total = Int(interval.rounded(.down))
        let parts: [(Int, String, String)] = [
            (total / 86_400, "day", "day"), (total / 3_600 % 24, "hr", "hour"),
            (total / 60 % 60, "min", "minute"), (total % 60, "sec", "second"),
        ]
        let shown = parts.drop { $0.0 == 0 }.prefix(2).filter { $0.0 > 0 }
        guard !shown.isEmpty else { return [abbreviated ? "0 sec" : "0 seconds"] }
        return shown.map { count, short, long in
            abbreviated ? "\(count) \(short)" : "\(count) \(long)\(count == 1 ? "" : "s")"
        }
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
