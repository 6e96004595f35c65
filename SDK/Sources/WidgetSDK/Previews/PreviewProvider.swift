/// The older form of previews, as SwiftUI's: it compiles, and widgethost
/// draws `#Preview`s only (a type's conformance cannot be found in a module
/// at run time the way a `#Preview`'s symbol can).
///
/// ```swift
/// struct StarsView_Previews: PreviewProvider {
///     static var previews: some View {
///         StarsView(stars: 42).previewContext(WidgetPreviewContext(family: .systemSmall))
///     }
/// }
/// ```
public protocol PreviewProvider {
    /// The previewed views' type.
    associatedtype Previews: View
    /// The previewed views.
    @ViewBuilder static var previews: Previews { get }
}

/// Where a `PreviewProvider`'s view is previewed: `WidgetPreviewContext(family: .systemMedium)`.
public struct WidgetPreviewContext: Sendable {
    /// The family it is previewed at.
    public var family: WidgetFamily

    /// A widget of `family`.
    public init(family: WidgetFamily) {
        self.family = family
    }
}

extension View {
    /// Previews the view as a widget of a family; accepted and recorded nowhere.
    public func previewContext(_ context: WidgetPreviewContext) -> Self { self }
    /// Names a preview; accepted.
    public func previewDisplayName(_ name: String?) -> Self { self }
}
