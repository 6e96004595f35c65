/// Light or dark, as UIKit's trait collections say it.
public enum UIUserInterfaceStyle: Int, Sendable {
    /// Neither: resolved as light.
    case unspecified
    /// Light mode.
    case light
    /// Dark mode.
    case dark
}

/// Standard or high contrast, as UIKit's trait collections say it.
public enum UIAccessibilityContrast: Int, Sendable {
    /// Neither: resolved as normal.
    case unspecified
    /// Standard contrast.
    case normal
    /// Increased contrast: an asset colour's high-contrast appearance.
    case high
}

/// The traits a dynamic `UIColor` is resolved with: the interface style
/// and the contrast.
public struct UITraitCollection: Sendable {
    /// Light or dark.
    public var userInterfaceStyle: UIUserInterfaceStyle
    /// Standard or high contrast.
    public var accessibilityContrast: UIAccessibilityContrast

    /// Traits of the given interface style, at standard contrast.
    public init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.userInterfaceStyle = userInterfaceStyle
        accessibilityContrast = .unspecified
    }

    /// Traits of the given contrast, in light mode.
    public init(accessibilityContrast: UIAccessibilityContrast) {
        userInterfaceStyle = .unspecified
        self.accessibilityContrast = accessibilityContrast
    }

    /// The traits of the entry being archived.
    public static var current: UITraitCollection {
        let environment = EnvironmentValues.current
        var traits = UITraitCollection(userInterfaceStyle: environment.colorScheme == .dark ? .dark : .light)
        traits.accessibilityContrast = environment.colorSchemeContrast == .increased ? .high : .normal
        return traits
    }
}
