import Foundation
import WidgetSDK

/// Where an instance stands in the Smart Stack's order at a moment: what
/// the dashboard, the board and a screen's `stack` show first.
///
/// The rule (docs/relevance.md): instances inside one of their relevant
/// intervals (`relevance()`'s date contexts) come first, the strongest
/// kind of interval first (scheduled, default, informational); then the
/// highest score of the current entry's `TimelineEntryRelevance`, which
/// holds from the entry's date for its `duration` (0: until the next
/// entry); an instance with neither scores 0. Ties keep the order the
/// instances were placed in.
package struct StackRelevance: Sendable, Equatable, Comparable, Encodable {
    /// The priority of the strongest relevant interval holding (1 to 3); 0 when none does.
    package var interval: Int
    /// The current entry's score while it holds; 0 otherwise.
    package var score: Float
    /// The next moment either may change: an entry's date, a score's end,
    /// an interval's start or end. Nil when nothing is known to come.
    package var changes: Date?

    package static let unranked = StackRelevance(interval: 0, score: 0, changes: nil)

    /// Higher first: a relevant interval before any score.
    package static func < (lhs: StackRelevance, rhs: StackRelevance) -> Bool {
        (lhs.interval, lhs.score) < (rhs.interval, rhs.score)
    }

    /// Equal in rank; when they change may differ.
    package static func == (lhs: StackRelevance, rhs: StackRelevance) -> Bool {
        lhs.interval == rhs.interval && lhs.score == rhs.score
    }

    /// A key that changes when the rank does, for a page to compare.
    package var key: String {
        "\(interval)/\(score)"
    }

    /// `schedule`'s rank at `date`.
    package init(_ schedule: InstanceSchedule?, at date: Date) {
        // Most kinds say nothing of relevance: their instances never move, and a page need not look again.
        guard let schedule, schedule.relevantIntervals != nil || schedule.entries.contains(where: { $0.relevance != nil }) else {
            self = .unranked
            return
        }
        var changes: Date?
        func sooner(_ candidate: Date) {
            if candidate > date { changes = min(changes ?? candidate, candidate) }
        }
        var score: Float = 0
        if let next = schedule.nextEntry(after: date) { sooner(next.date) }
        if let current = schedule.currentEntry(at: date), let relevance = current.relevance {
            let end = relevance.duration > 0 ? current.date + relevance.duration : nil
            if end.map({ date < $0 }) ?? true { score = relevance.score }
            if let end { sooner(end) }
        }
        var interval = 0
        for relevant in schedule.relevantIntervals ?? [] {
            if relevant.holds(at: date) {
                interval = max(interval, relevant.priority)
                // Ends just after its end: it holds at the end itself.
                sooner(relevant.end + 0.001)
            } else {
                sooner(relevant.start)
            }
        }
        self.init(interval: interval, score: score, changes: changes)
    }

    package init(interval: Int, score: Float, changes: Date?) {
        self.interval = interval
        self.score = score
        self.changes = changes
    }
}

extension Array where Element == InstanceStatus {
    /// The statuses most relevant first at `date`; ties keep their order
    /// (the order they were placed in).
    package func byRelevance(at date: Date) -> [InstanceStatus] {
        let ranked = enumerated().map { (rank: StackRelevance($0.element.schedule, at: date), position: $0.offset, status: $0.element) }
        // Every rank 0 is the usual case (no kind says anything): nothing moves.
        guard ranked.contains(where: { $0.rank != .unranked }) else { return self }
        return ranked.sorted { ($0.rank, $1.position) > ($1.rank, $0.position) }.map(\.status)
    }
}
