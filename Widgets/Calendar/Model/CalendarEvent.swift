import Foundation

/// One occurrence of an event, as the card shows it.
struct CalendarEvent: Codable, Hashable, Sendable {
    var uid: String
    var title: String
    var location: String?
    var start: Date
    var end: Date
    /// A day (or days) without a time: drawn as "all day", and its dates are
    /// the reader's, not a moment's.
    var isAllDay: Bool
    /// The calendar's name, for a card that merges several.
    var calendar: String
}
