/// Light or dark, as UIKit's trait collections say it.
public enum UIUserInterfaceStyle: Int, Sendable {
    /// Neither: resolved as light.
    case unspecified
    /// Light mode.
    case light
    /// Dark mode.
    case dark
}

/// The traits a dynamic `UIColor` is resolved with: only the interface
/// style differs between a widget's drawings.
public struct UITraitCollection: Sendable {
    /// Light or dark.
    public var userInterfaceStyle: UIUserInterfaceStyle

    /// Traits of the given interface style.
    public init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.userInterfaceStyle = userInterfaceStyle
    }

    /// The traits of the entry being archived.
    public static var current: UITraitCollection {
        UITraitCollection(userInterfaceStyle: EnvironmentValues.current.colorScheme == .dark ? .dark : .light)
    }
}
