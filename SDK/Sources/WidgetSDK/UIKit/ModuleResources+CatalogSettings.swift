import Foundation

// Which asset colours iOS uses as the app's accent and as the widget's
// background is a build setting, not a name: Xcode's template sets
// ASSETCATALOG_COMPILER_GLOBAL_ACCENT_COLOR_NAME to `AccentColor` and
// ASSETCATALOG_COMPILER_WIDGET_BACKGROUND_COLOR_NAME to `WidgetBackground`.
// `widgethost import` writes the target's settings among the module's
// resources; a package of its own keeps the template's names.
extension ModuleResources {
    /// The resource `widgethost import` writes the two settings to.
    public static let catalogSettingsFile = "widgethost-asset-settings.json"
    /// Xcode's build setting naming the accent colour, a key of that file.
    public static let accentColorSetting = "ASSETCATALOG_COMPILER_GLOBAL_ACCENT_COLOR_NAME"
    /// Xcode's build setting naming the widget background colour, a key of that file.
    public static let widgetBackgroundSetting = "ASSETCATALOG_COMPILER_WIDGET_BACKGROUND_COLOR_NAME"

    /// The asset colour that is the module's accent (`Color.accentColor`), or nil for none.
    public static var accentColorName: String? { catalogSettings.accent }

    /// The asset colour drawn behind a widget that sets no background, or nil for none.
    public static var widgetBackgroundColorName: String? { catalogSettings.background }

    /// Read once: the resources do not change under a running extension.
    private static let catalogSettings: (accent: String?, background: String?) = {
        guard let file = firstResourceFile(where: { ($0 as NSString).lastPathComponent == catalogSettingsFile }),
              let data = FileManager.default.contents(atPath: file.path),
              let settings = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return ("AccentColor", "WidgetBackground")
        }
        // An empty setting is Xcode's way of naming none; one the file lacks keeps the template's name.
        func name(_ key: String, default template: String) -> String? {
            guard let value = settings[key] as? String else { return template }
            return value.isEmpty ? nil : value
        }
        return (name(accentColorSetting, default: "AccentColor"), name(widgetBackgroundSetting, default: "WidgetBackground"))
    }()
}
