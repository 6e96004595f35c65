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
    /// When the instance is relevant, from its provider's `relevance()`;
    /// empty when it said nothing for this instance.
    public var relevantIntervals: [RelevantInterval]

    /// An archived timeline.
    public init(entries: [ArchivedEntry], policy: TimelineReloadPolicy, relevantIntervals: [RelevantInterval] = []) {
        self.entries = entries
        self.policy = policy
        self.relevantIntervals = relevantIntervals
    }

    enum CodingKeys: String, CodingKey {
        case entries, policy, relevantIntervals
    }

    /// `relevantIntervals` may be left out: timelines written before it existed have none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        entries = try container.decode([ArchivedEntry].self, forKey: .entries)
        policy = try container.decode(TimelineReloadPolicy.self, forKey: .policy)
        relevantIntervals = try container.decodeIfPresent([RelevantInterval].self, forKey: .relevantIntervals) ?? []
    }

    /// Left out when empty, so that a timeline without relevance is written as before.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entries, forKey: .entries)
        try container.encode(policy, forKey: .policy)
        if !relevantIntervals.isEmpty { try container.encode(relevantIntervals, forKey: .relevantIntervals) }
    }
}
