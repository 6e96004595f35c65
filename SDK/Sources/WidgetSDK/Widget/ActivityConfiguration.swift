/// A Live Activity's presentations, as in WidgetKit:
///
/// ```swift
/// struct DeliveryActivity: Widget {
///     var body: some WidgetConfiguration {
///         ActivityConfiguration(for: DeliveryAttributes.self) { context in
///             DeliveryLockScreenView(context: context)
///         } dynamicIsland: { context in
///             DynamicIsland {
///                 DynamicIslandExpandedRegion(.leading) { Text(context.attributes.orderNumber) }
///             } compactLeading: { Text("🚲") } compactTrailing: { Text("\(context.state.minutesLeft)m") } minimal: { Text("🚲") }
///         }
///     }
/// }
/// ```
///
/// The Lock Screen presentation (`content`) is what the host draws, at a
/// medium widget's size; the Dynamic Island's are accepted and not drawn.
/// The activity offers no widget kind: it is started from outside with
/// `widgethost activity start DeliveryAttributes …`.
public struct ActivityConfiguration<Attributes: ActivityAttributes>: WidgetConfiguration {
    /// No kind, and the activity's drawing.
    public var descriptor: WidgetDescriptor

    /// The activity of `attributesType`, drawn by `content`.
    public init<Content: View>(for attributesType: Attributes.Type,
                               @ViewBuilder content: @escaping @Sendable (ActivityViewContext<Attributes>) -> Content,
                               dynamicIsland: @escaping @Sendable (ActivityViewContext<Attributes>) -> DynamicIsland) {
        descriptor = EmptyWidgetConfiguration().descriptor
        descriptor.activity = ActivityDescriptor(Attributes.self, content: content)
    }

    /// The smaller sizes the activity is also offered at (a watch, CarPlay).
    /// Recorded: here an activity is drawn at `.medium`.
    public func supplementalActivityFamilies(_ families: [ActivityFamily]) -> Self {
        updatingDescriptor { $0.activity?.supplementalFamilies = families }
    }
}
