/// A font: a size in points, a weight and a design. The text styles have the
/// sizes of iOS's default Dynamic Type setting.
public struct Font: Codable, Sendable, Hashable {
    /// How heavy the strokes are.
    public enum Weight: String, Codable, Sendable, Hashable {
        /// UltraLight.
        case ultraLight
        /// Thin.
        case thin
        /// Light.
        case light
        /// Regular (the default).
        case regular
        /// Medium.
        case medium
        /// Semibold.
        case semibold
        /// Bold.
        case bold
        /// Heavy.
        case heavy
        /// Black.
        case black
    }

    /// The typeface's style.
    public enum Design: String, Codable, Sendable, Hashable {
        /// The system face (DejaVu Sans when drawn here).
        case `default`
        /// Every character as wide as the next.
        case monospaced
        /// Rounded strokes.
        case rounded
        /// With serifs.
        case serif
    }

    /// The size in points.
    public var size: Double
    /// The weight.
    public var weight: Weight
    /// The design.
    public var design: Design

    /// A font of `size` points: `.font(.system(size: 56, weight: .bold))`.
    public static func system(size: Double, weight: Weight = .regular, design: Design = .default) -> Font {
        Font(size: size, weight: weight, design: design)
    }

    /// 34 pt.
    public static let largeTitle = Font.system(size: 34)
    /// 28 pt.
    public static let title = Font.system(size: 28)
    /// 22 pt.
    public static let title2 = Font.system(size: 22)
    /// 20 pt.
    public static let title3 = Font.system(size: 20)
    /// 17 pt semibold.
    public static let headline = Font.system(size: 17, weight: .semibold)
    /// 17 pt.
    public static let body = Font.system(size: 17)
    /// 16 pt.
    public static let callout = Font.system(size: 16)
    /// 15 pt.
    public static let subheadline = Font.system(size: 15)
    /// 13 pt.
    public static let footnote = Font.system(size: 13)
    /// 12 pt.
    public static let caption = Font.system(size: 12)
    /// 11 pt.
    public static let caption2 = Font.system(size: 11)

    /// This font with another weight.
    public func weight(_ weight: Weight) -> Font {
        Font(size: size, weight: weight, design: design)
    }

    /// This font, bold.
    public func bold() -> Font { weight(.bold) }
}
