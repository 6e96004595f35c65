import Foundation
import WidgetSDK
import YAML

/// The package `widgethost import` writes for an extension: a
/// `Package.swift` whose one target is made of links into the project, so
/// the extension's files stay where they are, and are what is built; the
/// record of the import, so that importing again updates the package; and,
/// once the module's kinds are known, the manifest.
package struct ImportedPackage: Sendable {
    /// What an import wrote, kept in the package as `widgethost-import.json`.
    package struct Record: Codable, Sendable, Equatable {
        package var source: String
        package var target: String?
        package var module: String
        /// The links in `Sources/<module>/`, the only files an import replaces there.
        package var links: [String]
        /// The manifest as written; one edited since is left alone.
        package var manifest: String?
        /// Files the import generated in `Sources/<module>/`, which it rewrites.
        package var generated: [String]?
    }

    /// Where the intent definitions' classes are generated, in the target.
    package static let generatedIntents = "widgethost-generated/IntentDefinitions.swift"
    /// Where the target's asset colour settings are written, a resource the SDK reads.
    package static let generatedAssetSettings = "widgethost-generated/" + ModuleResources.catalogSettingsFile
    /// Where the catalogs' PDF vectors are converted to SVG, a resource folder the SDK reads.
    package static let generatedPDFVectors = "widgethost-generated/" + ModuleResources.pdfVectorsFolder

    package static let recordFile = "widgethost-import.json"

    package let plan: ExtensionImport
    /// The catalogs' images that will not be drawn (an SVG it cannot read), with why.
    package let undrawable: [ExtensionInventory.Left]
    package let folder: URL
    package let sdk: URL

    package init(plan: ExtensionImport, folder: URL, sdk: URL) throws(ImportError) {
        do { try Scaffold.check(plan.module) } catch {
            guard case .invalidKindName(_, let reason) = error else { throw .badModuleName(plan.module, reason: error.description) }
            throw .badModuleName(plan.module, reason: reason)
        }
        var undrawable: [ExtensionInventory.Left] = []
        for catalog in plan.inventory.resources where catalog.pathExtension == "xcassets" {
            undrawable += try AssetCatalogCheck.check(catalog).map { .init(path: ExtensionImport.shorten($0.url, root: plan.root), why: $0.why) }
        }
        self.undrawable = undrawable
        self.plan = plan
        self.folder = folder.standardizedFileURL
        self.sdk = sdk
        links = Self.links(to: plan.inventory.sources + plan.inventory.resources, in: plan.root)
        linksWholeProject = links.count == 1 && links[0].to == plan.root
    }

    /// The record of an import already in `folder`; nil for a new or empty
    /// folder. One of another extension, or a folder of other files, is refused.
    package func existingRecord() throws(ImportError) -> Record? {
        let manager = FileManager.default
        let recordURL = folder.appendingPathComponent(Self.recordFile)
        if let data = manager.contents(atPath: recordURL.path) {
            // What it names is removed on the next import: only what an import could have written is believed.
            guard let record = try? JSONDecoder().decode(Record.self, from: data), (try? Scaffold.check(record.module)) != nil,
                  record.links.allSatisfy({ !$0.isEmpty && !$0.contains("/") && $0 != ".." && $0 != "." }),
                  (record.generated ?? []).allSatisfy({ [Self.generatedIntents, Self.generatedAssetSettings, Self.generatedPDFVectors].contains($0) }) else {
                throw .badFile(recordURL.path, line: nil, reason: "not the record of an import; remove it, or give another folder with --output")
            }
            guard record.source == plan.source.path, record.target == plan.target else {
                throw .outputHoldsOther(folder.path, importedFrom: record.source + (record.target.map { " (target \($0))" } ?? ""))
            }
            return record
        }
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            guard isFolder.boolValue, (try? manager.contentsOfDirectory(atPath: folder.path))?.isEmpty == true else {
                throw .outputNotEmpty(folder.path)
            }
        }
        return nil
    }

    /// The links into the project, by name, each to a folder under its root.
    package let links: [(name: String, to: URL)]
    /// Whether the one link is to the project's folder itself (a file is at its top).
    private let linksWholeProject: Bool

    private static func links(to taken: [URL], in root: URL) -> [(name: String, to: URL)] {
        let relatives = taken.map { relative($0, to: root) }
        if relatives.contains(where: { !$0.contains("/") }) {
            // A file at the project's top: the whole folder is linked.
            return [(root.lastPathComponent, root)]
        }
        let tops = Set(relatives.compactMap { $0.split(separator: "/").first.map(String.init) })
        return tops.sorted().map { ($0, root.appendingPathComponent($0)) }
    }

    /// A taken file's path within the target: under its link.
    package func pathInTarget(_ url: URL) -> String {
        let relative = Self.relative(url, to: plan.root)
        return linksWholeProject ? "\(plan.root.lastPathComponent)/\(relative)" : relative
    }

    /// A compiler's line with the package's link paths (`Sources/M/Widget/A.swift`)
    /// put back as the project's own, which is where the author edits.
    package func realPath(in line: String) -> String {
        var line = line
        for link in links {
            for prefix in ["\(folder.path)/Sources/\(plan.module)/\(link.name)/", "Sources/\(plan.module)/\(link.name)/"] where line.hasPrefix(prefix) {
                line = link.to.path + "/" + line.dropFirst(prefix.count)
            }
        }
        return line
    }

    private var taken: [URL] { plan.inventory.sources + plan.inventory.resources }

    /// Every taken file is under `root`: the inventory left the others.
    private static func relative(_ url: URL, to root: URL) -> String {
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return url.path.hasPrefix(prefix) ? String(url.path.dropFirst(prefix.count)) : url.lastPathComponent
    }

    /// What in the linked folders is not built, so that SwiftPM neither
    /// compiles it nor warns of it: whole folders where nothing is taken.
    package var excluded: [String] {
        let takenPaths = Set(taken.map(\.path))
        var excluded: [String] = []
        func walk(_ folder: URL, as path: String) {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
            for name in names where !name.hasPrefix(".") {
                let url = folder.appendingPathComponent(name)
                let inTarget = "\(path)/\(name)"
                if takenPaths.contains(url.path) { continue }
                var isFolder: ObjCBool = false
                FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
                let prefix = url.path + "/"
                if isFolder.boolValue && takenPaths.contains(where: { $0.hasPrefix(prefix) }) {
                    walk(url, as: inTarget)
                } else {
                    excluded.append(inTarget)
                }
            }
        }
        for link in links { walk(link.to, as: link.name) }
        return excluded
    }

    /// Writes the package (not the manifest, which needs the module's
    /// kinds): links, generated files (the PDF vectors converted among
    /// them), `Package.swift`, `.gitignore` and the record. What it wrote
    /// before is replaced; nothing else in the folder is touched.
    package func write(replacing previous: Record?) throws -> (record: Record, vectors: PDFVectors) {
        let manager = FileManager.default
        if let previous {
            let old = folder.appendingPathComponent("Sources/\(previous.module)")
            for link in previous.links {
                let url = old.appendingPathComponent(link)
                // Only the links an import made: never what someone put beside them.
                if (try? manager.destinationOfSymbolicLink(atPath: url.path)) != nil { try manager.removeItem(at: url) }
            }
            for file in previous.generated ?? [] {
                try? manager.removeItem(at: old.appendingPathComponent(file))
                let folder = old.appendingPathComponent(file).deletingLastPathComponent()
                if (try? manager.contentsOfDirectory(atPath: folder.path))?.isEmpty == true { try manager.removeItem(at: folder) }
            }
            if (try? manager.contentsOfDirectory(atPath: old.path))?.isEmpty == true { try manager.removeItem(at: old) }
        }
        let sources = folder.appendingPathComponent("Sources/\(plan.module)")
        try manager.createDirectory(at: sources, withIntermediateDirectories: true)
        for link in links {
            let at = sources.appendingPathComponent(link.name)
            if (try? manager.destinationOfSymbolicLink(atPath: at.path)) != nil { try manager.removeItem(at: at) }
            try manager.createSymbolicLink(atPath: at.path, withDestinationPath: Self.relativePath(from: sources, to: link.to))
        }
        var generated: [String] = []
        if !plan.intentDefinitions.isEmpty {
            let file = sources.appendingPathComponent(Self.generatedIntents)
            try manager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let code = IntentCode(definitions: plan.intentDefinitions, principalClass: plan.intentsExtension?.principalClass)
            try code.source.write(to: file, atomically: true, encoding: .utf8)
            generated.append(Self.generatedIntents)
        }
        if let settings = assetSettings {
            let file = sources.appendingPathComponent(Self.generatedAssetSettings)
            try manager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try settings.write(to: file, options: .atomic)
            generated.append(Self.generatedAssetSettings)
        }
        let catalogs = plan.inventory.resources.filter { $0.pathExtension == "xcassets" }
        let vectors = PDFVectors.convert(PDFVectors.pdfs(in: catalogs), root: plan.root,
                                         into: sources.appendingPathComponent(Self.generatedPDFVectors))
        if !vectors.converted.isEmpty { generated.append(Self.generatedPDFVectors) }
        try packageManifest(withVectors: !vectors.converted.isEmpty).write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let ignore = folder.appendingPathComponent(".gitignore")
        if !manager.fileExists(atPath: ignore.path) {
            try ".build/\nPackage.resolved\n".write(to: ignore, atomically: true, encoding: .utf8)
        }
        let record = Record(source: plan.source.path, target: plan.target, module: plan.module, links: links.map(\.name),
                            manifest: previous?.manifest, generated: generated.isEmpty ? nil : generated)
        try Self.save(record, in: folder)
        return (record, vectors)
    }

    /// The manifest for `kinds`, written unless the one there was edited
    /// since the last import wrote it. Says whether it was written.
    package func writeManifest(kinds: [String], record: inout Record) throws -> Bool {
        let url = folder.appendingPathComponent("config.yaml")
        let current = try? String(contentsOf: url, encoding: .utf8)
        guard current == nil || current == record.manifest else { return false }
        let text = manifest(kinds: kinds)
        try text.write(to: url, atomically: true, encoding: .utf8)
        record.manifest = text
        try Self.save(record, in: folder)
        return true
    }

    static func save(_ record: Record, in folder: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(record).write(to: folder.appendingPathComponent(recordFile), options: .atomic)
    }

    /// The group the container uses: the entitlements' App Group, else one of the module's own.
    package var group: String { plan.group ?? "group.dev.\(plan.module)" }

    /// Text for a comment line: a newline in a name or path would end the comment.
    static func commentSafe(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }

    package func manifest(kinds: [String]) -> String {
        var text = """
            # The bundle manifest of \(Self.commentSafe(plan.displayName)), written by 'widgethost import'
            # from \(Self.commentSafe(plan.source.path))\(plan.target.map { " (target \(Self.commentSafe($0)))" } ?? "").
            # 'widgethost dev .' previews its kinds; 'widgethost run config.yaml' runs them.
            # Importing again rewrites this file, unless you have edited it.
            name: \(YAMLScalar.quoted(plan.displayName))
            container:
              group: \(YAMLScalar.quoted(group))
            module_paths: [.build/debug]
            widgets:

            """
        for kind in kinds {
            text += "  - kind: \(YAMLScalar.quoted(kind))\n    module: \(plan.module)\n"
        }
        return text
    }

    func packageManifest(withVectors: Bool) -> String {
        let target = plan.module
        func list(_ items: [String], _ item: (String) -> String) -> String {
            items.isEmpty ? "[]" : "[\n" + items.map { "            \(item($0)),\n" }.joined() + "        ]"
        }
        let quoted = SwiftLiteral.string
        let sources = (plan.inventory.sources.map(pathInTarget) + (plan.intentDefinitions.isEmpty ? [] : [Self.generatedIntents])).sorted()
        let resources = (plan.inventory.resources.map(pathInTarget) + (assetSettings == nil ? [] : [Self.generatedAssetSettings])
            + (withVectors ? [Self.generatedPDFVectors] : [])).sorted()
        return """
            // swift-tools-version: 6.0
            // Written by 'widgethost import' from \(Self.commentSafe(plan.source.path))\(plan.target.map { " (target \(Self.commentSafe($0)))" } ?? "").
            // Importing again rewrites it. The extension's files stay where they
            // are: Sources/\(target)/ holds links into the project, and the lists
            // below are the target's membership.
            import PackageDescription

            \(Scaffold.implicitImportsSetting)

            let package = Package(
                name: \(quoted(target)),
                products: [.library(name: \(quoted(target)), type: .dynamic, targets: [\(quoted(target))])],
                dependencies: [.package(path: \(quoted(sdk.path)))],
                targets: [.target(
                    name: \(quoted(target)),
                    dependencies: [.product(name: "WidgetSDK", package: "SDK")],
                    exclude: \(list(excluded, quoted)),
                    sources: \(list(sources, quoted)),
                    resources: \(list(resources) { ".copy(\(quoted($0)))" }),
                    swiftSettings: [implicitImports], linkerSettings: [foundationIfUsed]
                )],
                swiftLanguageModes: [.v\(plan.languageMode)]
            )

            """
    }

    /// The target's names for its accent and widget background colours, as
    /// the SDK reads them; nil without an asset catalog or build settings.
    var assetSettings: Data? {
        guard let names = plan.assetColorNames, !names.isEmpty,
              plan.inventory.resources.contains(where: { $0.pathExtension == "xcassets" }) else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try? encoder.encode(names)
    }

    /// `to` as seen from `from`, both absolute: `../../Project/Widget`.
    static func relativePath(from: URL, to: URL) -> String {
        let base = from.resolvingSymlinksInPath().standardizedFileURL.pathComponents
        let target = to.resolvingSymlinksInPath().standardizedFileURL.pathComponents
        var common = 0
        while common < min(base.count, target.count) && base[common] == target[common] { common += 1 }
        // Nothing shared but `/`: the absolute path says more than a climb to the root.
        if common <= 1 { return to.resolvingSymlinksInPath().standardizedFileURL.path }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...]).joined(separator: "/")
    }
}
