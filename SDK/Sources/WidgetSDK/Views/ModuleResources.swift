import Foundation
import Synchronization

/// The images a module carries, as an extension's asset catalog on iOS:
/// PNG and JPEG files among its SwiftPM resources (`resources:
/// [.copy("Images")]` or `.process`), which SwiftPM puts in a
/// `<Package>_<Target>.resources` folder beside the built library (the
/// target named as the library, so another target's images are not found).
/// `Image("logo")` and `UIImage(named: "logo")` find an asset catalog's
/// `logo.imageset` there (the file its `Contents.json` names at the highest
/// scale), else `logo.png`, `logo.jpg` or `logo.jpeg`, in any subfolder.
public enum ModuleResources {
    private static let installed = Mutex<(folder: URL, module: String)?>(nil)

    /// The folder the module was loaded from; nil outside an extension process.
    public static var folder: URL? { installed.withLock { $0?.folder } }


    /// The extension process calls this before it loads a module: the
    /// library `lib<Module>.so` at `library`.
    public static func install(library: URL) {
        let file = library.deletingPathExtension().lastPathComponent
        let module = file.hasPrefix("lib") ? String(file.dropFirst(3)) : file
        installed.withLock { $0 = (library.deletingLastPathComponent(), module) }
    }

    static let extensions = ["png", "jpg", "jpeg"]

    /// What each name found, misses included: a view is archived for every
    /// entry, and the resources do not change under a running extension
    /// (a rebuilt module gets a new process).
    private static let found = Mutex<[String: Data?]>([:])

    /// The bytes of the image called `name` (with or without its extension), or nil.
    public static func imageData(named name: String) -> Data? {
        if let known = found.withLock({ $0[name] }) { return known }
        let data = search(name)
        found.withLock { $0[name] = data }
        return data
    }

    private static func search(_ name: String) -> Data? {
        guard !name.isEmpty, !name.contains("..") else { return nil }
        if let data = imageSetData(name) { return data }
        let wanted = Set(extensions.map { "\(name).\($0)" } + [name]).map { $0.lowercased() }
        return firstResource { file in
            let base = (file as NSString).lastPathComponent.lowercased()
            return wanted.contains(base) && extensions.contains((base as NSString).pathExtension)
        }
    }

    /// The bytes of the first file, in any subfolder of the module's
    /// resource bundles (in name order), whose path within its bundle
    /// `matches`; nil outside an extension process or when none does.
    static func firstResource(where matches: (String) -> Bool) -> Data? {
        firstResourceFile(where: matches).flatMap { FileManager.default.contents(atPath: $0.path) }
    }

    /// An asset catalog's `<name>.imageset`: the image its `Contents.json`
    /// names at the highest scale (3x, then 2x, then 1x or any scale), in
    /// the light appearance.
    private static func imageSetData(_ name: String) -> Data? {
        guard let contents = catalogContents(of: "\(name).imageset"), let data = FileManager.default.contents(atPath: contents.path),
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let images = json["images"] as? [[String: Any]] else { return nil }
        let scales = ["3x": 3, "2x": 2, "1x": 1]
        let best = images.filter { $0["filename"] is String && $0["appearances"] == nil }
            .max { scales[$0["scale"] as? String ?? "", default: 0] < scales[$1["scale"] as? String ?? "", default: 0] }
        guard let file = best?["filename"] as? String, !file.contains("/"), !file.contains("..") else { return nil }
        return FileManager.default.contents(atPath: contents.deletingLastPathComponent().appendingPathComponent(file).path)
    }

    /// The `Contents.json` of an asset catalog's `folder` (`Brand.colorset`,
    /// `Cover.imageset`), in any subfolder of the module's resources.
    static func catalogContents(of folder: String) -> URL? {
        let wanted = folder.lowercased()
        return firstResourceFile { file in
            (file as NSString).lastPathComponent.lowercased() == "contents.json"
                && ((file as NSString).deletingLastPathComponent as NSString).lastPathComponent.lowercased() == wanted
        }
    }

    /// The first file, in any subfolder of the module's resource bundles (in
    /// name order), whose path within its bundle `matches`.
    static func firstResourceFile(where matches: (String) -> Bool) -> URL? {
        guard let (folder, module) = installed.withLock({ $0 }) else { return nil }
        let fileManager = FileManager.default
        let bundles = ((try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix("_\(module).resources") }.sorted()
        for bundle in bundles {
            let root = folder.appendingPathComponent(bundle)
            guard let files = fileManager.enumerator(atPath: root.path) else { continue }
            for case let file as String in files where matches(file) {
                return root.appendingPathComponent(file)
            }
        }
        return nil
    }
}

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

/// The part of UIKit's `UIImage` a widget uses: an image made from PNG or
/// JPEG bytes, or found among the module's resources, for `Image(uiImage:)`.
public final class UIImage: Sendable {
    /// The encoded bytes; empty for a symbol.
    public let pngOrJPEGData: Data
    /// The SF Symbol it shows, for `UIImage(systemName:)`.
    let systemName: String?

    /// An image of PNG or JPEG bytes; nil for anything else or an image over the entry limits.
    public init?(data: Data) {
        guard EntryValidator.accepts(image: data) else { return nil }
        pngOrJPEGData = data
        systemName = nil
    }

    /// An SF Symbol, drawn as `Image(systemName:)` draws it.
    public init?(systemName: String) {
        guard !systemName.isEmpty else { return nil }
        pngOrJPEGData = Data()
        self.systemName = systemName
    }

    /// The module's image called `name` (see ``ModuleResources``); nil when it has none.
    public convenience init?(named name: String) {
        guard let data = ModuleResources.imageData(named: name) else { return nil }
        self.init(data: data)
    }

    /// The bytes, as UIKit gives them; the image is not re-encoded. Nil for a symbol.
    public func pngData() -> Data? { systemName == nil ? pngOrJPEGData : nil }
}

extension Image {
    /// The module's image called `name`, as an asset on iOS (see
    /// ``ModuleResources``). One it does not have is drawn as a placeholder
    /// and said once on the extension's log.
    public init(_ name: String) {
        if let data = ModuleResources.imageData(named: name), EntryValidator.accepts(image: data) {
            self.init(data: data)
        } else {
            Self.reportMissing(name)
            self.init(systemName: name)
        }
    }

    /// A `UIImage`, as `Image(uiImage:)`.
    public init(uiImage: UIImage) {
        if let name = uiImage.systemName {
            self.init(systemName: name)
        } else {
            self.init(data: uiImage.pngOrJPEGData)
        }
    }

    private static let reported = Mutex<Set<String>>([])

    private static func reportMissing(_ name: String) {
        guard reported.withLock({ $0.insert(name).inserted }) else { return }
        FileHandle.standardError.write(Data("no image named '\(name)' among the module's resources (PNG or JPEG in a *.resources folder beside it)\n".utf8))
    }
}
