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

    /// An sRGB colour, each part from 0 to 1: `Color(red: 1, green: 0.6, blue: 0)`.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self = .rgb(red: red, green: green, blue: blue, opacity: opacity)
    }

    /// From a 0xRRGGBB literal.
    public init(hex: UInt32, opacity: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255, opacity: opacity)
    }

    /// The accent colour, as SwiftUI names it.
    public static let accentColor = Color.accent
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
