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
