import Foundation
import WidgetSDK

/// A widget extension as `widgethost import` reads it, from an Xcode
/// project's target or from a folder: its files, and what its Info.plist,
/// entitlements and build settings say the manifest should.
package struct ExtensionImport: Sendable {
    /// The `.xcodeproj`, or the folder, that was read.
    package let source: URL
    /// The Xcode target, when read from a project.
    package let target: String?
    /// The folder every taken file is under, linked into the package.
    package let root: URL
    package let module: String
    /// The bundle's name: the Info.plist's display name.
    package let displayName: String
    /// Where the name came from: the Info.plist, a build setting, the product or the folder.
    package let displayNameSource: String
    /// The App Group of the entitlements, the container's group.
    package let group: String?
    /// What to say about the group: several in the entitlements, or none.
    package let groupNote: String?
    /// Swift's language mode, from `SWIFT_VERSION` (Xcode's default: 5).
    package let languageMode: Int
    package let inventory: ExtensionInventory
    /// Swift packages the target uses, which the package does not bring.
    package let packageProducts: [String]
    /// The intent definitions, read: their classes are generated.
    package let intentDefinitions: [IntentDefinition]
    /// The Intents extension target whose handler gives the options, and its principal class.
    package let intentsExtension: (target: String, principalClass: String?)?
    /// The asset colours the target names as its accent and widget background
    /// (`ASSETCATALOG_COMPILER_…_COLOR_NAME`, empty for none), those it sets;
    /// nil read from a folder, which has no build settings, so the
    /// template's names hold.
    package let assetColorNames: [String: String]?

    /// The build settings that name asset colours iOS uses.
    package static let assetColorSettings = [ModuleResources.accentColorSetting, ModuleResources.widgetBackgroundSetting]

    package static let widgetExtensionPoint = "com.apple.widgetkit-extension"
    package static let intentsExtensionPoint = "com.apple.intents-service"
    package static let appGroupsKey = "com.apple.security.application-groups"

    /// Reads the extension at `path`: an `.xcodeproj`, a folder holding one,
    /// or the extension's own folder of Swift files.
    package static func read(_ path: URL, target: String? = nil, module: String? = nil) throws(ImportError) -> ExtensionImport {
        let path = path.standardizedFileURL
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path.path, isDirectory: &isFolder) else { throw .notFound(path.path) }
        if path.pathExtension == "xcodeproj" {
            return try read(project: XcodeProject(path), target: target, module: module)
        }
        guard isFolder.boolValue else {
            throw .badFile(path.path, line: nil, reason: "neither an .xcodeproj nor a folder")
        }
        let projects = ((try? FileManager.default.contentsOfDirectory(atPath: path.path)) ?? []).filter { $0.hasSuffix(".xcodeproj") }.sorted()
        if projects.count == 1 {
            return try read(project: XcodeProject(path.appendingPathComponent(projects[0])), target: target, module: module)
        }
        guard projects.isEmpty else { throw .severalProjects(path.path, projects: projects) }
        return try read(folder: path, module: module)
    }

    private static func read(project: XcodeProject, target name: String?, module: String?) throws(ImportError) -> ExtensionImport {
        let names = project.targets.map(\.name)
        let target: XcodeProject.Target
        if let name {
            guard let named = project.targets.first(where: { $0.name == name }) else {
                throw .unknownTarget(name, project: project.url.path, targets: names)
            }
            target = named
        } else {
            var widgets: [XcodeProject.Target] = []
            for candidate in project.targets where try isWidgetExtension(candidate, in: project) { widgets.append(candidate) }
            guard !widgets.isEmpty else { throw .noWidgetTarget(project: project.url.path, targets: names) }
            guard widgets.count == 1 else { throw .severalWidgetTargets(project: project.url.path, targets: widgets.map(\.name)) }
            target = widgets[0]
        }
        let builtins = builtins(of: target, in: project)
        var inventory = ExtensionInventory(target: target)
        inventory.leave(outside: project.root)
        let infoPlist = target.setting("INFOPLIST_FILE", builtins: builtins).flatMap { file(at: $0, in: project.root) }
        let entitlements = target.setting("CODE_SIGN_ENTITLEMENTS", builtins: builtins).flatMap { file(at: $0, in: project.root) }
        inventory.read(infoPlist: infoPlist, entitlements: entitlements)
        guard !inventory.sources.isEmpty else { throw .noSwiftFiles(project.url.path + " (target \(target.name))") }
        let definitions = try inventory.intentDefinitions.map { url throws(ImportError) in try IntentDefinition(url) }
        var intentsExtension: (String, String?)?
        if !definitions.isEmpty, let intents = try Self.intentsExtension(in: project, for: definitions) {
            inventory.add(sourcesOf: ExtensionInventory(target: intents.target))
            inventory.leave(outside: project.root)
            intentsExtension = (intents.target.name, intents.principalClass)
        }
        let plist = try infoPlist.map(PropertyListFile.init)
        let productName = target.setting("PRODUCT_NAME", builtins: builtins) ?? target.name
        let displayName: (String, String)
        if let name = plist?.string("CFBundleDisplayName"), let infoPlist {
            displayName = (target.expand(name, builtins: builtins), ExtensionImport.shorten(infoPlist, root: project.root))
        } else if let name = target.setting("INFOPLIST_KEY_CFBundleDisplayName", builtins: builtins) {
            displayName = (name, "INFOPLIST_KEY_CFBundleDisplayName")
        } else {
            displayName = (productName, "PRODUCT_NAME")
        }
        var colorNames: [String: String] = [:]
        // Only those the project sets: one in an .xcconfig is not read here, and the SDK keeps the template's name.
        for setting in assetColorSettings { colorNames[setting] = target.setting(setting, builtins: builtins) }
        let (group, note) = try appGroup(entitlements)
        let version = target.settings["SWIFT_VERSION"] ?? "5.0"
        return ExtensionImport(
            source: project.url, target: target.name, root: project.root,
            module: module ?? target.setting("PRODUCT_MODULE_NAME", builtins: builtins) ?? XcodeProject.identifier(productName),
            displayName: displayName.0, displayNameSource: displayName.1, group: group, groupNote: note,
            languageMode: version.hasPrefix("6") ? 6 : 5, inventory: inventory, packageProducts: target.packageProducts,
            intentDefinitions: definitions, intentsExtension: intentsExtension, assetColorNames: colorNames)
    }

    private static func read(folder: URL, module: String?) throws(ImportError) -> ExtensionImport {
        var inventory = ExtensionInventory(folder: folder)
        inventory.leave(outside: folder.deletingLastPathComponent())
        guard !inventory.sources.isEmpty else { throw .noSwiftFiles(folder.path) }
        let plist = try inventory.infoPlist.map(PropertyListFile.init)
        let (group, note) = try appGroup(inventory.entitlements)
        let name = folder.lastPathComponent
        let root = folder.deletingLastPathComponent()
        let plistName = plist?.string("CFBundleDisplayName").flatMap { $0.contains("$") ? nil : $0 }
        return ExtensionImport(
            source: folder, target: nil, root: root,
            module: module ?? XcodeProject.identifier(name),
            displayName: plistName ?? name,
            displayNameSource: plistName != nil ? inventory.infoPlist.map { shorten($0, root: root) } ?? "Info.plist" : "the folder's name",
            group: group, groupNote: note, languageMode: 5, inventory: inventory, packageProducts: [],
            intentDefinitions: try inventory.intentDefinitions.map { url throws(ImportError) in try IntentDefinition(url) },
            intentsExtension: nil, assetColorNames: nil)
    }

    /// An app extension whose Info.plist names WidgetKit's extension point,
    /// or, with an Info.plist Xcode generates, whose code uses WidgetKit.
    static func isWidgetExtension(_ target: XcodeProject.Target, in project: XcodeProject) throws(ImportError) -> Bool {
        guard target.isAppExtension else { return false }
        let builtins = builtins(of: target, in: project)
        if let path = target.setting("INFOPLIST_FILE", builtins: builtins), let url = file(at: path, in: project.root) {
            let plist = try PropertyListFile(url)
            if let point = (plist["NSExtension"] as? [String: Any])?["NSExtensionPointIdentifier"] as? String {
                return point == widgetExtensionPoint
            }
        }
        if target.settings["INFOPLIST_KEY_NSExtensionPointIdentifier"] == widgetExtensionPoint { return true }
        return ExtensionInventory(target: target).sources.contains { url in
            (try? String(contentsOf: url, encoding: .utf8))?.contains("import WidgetKit") == true
        }
    }

    /// The project's Intents extension (its Info.plist names SiriKit's
    /// extension point), preferring one that supports the definitions'
    /// intents, with the class its `NSExtensionPrincipalClass` names.
    private static func intentsExtension(in project: XcodeProject, for definitions: [IntentDefinition])
        throws(ImportError) -> (target: XcodeProject.Target, principalClass: String?)? {
        let classes = Set(definitions.flatMap { $0.intents.map(\.className) })
        var found: [(target: XcodeProject.Target, principalClass: String?, supports: Bool)] = []
        for target in project.targets where target.isAppExtension {
            let builtins = builtins(of: target, in: project)
            guard let path = target.setting("INFOPLIST_FILE", builtins: builtins), let url = file(at: path, in: project.root) else { continue }
            let plist = try PropertyListFile(url)
            guard let ext = plist["NSExtension"] as? [String: Any], ext["NSExtensionPointIdentifier"] as? String == intentsExtensionPoint else { continue }
            let principal = (ext["NSExtensionPrincipalClass"] as? String).map { target.expand($0, builtins: builtins) }
                .map { String($0.split(separator: ".").last ?? Substring($0)) }
            let supported = ((ext["NSExtensionAttributes"] as? [String: Any])?["IntentsSupported"] as? [String]) ?? []
            found.append((target, principal, !classes.isDisjoint(with: supported)))
        }
        // One that lists none of them handles other intents, with SiriKit types of its own.
        guard let chosen = found.first(where: \.supports) else { return nil }
        return (chosen.target, chosen.principalClass)
    }

    private static func builtins(of target: XcodeProject.Target, in project: XcodeProject) -> [String: String] {
        let projectName = project.url.deletingPathExtension().lastPathComponent
        var builtins = ["TARGET_NAME": target.name, "PROJECT_NAME": projectName, "SRCROOT": project.root.path,
                        "PROJECT_DIR": project.root.path, "SOURCE_ROOT": project.root.path]
        // Expanded first, so that a setting naming it gets the product's name, not its recipe.
        builtins["PRODUCT_NAME"] = target.setting("PRODUCT_NAME", builtins: builtins) ?? target.name
        return builtins
    }

    /// `url`'s path under `root`, as the report shows it.
    package static func shorten(_ url: URL, root: URL) -> String {
        let prefix = root.path + "/"
        return url.path.hasPrefix(prefix) ? String(url.path.dropFirst(prefix.count)) : url.path
    }

    private static func file(at path: String, in root: URL) -> URL? {
        guard !path.isEmpty else { return nil }
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
        return FileManager.default.fileExists(atPath: url.path) ? url.standardizedFileURL : nil
    }

    /// The entitlements' App Group: the first, if there are several.
    private static func appGroup(_ entitlements: URL?) throws(ImportError) -> (String?, String?) {
        guard let entitlements else { return (nil, "no entitlements file: the container's group is the module's own") }
        let plist = try PropertyListFile(entitlements)
        guard let value = plist[appGroupsKey] else {
            return (nil, "\(entitlements.lastPathComponent) names no App Group: the container's group is the module's own")
        }
        guard let groups = value as? [String], groups.allSatisfy({ !$0.isEmpty }) else {
            throw .badFile(entitlements.path, line: nil, reason: "\(appGroupsKey) is not a list of group identifiers")
        }
        guard let first = groups.first else {
            return (nil, "\(entitlements.lastPathComponent) names no App Group: the container's group is the module's own")
        }
        return (first, groups.count > 1 ? "several App Groups; the container is the first, \(first) (also named: \(groups.dropFirst().joined(separator: ", ")))" : nil)
    }
}
