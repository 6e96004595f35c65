import Foundation

extension View {
    /// A view behind this one, laid out at this one's size:
    /// `.background(RoundedRectangle(cornerRadius: 8).fill(.blue), alignment: .center)`.
    public func background(_ content: some View, alignment: Alignment = .center) -> some View {
        ArchivedView(ViewNode(.layered(alignment: alignment, behind: true), children: [ViewNode(archiving: self), ViewNode(archiving: content)]))
    }

    /// A view behind this one, laid out at this one's size: `.background { Color.blue.opacity(0.2) }`.
    public func background(alignment: Alignment = .center, @ViewBuilder content: () -> ViewGroup) -> some View {
        background(content(), alignment: alignment)
    }

    /// `shape` filled with `style` behind this view, at its size:
    /// `.background(.green, in: RoundedRectangle(cornerRadius: 4))`.
    public func background(_ style: some ShapeStyle, in shape: some Shape) -> some View {
        background(shape.fill(style))
    }

    /// The card's background colour behind this view, at its size: `.background()`.
    public func background(ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        background(Color.background, in: Rectangle())
    }

    /// The card's background colour in `shape` behind this view: `.background(in: Capsule())`.
    public func background(in shape: some Shape) -> some View {
        background(Color.background, in: shape)
    }

    /// A view in front of this one, laid out at this one's size:
    /// `.overlay(Text("New"), alignment: .topTrailing)`.
    public func overlay(_ content: some View, alignment: Alignment = .center) -> some View {
        ArchivedView(ViewNode(.layered(alignment: alignment, behind: false), children: [ViewNode(archiving: self), ViewNode(archiving: content)]))
    }

    /// A view in front of this one, laid out at this one's size: `.overlay(alignment: .topTrailing) { Badge() }`.
    public func overlay(alignment: Alignment = .center, @ViewBuilder content: () -> ViewGroup) -> some View {
        overlay(content(), alignment: alignment)
    }

    /// Draws the view moved by `x` and `y` points; the views around it are laid out as if it had not moved.
    public func offset(x: Double = 0, y: Double = 0) -> some View {
        modified(.offset(x: x.isFinite ? x : 0, y: y.isFinite ? y : 0))
    }

    /// The view at its ideal size, whatever it is offered: text on one line, for example.
    public func fixedSize() -> some View {
        modified(.fixedSize(horizontal: true, vertical: true))
    }

    /// The view at its ideal size on the axes given.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
        modified(.fixedSize(horizontal: horizontal, vertical: vertical))
    }

    /// Clips the view's images to rounded corners, as `.clipShape(RoundedRectangle(cornerRadius:))`.
    public func cornerRadius(_ radius: Double) -> some View {
        clipShape(RoundedRectangle(cornerRadius: radius))
    }
}

// Modifiers that change how a widget animates or is treated by the system, not
// what a still drawing shows: accepted so that widget code builds, and ignored.
extension View {
    /// Ignored: a drawn entry does not animate between values.
    public func contentTransition(_ transition: ContentTransition) -> Self { self }
    /// Ignored: nothing is invalidated while an intent runs here.
    public func invalidatableContent(_ invalidatable: Bool = true) -> Self { self }
    /// Ignored: the host draws no locked or always-on state.
    public func privacySensitive(_ sensitive: Bool = true) -> Self { self }
    /// In a stack, children of higher priority are offered the space first
    /// (the others get what is left): `Text(name).layoutPriority(1)`.
    public func layoutPriority(_ value: Double) -> some View { modified(.layoutPriority(value)) }
    /// Ignored: DejaVu Sans's digits are all one width already.
    public func monospacedDigit() -> Self { self }
    /// Text within drawn slanted (in SVG and HTML; the board draws it upright).
    public func italic(_ isActive: Bool = true) -> some View { modified(.italic(isActive)) }
    /// Text within with a line under it, in `color` (nil: the text's own).
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> some View { modified(.underline(isActive, color: color)) }
    /// Text within with a line through it, in `color` (nil: the text's own).
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> some View { modified(.strikethrough(isActive, color: color)) }
    /// Text within in capitals (`.uppercase`) or small letters, in the
    /// language of the host; nil shows it as written.
    public func textCase(_ textCase: Text.Case?) -> some View { modified(.textCase(textCase)) }
    /// Text within in `design` (nil: as its font says), at its own size and weight.
    public func fontDesign(_ design: Font.Design?) -> some View {
        design.map { ArchivedView(ViewNode(archiving: self).modified(.fontDesign($0))) } ?? ArchivedView(ViewNode(archiving: self))
    }
    /// Text within in the monospaced design.
    public func monospaced(_ isActive: Bool = true) -> some View { fontDesign(isActive ? .monospaced : nil) }
    /// The colour of the controls within (a gauge's or a progress bar's
    /// fill, a bordered button) instead of the accent; nil keeps theirs.
    public func tint(_ color: Color?) -> some View {
        color.map { ArchivedView(ViewNode(archiving: self).modified(.tint($0))) } ?? ArchivedView(ViewNode(archiving: self))
    }
}

