import Foundation

/// Entries to show at their dates, and when to ask for more.
public struct Timeline<Entry: TimelineEntry>: Sendable {
    /// The entries; the host shows each from its date.
    public var entries: [Entry]
    /// When to ask again: `.atEnd`, `.after(date)` or `.never`.
    public var policy: TimelineReloadPolicy

    /// A timeline: `Timeline(entries: entries, policy: .atEnd)`.
    public init(entries: [Entry], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }
}

/// When the host asks the provider for the next timeline.
public enum TimelineReloadPolicy: Codable, Sendable, Hashable {
    /// When the last entry's date has passed.
    case atEnd
    /// At the given date, or as soon after it as the budget allows.
    case after(Date)
    /// Only when reloaded explicitly (`widgethost reload`).
    case never

    // A named key for the archive's readers (docs/archive.md).
    enum AfterCodingKeys: String, CodingKey { case _0 = "date" }
}
