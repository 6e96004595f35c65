/// A colour: semantic (resolved by the renderer and rendering mode) or sRGB.
public enum Color: Codable, Sendable, Hashable {
    case primary
    case secondary
    case accent
    case rgb(red: Double, green: Double, blue: Double, opacity: Double)

    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self = .rgb(red: red, green: green, blue: blue, opacity: opacity)
    }

    /// From a 0xRRGGBB literal.
    public init(hex: UInt32, opacity: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255, opacity: opacity)
    }

    public static let accentColor = Color.accent
    public static let white = Color(hex: 0xFFFFFF)
    public static let black = Color(hex: 0x000000)
    public static let gray = Color(hex: 0x8E8E93)
    public static let red = Color(hex: 0xFF3B30)
    public static let orange = Color(hex: 0xFF9500)
    public static let yellow = Color(hex: 0xFFCC00)
    public static let green = Color(hex: 0x34C759)
    public static let blue = Color(hex: 0x007AFF)
    public static let pink = Color(hex: 0xFF2D55)
    public static let purple = Color(hex: 0xAF52DE)
}
