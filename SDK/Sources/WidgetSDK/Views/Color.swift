import Foundation

/// A colour: semantic (resolved by the renderer and rendering mode) or sRGB.
public enum Color: Codable, Sendable, Hashable {
    /// The text colour of the rendering mode (near black on a light card).
    case primary
    /// The mode's grey for less important text.
    case secondary
    /// The host's accent colour (`Color.accentColor`); tinted in accented mode.
    case accent
    /// An sRGB colour, each part from 0 to 1.
    case rgb(red: Double, green: Double, blue: Double, opacity: Double)
    /// A gradient (`LinearGradient`, `.blue.gradient`): its stops are solid colours.
    case gradient(GradientFill)
    /// A colour of the system's palette at an opacity (`.tertiary`,
    /// `.fill`, `.primary.opacity(0.5)`), resolved by the renderer for a
    /// light or a dark card and for the rendering mode.
    case semantic(SemanticColor, opacity: Double)

    // Named keys for the archive's readers (docs/archive.md).
    enum GradientCodingKeys: String, CodingKey { case _0 = "fill" }
    enum SemanticCodingKeys: String, CodingKey { case _0 = "color", opacity }

    /// An sRGB colour, each part from 0 to 1: `Color(red: 1, green: 0.6, blue: 0)`.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self = .rgb(red: red, green: green, blue: blue, opacity: opacity)
    }

    /// From a 0xRRGGBB literal.
    public init(hex: UInt32, opacity: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255, opacity: opacity)
    }

    /// The accent colour, as SwiftUI names it: the module's `AccentColor`
    /// asset colour (Xcode's template names one; an imported target's
    /// ASSETCATALOG_COMPILER_GLOBAL_ACCENT_COLOR_NAME names another), as an
    /// app's on iOS; the host's accent when it has none.
    public static var accentColor: Color {
        guard let name = ModuleResources.accentColorName, ModuleResources.colorSet(named: name) != nil else { return .accent }
        return Color(name)
    }
    /// White, #FFFFFF.
    public static let white = Color(hex: 0xFFFFFF)
    /// Black, #000000.
    public static let black = Color(hex: 0x000000)
    /// Grey, #8E8E93.
    public static let gray = Color(hex: 0x8E8E93)
    /// Red, #FF3B30.
    public static let red = Color(hex: 0xFF3B30)
    /// Orange, #FF9500.
    public static let orange = Color(hex: 0xFF9500)
    /// Yellow, #FFCC00.
    public static let yellow = Color(hex: 0xFFCC00)
    /// Green, #34C759.
    public static let green = Color(hex: 0x34C759)
    /// Blue, #007AFF.
    public static let blue = Color(hex: 0x007AFF)
    /// Pink, #FF2D55.
    public static let pink = Color(hex: 0xFF2D55)
    /// Purple, #AF52DE.
    public static let purple = Color(hex: 0xAF52DE)
    /// Cyan, #32ADE6.
    public static let cyan = Color(hex: 0x32ADE6)
    /// Mint, #00C7BE.
    public static let mint = Color(hex: 0x00C7BE)
    /// Teal, #30B0C7.
    public static let teal = Color(hex: 0x30B0C7)
    /// Indigo, #5856D6.
    public static let indigo = Color(hex: 0x5856D6)
    /// Brown, #A2845E.
    public static let brown = Color(hex: 0xA2845E)
    /// Fully transparent.
    public static let clear = Color(red: 0, green: 0, blue: 0, opacity: 0)
}

/// The system's colours that a renderer resolves for light and dark cards.
public enum SemanticColor: String, Codable, Sendable, Hashable, CaseIterable {
    /// Text: near black on light, white on dark.
    case primary
    /// Less important text.
    case secondary
    /// Text less important than secondary.
    case tertiary
    /// The faintest text.
    case quaternary
    /// The accent colour.
    case accent
    /// A shape's fill on the card.
    case fill
    /// The card's own background.
    case background
}

// The hierarchical styles, where SwiftUI takes a `ShapeStyle`
// (`foregroundStyle`, `fill`, `background`, `containerBackground`): the
// system's colours, drawn as iOS draws its label, fill and background
// colours on a light or a dark card.
extension Color {
    /// Text less important than `.secondary`: iOS's tertiary label colour.
    public static let tertiary = Color.semantic(.tertiary, opacity: 1)
    /// The faintest text: iOS's quaternary label colour.
    public static let quaternary = Color.semantic(.quaternary, opacity: 1)
    /// The accent colour, as a style names it: `.foregroundStyle(.tint)`.
    public static let tint = Color.accent
    /// A shape's fill on the card: iOS's system fill colour. `.fill.tertiary` is fainter.
    public static let fill = Color.semantic(.fill, opacity: 1)
    /// The card's own background.
    public static let background = Color.semantic(.background, opacity: 1)

