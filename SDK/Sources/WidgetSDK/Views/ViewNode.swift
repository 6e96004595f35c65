import Foundation

/// The archive of a view: plain, `Codable` data that the host stores with each
/// entry and that every renderer draws. New cases may be added; renderers
/// ignore what they do not know.
///
/// This file is the archive's vocabulary, every case and modifier with what
/// it means (about 420 lines); what the views and renderers do with it is
/// in extensions beside them.
public struct ViewNode: Codable, Sendable, Hashable {
    /// What a node is.
    public enum Content: Codable, Sendable, Hashable {
        /// Children with nothing of their own (a `ForEach`, a view's body).
        case group
        /// A `Text`.
        case text(String)
        /// An `Image`.
        case image(ImageSource)
        /// A `Spacer`.
        case spacer(minLength: Double?)
        /// A `VStack`.
        case vstack(alignment: HorizontalAlignment, spacing: Double?)
        /// An `HStack`.
        case hstack(alignment: VerticalAlignment, spacing: Double?)
        /// A `ZStack`.
        case zstack(alignment: Alignment)
        /// Children flow into rows of `columns` equal, flexible columns.
        case grid(columns: Int, spacing: Double?)
        /// A `Circle`, `Capsule`, `Rectangle` or `RoundedRectangle`.
        case shape(ShapeKind)
        /// `Text(date, style:)`: drawn from the date at the moment it is shown.
        case date(Date, style: Text.DateStyle)
        /// `ProgressView(value:total:)`: a bar.
        case progress(value: Double, total: Double)
        /// `Gauge(value:in:)`: a bar with a marker.
        case gauge(value: Double, minimum: Double, maximum: Double)
        /// A `Button` or `Toggle`; its children are the label.
        case control(Control)
        /// A `Link`; its children are the label. Only http and https.
        case link(URL)
        /// `.overlay(_:alignment:)` or, `behind`, `.background(_:alignment:)`
        /// with a view: the first child is the view, the second is laid
        /// out at its size and placed by `alignment`, in front or behind.
        case layered(alignment: Alignment, behind: Bool)
        /// A `Divider`: a thin line across its stack (horizontal outside one).
        case divider
        /// A `Label`: its children are the icon, then the title, side by side.
        case label
        /// A `ViewThatFits`: the first child whose ideal size fits on the axes given.
        case viewThatFits(horizontal: Bool, vertical: Bool)
        /// A `LazyVGrid` (`vertical`: children in rows across these columns)
        /// or a `LazyHGrid` (children in columns down these rows).
        case lazyGrid(tracks: [GridTrack], vertical: Bool, spacing: Double?)
        /// `.containerBackground(for: .widget) { … }` with a view: the first
        /// child is the content, the second the widget's background, laid
        /// out at the whole card's size and placed by `alignment`.
        case containerBackground(alignment: Alignment)
        /// An entry's view made again for other drawings, because it read
        /// `widgetRenderingMode` or `colorScheme`: the first child is the view
        /// as a light, full-colour card shows it, each further child the view
        /// for the variant at its place. Only an entry's root is one.
        case variants([ViewVariant])
        /// A `Chart`: its marks and axes, drawn at the size it is given.
        /// Boxed: a payload this large inline would make every node, and
        /// every frame of a deep tree's layout, as large.
        indirect case chart(ChartArchive)

        // The archive is read by other tools (docs/archive.md): every payload
        // has a named key, never Swift's positional `_0`.
        enum TextCodingKeys: String, CodingKey { case _0 = "string" }
        enum ImageCodingKeys: String, CodingKey { case _0 = "source" }
        enum ShapeCodingKeys: String, CodingKey { case _0 = "shape" }
        enum DateCodingKeys: String, CodingKey { case _0 = "date", style }
        enum ControlCodingKeys: String, CodingKey { case _0 = "control" }
        enum LinkCodingKeys: String, CodingKey { case _0 = "url" }
        enum VariantsCodingKeys: String, CodingKey { case _0 = "variants" }
        enum ChartCodingKeys: String, CodingKey { case _0 = "chart" }
    }

