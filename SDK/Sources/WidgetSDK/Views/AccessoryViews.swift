import Foundation

/// The Lock Screen's background for an accessory widget: a translucent
/// disc in `accessoryCircular`, a rounded rectangle elsewhere, in the
/// system's fill colour, as iOS draws it behind a gauge or a symbol.
public struct AccessoryWidgetBackground: View {
    @Environment(\.widgetFamily) private var family

    /// The background for the entry's family.
    public init() {}

    public var body: some View {
        ArchivedView(ViewNode(.shape(family == .accessoryCircular ? .circle : .roundedRectangle(cornerRadius: 8)),
                              modifiers: [.foregroundStyle(.fill)]))
    }
}

extension View {
    /// A label WidgetKit shows beside an accessory widget on watchOS; iOS
    /// shows none (`\.showsWidgetLabel` is false), and neither does the host.
    public func widgetLabel(_ label: some StringProtocol) -> some View { self }

    /// A label WidgetKit shows beside an accessory widget on watchOS; not shown on iOS.
    public func widgetLabel(_ label: LocalizedStringKey) -> some View { self }

    /// A label view WidgetKit shows beside an accessory widget on watchOS; not shown on iOS.
    public func widgetLabel(@ViewBuilder label: () -> ViewGroup) -> some View { self }
}
