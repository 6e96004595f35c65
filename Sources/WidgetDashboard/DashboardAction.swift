import Foundation
import WidgetConfiguration
import WidgetHost
import WidgetRendering
import WidgetSDK

/// A tap target on a dashboard card: an action's number, what it is, and
/// where it sits on the card, from the layout's frames.
struct DashboardAction: Encodable, Sendable {
    struct Frame: Encodable, Sendable {
        let x, y, width, height: Double
    }

    let number: Int
    let type: String
    let label: String
    let url: String?
    /// The web address a browser opens for `url`: itself for http and
    /// https, the manifest's `links:` address for an app's scheme, or nil
    /// (an app's link the dashboard cannot follow, shown but not opened).
    let opens: String?
    let frame: Frame
    /// The entry it belongs to (`ArchivedEntry.digest`), sent back with a tap.
    let entry: String

    /// Every control and link of an entry with its frame; a `widgetURL` covers the whole card.
    /// - Parameter locale: the cards' (`CardTheme.locale`), so that a date's text is as wide as drawn.
    static func all(in entry: ArchivedEntry, family: WidgetFamily, links: LinkSchemes = LinkSchemes(),
                    locale: Locale = FormattingLocale.dates) -> [DashboardAction] {
        // Checked again as it is read, as `widgethost actions` does.
        guard let view = try? EntryValidator().validate(entry.view) else { return [] }
        let digest = entry.digest
        let listed = view.actions
        var unclaimed = Set(listed.indices)
        let layout = LayoutEngine(locale: locale).layout(view, family: family)
        var actions: [DashboardAction] = []
        // Layout order may differ from reading order: equal actions are matched in turn.
        for region in layout.regions {
            guard let index = listed.indices.first(where: { unclaimed.contains($0) && listed[$0].action == region.action }) else { continue }
            unclaimed.remove(index)
            actions.append(DashboardAction(number: index + 1, action: region.action, label: listed[index].label, frame: region.frame, entry: digest, links: links))
        }
        for index in unclaimed.sorted() {
            if case .widgetURL = listed[index].action {
                let card = Rect(x: 0, y: 0, width: family.size.width, height: family.size.height)
                actions.insert(DashboardAction(number: index + 1, action: listed[index].action, label: "", frame: card, entry: digest, links: links), at: 0)
            }
        }
        return actions
    }

    init(number: Int, action: WidgetAction, label: String, frame: Rect, entry: String, links: LinkSchemes = LinkSchemes()) {
        self.number = number
        self.entry = entry
        self.label = label
        self.frame = Frame(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
        switch action {
        case .control(let control): (type, url, opens) = (control.kind.rawValue, nil, nil)
        case .link(let url): (type, self.url, opens) = ("link", url.absoluteString, links.webAddress(for: url)?.absoluteString)
        case .widgetURL(let url): (type, self.url, opens) = ("widget", url.absoluteString, links.webAddress(for: url)?.absoluteString)
        }
    }
}
