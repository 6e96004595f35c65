import Foundation

extension View {
    func modified(_ modifier: ArchivedModifier) -> ArchivedView {
        ArchivedView(ViewNode(archiving: self).modified(modifier))
    }

    /// The font of the text within: `.font(.caption)`, `.font(.system(size: 40, weight: .bold))`.
    public func font(_ font: Font) -> some View { modified(.font(font)) }
    /// The weight of the text within, keeping its size.
    public func fontWeight(_ weight: Font.Weight) -> some View { modified(.fontWeight(weight)) }
    /// Bold text within.
    public func bold() -> some View { modified(.fontWeight(.bold)) }
    /// The colour of text, images and shapes within: `.foregroundStyle(.secondary)`.
    public func foregroundStyle(_ color: Color) -> some View { modified(.foregroundStyle(color)) }
    /// The style of text, images and shapes within: `.foregroundStyle(LinearGradient(…))`.
    public func foregroundStyle(_ style: some ShapeStyle) -> some View { modified(.foregroundStyle(style.archivedColor)) }
    /// The older name of `foregroundStyle`, for code written for earlier SwiftUI.
    public func foregroundColor(_ color: Color) -> some View { modified(.foregroundStyle(color)) }
    /// How opaque the view is, from 0 (hidden) to 1.
    public func opacity(_ opacity: Double) -> some View { modified(.opacity(min(1, max(0, opacity.isFinite ? opacity : 1)))) }
    /// How lines of text within line up: `.leading`, `.center` or `.trailing`.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { modified(.multilineTextAlignment(alignment)) }
    /// Draws the view as a placeholder: text as bars, shapes and images grey.
    public func redacted(reason: RedactionReasons) -> some View { modified(.redacted(reason.contains(.placeholder))) }
    /// Keeps the view as it is inside a redacted one.
    public func unredacted() -> some View { modified(.redacted(false)) }
    /// Where a tap on the widget leads, outside its controls and links (http or https).
    public func widgetURL(_ url: URL?) -> some View {
        guard let url else { return ArchivedView(ViewNode(archiving: self)) }
        return modified(.widgetURL(url))
    }
    /// A colour behind the view, filling its frame.
    public func background(_ color: Color) -> some View { modified(.background(color)) }
    /// At most `lines` lines of text, the last ending in an ellipsis; nil for no limit.
    public func lineLimit(_ lines: Int?) -> some View { modified(.lineLimit(lines)) }
    /// How far text may shrink to fit, as a fraction of its size (0.5 is half).
    public func minimumScaleFactor(_ factor: Double) -> some View { modified(.minimumScaleFactor(factor)) }
    /// Clips the view to a shape: `.clipShape(Circle())`.
    public func clipShape(_ shape: some Shape) -> some View { modified(.clipShape(shape.kind)) }

    /// In accented rendering mode, draws this view in the accent colour.
    public func widgetAccentable(_ accentable: Bool = true) -> some View { modified(.widgetAccentable(accentable)) }

    /// The widget's background: `.containerBackground(.white, for: .widget)`, `.containerBackground(.blue.gradient, for: .widget)`.
    public func containerBackground(_ color: Color, for placement: ContainerBackgroundPlacement) -> some View {
        modified(.containerBackground(color))
    }

    /// The widget's background in a style: `.containerBackground(LinearGradient(…), for: .widget)`.
    public func containerBackground(_ style: some ShapeStyle, for placement: ContainerBackgroundPlacement) -> some View {
        modified(.containerBackground(style.archivedColor))
    }

    /// The widget's background as a view, laid out at the whole card's size:
    /// `.containerBackground(for: .widget) { Image("sky").resizable() }`.
    /// A colour or gradient is archived as the colour it is.
    public func containerBackground(for placement: ContainerBackgroundPlacement, alignment: Alignment = .center,
                                    @ViewBuilder content: () -> ViewGroup) -> some View {
        let background = ViewNode(archiving: content())
        if let paint = background.paint { return modified(.containerBackground(paint)) }
        return ArchivedView(ViewNode(.containerBackground(alignment: alignment), children: [ViewNode(archiving: self), background]))
    }

    /// Space around the view on every edge, 16 points by default.
    public func padding(_ length: Double = 16) -> some View {
        padding(.all, length)
    }

    /// Space on some edges: `.padding(.horizontal, 8)`.
    public func padding(_ edges: Edge, _ length: Double = 16) -> some View {
        modified(.padding(EdgeInsets(
            top: edges.contains(.top) ? length : 0, leading: edges.contains(.leading) ? length : 0,
            bottom: edges.contains(.bottom) ? length : 0, trailing: edges.contains(.trailing) ? length : 0)))
    }

    /// Space on each edge as given.
    public func padding(_ insets: EdgeInsets) -> some View { modified(.padding(insets)) }

    /// A fixed width, height or both; the view is aligned within.
    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> some View {
        modified(.frame(Frame(width: width, height: height, alignment: alignment)))
    }

    /// Bounds on the view's size; `.frame(maxWidth: .infinity)` fills the width.
    public func frame(minWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil,
                      maxHeight: Double? = nil, alignment: Alignment = .center) -> some View {
        modified(.frame(Frame(minWidth: minWidth, maxWidth: maxWidth.map(Frame.bounded), minHeight: minHeight,
                              maxHeight: maxHeight.map(Frame.bounded), alignment: alignment)))
    }
}

/// Why a view is redacted; widgets have one reason.
public struct RedactionReasons: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Drawn as a placeholder: text as bars, shapes grey.
    public static let placeholder = RedactionReasons(rawValue: 1)
}

/// Where `containerBackground` applies; widgets have one placement.
public enum ContainerBackgroundPlacement: Sendable {
    /// The widget's own background, behind its content and padding.
    case widget
}

