import Foundation

/// Foundation's `DateComponentsFormatter`, which swift-corelibs-foundation
/// declares unavailable, as widgets use it for durations: "1:02:05",
/// "1h 2m", "1 hr, 2 min", "1 hour, 2 minutes", in English. `import
/// WidgetKit`, `SwiftUI` or `AppIntents` brings this class in place of
/// Foundation's, as they bring `UserDefaults`. Months are 30 days and years
/// 365, as a duration without a calendar date must count them.
open class DateComponentsFormatter: @unchecked Sendable {
    /// How the units are written.
    public enum UnitsStyle: Int, Sendable {
        /// "1:02:05".
        case positional
        /// "1h 2m 5s".
        case abbreviated
        /// "1 hr, 2 min, 5 sec".
        case short
        /// "1 hour, 2 minutes, 5 seconds".
        case full
        /// "one hour, two minutes, five seconds".
        case spellOut
        /// "1hr 2min 5sec".
        case brief
    }

    /// Which units are shown when they are zero.
    public struct ZeroFormattingBehavior: OptionSet, Sendable {
        /// The raw bits.
        public let rawValue: UInt
        /// Options from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Positional: leading zeros dropped; otherwise every zero dropped.
        public static let `default` = ZeroFormattingBehavior([])
        /// Zero units before the first non-zero one are dropped.
        public static let dropLeading = ZeroFormattingBehavior(rawValue: 1)
        /// Zero units between non-zero ones are dropped.
        public static let dropMiddle = ZeroFormattingBehavior(rawValue: 2)
        /// Zero units after the last non-zero one are dropped.
        public static let dropTrailing = ZeroFormattingBehavior(rawValue: 4)
        /// Every zero unit is dropped.
        public static let dropAll: ZeroFormattingBehavior = [.dropLeading, .dropMiddle, .dropTrailing]
        /// Zero units are shown, positional ones padded to two digits.
        public static let pad = ZeroFormattingBehavior(rawValue: 0x10000)
    }

    /// How the units are written; positional by default.
    open var unitsStyle: UnitsStyle = .positional
    /// The units shown, largest first; by default every unit the duration needs.
    open var allowedUnits: NSCalendar.Unit = []
    /// Which zero units are shown.
    open var zeroFormattingBehavior: ZeroFormattingBehavior = .default
    /// At most this many units, the largest (0: no limit).
    open var maximumUnitCount = 0
    /// "About " before the text.
    open var includesApproximationPhrase = false
    /// " remaining" after the text.
    open var includesTimeRemainingPhrase = false
    /// Accepted; the smallest unit is always whole.
    open var allowsFractionalUnits = false
    /// Accepted and ignored.
    open var collapsesLargestUnit = false
    /// Accepted; durations count months as 30 days and years as 365.
    open var calendar: Calendar?

    /// A formatter: positional, every needed unit.
    public init() {}

    private static let units: [(unit: NSCalendar.Unit, seconds: Double, names: (abbreviated: String, short: String, full: String, brief: String))] = [
        (.year, 31_536_000, ("y", "yr", "year", "yr")),
        (.month, 2_592_000, ("mo", "mth", "month", "mth")),
        (.weekOfMonth, 604_800, ("w", "wk", "week", "wk")),
        (.day, 86_400, ("d", "day", "day", "day")),
        (.hour, 3_600, ("h", "hr", "hour", "hr")),
        (.minute, 60, ("m", "min", "minute", "min")),
        (.second, 1, ("s", "sec", "second", "sec")),
    ]

    /// `interval` as a duration; nil for one that is not finite.
    open func string(from interval: TimeInterval) -> String? {
        guard interval.isFinite else { return nil }
        let negative = interval < 0
        var remaining = abs(interval).rounded(.down)
        var allowed = Self.units.filter { allowedUnits.contains($0.unit) }
        if allowed.isEmpty {
            allowed = Self.units.filter { [.day, .hour, .minute, .second].contains($0.unit) }
        }
        var values: [(index: Int, value: Int)] = []
        for (index, unit) in allowed.enumerated() {
            let value = (remaining / unit.seconds).rounded(.down)
            remaining -= value * unit.seconds
            values.append((index, Int(value)))
        }
        let text = unitsStyle == .positional ? positional(values) : spelled(values, allowed)
        guard let text else { return nil }
        var result = (negative ? "-" : "") + text
        if includesApproximationPhrase { result = "About " + result }
        if includesTimeRemainingPhrase { result += " remaining" }
        return result
    }

    /// The time from `start` to `end`.
    open func string(from start: Date, to end: Date) -> String? {
        string(from: end.timeIntervalSince(start))
    }

    /// Components as a duration (their sum, months of 30 days).
    open func string(from components: DateComponents) -> String? {
        let parts: [(Int?, Double)] = [(components.year, 31_536_000), (components.month, 2_592_000), (components.weekOfMonth, 604_800),
                                       (components.day, 86_400), (components.hour, 3_600), (components.minute, 60), (components.second, 1)]
        return string(from: parts.reduce(0.0) { $0 + Double($1.0 ?? 0) * $1.1 })
    }

    private func positional(_ values: [(index: Int, value: Int)]) -> String? {
        var shown = values
        if !zeroFormattingBehavior.contains(.pad) {
            // Leading zero units go, but minutes stay before seconds ("0:05").
            while shown.count > 2, shown.first?.value == 0 { shown.removeFirst() }
        }
        if maximumUnitCount > 0 { shown = Array(shown.prefix(max(maximumUnitCount, 1))) }
        guard !shown.isEmpty else { return nil }
        return shown.enumerated().map { position, part in
            position == 0 && !zeroFormattingBehavior.contains(.pad) ? "\(part.value)" : String(format: "%02d", part.value)
        }.joined(separator: ":")
    }

    private func spelled(_ values: [(index: Int, value: Int)], _ allowed: [(unit: NSCalendar.Unit, seconds: Double, names: (abbreviated: String, short: String, full: String, brief: String))]) -> String? {
        var shown = zeroFormattingBehavior.contains(.pad) ? values : values.filter { $0.value != 0 }
        if shown.isEmpty, let last = values.last { shown = [last] }
        if maximumUnitCount > 0 { shown = Array(shown.prefix(maximumUnitCount)) }
        let parts = shown.map { part -> String in
            let names = allowed[part.index].names
            switch unitsStyle {
            case .abbreviated: return "\(part.value)\(names.abbreviated)"
            case .brief: return "\(part.value)\(names.brief)"
            case .short: return "\(part.value) \(names.short)"
            case .full, .positional: return "\(part.value) \(names.full)\(part.value == 1 ? "" : "s")"
            case .spellOut:
                let number = NumberFormatter()
                number.numberStyle = .spellOut
                number.locale = Locale(identifier: "en_US")
                return "\(number.string(from: NSNumber(value: part.value)) ?? "\(part.value)") \(names.full)\(part.value == 1 ? "" : "s")"
            }
        }
        return parts.joined(separator: unitsStyle == .abbreviated || unitsStyle == .brief ? " " : ", ")
    }
}
