/// A kind with no user-configurable parameters.
public struct StaticConfiguration<Provider: TimelineProvider, Content: View>: WidgetConfiguration {
    /// What the host reads of the kind.
    public var descriptor: WidgetDescriptor

    /// A kind with no parameters; `content` draws each entry.
    public init(kind: String, provider: Provider,
                @ViewBuilder content: @escaping @Sendable (Provider.Entry) -> Content) {
        descriptor = WidgetDescriptor(
            kind: kind, configuration: .none,
            provider: AnyTimelineProvider(provider, content: content))
    }
}
