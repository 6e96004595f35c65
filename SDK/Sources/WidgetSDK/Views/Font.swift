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

    /// A text style of Dynamic Type, in the sizes of its default setting.
    public enum TextStyle: String, Codable, Sendable, Hashable, CaseIterable {
        /// 34 pt.
        case largeTitle
        /// 28 pt.
        case title
        /// 22 pt.
        case title2
        /// 20 pt.
        case title3
        /// 17 pt semibold.
        case headline
        /// 15 pt.
        case subheadline
        /// 17 pt.
        case body
        /// 16 pt.
        case callout
        /// 13 pt.
        case footnote
        /// 12 pt.
        case caption
        /// 11 pt.
        case caption2
    }

    /// A text style in a design, and optionally a weight:
    /// `.font(.system(.subheadline, design: .rounded))`.
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        let base: Font = switch style {
        case .largeTitle: .largeTitle
        case .title: .title
        case .title2: .title2
        case .title3: .title3
        case .headline: .headline
        case .subheadline: .subheadline
        case .body: .body
        case .callout: .callout
        case .footnote: .footnote
        case .caption: .caption
        case .caption2: .caption2
        }
        return Font(size: base.size, weight: weight ?? base.weight, design: design ?? base.design)
    }

    /// A font of the module's own by name, at `size` points: drawn in the
    /// host's face (DejaVu Sans) at that size, as a card names only the
    /// fonts every viewer has.
    public static func custom(_ name: String, size: Double) -> Font {
        .system(size: size)
    }

    /// A font of one's own that scales as `textStyle` does: `size` points here.
    public static func custom(_ name: String, size: Double, relativeTo textStyle: TextStyle) -> Font {
        .system(size: size)
    }

    /// A font of one's own at a size that never scales: `fixedSize` points.
    public static func custom(_ name: String, fixedSize: Double) -> Font {
        .system(size: fixedSize)
    }

    /// This font with another weight.
    public func weight(_ weight: Weight) -> Font {
        Font(size: size, weight: weight, design: design)
    }

    /// This font, bold.
    public func bold() -> Font { weight(.bold) }
}
