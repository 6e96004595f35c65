import Foundation

/// A Live Activity as the container keeps it: what it was started with, its
/// latest content, its two drawings, and its place in its life.
package struct LiveActivity: Sendable, Equatable {
    /// A UUID, as ActivityKit's `Activity.id`.
    package var id: String
    /// The attributes' type name: which module's activity draws it.
    package var type: String
    /// JSON of the attributes, fixed at the start.
    package var attributes: Data
    /// JSON of the latest `ContentState`.
    package var state: Data
    /// When the latest content goes stale; nil for never.
    package var staleDate: Date?
    /// Higher first; 0 by default.
    package var relevanceScore: Double
    package var startedAt: Date
    /// When it last changed, on the host's clock.
    package var updatedAt: Date
    /// The latest timestamp a sender gave its start, update or end, in
    /// milliseconds since 1970: a change stamped no later is one already
    /// applied (a retry) or an older one arriving late, and is ignored.
    /// Whole milliseconds, so that both stores compare it alike.
    package var lastTimestamp: Int64?
    /// When it ended; nil while it runs.
    package var endedAt: Date?
    /// When an ended activity stops being shown.
    package var dismissAt: Date?
    /// Updates it may still make at once, and when that was counted.
    package var budget: Double
    package var budgetAt: Date
    /// The Lock Screen presentation of the latest content, fresh and stale
    /// (`ArchiveCodec`); the stale one only when there is a `staleDate`.
    package var view: Data
    package var staleView: Data?

    package init(id: String, type: String, attributes: Data, state: Data, staleDate: Date?, relevanceScore: Double, startedAt: Date, updatedAt: Date,
                 lastTimestamp: Int64? = nil, endedAt: Date? = nil, dismissAt: Date? = nil, budget: Double, budgetAt: Date, view: Data, staleView: Data?) {
        self.id = id
        self.type = type
        self.attributes = attributes
        self.state = state
        self.staleDate = staleDate
        self.relevanceScore = relevanceScore
        self.startedAt = startedAt
        self.updatedAt = updatedAt
        self.lastTimestamp = lastTimestamp
        self.endedAt = endedAt
        self.dismissAt = dismissAt
        self.budget = budget
        self.budgetAt = budgetAt
        self.view = view
        self.staleView = staleView
    }
}
