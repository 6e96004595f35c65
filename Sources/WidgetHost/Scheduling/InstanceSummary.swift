import Foundation
import WidgetContainer
import WidgetRendering
import WidgetSDK

/// An instance's status as JSON, for `status --json` and the dashboard.
package struct InstanceSummary: Encodable, Sendable {
    package let id: String
    package let name: String?
    package let kind: String
    package let family: String
    package let width: Double
    package let height: Double
    package let state: String
    package let detail: String
    /// `detail` with `{age}` for the time since `lastSuccess`.
    package let detailTemplate: String
    package let lastSuccess: Date?
    package let currentEntryDate: Date?
    package let nextReload: Date?
    package let nextReloadReason: String?
    package let lastError: String?
    /// The current entry's view tree, when asked for: it carries avatar images.
    package let view: ViewNode?
    /// How many controls and links the current entry has (`widgethost actions`).
    package let actions: Int
    /// Whether the current entry has text that keeps time, so its card changes without a new entry.
    package let ticks: Bool
    /// What a screen reader says for the current entry (`SpokenText`): the dashboard's text for the card.
    package let spoken: String?
    /// Its place in the Smart Stack's order (`StackRelevance.key`): a page
    /// orders its tiles again when this changes.
    package let rank: String
    /// When `rank` may next change without a new entry or timeline.
    package let rankChanges: Date?

    /// `locale`: what the entry's dates are said in.
    package init(_ status: InstanceStatus, includingView: Bool = false, locale: Locale = FormattingLocale.dates) {
        id = status.instance.id
        name = status.instance.name
        kind = status.instance.kind
        family = status.instance.family.rawValue
        width = status.instance.family.size.width
        height = status.instance.family.size.height
        state = status.state.rawValue
        detail = status.detail
        detailTemplate = status.detailTemplate
        lastSuccess = status.schedule?.lastSuccess
        currentEntryDate = status.currentEntry?.date
        nextReload = status.schedule?.nextReload
        nextReloadReason = status.schedule?.nextReloadReason
        lastError = status.schedule?.lastError
        view = includingView ? status.currentEntry?.view : nil
        let now = Date()
        let facts = status.entryFacts?.read(at: now, locale: locale)
        actions = facts?.actions ?? 0
        ticks = facts?.ticks ?? false
        spoken = facts?.spoken
        let relevance = StackRelevance(status.schedule, at: now)
        rank = relevance.key
        rankChanges = relevance.changes
    }
}
