import Foundation
import WidgetKit

/// What a card shows: the newest items, which are unread, and how many.
struct FeedsEntry: TimelineEntry {
    struct Shown: Hashable {
        var item: FeedItem
        var isUnread: Bool
    }

    let date: Date
    let title: String
    let items: [Shown]
    let unread: Int
    /// Feeds that could not be read this time, with why.
    var problems: [String] = []
}
