import HostText
import WidgetSDK
import YAML

/// `appearance:` in the manifest: how every card and the dashboard look,
/// as a home screen's settings would set them.
package struct AppearanceSettings: Decodable, Sendable, Equatable {
    /// Light or dark cards, or (`auto`, the default) the dashboard follows
    /// the browser's `prefers-color-scheme` and the commands draw light.
    package enum Scheme: String, Decodable, Sendable, CaseIterable {
        case auto, light, dark
    }

    package var scheme: Scheme = .auto
    /// `#rrggbb`: `Color.accentColor`, and what `accented` draws accentable
    /// views in (made darker or lighter where it would not read on the card).
    package var accent: String?
    /// Points, from 0 (square) to 40.
    package var cornerRadius: Double?
    /// `#rrggbb`: the dashboard page behind the cards.
    package var background: String?

    package static let cornerRadii: ClosedRange<Double> = 0 ... 40

    /// The scheme a card is drawn in when nothing else says: dark only if
    /// the manifest fixes it so (`auto` is the browser's to decide, and
    /// light where there is no browser).
    package var cardScheme: ColorScheme { scheme == .dark ? .dark : .light }

    enum CodingKeys: String, CodingKey {
        case scheme, accent, background
        case cornerRadius = "corner_radius"
    }

    package init() {}

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        scheme = try container.decodeIfPresent(Scheme.self, forKey: .scheme) ?? .auto
        for key in [CodingKeys.accent, .background] {
            guard let text = try container.decodeIfPresent(Located<String>.self, forKey: key) else { continue }
            guard let hex = Self.hexColor(text.value) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container,
                    debugDescription: "expected a colour as #rrggbb or #rgb, such as #ff9500; found '\(TerminalText.escaped(text.value))'")
            }
            if key == .accent { accent = hex } else { background = hex }
        }
        if let radius = try container.decodeIfPresent(Double.self, forKey: .cornerRadius) {
            guard Self.cornerRadii.contains(radius) else {
                throw DecodingError.dataCorruptedError(forKey: .cornerRadius, in: container,
                                                       debugDescription: "expected points from 0 to 40, found \(radius)")
            }
            cornerRadius = radius
        }
    }

    /// `#rgb` or `#rrggbb` as lowercase `#rrggbb`; nil for anything else.
    package static func hexColor(_ text: String) -> String? {
        guard text.hasPrefix("#"), text.dropFirst().allSatisfy(\.isHexDigit), text.count == 4 || text.count == 7 else { return nil }
        let digits = text.dropFirst().lowercased()
        return "#" + (digits.count == 3 ? digits.map { "\($0)\($0)" }.joined() : digits)
    }
}
