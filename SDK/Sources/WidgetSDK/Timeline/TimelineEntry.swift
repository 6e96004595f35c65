import Foundation

/// One moment of a widget's timeline.
public protocol TimelineEntry: Sendable {
    /// When the entry becomes current.
    var date: Date { get }
    /// How relevant the entry is; nil by default.
    var relevance: TimelineEntryRelevance? { get }
}

extension TimelineEntry {
    /// No relevance.
    public var relevance: TimelineEntryRelevance? { nil }
}

/// How relevant an entry is, relative to the kind's other entries.
public struct TimelineEntryRelevance: Codable, Sendable, Hashable {
    /// Higher is more relevant, compared across a kind's entries.
    public var score: Float
    /// How long the score holds, in seconds; 0 is until the next entry.
    public var duration: TimeInterval

    /// A relevance of `score` for `duration` seconds.
    public init(score: Float, duration: TimeInterval = 0) {
        self.score = score
        self.duration = duration
    }
}
