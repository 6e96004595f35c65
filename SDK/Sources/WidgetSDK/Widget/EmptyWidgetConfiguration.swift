/// A configuration with no kind: what a widget's body gives where its real
/// configuration is not available (`if #available(iOS 16, *) { … } else {
/// EmptyWidgetConfiguration() }`). The module offers no kind for it.
public struct EmptyWidgetConfiguration: WidgetConfiguration {
    /// A kind with no name, which `WidgetModule.descriptors` leaves out.
    public var descriptor: WidgetDescriptor

    /// The empty configuration.
    public init() {
        let refused: @Sendable () -> EntryRefused = { EntryRefused(reason: "an EmptyWidgetConfiguration has no entries") }
        descriptor = WidgetDescriptor(
            kind: "", configuration: .none,
            provider: AnyTimelineProvider(placeholder: { _ in throw refused() },
                                          snapshot: { _, _ in throw refused() },
                                          timeline: { _, _ in throw refused() }))
    }
}
