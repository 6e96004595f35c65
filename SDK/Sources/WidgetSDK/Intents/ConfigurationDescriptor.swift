/// The single configuration of a kind: static (no user parameters) or driven
/// by a configuration intent.
public struct ConfigurationDescriptor: Sendable {
    /// Which configuration type a kind uses.
    public enum Style: String, Sendable, Codable {
        /// `StaticConfiguration`: no parameters.
        case `static` = "StaticConfiguration"
        /// `AppIntentConfiguration`: parameters from an intent.
        case appIntent = "AppIntentConfiguration"
        /// `IntentConfiguration`: parameters from a SiriKit intent definition.
        case intent = "IntentConfiguration"
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
