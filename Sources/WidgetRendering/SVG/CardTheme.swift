import Foundation
import WidgetSDK

/// What every card shares that the manifest may set: the accent colour and
/// the corner radius (`appearance:`), and the locale dates are written in
/// (`locale:`).
package struct CardTheme: Sendable, Hashable {
    /// `#rrggbb`: `Color.accentColor`, and accentable views in `accented`.
    package var accent: String
    package var cornerRadius: Double
    /// What `Text(date, style:)` is written in.
    package var locale: Locale

    package init(accent: String? = nil, cornerRadius: Double? = nil, locale: Locale = FormattingLocale.dates) {
        self.accent = accent ?? "#0a84ff"
        self.cornerRadius = cornerRadius ?? 22
        self.locale = locale
    }

    package static let standard = CardTheme()
}

/// WCAG 2's contrast between two colours, and a colour moved until it
/// reaches a contrast: text in `accented` and `vibrant` stays readable
/// whatever accent a manifest chooses, on light and on dark cards.
package enum Contrast {
    /// What WCAG asks of body text (AA).
    package static let minimumForText = 4.5

    /// From 1 (the same) to 21 (black on white).
    package static func ratio(_ first: String, _ second: String) -> Double {
        let (a, b) = (luminance(first), luminance(second))
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// Relative luminance of `#rrggbb`, from 0 to 1.
    package static func luminance(_ hex: String) -> Double {
        let rgba = RGBA((hex, 1))
        func linear(_ channel: Double) -> Double {
            channel <= 0.040_45 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(rgba.red) + 0.7152 * linear(rgba.green) + 0.0722 * linear(rgba.blue)
    }

    /// `color`, mixed toward black on a light background or toward white
    /// on a dark one, just far enough to reach `minimum` against it.
    package static func legible(_ color: String, on background: String, minimum: Double = minimumForText) -> String {
        guard ratio(color, background) < minimum else { return color }
        let light = luminance(background) > 0.18
        let target = light ? RGBA(red: 0, green: 0, blue: 0, opacity: 1) : RGBA(red: 1, green: 1, blue: 1, opacity: 1)
        let start = RGBA((color, 1))
        for step in 1...20 {
            let moved = start.mixed(with: target, Double(step) / 20).hex
            if ratio(moved, background) >= minimum { return moved }
        }
        return target.hex
    }
}
