import Foundation
import WidgetSDK

/// Foundation's `RelativeDateTimeFormatter`, which swift-corelibs-foundation
/// lacks, as widgets use it: "2 hours ago", "in 5 min", "yesterday",
/// written by Foundation's own `Date.AnchoredRelativeFormatStyle` in the
/// manifest's `locale:` (or the host's `LANG`). `import WidgetKit`,
/// `SwiftUI` or `AppIntents` brings it, as they bring `DateComponentsFormatter`.
open class RelativeDateTimeFormatter: @unchecked Sendable {
    /// Numbers ("1 day ago") or names where the language has them ("yesterday").
    public enum DateTimeStyle: Int, Sendable {
        /// "1 day ago", "in 2 days".
        case numeric
        /// "yesterday", "the day after tomorrow".
        case named
    }

    /// How the unit is written.
    public enum UnitsStyle: Int, Sendable {
        /// "2 hours ago".
        case full
        /// "two hours ago".
        case spellOut
        /// "2 hr. ago".
        case short
        /// "2h ago".
        case abbreviated
    }

    /// Where the text stands in a sentence. Accepted: the text is written
    /// as it begins a sentence nowhere, as `.standalone` does.
    public enum Context: Int, Sendable {
        /// Not said.
        case unknown
        /// Decided where the text is used.
        case dynamic
        /// On its own, as a label.
        case standalone
        /// An item of a list.
        case listItem
        /// At the start of a sentence.
        case beginningOfSentence
        /// Inside a sentence.
        case middleOfSentence
    }

    /// `.numeric` by default, as Foundation's.
    open var dateTimeStyle: DateTimeStyle = .numeric
    /// `.full` by default, as Foundation's.
    open var unitsStyle: UnitsStyle = .full
    /// Accepted and ignored.
    open var formattingContext: Context = .unknown
    /// The language the text is in: the manifest's `locale:`, or the host's `LANG`.
    open var locale: Locale! = FormattingLocale.current
    /// The calendar days and months are counted in.
    open var calendar: Calendar! = .current

    /// A formatter: numeric, full units.
    public init() {}

    /// `date` as seen from `referenceDate`: "3 hours ago", "in 2 days".
    open func localizedString(for date: Date, relativeTo referenceDate: Date) -> String {
        Date.AnchoredRelativeFormatStyle(anchor: date, presentation: presentation, unitsStyle: width,
                                         locale: locale ?? FormattingLocale.current, calendar: calendar ?? .current)
            .format(referenceDate)
    }

    /// An interval from now: negative is in the past.
    open func localizedString(fromTimeInterval interval: TimeInterval) -> String {
        let now = Date()
        return localizedString(for: now.addingTimeInterval(interval), relativeTo: now)
    }

    /// Components from now (their sum in the calendar): `DateComponents(day: -1)` is "1 day ago".
    open func localizedString(from components: DateComponents) -> String {
        let now = Date()
        return localizedString(for: (calendar ?? .current).date(byAdding: components, to: now) ?? now, relativeTo: now)
    }

    /// A `Date` as from now; nil for anything else.
    open func string(for object: Any?) -> String? {
        guard let date = object as? Date else { return nil }
        return localizedString(for: date, relativeTo: Date())
    }

    private var presentation: Date.RelativeFormatStyle.Presentation {
        dateTimeStyle == .named ? .named : .numeric
    }

    private var width: Date.RelativeFormatStyle.UnitsStyle {
        switch unitsStyle {
        case .full: .wide
        case .spellOut: .spellOut
        case .short: .abbreviated
        case .abbreviated: .narrow
        }
    }
}
