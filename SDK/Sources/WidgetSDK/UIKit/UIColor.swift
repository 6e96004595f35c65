import Foundation

/// The part of UIKit's `UIColor` widgets use: sRGB and white components,
/// the system's colours (`.systemRed`, `.secondaryLabel`, `.systemGray5`)
/// with their light and dark values, colours that depend on the trait
/// collection (`UIColor { traits in … }`), and asset colours
/// (`UIColor(named:)`). `Color(uiColor:)` and `Color(_:)` take one.
///
/// A colour that differs between light and dark is resolved for the scheme
/// the entry is being archived for, and a view that uses one is archived
/// for both schemes, as a view that reads `\.colorScheme` is.
open class UIColor: @unchecked Sendable, CustomStringConvertible {
    enum Storage {
        case fixed(Color)
        case dynamic((UITraitCollection) -> UIColor)
    }

    let storage: Storage

    init(_ storage: Storage) {
        self.storage = storage
    }

    /// An sRGB colour, each component from 0 to 1.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        storage = .fixed(Color(red: Double(red), green: Double(green), blue: Double(blue), opacity: Double(alpha)))
    }

    /// A grey: 0 is black, 1 white.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour from hue, saturation and brightness, each from 0 to 1.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let (red, green, blue) = Self.rgb(hue: Double(hue), saturation: Double(saturation), brightness: Double(brightness))
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: alpha)
    }

    /// A colour that depends on the traits it is drawn with, as the light
    /// and dark appearance: `UIColor { $0.userInterfaceStyle == .dark ? .white : .black }`.
    public init(dynamicProvider: @escaping (UITraitCollection) -> UIColor) {
        storage = .dynamic(dynamicProvider)
    }

    /// SwiftUI's colour as a `UIColor`.
    public init(_ color: Color) {
        storage = .fixed(color)
    }

    /// The module's asset colour called `name` (a `<name>.colorset` among
    /// its resources), nil when it has none.
    public convenience init?(named name: String) {
        guard let set = ModuleResources.colorSet(named: name) else { return nil }
        self.init(dynamicProvider: { traits in
            UIColor(set.resolved(dark: traits.userInterfaceStyle == .dark, highContrast: traits.accessibilityContrast == .high))
        })
    }

    /// `UIColor(named:)` with a bundle and traits, which widgethost reads
    /// from the module's own resources whatever the bundle: the colour for
    /// those traits, or the dynamic one without.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        guard let traitCollection else {
            self.init(named: name)
            return
        }
        guard let color = UIColor(named: name)?.resolvedColor(with: traitCollection) else { return nil }
        self.init(color.storage)
    }

    /// One colour in light mode and another in dark.
    convenience init(light: Color, dark: Color) {
        self.init(dynamicProvider: { $0.userInterfaceStyle == .dark ? UIColor(dark) : UIColor(light) })
    }

    /// The colour with `alpha` times its opacity.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        switch storage {
        case .fixed(let color): UIColor(color.opacity(Double(alpha)))
        case .dynamic(let provider): UIColor(dynamicProvider: { provider($0).withAlphaComponent(alpha) })
        }
    }

    /// The colour for `traitCollection`: itself unless it is dynamic.
    open func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        switch storage {
        case .fixed: self
        case .dynamic(let provider): provider(traitCollection).resolvedColor(with: traitCollection)
        }
    }

    /// Its sRGB components for the current traits; false for a system colour
    /// the card resolves (`.label`), whose components depend on the mode.
    open func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                     blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard case .rgb(let r, let g, let b, let a) = color else { return false }
        red?.pointee = CGFloat(r)
        green?.pointee = CGFloat(g)
        blue?.pointee = CGFloat(b)
        alpha?.pointee = CGFloat(a)
        return true
    }

    /// SwiftUI's colour for the entry being archived.
    var color: Color {
        switch storage {
        case .fixed(let color):
            return color
        case .dynamic:
            EnvironmentValues.reads?.colorScheme = true
            return resolvedColor(with: UITraitCollection.current).color
        }
    }

    open var description: String { "UIColor(\(color))" }

    static func rgb(hue: Double, saturation: Double, brightness: Double) -> (Double, Double, Double) {
        let h = (hue - hue.rounded(.down)) * 6, sector = Int(h) % 6, f = h - h.rounded(.down)
        let p = brightness * (1 - saturation), q = brightness * (1 - saturation * f), t = brightness * (1 - saturation * (1 - f))
        switch sector {
        case 0: return (brightness, t, p)
        case 1: return (q, brightness, p)
        case 2: return (p, brightness, t)
        case 3: return (p, q, brightness)
        case 4: return (t, p, brightness)
        default: return (brightness, p, q)
        }
    }
}

// The system's colours, with iOS's light and dark values.
extension UIColor {
    private static func system(_ light: UInt32, _ dark: UInt32) -> UIColor {
        UIColor(light: Color(hex: light), dark: Color(hex: dark))
    }

