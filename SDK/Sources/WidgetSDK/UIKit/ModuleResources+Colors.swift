import Foundation
import Synchronization

// Asset colours: `Color("Name")` and `UIColor(named:)` read an asset
// catalog's `<Name>.colorset/Contents.json` among the module's resources,
// as Xcode writes it (sRGB, Display P3 taken as sRGB, or grey components,
// as 0–1, 0–255 or 0xFF; a dark appearance; a system colour by reference).
extension ModuleResources {
    /// What each colour name found, misses included.
    private static let colors = Mutex<[String: (light: Color, dark: Color)?]>([:])
    private static let missing = Mutex<Set<String>>([])

    /// The module's asset colour called `name` in light and dark, or nil.
    public static func colorSet(named name: String) -> (light: Color, dark: Color)? {
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

    private static func searchColorSet(_ name: String) -> (light: Color, dark: Color)? {
        guard !name.isEmpty, !name.contains("..") else { return nil }
        return catalogContents(of: "\(name).colorset").flatMap { FileManager.default.contents(atPath: $0.path) }.flatMap(parseColorSet)
    }

    /// A colorset's `Contents.json`: its universal (or iOS) colour and, if
    /// it has one, its dark appearance; high-contrast variants are left out.
    static func parseColorSet(_ data: Data) -> (light: Color, dark: Color)? {
        guard let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let entries = json["colors"] as? [[String: Any]] else { return nil }
        var light: Color?, dark: Color?
        for entry in entries {
            if let idiom = entry["idiom"] as? String, !["universal", "iphone", "ipad"].contains(idiom) { continue }
            let appearances = (entry["appearances"] as? [[String: String]]) ?? []
            guard !appearances.contains(where: { $0["appearance"] == "contrast" }),
                  let description = entry["color"] as? [String: Any], let color = assetColor(description) else { continue }
            if appearances.contains(where: { $0["appearance"] == "luminosity" && $0["value"] == "dark" }) {
                dark = color
            } else if light == nil || appearances.contains(where: { $0["value"] == "light" }) {
                light = color
            }
        }
        guard let base = light ?? dark else { return nil }
        return (base, dark ?? base)
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
        guard let red = component("red"), let green = component("green"), let blue = component("blue") else { return nil }
        return Color(red: min(1, max(0, red)), green: min(1, max(0, green)), blue: min(1, max(0, blue)), opacity: min(1, max(0, alpha)))
    }
}
