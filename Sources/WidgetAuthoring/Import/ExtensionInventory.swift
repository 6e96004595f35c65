import Foundation

/// What of a widget extension's files a package is built from, what is read
/// for the manifest, and what is left behind and why.
package struct ExtensionInventory: Sendable {
    package struct Left: Sendable, Encodable, Equatable {
        package let path: String
        package let why: String

        package init(path: String, why: String) {
            self.path = path
            self.why = why
        }
    }

    package private(set) var sources: [URL] = []
    /// Asset catalogs, `.lproj` folders, string catalogs, images: copied
    /// whole into the module's resource bundle, where the SDK looks.
    package private(set) var resources: [URL] = []
    /// SiriKit intent definitions: their classes are generated into the package.
    package private(set) var intentDefinitions: [URL] = []
    package private(set) var infoPlist: URL?
    package private(set) var entitlements: URL?
    package private(set) var left: [Left] = []

    /// Folders that are one file to Xcode: never looked into.
    static let units: Set<String> = ["xcassets", "lproj", "xcdatamodeld", "xcdatamodel", "xcmappingmodel", "xcodeproj", "xcworkspace",
                                     "bundle", "framework", "xcframework", "appex", "app", "scnassets", "xcstickers"]
    static let resourceTypes: Set<String> = ["xcassets", "lproj", "xcstrings", "strings", "stringsdict", "png", "jpg", "jpeg", "gif", "heic",
                                             "pdf", "svg", "json", "geojson", "txt", "csv", "ttf", "otf", "plist"]
    /// Why a file Xcode would build has no place in the module.
    static let reasons: [String: String] = [
        "xcdatamodeld": "a Core Data model: Core Data has no Linux counterpart; keep the data as JSON in the App Group (UserDefaults or the group's folder)",
        "xcdatamodel": "a Core Data model: Core Data has no Linux counterpart; keep the data as JSON in the App Group (UserDefaults or the group's folder)",
        "xcmappingmodel": "a Core Data mapping model: Core Data has no Linux counterpart",
        "storyboard": "an Interface Builder file: a widget is drawn from its SwiftUI views only",
        "xib": "an Interface Builder file: a widget is drawn from its SwiftUI views only",
        "m": "Objective-C: the module is built from its Swift files only",
        "mm": "Objective-C++: the module is built from its Swift files only",
        "h": "a C or Objective-C header: the module is built from its Swift files only",
        "c": "C: the module is built from its Swift files only",
        "cpp": "C++: the module is built from its Swift files only",
        "metal": "a Metal shader: nothing is drawn with Metal here",
        "xcprivacy": "a privacy manifest: it is for App Store review",
        "xcconfig": "an Xcode build configuration: Package.swift holds the settings",
        "xctestplan": "an Xcode test plan",
        "xcstickers": "a sticker pack",
        "scnassets": "SceneKit assets: nothing is drawn with SceneKit here",
        "entitlements": "the entitlements of another target",
    ]

    /// The files of an Xcode target, as its membership has them.
    package init(target: XcodeProject.Target) {
        for member in target.members {
            switch member.role {
            case .source, .resource:
                take(member.url)
            case .folder:
                walk(member.url, excluded: target.excluded)
            }
        }
    }

    /// Every file in `folder` but hidden ones, as Xcode 16 takes a folder in sync with a target.
    package init(folder: URL) {
        walk(folder, excluded: [])
        // A folder has no build settings: its one Info.plist and entitlements are the extension's.
        if infoPlist == nil { infoPlist = Self.only(in: left, named: "Info.plist") }
        if entitlements == nil { entitlements = Self.only(in: left, suffix: ".entitlements") }
        left.removeAll { $0.path == infoPlist?.path || $0.path == entitlements?.path }
    }

    /// The Swift files of an Intents extension, whose handler gives the
    /// options of the widgets' SiriKit parameters: built into the same module.
    package mutating func add(sourcesOf other: ExtensionInventory) {
        for source in other.sources where !sources.contains(source) { sources.append(source) }
        for definition in other.intentDefinitions where !intentDefinitions.contains(definition) { intentDefinitions.append(definition) }
    }

    /// Leaves what is not under `root`, to which the package's links lead,
    /// and a resource whose name another already has (both would be copied
    /// to the top of the module's bundle).
    package mutating func leave(outside root: URL) {
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        let why = "outside \(root.path), the folder the package links to; move it into the project"
        for url in sources + resources + intentDefinitions where !url.path.hasPrefix(prefix) {
            left.append(Left(path: url.path, why: why))
        }
        sources.removeAll { !$0.path.hasPrefix(prefix) }
        resources.removeAll { !$0.path.hasPrefix(prefix) }
        intentDefinitions.removeAll { !$0.path.hasPrefix(prefix) }
        var names: [String: URL] = [:]
        resources.removeAll { url in
            if let first = names[url.lastPathComponent] {
                left.append(Left(path: url.path, why: "a resource named as \(first.path) is, which comes first in the module's bundle"))
                return true
            }
            names[url.lastPathComponent] = url
            return false
        }
    }

    /// The target's own Info.plist and entitlements, named by its build settings.
    package mutating func read(infoPlist: URL?, entitlements: URL?) {
        self.infoPlist = infoPlist
        self.entitlements = entitlements
        left.removeAll { $0.path == infoPlist?.path || $0.path == entitlements?.path }
        resources.removeAll { $0 == infoPlist || $0 == entitlements }
    }

    private static func only(in left: [Left], named name: String? = nil, suffix: String? = nil) -> URL? {
        let matching = left.filter { entry in
            let file = (entry.path as NSString).lastPathComponent
            return name.map { file == $0 } ?? suffix.map { file.hasSuffix($0) } ?? false
        }
        return matching.count == 1 ? URL(fileURLWithPath: matching[0].path) : nil
    }

    private mutating func walk(_ folder: URL, excluded: Set<String>) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else {
            left.append(Left(path: folder.path, why: "cannot be read"))
            return
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let url = folder.appendingPathComponent(name).standardizedFileURL
            guard !excluded.contains(url.path) else { continue }
            // Not followed: a link may lead back up (an import's own package holds links into this folder).
            if (try? manager.destinationOfSymbolicLink(atPath: url.path)) != nil { continue }
            if manager.fileExists(atPath: url.appendingPathComponent(ImportedPackage.recordFile).path) {
                left.append(Left(path: url.path, why: "a package widgethost import wrote"))
                continue
            }
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: url.path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue && !Self.units.contains(url.pathExtension.lowercased()) {
                walk(url, excluded: excluded)
            } else {
                take(url)
            }
        }
    }

    private mutating func take(_ url: URL) {
        let type = url.pathExtension.lowercased()
        let name = url.lastPathComponent
        if !FileManager.default.fileExists(atPath: url.path) {
            left.append(Left(path: url.path, why: "the project names it, but it is missing"))
        } else if type == "swift" {
            if !sources.contains(url) { sources.append(url) }
        } else if type == "intentdefinition" {
            if !intentDefinitions.contains(url) { intentDefinitions.append(url) }
        } else if name == "Info.plist" || type == "entitlements" {
            // Read for the manifest when it is the target's own; else left.
            left.append(Left(path: url.path, why: type == "entitlements" ? Self.reasons["entitlements"]! : "the Info.plist of another target"))
        } else if let why = Self.reasons[type] {
            left.append(Left(path: url.path, why: why))
        } else if Self.resourceTypes.contains(type) {
            // A `.strings` file inside an `.lproj` folder comes with its folder.
            let parent = url.deletingLastPathComponent()
            let unit = parent.pathExtension.lowercased() == "lproj" ? parent : url
            if !resources.contains(unit) { resources.append(unit) }
        } else {
            left.append(Left(path: url.path, why: "not a Swift file or a resource widgethost reads"))
        }
    }
}