    /// This colour at `opacity` times its own, still a colour: `.blue.opacity(0.3)`.
    public func opacity(_ opacity: Double) -> Color {
        let factor = min(1, max(0, opacity.isFinite ? opacity : 1))
        switch self {
        case .primary: return .semantic(.primary, opacity: factor)
        case .secondary: return .semantic(.secondary, opacity: factor)
        case .accent: return .semantic(.accent, opacity: factor)
        case .semantic(let color, let own): return .semantic(color, opacity: own * factor)
        case .rgb(let red, let green, let blue, let own): return Color(red: red, green: green, blue: blue, opacity: own * factor)
        case .gradient(var fill):
            fill.gradient.stops = fill.gradient.stops.map { Gradient.Stop(color: $0.color.opacity(factor), location: $0.location) }
            return .gradient(fill)
        }
    }

    /// A fainter level of this style, as `.fill.secondary`.
    public var secondary: Color { opacity(0.75) }
    /// A fainter level still, as `.fill.tertiary`.
    public var tertiary: Color { opacity(0.5) }
    /// The faintest level, as `.fill.quaternary`.
    public var quaternary: Color { opacity(0.3) }

    /// The colour as a light card draws it, in sRGB: what `.gradient` lightens.
    var lightValue: Color {
        let semantic: SemanticColor
        let factor: Double
        switch self {
        case .rgb, .gradient: return self
        case .primary: (semantic, factor) = (.primary, 1)
        case .secondary: (semantic, factor) = (.secondary, 1)
        case .accent: (semantic, factor) = (.accent, 1)
        case .semantic(let color, let opacity): (semantic, factor) = (color, opacity)
        }
        let (red, green, blue, opacity): (Double, Double, Double, Double) = switch semantic {
        case .primary: (28, 28, 30, 1)
        case .secondary: (142, 142, 147, 1)
        case .tertiary: (60, 60, 67, 0.3)
        case .quaternary: (60, 60, 67, 0.18)
        case .accent: (10, 132, 255, 1)
        case .fill: (120, 120, 128, 0.2)
        case .background: (255, 255, 255, 1)
        }
        return Color(red: red / 255, green: green / 255, blue: blue / 255, opacity: opacity * factor)
    }
}

extension Color {
    /// The colour spaces a colour's components can be given in.
    public enum RGBColorSpace: Sendable, Hashable {
        /// sRGB.
        case sRGB
        /// Linear sRGB: the components are converted to sRGB.
        case sRGBLinear
        /// Display P3, taken as sRGB (the difference is at the edge of what a screen shows).
        case displayP3
    }

    /// A colour in `colorSpace`: `Color(.sRGB, red: 0.2, green: 0.4, blue: 0.9, opacity: 1)`.
    public init(_ colorSpace: RGBColorSpace, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        func encoded(_ linear: Double) -> Double {
            let value = min(1, max(0, linear))
            return value <= 0.003_130_8 ? 12.92 * value : 1.055 * pow(value, 1 / 2.4) - 0.055
        }
        if colorSpace == .sRGBLinear {
            self.init(red: encoded(red), green: encoded(green), blue: encoded(blue), opacity: opacity)
        } else {
            self.init(red: red, green: green, blue: blue, opacity: opacity)
        }
    }

    /// A grey in `colorSpace`: `Color(.sRGB, white: 0.5, opacity: 1)`.
    public init(_ colorSpace: RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) {
        self.init(colorSpace, red: white, green: white, blue: white, opacity: opacity)
    }
}

// The colours where a `ShapeStyle` is taken, as SwiftUI declares them:
// `.background(.green, in: Capsule())`, `.fill(.blue)` on any shape style.
extension ShapeStyle where Self == Color {
    /// Red.
    public static var red: Color { Color.red }
    /// Orange.
    public static var orange: Color { Color.orange }
    /// Yellow.
    public static var yellow: Color { Color.yellow }
    /// Green.
    public static var green: Color { Color.green }
    /// Mint.
    public static var mint: Color { Color.mint }
    /// Teal.
    public static var teal: Color { Color.teal }
    /// Cyan.
    public static var cyan: Color { Color.cyan }
    /// Blue.
    public static var blue: Color { Color.blue }
    /// Indigo.
    public static var indigo: Color { Color.indigo }
    /// Purple.
    public static var purple: Color { Color.purple }
    /// Pink.
    public static var pink: Color { Color.pink }
    /// Brown.
    public static var brown: Color { Color.brown }
    /// White.
    public static var white: Color { Color.white }
    /// Grey.
    public static var gray: Color { Color.gray }
    /// Black.
    public static var black: Color { Color.black }
    /// Fully transparent.
    public static var clear: Color { Color.clear }
}