    private static func semantic(_ color: SemanticColor, _ opacity: Double = 1) -> UIColor {
        UIColor(.semantic(color, opacity: opacity))
    }

    /// iOS's system red: #FF3B30 in light mode, #FF453A in dark.
    public static var systemRed: UIColor { system(0xFF3B30, 0xFF453A) }
    /// iOS's system orange: #FF9500 in light mode, #FF9F0A in dark.
    public static var systemOrange: UIColor { system(0xFF9500, 0xFF9F0A) }
    /// iOS's system yellow: #FFCC00 in light mode, #FFD60A in dark.
    public static var systemYellow: UIColor { system(0xFFCC00, 0xFFD60A) }
    /// iOS's system green: #34C759 in light mode, #30D158 in dark.
    public static var systemGreen: UIColor { system(0x34C759, 0x30D158) }
    /// iOS's system mint: #00C7BE in light mode, #63E6E2 in dark.
    public static var systemMint: UIColor { system(0x00C7BE, 0x63E6E2) }
    /// iOS's system teal: #30B0C7 in light mode, #40C8E0 in dark.
    public static var systemTeal: UIColor { system(0x30B0C7, 0x40C8E0) }
    /// iOS's system cyan: #32ADE6 in light mode, #64D2FF in dark.
    public static var systemCyan: UIColor { system(0x32ADE6, 0x64D2FF) }
    /// iOS's system blue: #007AFF in light mode, #0A84FF in dark.
    public static var systemBlue: UIColor { system(0x007AFF, 0x0A84FF) }
    /// iOS's system indigo: #5856D6 in light mode, #5E5CE6 in dark.
    public static var systemIndigo: UIColor { system(0x5856D6, 0x5E5CE6) }
    /// iOS's system purple: #AF52DE in light mode, #BF5AF2 in dark.
    public static var systemPurple: UIColor { system(0xAF52DE, 0xBF5AF2) }
    /// iOS's system pink: #FF2D55 in light mode, #FF375F in dark.
    public static var systemPink: UIColor { system(0xFF2D55, 0xFF375F) }
    /// iOS's system brown: #A2845E in light mode, #AC8E68 in dark.
    public static var systemBrown: UIColor { system(0xA2845E, 0xAC8E68) }
    /// iOS's system gray: #8E8E93 in light mode, #8E8E93 in dark.
    public static var systemGray: UIColor { system(0x8E8E93, 0x8E8E93) }
    /// iOS's system gray 2: #AEAEB2 in light mode, #636366 in dark.
    public static var systemGray2: UIColor { system(0xAEAEB2, 0x636366) }
    /// iOS's system gray 3: #C7C7CC in light mode, #48484A in dark.
    public static var systemGray3: UIColor { system(0xC7C7CC, 0x48484A) }
    /// iOS's system gray 4: #D1D1D6 in light mode, #3A3A3C in dark.
    public static var systemGray4: UIColor { system(0xD1D1D6, 0x3A3A3C) }
    /// iOS's system gray 5: #E5E5EA in light mode, #2C2C2E in dark.
    public static var systemGray5: UIColor { system(0xE5E5EA, 0x2C2C2E) }
    /// iOS's system gray 6: #F2F2F7 in light mode, #1C1C1E in dark.
    public static var systemGray6: UIColor { system(0xF2F2F7, 0x1C1C1E) }

