import Foundation

/// An entry as the host stores it: its date and relevance, and the view tree
/// the kind's content closure built for it. Renderers draw only this.
public struct ArchivedEntry: Codable, Sendable, Hashable {
    public var date: Date
    public var relevance: TimelineEntryRelevance?
    public var view: ViewNode

    public init(date: Date, relevance: TimelineEntryRelevance? = nil, view: ViewNode) {
        self.date = date
        self.relevance = relevance
        self.view = view
    }
}

/// A timeline whose entries are archived.
public struct ArchivedTimeline: Codable, Sendable, Hashable {
    public var entries: [ArchivedEntry]
    public var policy: TimelineReloadPolicy

    public init(entries: [ArchivedEntry], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }
}
