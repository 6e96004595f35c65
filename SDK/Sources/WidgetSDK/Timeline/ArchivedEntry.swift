import Foundation

/// An entry as the host stores it: its date and relevance, and the view tree
/// the kind's content closure built for it. Renderers draw only this.
public struct ArchivedEntry: Codable, Sendable, Hashable {
    /// When the entry becomes current.
    public var date: Date
    /// How relevant the entry is, if the kind said.
    public var relevance: TimelineEntryRelevance?
    /// The entry's view, archived.
    public var view: ViewNode

    /// An archived entry.
    public init(date: Date, relevance: TimelineEntryRelevance? = nil, view: ViewNode) {
        self.date = date
        self.relevance = relevance
        self.view = view
    }
}

/// A timeline whose entries are archived.
public struct ArchivedTimeline: Codable, Sendable, Hashable {
    /// The entries, in date order.
    public var entries: [ArchivedEntry]
    /// When to ask for the next timeline.
    public var policy: TimelineReloadPolicy

    /// An archived timeline.
    public init(entries: [ArchivedEntry], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }
}