    /// What the node is.
    public var content: Content
    /// Its children, in order.
    public var children: [ViewNode]
    /// Applied in order, the first one innermost, as SwiftUI modifiers chain.
    public var modifiers: [ArchivedModifier]

    /// A node; views make these when archived.
    public init(_ content: Content, children: [ViewNode] = [], modifiers: [ArchivedModifier] = []) {
        self.content = content
        self.children = children
        self.modifiers = modifiers
    }

    /// A copy with one more modifier applied outside the existing ones.
    public func modified(_ modifier: ArchivedModifier) -> ViewNode {
        var copy = self
        copy.modifiers.append(modifier)
        return copy
    }
}

/// The archived form of a view modifier. (SwiftUI's `ViewModifier` is the
/// protocol a widget's own modifiers adopt; see ``ViewModifier``.)
public enum ArchivedModifier: Codable, Sendable, Hashable {
    /// `.font(_:)`.
    case font(Font)
    /// `.fontWeight(_:)` and `.bold()`.
    case fontWeight(Font.Weight)
    /// `.foregroundStyle(_:)`.
    case foregroundStyle(Color)
    /// `.background(_:)`.
    case background(Color)
    /// `.padding(…)`.
    case padding(EdgeInsets)
    /// `.frame(…)`.
    case frame(Frame)
    /// `.clipShape(_:)`.
    case clipShape(ShapeKind)
    /// `.lineLimit(_:)`.
    case lineLimit(Int?)
    /// `.minimumScaleFactor(_:)`.
    case minimumScaleFactor(Double)
    /// `.widgetAccentable(_:)`.
    case widgetAccentable(Bool)
    /// `.widgetAccentedRenderingMode(_:)`.
    case widgetAccentedRenderingMode(WidgetAccentedRenderingMode)
    /// `.renderingMode(.template)` on a picture, or its imageset's
    /// `template-rendering-intent`: its shape in the foreground style.
    case templateRendering
    /// `.tint(_:)`: the colour of the controls within: a gauge's or a
    /// progress bar's fill, a bordered button.
    case tint(Color)
    /// The widget's background, drawn behind everything at the family's size.
    case containerBackground(Color)
    /// `.opacity(_:)`.
    case opacity(Double)
    /// `.multilineTextAlignment(_:)`.
    case multilineTextAlignment(TextAlignment)
    /// True for `.redacted(reason: .placeholder)`, false for `.unredacted()`.
    case redacted(Bool)
    /// Where a tap on the widget outside its controls and links leads.
    case widgetURL(URL)
    /// `.offset(x:y:)`: drawn moved by this much, laid out where it was.
    case offset(x: Double, y: Double)
    /// `.fixedSize(horizontal:vertical:)`: its ideal size on those axes, whatever it is offered.
    case fixedSize(horizontal: Bool, vertical: Bool)
    /// `.border(_:width:)`: a line `width` points wide just inside the view's frame.
    case border(Color, width: Double)
    /// `.stroke(_:lineWidth:)` on a shape: its outline, centred on its edge, not its inside.
    case stroke(lineWidth: Double)
    /// `.clipped()`: nothing of the view is drawn outside its frame.
    case clipped
    /// `.shadow(color:radius:x:y:)`: each part drawn casts a blurred shadow, moved by `x` and `y`.
    case shadow(Color, radius: Double, x: Double, y: Double)
    /// `.rotationEffect(_:anchor:)`: drawn turned clockwise by `radians` around `anchor`; laid out upright.
    case rotation(radians: Double, anchor: UnitPoint)
    /// `.scaleEffect(…)`: drawn scaled around `anchor`; laid out at its own size.
    case scale(x: Double, y: Double, anchor: UnitPoint)
    /// `.aspectRatio(_:contentMode:)`, `.scaledToFit()`, `.scaledToFill()`: the view is offered
    /// the largest size of this width-to-height ratio that fits (or the smallest that
    /// fills) what it is offered; nil is an image's own ratio.
    case aspectRatio(Double?, contentMode: ContentMode)
    /// `.italic()`: text within is drawn slanted.
    case italic(Bool)
    /// `.layoutPriority(_:)`: in a stack, children of higher priority are offered space first.
    case layoutPriority(Double)
    /// `.buttonStyle(_:)`: how the buttons within are drawn.
    case buttonStyle(ButtonStyleKind)
    /// `.gaugeStyle(_:)`: how the gauges within are drawn.
    case gaugeStyle(GaugeStyleKind)
    /// `.stroke(_:style:)` on a shape: the caps, joins and dashes of its outline (the width is `stroke`'s).
    case strokeStyle(StrokeStyle)
    /// `.underline(_:color:)`: text within drawn with a line under it, in `color` (nil: the text's).
    case underline(Bool, color: Color?)
    /// `.strikethrough(_:color:)`: text within drawn with a line through it, in `color` (nil: the text's).
    case strikethrough(Bool, color: Color?)
    /// `.textCase(_:)`: text within shown in capitals or small letters; nil as written.
    case textCase(Text.Case?)
    /// `.fontDesign(_:)`, `.monospaced()`: the text within in this design, at its own size and weight.
    case fontDesign(Font.Design)
    /// `.kerning(_:)`, `.tracking(_:)`: this many points more after each letter of the text within.
    case kerning(Double)
    /// `.lineSpacing(_:)`: this many points more between the lines of the text within.
    case lineSpacing(Double)
    /// `.truncationMode(_:)`: where a line of the text within that does not fit is cut.
    case truncationMode(Text.TruncationMode)
    /// `.accessibilityLabel(_:)`: what a screen reader says for the view instead of its contents.
    case accessibilityLabel(String)
    /// `.accessibilityValue(_:)`: said after the view's label.
    case accessibilityValue(String)
    /// `.accessibilityHint(_:)`: said last, after a pause: what the view does.
    case accessibilityHint(String)
    /// `.accessibilityHidden(_:)`: a screen reader skips the view and what it holds.
    case accessibilityHidden(Bool)

