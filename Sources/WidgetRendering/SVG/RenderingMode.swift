import WidgetSDK

/// How a widget is drawn, as WidgetKit's `WidgetRenderingMode`.
package enum RenderingMode: String, Sendable, CaseIterable, Codable {
    /// The colours the kind chose.
    case fullColor
    /// Views marked `widgetAccentable` in the accent colour, the rest in one
    /// secondary colour; images as their accented rendering mode says.
    case accented
    /// Desaturated monochrome, as on the lock screen.
    case vibrant
}

/// Colours resolved for a rendering mode, as `#rrggbb` (with opacity apart).
struct Palette {
    static let accentColor = "#0a84ff"
    static let secondaryColor = "#8e8e93"

    let mode: RenderingMode

    func resolve(_ color: Color?, accentable: Bool) -> (hex: String, opacity: Double) {
        switch mode {
        case .accented:
            return (accentable ? Self.accentColor : Self.secondaryColor, 1)
        case .vibrant:
            let (hex, opacity) = full(color)
            return (Self.gray(hex), opacity)
        case .fullColor:
            return full(color)
        }
    }

    private func full(_ color: Color?) -> (String, Double) {
        switch color ?? .primary {
        case .primary: ("#1c1c1e", 1)
        case .secondary: (Self.secondaryColor, 1)
        case .accent: (Self.accentColor, 1)
        case .rgb(let red, let green, let blue, let opacity): (Self.hex(red, green, blue), opacity)
        }
    }

    static func hex(_ red: Double, _ green: Double, _ blue: Double) -> String {
        func byte(_ value: Double) -> String {
            let text = String(Int((min(1, max(0, value)) * 255).rounded()), radix: 16)
            return text.count == 1 ? "0" + text : text
        }
        return "#" + byte(red) + byte(green) + byte(blue)
    }

    /// The luminance of a colour as a grey, lightened for a dark background.
    static func gray(_ hex: String) -> String {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        let (red, green, blue) = (Double((value >> 16) & 0xFF), Double((value >> 8) & 0xFF), Double(value & 0xFF))
        let luminance = (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255
        let level = 0.55 + 0.45 * (1 - luminance)
        return Self.hex(level, level, level)
    }
}
