import Foundation

/// The part of UIKit's `UIFont` widgets use: the system font at a size and
/// weight, Dynamic Type's text styles at their default sizes, and
/// `Font(_:)` to use one in SwiftUI. A named font is drawn in the system
/// font at its size (the host draws one family).
open class UIFont: @unchecked Sendable {
    /// A font weight, UIKit's names.
    public struct Weight: Hashable, Sendable {
        let weight: Font.Weight
        public static let ultraLight = Weight(weight: .ultraLight)
        public static let thin = Weight(weight: .thin)
        public static let light = Weight(weight: .light)
        public static let regular = Weight(weight: .regular)
        public static let medium = Weight(weight: .medium)
        public static let semibold = Weight(weight: .semibold)
        public static let bold = Weight(weight: .bold)
        public static let heavy = Weight(weight: .heavy)
        public static let black = Weight(weight: .black)
    }

    /// Dynamic Type's text styles.
    public struct TextStyle: Hashable, Sendable {
        let font: Font
        public static let largeTitle = TextStyle(font: .largeTitle)
        public static let title1 = TextStyle(font: .title)
        public static let title2 = TextStyle(font: .title2)
        public static let title3 = TextStyle(font: .title3)
        public static let headline = TextStyle(font: .headline)
        public static let body = TextStyle(font: .body)
        public static let callout = TextStyle(font: .callout)
        public static let subheadline = TextStyle(font: .subheadline)
        public static let footnote = TextStyle(font: .footnote)
        public static let caption1 = TextStyle(font: .caption)
        public static let caption2 = TextStyle(font: .caption2)
    }

    let font: Font

    init(_ font: Font) {
        self.font = font
    }

    /// A named font at `size`: drawn in the system font.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        self.init(.system(size: Double(fontSize)))
    }

    /// The size in points.
    open var pointSize: CGFloat { CGFloat(font.size) }

    /// The same font at another size.
    open func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(.system(size: Double(fontSize), weight: font.weight, design: font.design))
    }

    open class func systemFont(ofSize fontSize: CGFloat, weight: Weight = .regular) -> UIFont {
        UIFont(.system(size: Double(fontSize), weight: weight.weight))
    }

    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize, weight: .bold)
    }

    open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize)
    }

    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        systemFont(ofSize: fontSize, weight: weight)
    }

    open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(.system(size: Double(fontSize), weight: weight.weight, design: .monospaced))
    }

    /// The text style's font at Dynamic Type's default size (a widget is
    /// drawn at the default content size).
    open class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        UIFont(style.font)
    }
}

/// Dynamic Type's scaling, at the default content size: values come back as
/// they were given.
public struct UIFontMetrics: Sendable {
    /// The metrics of the body style.
    public static let `default` = UIFontMetrics(forTextStyle: .body)

    public init(forTextStyle textStyle: UIFont.TextStyle) {}

    public func scaledValue(for value: CGFloat) -> CGFloat { value }

    public func scaledFont(for font: UIFont) -> UIFont { font }
}

/// The screen a widget is drawn for: an iPhone's, at 2× scale.
public final class UIScreen: Sendable {
    /// The only screen.
    public static let main = UIScreen()

    /// Pixels per point.
    public let scale: CGFloat = 2

    /// The screen's size in points.
    public let bounds = CGRect(x: 0, y: 0, width: 390, height: 844)
}

extension Font {
    /// UIKit's font in SwiftUI: `Font(UIFont.systemFont(ofSize: 14))`.
    public init(_ font: UIFont) {
        self = font.font
    }
}
