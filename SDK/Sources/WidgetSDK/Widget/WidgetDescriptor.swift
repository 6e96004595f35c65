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
    /// Who is told the kind's push token (`.pushHandler`), in the kind's
    /// extension. The host's copy of a descriptor knows only whether there
    /// is one (`acceptsPushes`).
    public var pushHandler: (any WidgetPushHandler.Type)? {
        didSet { acceptsPushes = pushHandler != nil }
    }
    /// Whether pushes reload the kind: it has a push handler.
    public var acceptsPushes = false
    /// The kind's configuration.
    public let configuration: ConfigurationDescriptor
    /// The kind's provider, with its entry type erased.
    public let provider: AnyTimelineProvider
    /// The Live Activity an `ActivityConfiguration` declares; such a
    /// configuration has no kind.
    public var activity: ActivityDescriptor?
    /// The control a `ControlWidget` in a bundle declares; it has no kind either.
    public var control: ControlDescriptor?

    /// A descriptor; configurations make them.
    public init(kind: String, configuration: ConfigurationDescriptor, provider: AnyTimelineProvider) {
        self.kind = kind
        self.configuration = configuration
        self.provider = provider
    }
}
