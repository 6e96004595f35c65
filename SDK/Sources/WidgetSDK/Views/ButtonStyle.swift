/// How `.buttonStyle(_:)` draws the buttons within, as archived.
public enum ButtonStyleKind: String, Codable, Sendable, Hashable, CaseIterable {
    /// The default: the label as it is, as a widget's button looks.
    case automatic
    /// The label as it is.
    case plain
    /// The label as it is.
    case borderless
    /// The label on a faint capsule of the tint, in the tint.
    case bordered
    /// The label in white on a capsule of the tint.
    case borderedProminent
}

/// A style SwiftUI offers for buttons: `.buttonStyle(.plain)`,
/// `.buttonStyle(.borderedProminent)`, drawn by the host. A style of one's
/// own adopts ``ButtonStyle`` instead.
public protocol PrimitiveButtonStyle: Sendable {
    /// What the host draws for this style.
    var archivedKind: ButtonStyleKind { get }
}

/// The label as it is: `.buttonStyle(.plain)`.
public struct PlainButtonStyle: PrimitiveButtonStyle {
    /// The style.
    public init() {}
    public var archivedKind: ButtonStyleKind { .plain }
}

/// The label as it is: `.buttonStyle(.borderless)`.
public struct BorderlessButtonStyle: PrimitiveButtonStyle {
    /// The style.
    public init() {}
    public var archivedKind: ButtonStyleKind { .borderless }
}

/// The platform's default: `.buttonStyle(.automatic)`.
public struct DefaultButtonStyle: PrimitiveButtonStyle {
    /// The style.
    public init() {}
    public var archivedKind: ButtonStyleKind { .automatic }
}

/// A faint capsule behind the label: `.buttonStyle(.bordered)`.
public struct BorderedButtonStyle: PrimitiveButtonStyle {
    /// The style.
    public init() {}
    public var archivedKind: ButtonStyleKind { .bordered }
}

/// A capsule of the tint behind a white label: `.buttonStyle(.borderedProminent)`.
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
    /// The style.
    public init() {}
    public var archivedKind: ButtonStyleKind { .borderedProminent }
}

extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    /// The label as it is.
    public static var plain: PlainButtonStyle { PlainButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
    /// The label as it is.
    public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}

extension PrimitiveButtonStyle where Self == DefaultButtonStyle {
    /// The platform's default.
    public static var automatic: DefaultButtonStyle { DefaultButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    /// A faint capsule behind the label.
    public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    /// A capsule of the tint behind a white label.
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}

extension View {
    /// How the buttons within are drawn: `.buttonStyle(.borderedProminent)`.
    public func buttonStyle(_ style: some PrimitiveButtonStyle) -> some View {
        modified(.buttonStyle(style.archivedKind))
    }
}