    /// The primary text colour: iOS's `label`, drawn as `.primary`.
    public static var label: UIColor { semantic(.primary) }
    /// Secondary text: iOS's `secondaryLabel`, drawn as `.secondary`.
    public static var secondaryLabel: UIColor { semantic(.secondary) }
    /// Tertiary text: iOS's `tertiaryLabel`, drawn as `.tertiary`.
    public static var tertiaryLabel: UIColor { semantic(.tertiary) }
    /// The faintest text: iOS's `quaternaryLabel`, drawn as `.quaternary`.
    public static var quaternaryLabel: UIColor { semantic(.quaternary) }
    /// Placeholder text, drawn as `.tertiary`.
    public static var placeholderText: UIColor { semantic(.tertiary) }
    /// A shape's fill: iOS's `systemFill`, drawn as `.fill`.
    public static var systemFill: UIColor { semantic(.fill) }
    /// A fainter fill than `systemFill`.
    public static var secondarySystemFill: UIColor { semantic(.fill, 0.8) }
    /// A fainter fill still.
    public static var tertiarySystemFill: UIColor { semantic(.fill, 0.6) }
    /// The faintest fill.
    public static var quaternarySystemFill: UIColor { semantic(.fill, 0.4) }
    /// The card's background, drawn as `.background`.
    public static var systemBackground: UIColor { semantic(.background) }
    /// iOS's secondary system background: #F2F2F7 in light mode, #2C2C2E in dark.
    public static var secondarySystemBackground: UIColor { system(0xF2F2F7, 0x2C2C2E) }
    /// iOS's tertiary system background: #FFFFFF in light mode, #3A3A3C in dark.
    public static var tertiarySystemBackground: UIColor { system(0xFFFFFF, 0x3A3A3C) }
    /// iOS's system grouped background: #F2F2F7 in light mode, #000000 in dark.
    public static var systemGroupedBackground: UIColor { system(0xF2F2F7, 0x000000) }
    /// iOS's secondary system grouped background: #FFFFFF in light mode, #1C1C1E in dark.
    public static var secondarySystemGroupedBackground: UIColor { system(0xFFFFFF, 0x1C1C1E) }
    /// iOS's tertiary system grouped background: #F2F2F7 in light mode, #2C2C2E in dark.
    public static var tertiarySystemGroupedBackground: UIColor { system(0xF2F2F7, 0x2C2C2E) }
    /// A hairline between items, translucent, light and dark.
    public static var separator: UIColor { UIColor(light: Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, opacity: 0.29),
                                                   dark: Color(red: 84 / 255, green: 84 / 255, blue: 88 / 255, opacity: 0.6)) }
    /// iOS's opaque separator: #C6C6C8 in light mode, #38383A in dark.
    public static var opaqueSeparator: UIColor { system(0xC6C6C8, 0x38383A) }
    /// iOS's link: #007AFF in light mode, #0984FF in dark.
    public static var link: UIColor { system(0x007AFF, 0x0984FF) }
    /// The accent colour, as `Color.accentColor`.
    public static var tintColor: UIColor { UIColor(.accent) }

    /// UIKit's black: white 0, alpha 1.
    public static var black: UIColor { UIColor(white: 0, alpha: 1) }
    /// UIKit's darkGray: white 1 / 3, alpha 1.
    public static var darkGray: UIColor { UIColor(white: 1 / 3, alpha: 1) }
    /// UIKit's lightGray: white 2 / 3, alpha 1.
    public static var lightGray: UIColor { UIColor(white: 2 / 3, alpha: 1) }
    /// UIKit's white: white 1, alpha 1.
    public static var white: UIColor { UIColor(white: 1, alpha: 1) }
    /// UIKit's gray: white 0.5, alpha 1.
    public static var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    /// UIKit's red: red 1, green 0, blue 0.
    public static var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    /// UIKit's green: red 0, green 1, blue 0.
    public static var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    /// UIKit's blue: red 0, green 0, blue 1.
    public static var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    /// UIKit's cyan: red 0, green 1, blue 1.
    public static var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    /// UIKit's yellow: red 1, green 1, blue 0.
    public static var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    /// UIKit's magenta: red 1, green 0, blue 1.
    public static var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    /// UIKit's orange: red 1, green 0.5, blue 0.
    public static var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    /// UIKit's purple: red 0.5, green 0, blue 0.5.
    public static var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    /// UIKit's brown: red 0.6, green 0.4, blue 0.2.
    public static var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    /// UIKit's clear: white 0, alpha 0.
    public static var clear: UIColor { UIColor(white: 0, alpha: 0) }
}

extension UIColor {
    /// The system colour a colour set's `reference` names without its
    /// `Color` suffix (`systemBlueColor` is `systemBlue`), or nil.
    static func system(named name: String) -> UIColor? {
        switch name {
        case "systemRed": .systemRed
        case "systemOrange": .systemOrange
        case "systemYellow": .systemYellow
        case "systemGreen": .systemGreen
        case "systemMint": .systemMint
        case "systemTeal": .systemTeal
        case "systemCyan": .systemCyan
        case "systemBlue": .systemBlue
        case "systemIndigo": .systemIndigo
        case "systemPurple": .systemPurple
        case "systemPink": .systemPink
        case "systemBrown": .systemBrown
        case "systemGray": .systemGray
        case "label": .label
        case "secondaryLabel": .secondaryLabel
        case "systemBackground": .systemBackground
        case "white": .white
        case "black": .black
        case "clear": .clear
        default: nil
        }
    }
}

extension Color {
    /// UIKit's colour in SwiftUI: `Color(uiColor: .systemGray5)`.
    public init(uiColor: UIColor) {
        self = uiColor.color
    }

    /// UIKit's colour in SwiftUI: `Color(.secondaryLabel)`.
    public init(_ uiColor: UIColor) {
        self = uiColor.color
    }

    /// The module's asset colour called `name` (a `<name>.colorset` among
    /// its resources, light and dark): `Color("BrandBlue")`. A name the
    /// module has no colour for is drawn clear, as on iOS, and the
    /// extension's log says so once.
    public init(_ name: String, bundle: Bundle? = nil) {
        guard let color = UIColor(named: name) else {
            ModuleResources.reportMissing(colorNamed: name)
            self = .clear
            return
        }
        self = color.color
    }
}