    // Named keys for the archive's readers (docs/archive.md).
    enum FontCodingKeys: String, CodingKey { case _0 = "font" }
    enum FontWeightCodingKeys: String, CodingKey { case _0 = "weight" }
    enum ForegroundStyleCodingKeys: String, CodingKey { case _0 = "color" }
    enum BackgroundCodingKeys: String, CodingKey { case _0 = "color" }
    enum PaddingCodingKeys: String, CodingKey { case _0 = "insets" }
    enum FrameCodingKeys: String, CodingKey { case _0 = "frame" }
    enum ClipShapeCodingKeys: String, CodingKey { case _0 = "shape" }
    enum LineLimitCodingKeys: String, CodingKey { case _0 = "lines" }
    enum MinimumScaleFactorCodingKeys: String, CodingKey { case _0 = "factor" }
    enum WidgetAccentableCodingKeys: String, CodingKey { case _0 = "accentable" }
    enum WidgetAccentedRenderingModeCodingKeys: String, CodingKey { case _0 = "mode" }
    enum ContainerBackgroundCodingKeys: String, CodingKey { case _0 = "color" }
    enum OpacityCodingKeys: String, CodingKey { case _0 = "opacity" }
    enum MultilineTextAlignmentCodingKeys: String, CodingKey { case _0 = "alignment" }
    enum RedactedCodingKeys: String, CodingKey { case _0 = "placeholder" }
    enum WidgetURLCodingKeys: String, CodingKey { case _0 = "url" }
    enum BorderCodingKeys: String, CodingKey { case _0 = "color", width }
    enum ShadowCodingKeys: String, CodingKey { case _0 = "color", radius, x, y }
    enum AspectRatioCodingKeys: String, CodingKey { case _0 = "ratio", contentMode }
    enum ButtonStyleCodingKeys: String, CodingKey { case _0 = "style" }
    enum GaugeStyleCodingKeys: String, CodingKey { case _0 = "style" }
    enum StrokeStyleCodingKeys: String, CodingKey { case _0 = "style" }
    enum ItalicCodingKeys: String, CodingKey { case _0 = "italic" }
    enum UnderlineCodingKeys: String, CodingKey { case _0 = "active", color }
    enum StrikethroughCodingKeys: String, CodingKey { case _0 = "active", color }
    enum TextCaseCodingKeys: String, CodingKey { case _0 = "case" }
    enum FontDesignCodingKeys: String, CodingKey { case _0 = "design" }
    enum LayoutPriorityCodingKeys: String, CodingKey { case _0 = "priority" }
    enum KerningCodingKeys: String, CodingKey { case _0 = "points" }
    enum LineSpacingCodingKeys: String, CodingKey { case _0 = "points" }
    enum TruncationModeCodingKeys: String, CodingKey { case _0 = "mode" }
    enum AccessibilityLabelCodingKeys: String, CodingKey { case _0 = "label" }
    enum AccessibilityValueCodingKeys: String, CodingKey { case _0 = "value" }
    enum AccessibilityHintCodingKeys: String, CodingKey { case _0 = "hint" }
    enum AccessibilityHiddenCodingKeys: String, CodingKey { case _0 = "hidden" }
}

