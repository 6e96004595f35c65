import Foundation
import WidgetSDK

/// An instance's status as JSON, for `status --json` and the dashboard.
public struct InstanceSummary: Encodable, Sendable {
    public let id: String
    public let name: String?
    public let kind: String
    public let family: String
    public let width: Double
    public let height: Double
    public let state: String
    public let detail: String
    /// `detail` with `{age}` for the time since `lastSuccess`.
    public let detailTemplate: String
    public let lastSuccess: Date?
    public let currentEntryDate: Date?
    public let nextReload: Date?
    public let nextReloadReason: String?
    public let lastError: String?
    /// The current entry's view tree, when asked for: it carries avatar images.
    public let view: ViewNode?
    /// How many controls and links the current entry has (`widgethost actions`).
    public let actions: Int
    /// Whether the current entry has text that keeps time, so its card changes without a new entry.
    public let ticks: Bool

    public init(_ status: InstanceStatus, includingView: Bool = false) {
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
        actions = status.currentEntry?.view.actions.count ?? 0
        ticks = status.currentEntry?.view.ticks ?? false
    }
}
