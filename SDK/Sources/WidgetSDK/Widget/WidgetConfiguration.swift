/// What a widget's `body` returns: `StaticConfiguration` or
/// `AppIntentConfiguration`. Widget authors use the two the SDK provides and
/// their modifiers; the host reads `descriptor`.
public protocol WidgetConfiguration: Sendable {
    /// What the host reads of the kind; the modifiers change it.
    var descriptor: WidgetDescriptor { get set }
}

extension WidgetConfiguration {
    /// A copy with the descriptor changed: what every modifier is.
    func updatingDescriptor(_ change: (inout WidgetDescriptor) -> Void) -> Self {
        var copy = self
        change(&copy.descriptor)
        return copy
    }

    /// The name shown in the widget gallery.
    public func configurationDisplayName(_ name: String) -> Self {
        updatingDescriptor { $0.displayName = name }
    }

    /// The description shown in the widget gallery.
    public func description(_ text: String) -> Self {
        updatingDescriptor { $0.description = text }
    }

    /// The families this kind can be placed at. Instances of any other family
    /// are refused by the host.
    public func supportedFamilies(_ families: [WidgetFamily]) -> Self {
        updatingDescriptor { $0.supportedFamilies = families }
    }

    /// The view reaches the widget's edges: no content margins around it,
    /// as in WidgetKit (the view pads what must not touch them).
    public func contentMarginsDisabled() -> Self {
        updatingDescriptor { $0.contentMarginsDisabled = true }
    }

    /// Places, of `families`, where the kind would rather not be offered.
    /// Recorded, as `widgethost kinds --json` shows: no place here is one of them.
    public func disfavoredLocations(_ locations: [WidgetLocation], for families: [WidgetFamily]) -> Self {
        updatingDescriptor { $0.disfavoredLocations.append(contentsOf: locations) }
    }

    /// Opts the kind into push updates: the host issues the kind a push
    /// token, tells an instance of `pushHandlerType` about it, and reloads
    /// the kind's timelines when a `POST /push/<kind>` shows it.
    public func pushHandler(_ pushHandlerType: any WidgetPushHandler.Type) -> Self {
        updatingDescriptor { $0.pushHandler = pushHandlerType }
    }

    /// Whether a tinted or clear Home Screen may take the container
    /// background away. Accepted: the host draws the background in every
    /// rendering mode but accented, where it is always removed.
    public func containerBackgroundRemovable(_ isRemovable: Bool = true) -> Self { self }
}

/// Places on Apple's platforms a widget can be shown, for
/// `disfavoredLocations(_:for:)`.
public enum WidgetLocation: String, Sendable, Codable, CaseIterable {
    /// The Home Screen.
    case homeScreen
    /// The Lock Screen.
    case lockScreen
    /// StandBy.
    case standBy
    /// An iPhone's widgets on a Mac.
    case iPhoneWidgetsOnMac
    /// CarPlay.
    case carPlay
}