/// One drawing an entry's view was made again for.
public struct ViewVariant: Codable, Sendable, Hashable {
    /// `fullColor`, `accented` or `vibrant`.
    public var renderingMode: String
    /// A dark card.
    public var dark: Bool

    /// A variant.
    public init(renderingMode: String, dark: Bool) {
        self.renderingMode = renderingMode
        self.dark = dark
    }
}

extension ViewNode {
    /// The view for a drawing: its variant for that rendering mode (or,
    /// in full colour, for a dark card), or the view as a light,
    /// full-colour card shows it when there is none.
    public func variant(renderingMode: String, dark: Bool) -> ViewNode {
        guard case .variants(let variants) = content, let standard = children.first else { return self }
        let wanted = renderingMode == "fullColor" ? ViewVariant(renderingMode: renderingMode, dark: dark)
            : ViewVariant(renderingMode: renderingMode, dark: false)
        guard let index = variants.firstIndex(of: wanted), children.indices.contains(index + 1) else { return standard }
        return children[index + 1]
    }

    /// Views in the tree, this one included.
    public var nodeCount: Int {
        var count = 0
        var stack = [self]
        while let node = stack.popLast() {
            count += 1
            stack.append(contentsOf: node.children)
        }
        return count
    }

    /// The view as a light, full-colour card shows it: what taps, texts and
    /// actions are read from.
    public var standard: ViewNode {
        if case .variants = content, let first = children.first { return first }
        return self
    }
}

/// How the lines of a wrapped text line up.
public enum TextAlignment: String, Codable, Sendable, Hashable {
    /// Lines start together.
    case leading
    /// Lines are centred.
    case center
    /// Lines end together.
    case trailing
}

/// A button or toggle as archived: what it runs and, for a toggle, its state.
public struct Control: Codable, Sendable, Hashable {
    /// Which control.
    public enum Kind: String, Codable, Sendable, Hashable {
        /// A `Button`.
        case button
        /// A `Toggle`.
        case toggle
    }

    /// Which control it is.
    public var kind: Kind
    /// A toggle's state when the entry was made; nil for a button.
    public var isOn: Bool?
    /// What a tap runs.
    public var intent: IntentReference

    /// A control; `Button` and `Toggle` make these.
    public init(kind: Kind, isOn: Bool? = nil, intent: IntentReference) {
        self.kind = kind
        self.isOn = isOn
        self.intent = intent
    }
}

/// Where an image's pixels come from.
public enum ImageSource: Codable, Sendable, Hashable {
    /// Encoded image bytes (PNG, JPEG), e.g. an avatar.
    case data(Data)
    /// A symbol by SF Symbols name; renderers draw the ones they know.
    case symbol(String)

    // Named keys for the archive's readers (docs/archive.md).
    enum DataCodingKeys: String, CodingKey { case _0 = "bytes" }
    enum SymbolCodingKeys: String, CodingKey { case _0 = "name" }
}

