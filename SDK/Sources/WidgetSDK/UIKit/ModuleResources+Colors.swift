import Foundation
import Synchronization

// Asset colours: `Color("Name")` and `UIColor(named:)` read an asset
// catalog's `<Name>.colorset/Contents.json` among the module's resources,
// as Xcode writes it (sRGB, Display P3 converted to sRGB, or grey
// components, as 0–1, 0–255 or 0xFF; dark and high-contrast appearances;
// a system colour by reference).
extension ModuleResources {
    /// An asset colour in each appearance a colorset can give it.
    public struct AssetColor: Sendable, Equatable {
        /// The colour of the "any" (or light) appearance.
        public var light: Color
        /// The dark appearance's; the light one where the colorset has none.
        public var dark: Color
        /// The light high-contrast appearance's; the light one where the colorset has none.
        public var highContrastLight: Color
        /// The dark high-contrast appearance's; else the dark one, else the light high-contrast one.
        public var highContrastDark: Color

        /// The colour for a card's scheme and contrast.
        public func resolved(dark isDark: Bool, highContrast: Bool) -> Color {
            switch (isDark, highContrast) {
            case (false, false): light
            case (true, false): dark
            case (false, true): highContrastLight
            case (true, true): highContrastDark
            }
        }
    }

    /// What each colour name found, misses included.
    private static let colors = Mutex<[String: AssetColor?]>([:])
    private static let missing = Mutex<Set<String>>([])

    /// The module's asset colour called `name`, or nil.
    public static func colorSet(named name: String) -> AssetColor? {
        if let known = colors.withLock({ $0[name] }) { return known }
        let found = searchColorSet(name)
        colors.withLock { $0[name] = found }
        return found
    }

    /// Says once, in the extension's log, that a colour was asked for that the module lacks.
    static func reportMissing(colorNamed name: String) {
        guard missing.withLock({ $0.insert(name).inserted }) else { return }
        FileHandle.standardError.write(Data("No color named '\(name)' found in the module's asset catalog; drawn clear\n".utf8))
    }

    private static func searchColorSet(_ name: String) -> AssetColor? {
        guard !name.isEmpty, !name.contains("..") else { return nil }
        return catalogContents(of: "\(name).colorset").flatMap { FileManager.default.contents(atPath: $0.path) }.flatMap(parseColorSet)
    }

    /// A colorset's `Contents.json`: its universal (or iOS) colour and
    /// those of its dark and high-contrast appearances.
    static func parseColorSet(_ data: Data) -> AssetColor? {
        guard let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let entries = json["colors"] as? [[String: Any]] else { return nil }
        var found: [String: Color] = [:]
        for entry in entries {
            if let idiom = entry["idiom"] as? String, !["universal", "iphone", "ipad"].contains(idiom) { continue }
            guard let description = entry["color"] as? [String: Any], let color = assetColor(description) else { continue }
            let appearances = (entry["appearances"] as? [[String: String]]) ?? []
            let dark = appearances.contains { $0["appearance"] == "luminosity" && $0["value"] == "dark" }
            let high = appearances.contains { $0["appearance"] == "contrast" && $0["value"] == "high" }
            // "Any" and an explicit light appearance are both light; the explicit one wins.
            let key = "\(dark ? "dark" : "light")\(high ? "-high" : "")"
            if found[key] == nil || appearances.contains(where: { $0["value"] == "light" }) { found[key] = color }
        }
        guard let light = found["light"] ?? found["dark"] else { return nil }
        let dark = found["dark"] ?? light
        let highLight = found["light-high"] ?? light
        return AssetColor(light: light, dark: dark, highContrastLight: highLight,
                          highContrastDark: found["dark-high"] ?? (found["dark"] == nil ? highLight : dark))
    }

    private static func assetColor(_ description: [String: Any]) -> Color? {
        if let reference = description["reference"] as? String {
            let name = reference.hasSuffix("Color") ? String(reference.dropLast(5)) : reference
            // On iOS a reference follows the scheme; here it is its light value.
            return UIColor.system(named: name)?.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)).color
        }
        guard let components = description["components"] as? [String: Any] else { return nil }
        func component(_ key: String) -> Double? {
            let text = (components[key] as? String) ?? (components[key] as? NSNumber)?.stringValue
            guard let text = text?.trimmingCharacters(in: .whitespaces) else { return nil }
            if text.lowercased().hasPrefix("0x") { return UInt8(text.dropFirst(2), radix: 16).map { Double($0) / 255 } }
            guard let value = Double(text) else { return nil }
            // Xcode writes 0–255 without a decimal point when its slider says so.
            return !text.contains(".") && value > 1 ? value / 255 : value
        }
        let alpha = component("alpha") ?? 1
        if let white = component("white") {
            return Color(red: white, green: white, blue: white, opacity: alpha)
        }
        guard var red = component("red"), var green = component("green"), var blue = component("blue") else { return nil }
        if (description["color-space"] as? String)?.lowercased() == "display-p3" {
            (red, green, blue) = sRGB(displayP3: (red, green, blue))
        }
        return Color(red: min(1, max(0, red)), green: min(1, max(0, green)), blue: min(1, max(0, blue)), opacity: min(1, max(0, alpha)))
    }

    /// A Display P3 colour in sRGB, as a screen without P3 shows it: both
    /// encode with the sRGB curve and share D65 white, so it is the
    /// primaries' matrix between the linear values. Colours outside sRGB are clipped.
    static func sRGB(displayP3 p3: (Double, Double, Double)) -> (Double, Double, Double) {
        func linear(_ value: Double) -> Double {
            value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        func encoded(_ value: Double) -> Double {
            let value = min(1, max(0, value))
            // To a millionth: the matrix's rounding leaves P3's white a hair under sRGB's.
            return ((value <= 0.0031308 ? value * 12.92 : 1.055 * pow(value, 1 / 2.4) - 0.055) * 1e6).rounded() / 1e6
        }
        let (r, g, b) = (linear(p3.0), linear(p3.1), linear(p3.2))
        return (encoded(1.2249401 * r - 0.2249404 * g),
                encoded(-0.0420569 * r + 1.0420571 * g),
                encoded(-0.0196376 * r - 0.0786361 * g + 1.0982736 * b))
    }
}
