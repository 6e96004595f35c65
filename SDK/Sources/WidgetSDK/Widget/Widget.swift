/// A widget kind, as in WidgetKit:
///
/// ```swift
/// struct SingleRepoWidget: Widget {
///     var body: some WidgetConfiguration {
///         AppIntentConfiguration(kind: "SingleRepo", intent: SelectRepoIntent.self,
///                                provider: Provider()) { entry in
///             RepoMediumView(repo: entry.repo)
///         }
///         .configurationDisplayName("Single Repo")
///         .supportedFamilies([.systemMedium, .systemLarge])
///     }
/// }
/// ```
///
/// The kind's identifier is the `kind:` its configuration names; a widget has
/// exactly one configuration.
public protocol Widget: Sendable {
    /// The configuration's type.
    associatedtype Body: WidgetConfiguration
    /// Creates the widget; the module's `widgethost_module` symbol does.
    init()
    /// The kind's one configuration, with its display name, description and families.
    @WidgetConfigurationBuilder var body: Body { get }
    /// The widgets this stands for in a module: itself, or a bundle's widgets.
    var bundledWidgets: [any Widget] { get }
}

extension Widget {
    /// A widget stands for itself.
    public var bundledWidgets: [any Widget] { [self] }

    /// The kind identifier, read from the configuration.
    public var kind: String { body.descriptor.kind }
}
