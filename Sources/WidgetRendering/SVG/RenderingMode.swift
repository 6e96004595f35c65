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
    /// The grey of redacted bars and unavailable cards, in every mode.
    static let secondaryColor = "#8e8e93"

    let mode: RenderingMode
    /// Light or dark: how the system's colours (`SemanticColor`) are drawn.
    let scheme: ColorScheme
    let theme: CardTheme
    /// The theme's accent where it is drawn on the tinted card: moved
    /// toward black or white just enough to be read there. Worked out once,
    /// not for every accentable view.
    let legibleAccent: String

    init(mode: RenderingMode, scheme: ColorScheme = .light, theme: CardTheme = .standard) {
        self.mode = mode
        self.scheme = scheme
        self.theme = theme
        legibleAccent = Contrast.legible(theme.accent, on: scheme == .dark ? Self.darkTint : Self.lightTint)
    }

    private static let lightTint = "#f2f2f7", darkTint = "#1c1c1e"

    /// The card under `accented` and `vibrant`, which draw on a card of
    /// their own rather than the kind's background: a light grey or iOS's
    /// dark one, so that the page behind does not decide what can be read.
    var tintedCard: String { scheme == .dark ? Self.darkTint : Self.lightTint }

    /// What `accented` draws views that are not accentable in: iOS's
    /// secondary label colour, at AA contrast on the tinted card.
    var accentedSecondary: String { scheme == .dark ? "#98989f" : "#6c6c70" }

    func resolve(_ color: Color?, accentable: Bool) -> (hex: String, opacity: Double) {
        switch mode {
        case .accented:
            // One colour each, as iOS tints them, keeping how opaque the kind made it (a faint fill stays faint).
            return (accentable ? legibleAccent : accentedSecondary, full(color).1)
        case .vibrant:
            let (hex, opacity) = full(color)
            return (gray(hex), opacity)
        case .fullColor:
            return full(color)
        }
    }

    private func full(_ color: Color?) -> (String, Double) {
        switch color ?? .primary {
        case .primary: return semantic(.primary, 1)
        case .secondary: return semantic(.secondary, 1)
        case .accent: return semantic(.accent, 1)
        case .semantic(let color, let opacity): return semantic(color, opacity)
        case .rgb(let red, let green, let blue, let opacity): return (Self.hex(red, green, blue), opacity)
        case .gradient(let fill):
            // Where one colour has to stand for a gradient (the board, the accented mode): their mean.
            let stops = fill.gradient.stops.map { RGBA(full($0.color)) }
            let share = 1 / Double(max(1, stops.count))
            var mean = RGBA(red: 0, green: 0, blue: 0, opacity: 0)
            for stop in stops {
                mean = RGBA(red: mean.red + stop.red * share, green: mean.green + stop.green * share,
                            blue: mean.blue + stop.blue * share, opacity: mean.opacity + stop.opacity * share)
            }
            return (mean.hex, mean.opacity)
        }
    }

    /// iOS's label, fill and background colours on a light or a dark card.
    private func semantic(_ color: SemanticColor, _ opacity: Double) -> (String, Double) {
        let (hex, own): (String, Double) = switch (scheme, color) {
        case (.light, .primary): ("#1c1c1e", 1)
        case (.light, .secondary): (Self.secondaryColor, 1)
        case (.light, .tertiary): ("#3c3c43", 0.3)
        case (.light, .quaternary): ("#3c3c43", 0.18)
        case (.light, .fill): ("#787880", 0.2)
        case (.light, .background): ("#ffffff", 1)
        case (.dark, .primary): ("#ffffff", 1)
        case (.dark, .secondary): ("#98989f", 1)
        case (.dark, .tertiary): ("#ebebf5", 0.3)
        case (.dark, .quaternary): ("#ebebf5", 0.16)
        case (.dark, .fill): ("#787880", 0.36)
        case (.dark, .background): ("#1c1c1e", 1)
        case (_, .accent): (theme.accent, 1)
        }
        return (hex, own * opacity)
    }

    /// A gradient's stops as this mode draws them, in order of location
    /// (each from 0 to 1); nil for a solid colour or in accented mode,
    /// where a gradient is drawn as one colour.
    func gradientStops(_ color: Color?) -> [(color: RGBA, location: Double)]? {
        guard mode != .accented, case .gradient(let fill)? = color else { return nil }
        return fill.gradient.stops.enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map { stop in
                let (hex, opacity) = resolve(stop.element.color, accentable: false)
                return (RGBA((hex, opacity)), min(1, max(0, stop.element.location)))
            }
    }

    static func hex(_ red: Double, _ green: Double, _ blue: Double) -> String {
        func byte(_ value: Double) -> String {
            let text = String(Int((min(1, max(0, value)) * 255).rounded()), radix: 16)
            return text.count == 1 ? "0" + text : text
        }
        return "#" + byte(red) + byte(green) + byte(blue)
    }

    /// The luminance of a colour as a grey that reads on the tinted card:
    /// on a dark card dark colours become light (from 0.55 to white), on a
    /// light one light colours become dark (from 0.42 to black), so every
    /// opaque text keeps AA contrast.
    func gray(_ hex: String) -> String {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        let (red, green, blue) = (Double((value >> 16) & 0xFF), Double((value >> 8) & 0xFF), Double(value & 0xFF))
        let luminance = (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255
        let level = scheme == .dark ? 0.55 + 0.45 * (1 - luminance) : 0.42 * luminance
        return Self.hex(level, level, level)
    }
}

/// A colour as numbers from 0 to 1, to mix.
struct RGBA: Equatable {
    var red, green, blue, opacity: Double

    init(red: Double, green: Double, blue: Double, opacity: Double) {
        (self.red, self.green, self.blue, self.opacity) = (red, green, blue, opacity)
    }

    init(_ resolved: (hex: String, opacity: Double)) {
        let value = Int(resolved.hex.dropFirst(), radix: 16) ?? 0
        self.init(red: Double((value >> 16) & 0xFF) / 255, green: Double((value >> 8) & 0xFF) / 255,
                  blue: Double(value & 0xFF) / 255, opacity: resolved.opacity)
    }

    var hex: String { Palette.hex(red, green, blue) }

    /// The colour `fraction` of the way from this one to `other`.
    func mixed(with other: RGBA, _ fraction: Double) -> RGBA {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * fraction }
        return RGBA(red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue), opacity: mix(opacity, other.opacity))
    }

    /// The colour at `location` along stops in order.
    static func at(_ location: Double, in stops: [(color: RGBA, location: Double)]) -> RGBA {
        guard let first = stops.first, let last = stops.last else { return RGBA(red: 0, green: 0, blue: 0, opacity: 0) }
        if location <= first.location { return first.color }
        for (before, after) in zip(stops, stops.dropFirst()) where location <= after.location {
            let span = after.location - before.location
            return span > 0 ? before.color.mixed(with: after.color, (location - before.location) / span) : after.color
        }
        return last.color
    }
}
