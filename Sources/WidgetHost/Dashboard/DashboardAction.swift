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
    let frame: Frame

    /// Every control and link of an entry with its frame; a `widgetURL` covers the whole card.
    static func all(in view: ViewNode, family: WidgetFamily) -> [DashboardAction] {
        let listed = view.actions
        var unclaimed = Set(listed.indices)
        let layout = LayoutEngine().layout(view, family: family)
        var actions: [DashboardAction] = []
        // Layout order may differ from reading order: equal actions are matched in turn.
        for region in layout.regions {
            guard let index = listed.indices.first(where: { unclaimed.contains($0) && listed[$0].action == region.action }) else { continue }
            unclaimed.remove(index)
            actions.append(DashboardAction(number: index + 1, action: region.action, label: listed[index].label, frame: region.frame))
        }
        for index in unclaimed.sorted() {
            if case .widgetURL = listed[index].action {
                let card = Rect(x: 0, y: 0, width: family.size.width, height: family.size.height)
                actions.insert(DashboardAction(number: index + 1, action: listed[index].action, label: "", frame: card), at: 0)
            }
        }
        return actions
    }

    init(number: Int, action: WidgetAction, label: String, frame: Rect) {
        self.number = number
        self.label = label
        self.frame = Frame(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
        switch action {
        case .control(let control): (type, url) = (control.kind.rawValue, nil)
        case .link(let url): (type, self.url) = ("link", url.absoluteString)
        case .widgetURL(let url): (type, self.url) = ("widget", url.absoluteString)
        }
    }
}
