import Foundation

/// One article of a feed, as the card shows it.
struct FeedItem: Codable, Hashable, Sendable {
    /// The feed's id for it (`guid`, Atom's `id`, JSON Feed's `id`), else its link.
    var id: String
    var title: String
    var link: URL?
    var date: Date?
    /// The feed's name, for a card that merges several.
    var source: String

    /// What marks it read: its id's FNV-1a hash, short enough that a
    /// button can carry every shown item's.
    var key: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }

    /// Longest title kept: a widget shows two lines of it.
    static let longestTitle = 300
}

/// A feed as read: its name and its newest items.
struct Feed: Codable, Hashable, Sendable {
    var title: String
    var items: [FeedItem]

    /// The most items kept of one feed, newest first.
    static let mostItems = 50
}
