/// Everything the host knows about a kind, independent of its Swift types.
public struct WidgetDescriptor: Sendable {
    public let kind: String
    public var displayName: String = ""
    public var description: String = ""
    /// WidgetKit's default when a widget does not narrow it.
    public var supportedFamilies: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge]
    public let configuration: ConfigurationDescriptor
    public let provider: AnyTimelineProvider

    public init(kind: String, configuration: ConfigurationDescriptor, provider: AnyTimelineProvider) {
        self.kind = kind
        self.configuration = configuration
        self.provider = provider
    }
}

/// The single configuration of a kind: static (no user parameters) or driven
/// by a configuration intent.
public struct ConfigurationDescriptor: Sendable {
    public enum Style: String, Sendable, Codable {
        case `static` = "StaticConfiguration"
        case appIntent = "AppIntentConfiguration"
    }

    public let style: Style
    /// The intent's identifier (its type name), or nil for a static configuration.
    public let identifier: String?
    public let title: String?
    /// The identifier of an older configuration this one replaces; instances
    /// stored under it are migrated (WidgetKit's `CustomIntentMigratedAppIntent`).
    public let replacedIdentifier: String?
    public let parameters: [ConfigurationParameter]

    public static let none = ConfigurationDescriptor(
        style: .static, identifier: nil, title: nil, replacedIdentifier: nil, parameters: [])

    public init(style: Style, identifier: String?, title: String?, replacedIdentifier: String?,
                parameters: [ConfigurationParameter]) {
        self.style = style
        self.identifier = identifier
        self.title = title
        self.replacedIdentifier = replacedIdentifier
        self.parameters = parameters
    }
}
