/// A translucent layer, as SwiftUI's materials: `.background(.ultraThinMaterial)`.
/// iOS blurs what is behind it; a card drawn here has nothing moving behind,
/// so a material is drawn in its resting state: the card's background
/// colour, more opaque the thicker the material.
public struct Material: ShapeStyle, Sendable, Hashable {
    let opacity: Double

    /// The material as archived: the card's background colour at its opacity.
    public var archivedColor: Color { Color.background.opacity(opacity) }

    /// The most translucent.
    public static let ultraThin = Material(opacity: 0.35)
    /// Translucent.
    public static let thin = Material(opacity: 0.5)
    /// Between.
    public static let regular = Material(opacity: 0.65)
    /// Nearly opaque.
    public static let thick = Material(opacity: 0.8)
    /// The most opaque.
    public static let ultraThick = Material(opacity: 0.9)
    /// A bar's, as a toolbar's.
    public static let bar = Material(opacity: 0.8)
}

extension ShapeStyle where Self == Material {
    /// `.background(.ultraThinMaterial)`.
    public static var ultraThinMaterial: Material { .ultraThin }
    /// `.background(.thinMaterial)`.
    public static var thinMaterial: Material { .thin }
    /// `.background(.regularMaterial)`.
    public static var regularMaterial: Material { .regular }
    /// `.background(.thickMaterial)`.
    public static var thickMaterial: Material { .thick }
    /// `.background(.ultraThickMaterial)`.
    public static var ultraThickMaterial: Material { .ultraThick }
    /// `.background(.bar)`.
    public static var bar: Material { .bar }
}

extension View {
    /// `style` behind this view, at its size: `.background(.ultraThinMaterial)`,
    /// `.background(.tint)`, a gradient.
    public func background(_ style: some ShapeStyle, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        background(Rectangle().fill(style))
    }
}
