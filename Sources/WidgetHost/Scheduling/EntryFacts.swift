import Foundation
import Synchronization
import WidgetRendering
import WidgetSDK

/// What an entry's view says that only another entry changes: how many
/// actions it has, whether its text keeps time, and, when it does not, what
/// a screen reader says. Worked out once for each status and kept with it:
/// the dashboard's page and `/instances` summarize every instance on every
/// request from the same second's statuses, and walking each view three
/// times a request was most of their time.
final class EntryFacts: Sendable {
    private struct Known {
        var actions: Int
        var ticks: Bool
        /// What is said, by locale; only for an entry that does not tick.
        var spoken: [String: String?] = [:]
    }

    private let view: ViewNode
    private let known = Mutex<Known?>(nil)

    init(_ view: ViewNode) {
        self.view = view
    }

    /// The facts: read the first time they are asked for, then kept.
    /// `spoken` is worked out at `now` each time for a view whose text keeps time.
    func read(at now: Date, locale: Locale) -> (actions: Int, ticks: Bool, spoken: String?) {
        let facts = known.withLock { known in
            if let known { return known }
            let read = Known(actions: view.actions.count, ticks: view.ticks)
            known = read
            return read
        }
        if facts.ticks { return (facts.actions, true, spoken(at: now, locale: locale)) }
        if let spoken = facts.spoken[locale.identifier] { return (facts.actions, false, spoken) }
        let spoken = spoken(at: now, locale: locale)
        known.withLock { $0?.spoken[locale.identifier] = spoken }
        return (facts.actions, false, spoken)
    }

    private func spoken(at now: Date, locale: Locale) -> String? {
        let text = SpokenText(view, now: now, locale: locale).text
        return text.isEmpty ? nil : text
    }
}
