import Foundation

/// What a Live Activity shows, as in ActivityKit: the attributes fixed when
/// it starts, and a `ContentState` each update replaces.
///
/// ```swift
/// struct DeliveryAttributes: ActivityAttributes {
///     struct ContentState: Codable, Hashable {
///         var minutesLeft: Int
///     }
///     var orderNumber: String
/// }
/// ```
///
/// The host names an activity's kind by the attributes' type name
/// (`DeliveryAttributes`), as ActivityKit's push payloads do with
/// `attributes-type`. Both travel as JSON and are decoded as
/// `JSONDecoder()` decodes them: a `Date` is seconds since 2001, as
/// ActivityKit's push payloads have it.
public protocol ActivityAttributes: Decodable, Encodable {
    /// What changes while the activity runs.
    associatedtype ContentState: Decodable, Encodable, Hashable
}

/// A Live Activity's content at one moment: its state, when it goes stale,
/// and how relevant it is next to the others.
public struct ActivityContent<State: Decodable & Encodable & Hashable>: Hashable {
    /// The activity's dynamic state.
    public var state: State
    /// When the content is out of date; the view then sees `isStale`.
    public var staleDate: Date?
    /// Higher scores are shown first; 0 by default.
    public var relevanceScore: Double

    /// Content of `state`, stale at `staleDate` (nil: never), with its relevance.
    public init(state: State, staleDate: Date?, relevanceScore: Double = 0) {
        self.state = state
        self.staleDate = staleDate
        self.relevanceScore = relevanceScore
    }
}

extension ActivityContent: Sendable where State: Sendable {}

/// How long an ended activity stays shown.
public enum ActivityUIDismissalPolicy: Hashable, Sendable {
    /// Up to four hours after it ended.
    case `default`
    /// At once.
    case immediate
    /// At a date, at most four hours after it ended.
    case after(Date)
}

/// Where an activity is in its life.
public enum ActivityState: String, Hashable, Sendable, Codable {
    /// Running, and shown.
    case active
    /// Ended, and shown until it is dismissed.
    case ended
    /// No longer shown.
    case dismissed
    /// Running, its content past its stale date.
    case stale
    /// Asked for and not started yet (a push-to-start on its way).
    case pending
}

/// The size a Live Activity is drawn at (iOS 18): `medium` on a Lock Screen
/// and here, `small` on a watch and in CarPlay.
public enum ActivityFamily: String, Hashable, Sendable, Codable, CaseIterable {
    /// A watch's or CarPlay's size.
    case small
    /// A Lock Screen's, and what this host draws.
    case medium
}
