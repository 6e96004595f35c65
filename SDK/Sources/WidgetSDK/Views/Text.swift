import Foundation

/// A line or paragraph of text.
public struct Text: View, PrimitiveView {
    let node: ViewNode

    /// A line (or lines) of text: `Text("\(count) stars")`.
    public init(_ string: String) {
        node = ViewNode(.text(string))
    }

    /// Text shown exactly as given.
    public init(verbatim string: String) {
        node = ViewNode(.text(string))
    }

    /// Text that follows the clock, as in SwiftUI: drawn from `date` at the
    /// moment it is shown, so `.timer` and `.relative` tick without a reload.
    public init(_ date: Date, style: DateStyle) {
        node = ViewNode(.date(date, style: style))
    }

    /// How `Text(date, style:)` shows its date.
    public enum DateStyle: String, Codable, Sendable, Hashable {
        /// "2 hr, 15 min": the time between now and the date.
        case relative
        /// "+2 hours" or "-5 minutes": the date's offset from now.
        case offset
        /// "2:15" or "1:02:15", counting down to the date or up from it.
        case timer
        /// "November 22, 2026".
        case date
        /// "6:30 PM".
        case time
    }
}
