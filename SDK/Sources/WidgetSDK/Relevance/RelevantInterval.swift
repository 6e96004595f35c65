import Foundation

/// A span of time in which an instance is relevant, as its provider's
/// `relevance()` said when it last made the instance's timeline: what the
/// host ranks instances by, beside their entries' `TimelineEntryRelevance`.
public struct RelevantInterval: Codable, Sendable, Hashable {
    /// When it starts to hold.
    public var start: Date
    /// The last moment it holds.
    public var end: Date
    /// `RelevantContext.DateKind`: 1 informational, 2 default, 3 scheduled.
    public var priority: Int

    /// `RelevantContext.DateKind.informational`'s priority: below the others.
    public static let informational = 1
    /// `RelevantContext.DateKind.default`'s priority.
    public static let standard = 2
    /// `RelevantContext.DateKind.scheduled`'s priority: above the others.
    public static let scheduled = 3
    /// What a timeline keeps of a provider's relevances, the first in its
    /// order: WidgetKit, too, may use only some, and takes them by priority.
    public static let maximumCount = 16

    /// A span from `start` to `end`, of the kind `priority` says.
    public init(start: Date, end: Date, priority: Int) {
        self.start = start
        self.end = end
        self.priority = priority
    }

    /// Whether it holds at `date`: from its start until its end, both included.
    public func holds(at date: Date) -> Bool {
        start <= date && date <= end
    }
}
