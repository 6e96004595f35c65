import Foundation
import Synchronization

/// The images a module carries, as an extension's asset catalog on iOS:
/// PNG and JPEG files among its SwiftPM resources (`resources:
/// [.copy("Images")]` or `.process`), which SwiftPM puts in a
/// `<Package>_<Target>.resources` folder beside the built library (the
/// target named as the library, so another target's images are not found).
/// `Image("logo")` and `UIImage(named: "logo")` find an asset catalog's
/// `logo.imageset` there (the image of the card's appearance at the scale
/// drawn, as UIKit picks it, or its SVG vector), else `logo.png`,
/// `logo.jpg`, `logo.jpeg` or `logo.svg`, in any subfolder.
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

    static let extensions = ["png", "jpg", "jpeg", "svg"]

    /// The resource folder `widgethost import` converts an asset catalog's
    /// PDF vectors into, as SVG: `<the PDF's path in the project>.svg`.
    public static let pdfVectorsFolder = "widgethost-pdf-vectors"

    /// What each name found, misses included, by name, appearance and
    /// scale: a view is archived for every entry, and the resources do not
    /// change under a running extension (a rebuilt module gets a new process).
    private static let found = Mutex<[String: Data?]>([:])

    /// The bytes of the image called `name` (with or without its extension),
    /// in the light appearance at scale 2, or nil.
    public static func imageData(named name: String) -> Data? {
        imageData(named: name, dark: false, scale: 2)
    }

    /// The bytes of the image called `name` as iOS picks them from an asset
    /// catalog: the dark appearance's in a dark card when the imageset has
    /// one, at `scale` (the next larger, else the largest, when it lacks
    /// that one); else a loose PNG or JPEG of that name.
    public static func imageData(named name: String, dark: Bool, scale: Double) -> Data? {
        let key = "\(name)\u{0}\(dark)\u{0}\(scale)"
        if let known = found.withLock({ $0[key] }) { return known }
        let data = search(name, dark: dark, scale: scale)
        found.withLock { $0[key] = data }
        return data
    }

    /// Whether the imageset called `name` has a dark appearance, so a view
    /// showing it is archived for dark cards too.
    public static func imageHasDarkAppearance(_ name: String) -> Bool {
        imageSet(name)?.images.contains { $0.dark } ?? false
    }

    /// Whether the imageset called `name` holds only PDF vectors, which are not drawn here.
    public static func imageIsPDFOnly(_ name: String) -> Bool {
        guard let set = imageSet(name) else { return false }
        return !set.images.isEmpty && set.images.allSatisfy { $0.isPDF && $0.converted == nil }
    }

    /// Whether the imageset called `name` asks to be drawn as a template
    /// (its `template-rendering-intent`): its shape in the foreground style.
    public static func imageIsTemplate(_ name: String) -> Bool {
        imageSet(name)?.template ?? false
    }

    private static func search(_ name: String, dark: Bool, scale: Double) -> Data? {
        guard !name.isEmpty, !name.contains("..") else { return nil }
        if let data = imageSetData(name, dark: dark, scale: scale) { return data }
        let wanted = Set(extensions.map { "\(name).\($0)" } + [name]).map { $0.lowercased() }
        return firstResource { file in
            let base = (file as NSString).lastPathComponent.lowercased()
            return wanted.contains(base) && extensions.contains((base as NSString).pathExtension)
        }
    }

    /// One image of an imageset's `Contents.json`.
    struct CatalogImage: Sendable {
        let file: String
        /// 1, 2 or 3; 0 for an image of any scale.
        let scale: Double
        let dark: Bool
        /// A PDF's SVG, converted by `widgethost import`.
        var converted: URL?
        var isPDF: Bool { (file as NSString).pathExtension.lowercased() == "pdf" }
    }

    /// An imageset: its images, the folder they are in, and whether it is drawn as a template.
    struct CatalogImageSet: Sendable {
        let folder: URL
        let images: [CatalogImage]
        let template: Bool
    }

    /// Each imageset read, misses included: every `Image(name)` of every entry asks.
    private static let imageSets = Mutex<[String: CatalogImageSet?]>([:])

    /// An imageset's images for iPhone (universal or iphone idiom, no
    /// high-contrast variants), with the folder they are in.
    static func imageSet(_ name: String) -> CatalogImageSet? {
        if let known = imageSets.withLock({ $0[name] }) { return known }
        let set = readImageSet(name)
        imageSets.withLock { $0[name] = set }
        return set
    }

    private static func readImageSet(_ name: String) -> CatalogImageSet? {
        guard !name.isEmpty, !name.contains(".."), let contents = catalogContents(of: "\(name).imageset"),
              let data = FileManager.default.contents(atPath: contents.path),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let entries = json["images"] as? [[String: Any]] else { return nil }
        let images = entries.compactMap { entry -> CatalogImage? in
            guard let file = entry["filename"] as? String, !file.contains("/"), !file.contains("..") else { return nil }
            if let idiom = entry["idiom"] as? String, !["universal", "iphone"].contains(idiom) { return nil }
            let appearances = entry["appearances"] as? [[String: String]] ?? []
            guard !appearances.contains(where: { $0["appearance"] == "contrast" }) else { return nil }
            let scale = Double((entry["scale"] as? String)?.dropLast() ?? "") ?? 0
            var image = CatalogImage(file: file, scale: scale,
                                     dark: appearances.contains { $0["appearance"] == "luminosity" && $0["value"] == "dark" })
            if image.isPDF {
                // Its path from its catalog on (`Assets.xcassets/Icons/Badge.imageset/badge.pdf`):
                // two catalogs' sets of one name keep their own.
                let components = contents.deletingLastPathComponent().appendingPathComponent(file).pathComponents
                let fromCatalog = components.lastIndex { $0.hasSuffix(".xcassets") }.map { components[$0...] } ?? components.suffix(2)
                let suffix = ("/" + fromCatalog.joined(separator: "/") + ".svg").lowercased()
                image.converted = firstResourceFile { path in
                    path.hasPrefix(pdfVectorsFolder + "/") && path.lowercased().hasSuffix(suffix)
                }
            }
            return image
        }
        let properties = json["properties"] as? [String: Any]
        return CatalogImageSet(folder: contents.deletingLastPathComponent(), images: images,
                               template: properties?["template-rendering-intent"] as? String == "template")
    }

    /// An asset catalog's `<name>.imageset`: the image of the appearance at
    /// the scale wanted, as UIKit chooses it; a vector (of any scale)
    /// before a bitmap of another. A PDF is drawn as the SVG import made of
    /// it, and skipped without one.
    private static func imageSetData(_ name: String, dark: Bool, scale: Double) -> Data? {
        guard let set = imageSet(name) else { return nil }
        let drawable = set.images.filter { !$0.isPDF || $0.converted != nil }
        let appearance = dark && drawable.contains(where: \.dark) ? drawable.filter(\.dark) : drawable.filter { !$0.dark }
        let exact = appearance.first { $0.scale == scale }
        let larger = appearance.filter { $0.scale > scale }.min { $0.scale < $1.scale }
        let anyScale = appearance.first { $0.scale == 0 }
        guard let chosen = exact ?? anyScale ?? larger ?? appearance.max(by: { $0.scale < $1.scale }) else { return nil }
        return FileManager.default.contents(atPath: (chosen.converted ?? set.folder.appendingPathComponent(chosen.file)).path)
    }

    /// The bytes of the first file, in any subfolder of the module's
    /// resource bundles (in name order), whose path within its bundle
    /// `matches`; nil outside an extension process or when none does.
    static func firstResource(where matches: (String) -> Bool) -> Data? {
        firstResourceFile(where: matches).flatMap { FileManager.default.contents(atPath: $0.path) }
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
