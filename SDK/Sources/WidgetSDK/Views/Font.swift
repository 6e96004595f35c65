/// A font: a size in points, a weight and a design. The text styles have the
/// sizes of iOS's default Dynamic Type setting.
public struct Font: Codable, Sendable, Hashable {
    public enum Weight: String, Codable, Sendable, Hashable {
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
    }

    public enum Design: String, Codable, Sendable, Hashable {
        case `default`, monospaced, rounded, serif
    }

    public var size: Double
    public var weight: Weight
    public var design: Design

    public static func system(size: Double, weight: Weight = .regular, design: Design = .default) -> Font {
        Font(size: size, weight: weight, design: design)
    }

    public static let largeTitle = Font.system(size: 34)
    public static let title = Font.system(size: 28)
    public static let title2 = Font.system(size: 22)
    public static let title3 = Font.system(size: 20)
    public static let headline = Font.system(size: 17, weight: .semibold)
    public static let body = Font.system(size: 17)
    public static let callout = Font.system(size: 16)
    public static let subheadline = Font.system(size: 15)
    public static let footnote = Font.system(size: 13)
    public static let caption = Font.system(size: 12)
    public static let caption2 = Font.system(size: 11)

    public func weight(_ weight: Weight) -> Font {
        Font(size: size, weight: weight, design: design)
    }

    public func bold() -> Font { weight(.bold) }
}