/// A fixed or flexible frame around a view.
public struct Frame: Codable, Sendable, Hashable {
    /// A fixed width in points.
    public var width: Double?
    /// A fixed height in points.
    public var height: Double?
    /// The least width.
    public var minWidth: Double?
    /// The most width; `.infinity` fills.
    public var maxWidth: Double?
    /// The least height.
    public var minHeight: Double?
    /// The most height; `.infinity` fills.
    public var maxHeight: Double?
    /// Where the content sits within the frame.
    public var alignment: Alignment

    /// A frame; `.frame(…)` makes these.
    public init(width: Double? = nil, height: Double? = nil, minWidth: Double? = nil, maxWidth: Double? = nil,
                minHeight: Double? = nil, maxHeight: Double? = nil, alignment: Alignment = .center) {
        self.width = width
        self.height = height
        self.minWidth = minWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.maxHeight = maxHeight
        self.alignment = alignment
    }

    /// What `.infinity` is archived as: JSON has no infinity, and any extent
    /// larger than a widget means "as much as there is".
    public static let unbounded = 1e9

    static func bounded(_ extent: Double) -> Double { min(extent, unbounded) }
}

/// Insets on each edge, in points.
public struct EdgeInsets: Codable, Sendable, Hashable {
    /// Points above.
    public var top: Double
    /// Points before.
    public var leading: Double
    /// Points below.
    public var bottom: Double
    /// Points after.
    public var trailing: Double

    /// Insets per edge: `.padding(EdgeInsets(top: 4, leading: 12))`.
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}

/// The edges `padding` applies to.
public struct Edge: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The top edge.
    public static let top = Edge(rawValue: 1 << 0)
    /// The leading edge.
    public static let leading = Edge(rawValue: 1 << 1)
    /// The bottom edge.
    public static let bottom = Edge(rawValue: 1 << 2)
    /// The trailing edge.
    public static let trailing = Edge(rawValue: 1 << 3)
    /// Leading and trailing.
    public static let horizontal: Edge = [.leading, .trailing]
    /// Top and bottom.
    public static let vertical: Edge = [.top, .bottom]
    /// Every edge.
    public static let all: Edge = [.horizontal, .vertical]

    /// SwiftUI's name for a set of edges (`.padding(Edge.Set.horizontal, 8)`):
    /// here `Edge` is that set itself.
    public typealias Set = Edge
}

/// How an image looks when the widget is shown in accented mode.
public enum WidgetAccentedRenderingMode: String, Codable, Sendable, Hashable {
    /// Tinted with the accent colour.
    case accented
    /// In greys.
    case desaturated
    /// In greys, tinted with the accent colour.
    case accentedDesaturated
    /// As it is, in every mode.
    case fullColor
}

/// What a tap on an entry can do.
public enum WidgetAction: Sendable, Hashable {
    /// A `Button` or `Toggle`.
    case control(Control)
    /// A `Link`.
    case link(URL)
    /// The whole widget's `widgetURL`.
    case widgetURL(URL)
}

extension ViewNode {
    /// The entry's controls and links in reading order (depth first), then
    /// its `widgetURL`: what `widgethost actions` numbers from 1.
    public var actions: [(action: WidgetAction, label: String)] {
        var found: [(WidgetAction, String)] = []
        var widgetURL: URL?
        var stack = [standard]
        while let node = stack.popLast() {
            switch node.content {
            case .control(let control): found.append((.control(control), node.labelText))
            case .link(let url): found.append((.link(url), node.labelText))
            default: break
            }
            for case .widgetURL(let url) in node.modifiers where widgetURL == nil { widgetURL = url }
            stack.append(contentsOf: node.children.reversed())
        }
        if let widgetURL { found.append((.widgetURL(widgetURL), "")) }
        return found
    }

    /// The text of a label, its pieces joined by spaces.
    public var labelText: String {
        var texts: [String] = []
        var stack = [self]
        while let node = stack.popLast() {
            if case .text(let string) = node.content { texts.append(string) }
            stack.append(contentsOf: node.children.reversed())
        }
        return texts.joined(separator: " ")
    }
}