/// How a view's content changes between entries; a drawing does not animate, so any is accepted.
public struct ContentTransition: Sendable, Equatable {
    let name: String

    /// No transition.
    public static let identity = ContentTransition(name: "identity")
    /// A cross-fade.
    public static let opacity = ContentTransition(name: "opacity")
    /// A blend of the shapes.
    public static let interpolate = ContentTransition(name: "interpolate")

    /// Digits that roll, as numbers change.
    public static func numericText(countsDown: Bool = false) -> ContentTransition {
        ContentTransition(name: "numericText")
    }

    /// Digits that roll towards `value`.
    public static func numericText(value: Double) -> ContentTransition {
        ContentTransition(name: "numericText")
    }
}

// Effects on how a view is drawn, as SwiftUI's: the layout around the view is
// as it would be without them.
extension View {
    /// A blurred shadow under each part of the view: `.shadow(radius: 4)`.
    public func shadow(color: Color = Color(red: 0, green: 0, blue: 0, opacity: 0.33), radius: Double, x: Double = 0, y: Double = 0) -> some View {
        modified(.shadow(color, radius: max(0, radius), x: x, y: y))
    }
    /// The view drawn turned clockwise by `angle` around `anchor`.
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
        modified(.rotation(radians: angle.radians, anchor: anchor))
    }
    /// The view drawn scaled by `scale` around `anchor`.
    public func scaleEffect(_ scale: Double, anchor: UnitPoint = .center) -> some View {
        modified(.scale(x: scale, y: scale, anchor: anchor))
    }
    /// The view drawn scaled by `x` and `y` around `anchor`.
    public func scaleEffect(x: Double = 1, y: Double = 1, anchor: UnitPoint = .center) -> some View {
        modified(.scale(x: x, y: y, anchor: anchor))
    }
    /// The view at a width-to-height `ratio` (nil: an image's own), fitting or filling what it is offered.
    public func aspectRatio(_ ratio: Double? = nil, contentMode: ContentMode) -> some View {
        modified(.aspectRatio(ratio, contentMode: contentMode))
    }
    /// The view at a ratio of width to height given as a size: `.aspectRatio(CGSize(width: 16, height: 9), contentMode: .fit)`.
    public func aspectRatio(_ size: CGSize, contentMode: ContentMode) -> some View {
        aspectRatio(size.height > 0 ? size.width / size.height : nil, contentMode: contentMode)
    }
    /// At its own ratio, as large as fits: `Image("photo").resizable().scaledToFit()`.
    public func scaledToFit() -> some View { aspectRatio(contentMode: .fit) }
    /// At its own ratio, filling what it is offered (the overflow cut by `.clipped()`).
    public func scaledToFill() -> some View { aspectRatio(contentMode: .fill) }
    /// A line `width` points wide just inside the view's frame: `.border(.gray, width: 1)`.
    public func border(_ color: Color, width: Double = 1) -> some View { modified(.border(color, width: max(0, width))) }
    /// A border in a style (a gradient).
    public func border(_ style: some ShapeStyle, width: Double = 1) -> some View { modified(.border(style.archivedColor, width: max(0, width))) }
    /// Nothing of the view is drawn outside its frame.
    public func clipped(antialiased: Bool = false) -> some View { modified(.clipped) }
}

/// How content fits a ratio: `.aspectRatio(contentMode: .fit)`.
public enum ContentMode: String, Codable, Sendable, Hashable {
    /// The whole content, letterboxed.
    case fit
    /// The frame filled, the content cut.
    case fill
}

/// An angle: `.degrees(45)`, `.radians(.pi / 4)`.
public struct Angle: Sendable, Hashable {
    /// The angle in radians.
    public var radians: Double
    /// The angle in degrees.
    public var degrees: Double { radians * 180 / .pi }

    /// An angle in radians.
    public init(radians: Double) { self.radians = radians }
    /// An angle in degrees.
    public init(degrees: Double) { self.radians = degrees * .pi / 180 }
    /// An angle in degrees.
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
    /// An angle in radians.
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
    /// No turn.
    public static let zero = Angle(radians: 0)
    /// The two angles added.
    public static func + (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians + rhs.radians) }
    /// The second angle taken from the first.
    public static func - (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians - rhs.radians) }
}

/// A point in a view's unit square, as an anchor: `.center`, `.topLeading`.
public struct UnitPoint: Codable, Sendable, Hashable {
    /// 0 at the leading edge, 1 at the trailing one.
    public var x: Double
    /// 0 at the top, 1 at the bottom.
    public var y: Double

    /// A point of the unit square.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The middle.
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    /// The top left.
    public static let topLeading = UnitPoint(x: 0, y: 0)
    /// The top middle.
    public static let top = UnitPoint(x: 0.5, y: 0)
    /// The top right.
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    /// The left middle.
    public static let leading = UnitPoint(x: 0, y: 0.5)
    /// The right middle.
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    /// The bottom left.
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    /// The bottom middle.
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    /// The bottom right.
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}
