/// A control as the host shows it: what it says, its state, what a tap
/// runs, and its drawing, made in the module's extension.
public struct ControlReading: Codable, Sendable, Hashable {
    /// The control's kind.
    public var kind: String
    /// A button or a toggle.
    public var style: ControlTemplate.Style
    /// Its title: the toggle's title, else its label's text, else its display name.
    public var title: String
    /// A toggle's value in words: its value label's text, else "On" or "Off".
    public var value: String?
    /// The SF Symbol its label shows, if it shows one.
    public var symbol: String?
    /// A toggle's state; nil for a button.
    public var isOn: Bool?
    /// `.tint(_:)`.
    public var tint: Color?
    /// What a tap runs: a toggle's with `value` set to `!isOn`.
    public var action: IntentReference
    /// The control drawn as iOS draws a wide control: its icon in a circle,
    /// lit when on, beside its title and value. `accessoryRectangular`'s size.
    public var view: ViewNode

    init(kind: String, displayName: String, template: ControlTemplate) {
        self.kind = kind
        style = template.style
        isOn = template.isOn
        tint = template.tint
        action = template.action
        let labelText = template.label.firstText
        title = template.title?.firstText ?? labelText ?? (displayName.isEmpty ? kind : displayName)
        if let isOn = template.isOn {
            // A titled toggle's label says its value; an untitled one's label is its title.
            value = template.valueLabel?.firstText ?? (isOn ? "On" : "Off")
        }
        let icon = template.valueLabel?.firstImage ?? template.label.firstImage
        if case .image(.symbol(let name))? = icon?.content { symbol = name }
        view = Self.card(icon: icon, title: title, value: value, isOn: template.isOn, tint: template.tint ?? .accent)
    }

    /// `accessoryRectangular`, with no content margins: the card pads itself.
    public static let family = WidgetFamily.accessoryRectangular

    /// Control Center's wide control: a 40-point circle, then the title and
    /// the value, each one line, shrunk a little before it is cut. A toggle
    /// that is on fills its circle with its tint; a button's symbol is in its tint.
    private static func card(icon: ViewNode?, title: String, value: String?, isOn: Bool?, tint: Color) -> ViewNode {
        let symbol = icon.map { ArchivedView($0) } ?? ArchivedView(ViewNode(archiving: Image(systemName: isOn == nil ? "circle.fill" : "power")))
        let lit = isOn == true
        let card = HStack(spacing: 8) {
            ZStack {
                Circle().fill(lit ? tint : Color.fill)
                symbol
                    .font(.system(size: 17, weight: .semibold))
                    .foregroundStyle(lit ? Color.white : isOn == nil ? tint : Color.primary)
            }
            .frame(width: 40, height: 40)
            VStack(alignment: .leading, spacing: 2) {
                Text(verbatim: title).font(.system(size: 13, weight: .semibold)).lineLimit(1).minimumScaleFactor(0.75)
                if let value {
                    Text(verbatim: value).font(.system(size: 12)).foregroundStyle(Color.secondary).lineLimit(1).minimumScaleFactor(0.75)
                }
            }
            Spacer(minLength: 0)
        }
        .padding(.horizontal, 12)
        return ViewNode(archiving: card)
    }
}

extension ViewNode {
    /// The first text within, in reading order.
    var firstText: String? {
        if case .text(let text) = content { return text }
        for child in children {
            if let text = child.firstText { return text }
        }
        return nil
    }

    /// The first image within, in reading order, with its own modifiers.
    var firstImage: ViewNode? {
        if case .image = content { return self }
        for child in children {
            if let image = child.firstImage { return image }
        }
        return nil
    }
}
