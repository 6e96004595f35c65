import Foundation

// Modifiers a still card has nothing to draw for, or that this host draws
// as if absent: accepted with SwiftUI's spelling so that a widget builds
// unchanged, and listed as "accepted, not drawn" in docs/compatibility.md.
extension View {
    /// How wide the font's letters are; drawn at the standard width.
    public func fontWidth(_ width: Font.Width?) -> some View { self }
    /// A blur; a still card is drawn sharp, as the view rests before any blur animates.
    public func blur(radius: Double, opaque: Bool = false) -> some View { self }
    /// A grey version of the view; drawn in its colours.
    public func grayscale(_ amount: Double) -> some View { self }
    /// Brightness, contrast and saturation changes; drawn as the view is.
    public func brightness(_ amount: Double) -> some View { self }
    /// Contrast; drawn as the view is.
    public func contrast(_ amount: Double) -> some View { self }
    /// Saturation; drawn as the view is.
    public func saturation(_ amount: Double) -> some View { self }
    /// How a symbol's layers are coloured; drawn in one colour.
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> some View { self }
    /// A symbol's variant (`.fill`, `.circle`); drawn as the name says.
    public func symbolVariant(_ variant: SymbolVariants) -> some View { self }
    /// A symbol's size relative to its text; drawn at the text's.
    public func imageScale(_ scale: Image.Scale) -> some View { self }
    /// How a `ProgressView` is drawn; drawn as a bar.
    public func progressViewStyle(_ style: some ProgressViewStyle) -> some View { self }
    /// An animation when the value changes; a card is drawn at rest.
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { self }
    /// A transition in and out; a card is drawn at rest.
    public func transition(_ transition: AnyTransition) -> some View { self }
    /// Moves the view's alignment guide; the view is aligned by its own
    /// edges and centre. Its size is known only where the host lays the card
    /// out, after the closure could have run.
    public func alignmentGuide(_ guide: HorizontalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View { self }
    /// Moves the view's vertical alignment guide; the view is aligned by its own edges, centre and baselines.
    public func alignmentGuide(_ guide: VerticalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View { self }

    /// `mask` over the view: a shape clips it to that shape (as `.clipShape`);
    /// any other view (a gradient fading out) leaves it drawn whole.
    public func mask(alignment: Alignment = .center, @ViewBuilder _ mask: () -> ViewGroup) -> some View {
        let nodes = mask().nodes
        guard nodes.count == 1, case .shape(let shape) = nodes[0].content else { return ArchivedView(ViewNode(archiving: self)) }
        return ArchivedView(ViewNode(archiving: self).modified(.clipShape(shape)))
    }

    /// The iOS 13 spelling: `.mask(Circle())`.
    public func mask(_ mask: some View) -> some View {
        self.mask { mask }
    }
}

extension Text {
    /// The text raised or lowered from its baseline; drawn on it.
    public func baselineOffset(_ offset: Double) -> Text { self }
}

extension Font {
    /// How wide a font's letters are.
    public struct Width: Sendable, Hashable {
        let value: Double
        /// Narrow letters.
        public static let compressed = Width(value: -0.3)
        /// Narrower letters.
        public static let condensed = Width(value: -0.2)
        /// The standard width.
        public static let standard = Width(value: 0)
        /// Wide letters.
        public static let expanded = Width(value: 0.2)
    }
}

/// How a symbol's layers are coloured.
public enum SymbolRenderingMode: Sendable, Hashable {
    /// One colour.
    case monochrome
    /// Shades of one colour.
    case hierarchical
    /// Colours of its own.
    case multicolor
    /// Colours the view gives.
    case palette
}

/// A symbol's variant, as `.symbolVariant(.fill)` asks for.
public struct SymbolVariants: Sendable, Hashable {
    let name: String
    /// As named.
    public static let none = SymbolVariants(name: "")
    /// Filled.
    public static let fill = SymbolVariants(name: "fill")
    /// In a circle.
    public static let circle = SymbolVariants(name: "circle")
    /// In a square.
    public static let square = SymbolVariants(name: "square")
    /// Slashed.
    public static let slash = SymbolVariants(name: "slash")
}

extension Image {
    /// A symbol's size relative to the text beside it.
    public enum Scale: Sendable, Hashable {
        /// Smaller.
        case small
        /// As the text.
        case medium
        /// Larger.
        case large
    }
}

/// How a `ProgressView` is drawn, as `.progressViewStyle(_:)` takes it.
public protocol ProgressViewStyle: Sendable {}

/// A bar.
public struct LinearProgressViewStyle: ProgressViewStyle {
    /// A bar.
    public init() {}
}

/// A ring or a spinner.
public struct CircularProgressViewStyle: ProgressViewStyle {
    /// A ring.
    public init() {}
}

extension ProgressViewStyle where Self == LinearProgressViewStyle {
    /// `.progressViewStyle(.linear)`.
    public static var linear: LinearProgressViewStyle { LinearProgressViewStyle() }
}

extension ProgressViewStyle where Self == CircularProgressViewStyle {
    /// `.progressViewStyle(.circular)`.
    public static var circular: CircularProgressViewStyle { CircularProgressViewStyle() }
}

/// How VoiceOver treats a view's children.
public enum AccessibilityChildBehavior: Sendable, Hashable {
    /// As one element, the children unread.
    case ignore
    /// As one element whose label joins the children's.
    case combine
    /// Each child on its own.
    case contain
}

/// How a change animates, as `.animation(_:value:)` takes it: a card is
/// drawn at rest, so every animation is accepted and none is played.
public struct Animation: Sendable, Hashable {
    let name: String
    /// The system's.
    public static let `default` = Animation(name: "default")
    /// Slow, then fast.
    public static let easeIn = Animation(name: "easeIn")
    /// Fast, then slow.
    public static let easeOut = Animation(name: "easeOut")
    /// Slow at both ends.
    public static let easeInOut = Animation(name: "easeInOut")
    /// At one speed.
    public static let linear = Animation(name: "linear")
    /// A spring.
    public static let spring = Animation(name: "spring")
    /// A bouncy spring.
    public static let bouncy = Animation(name: "bouncy")
    /// A smooth spring.
    public static let smooth = Animation(name: "smooth")
    /// Slow at both ends, over `duration` seconds.
    public static func easeInOut(duration: Double) -> Animation { .easeInOut }
    /// At one speed, over `duration` seconds.
    public static func linear(duration: Double) -> Animation { .linear }
    /// A spring of these properties.
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation { .spring }
}

/// How a view comes and goes, as `.transition(_:)` takes it; a card shows none.
public struct AnyTransition: Sendable, Hashable {
    let name: String
    /// Fading.
    public static let opacity = AnyTransition(name: "opacity")
    /// Growing and shrinking.
    public static let scale = AnyTransition(name: "scale")
    /// Sliding in from the leading edge.
    public static let slide = AnyTransition(name: "slide")
    /// None.
    public static let identity = AnyTransition(name: "identity")
    /// Moving in from `edge`.
    public static func move(edge: Edge) -> AnyTransition { AnyTransition(name: "move") }
    /// Pushing in from `edge`.
    public static func push(from edge: Edge) -> AnyTransition { AnyTransition(name: "push") }
}

/// A view's size and guides, as an `alignmentGuide` closure reads them.
public struct ViewDimensions: Sendable {
    /// The view's width.
    public let width: CGFloat
    /// The view's height.
    public let height: CGFloat

    /// Where a horizontal guide falls: 0, half the width or the width.
    public subscript(guide: HorizontalAlignment) -> CGFloat {
        switch guide {
        case .leading: 0
        case .center: width / 2
        case .trailing: width
        }
    }

    /// Where a vertical guide falls: 0, half the height or the height (a baseline at the bottom).
    public subscript(guide: VerticalAlignment) -> CGFloat {
        switch guide {
        case .top: 0
        case .center: height / 2
        case .bottom, .firstTextBaseline, .lastTextBaseline: height
        }
    }

    /// A guide set explicitly: none here.
    public subscript(explicit guide: HorizontalAlignment) -> CGFloat? { nil }
    /// A guide set explicitly: none here.
    public subscript(explicit guide: VerticalAlignment) -> CGFloat? { nil }
}
