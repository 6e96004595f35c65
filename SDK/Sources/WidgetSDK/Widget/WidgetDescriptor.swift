/// Everything the host knows about a kind, independent of its Swift types.
public struct WidgetDescriptor: Sendable {
    /// The kind's identifier, as manifests name it.
    public let kind: String
    /// The name users see (`.configurationDisplayName`).
    public var displayName: String = ""
    /// What the kind shows (`.description`).
    public var description: String = ""
    /// WidgetKit's default when a widget does not narrow it.
    public var supportedFamilies: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge]
    /// Whether the kind draws to the edges itself (`.contentMarginsDisabled()`):
    /// system families then get no 16-point margin around the view.
    public var contentMarginsDisabled = false
    /// Where the kind would rather not be placed (`.disfavoredLocations`),
    /// recorded: a host on Linux has none of these places.
    public var disfavoredLocations: [WidgetLocation] = []
    /// The kind's configuration.
    public let configuration: ConfigurationDescriptor
    /// The kind's provider, with its entry type erased.
    public let provider: AnyTimelineProvider

    /// A descriptor; configurations make them.
    public init(kind: String, configuration: ConfigurationDescriptor, provider: AnyTimelineProvider) {
        self.kind = kind
        self.configuration = configuration
        self.provider = provider
    }
}

/// The single configuration of a kind: static (no user parameters) or driven
/// by a configuration intent.
public struct ConfigurationDescriptor: Sendable {
    /// Which configuration type a kind uses.
    public enum Style: String, Sendable, Codable {
        /// `StaticConfiguration`: no parameters.
        case `static` = "StaticConfiguration"
        /// `AppIntentConfiguration`: parameters from an intent.
        case appIntent = "AppIntentConfiguration"
    }

    /// Static or intent-driven.
    public let style: Style
    /// The intent's identifier (its type name), or nil for a static configuration.
    public let identifier: String?
    /// The intent's `title`, if any.
    public let title: String?
    /// The identifier of an older configuration this one replaces; instances
    /// stored under it are migrated (WidgetKit's `CustomIntentMigratedAppIntent`).
    public let replacedIdentifier: String?
    /// The intent's parameters, in declaration order.
    public let parameters: [ConfigurationParameter]

    /// A static configuration.
    public static let none = ConfigurationDescriptor(
        style: .static, identifier: nil, title: nil, replacedIdentifier: nil, parameters: [])

    /// A configuration; `AppIntentConfiguration` makes these.
    public init(style: Style, identifier: String?, title: String?, replacedIdentifier: String?,
                parameters: [ConfigurationParameter]) {
        self.style = style
        self.identifier = identifier
        self.title = title
        self.replacedIdentifier = replacedIdentifier
        self.parameters = parameters
    }
}
