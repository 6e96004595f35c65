import Foundation

/// The part of UIKit's `UIFont` widgets use: the system font at a size and
/// weight, Dynamic Type's text styles at their default sizes, and
/// `Font(_:)` to use one in SwiftUI. A named font is drawn in the system
/// font at its size (the host draws one family).
open class UIFont: @unchecked Sendable {
    /// A font weight, UIKit's names.
    public struct Weight: Hashable, Sendable {
        let weight: Font.Weight
        /// The ultra light weight.
        public static let ultraLight = Weight(weight: .ultraLight)
        /// The thin weight.
        public static let thin = Weight(weight: .thin)
        /// The light weight.
        public static let light = Weight(weight: .light)
        /// The regular weight.
        public static let regular = Weight(weight: .regular)
        /// The medium weight.
        public static let medium = Weight(weight: .medium)
        /// The semibold weight.
        public static let semibold = Weight(weight: .semibold)
        /// The bold weight.
        public static let bold = Weight(weight: .bold)
        /// The heavy weight.
        public static let heavy = Weight(weight: .heavy)
        /// The black weight.
        public static let black = Weight(weight: .black)
    }

    /// Dynamic Type's text styles.
    public struct TextStyle: Hashable, Sendable {
        let font: Font
        /// Dynamic Type's large title style, at its default size.
        public static let largeTitle = TextStyle(font: .largeTitle)
        /// Dynamic Type's title 1 style, at its default size.
        public static let title1 = TextStyle(font: .title)
        /// Dynamic Type's title 2 style, at its default size.
        public static let title2 = TextStyle(font: .title2)
        /// Dynamic Type's title 3 style, at its default size.
        public static let title3 = TextStyle(font: .title3)
        /// Dynamic Type's headline style, at its default size.
        public static let headline = TextStyle(font: .headline)
        /// Dynamic Type's body style, at its default size.
        public static let body = TextStyle(font: .body)
        /// Dynamic Type's callout style, at its default size.
        public static let callout = TextStyle(font: .callout)
        /// Dynamic Type's subheadline style, at its default size.
        public static let subheadline = TextStyle(font: .subheadline)
        /// Dynamic Type's footnote style, at its default size.
        public static let footnote = TextStyle(font: .footnote)
        /// Dynamic Type's caption 1 style, at its default size.
        public static let caption1 = TextStyle(font: .caption)
        /// Dynamic Type's caption 2 style, at its default size.
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

    /// The system font at `fontSize` points and `weight`.
    open class func systemFont(ofSize fontSize: CGFloat, weight: Weight = .regular) -> UIFont {
        UIFont(.system(size: Double(fontSize), weight: weight.weight))
    }

    /// The bold system font at `fontSize` points.
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize, weight: .bold)
    }

    /// The system font at `fontSize` points, drawn upright.
    open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize)
    }

    /// The system font (its digits are one width already).
    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        systemFont(ofSize: fontSize, weight: weight)
    }

    /// The monospaced design at `fontSize` points and `weight`.
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

    /// The metrics of a text style.
    public init(forTextStyle textStyle: UIFont.TextStyle) {}

    /// `value` as it is: a widget is drawn at the default content size.
    public func scaledValue(for value: CGFloat) -> CGFloat { value }

    /// `font` as it is: a widget is drawn at the default content size.
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
