import Foundation
import WidgetKit

/// What a card shows at its moment: the events still to come.
struct CalendarEntry: TimelineEntry {
    let date: Date
    /// Events that have not ended at `date`, soonest first.
    let events: [CalendarEvent]
    let timeZoneIdentifier: String
    var problems: [String] = []

    var timeZone: TimeZone { TimeZone(identifier: timeZoneIdentifier) ?? .gmt }
}
