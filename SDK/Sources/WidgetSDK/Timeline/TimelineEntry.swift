import Foundation

/// One moment of a widget's timeline.
public protocol TimelineEntry: Sendable {
    var date: Date { get }
    var relevance: TimelineEntryRelevance? { get }
}

extension TimelineEntry {
    public var relevance: TimelineEntryRelevance? { nil }
}

/// How relevant an entry is, relative to the kind's other entries.
public struct TimelineEntryRelevance: Codable, Sendable, Hashable {
    public var score: Float
    public var duration: TimeInterval

    public init(score: Float, duration: TimeInterval = 0) {
        self.score = score
        self.duration = duration
    }
}
