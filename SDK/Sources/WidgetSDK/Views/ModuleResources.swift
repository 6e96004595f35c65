import Foundation
import Synchronization

/// The images a module carries, as an extension's asset catalog on iOS:
/// PNG and JPEG files among its SwiftPM resources (`resources:
/// [.copy("Images")]` or `.process`), which SwiftPM puts in a
/// `<Package>_<Target>.resources` folder beside the built library (the
/// target named as the library, so another target's images are not found).
/// `Image("logo")` and `UIImage(named: "logo")` find `logo.png`,
/// `logo.jpg` or `logo.jpeg` there, in any subfolder.
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
        guard let (folder, module) = installed.withLock({ $0 }), !name.isEmpty, !name.contains("..") else { return nil }
        let fileManager = FileManager.default
        let bundles = ((try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix("_\(module).resources") }.sorted()
        let wanted = Set(extensions.map { "\(name).\($0)" } + [name]).map { $0.lowercased() }
        for bundle in bundles {
            let root = folder.appendingPathComponent(bundle)
            guard let files = fileManager.enumerator(atPath: root.path) else { continue }
            for case let file as String in files {
                let base = (file as NSString).lastPathComponent.lowercased()
                guard wanted.contains(base), extensions.contains((base as NSString).pathExtension) else { continue }
                return fileManager.contents(atPath: root.appendingPathComponent(file).path)
            }
        }
        return nil
    }
}

/// The part of UIKit's `UIImage` a widget uses: an image made from PNG or
/// JPEG bytes, or found among the module's resources, for `Image(uiImage:)`.
public final class UIImage: Sendable {
    /// The encoded bytes.
    public let pngOrJPEGData: Data

    /// An image of PNG or JPEG bytes; nil for anything else or an image over the entry limits.
    public init?(data: Data) {
        guard EntryValidator.accepts(image: data) else { return nil }
        pngOrJPEGData = data
    }

    /// The module's image called `name` (see ``ModuleResources``); nil when it has none.
    public convenience init?(named name: String) {
        guard let data = ModuleResources.imageData(named: name) else { return nil }
        self.init(data: data)
    }

    /// The bytes, as UIKit gives them; the image is not re-encoded.
    public func pngData() -> Data? { pngOrJPEGData }
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
        self.init(data: uiImage.pngOrJPEGData)
    }

    private static let reported = Mutex<Set<String>>([])

    private static func reportMissing(_ name: String) {
        guard reported.withLock({ $0.insert(name).inserted }) else { return }
        FileHandle.standardError.write(Data("no image named '\(name)' among the module's resources (PNG or JPEG in a *.resources folder beside it)\n".utf8))
    }
}
