import ArgumentParser
import Foundation
import HostText
import WidgetAuthoring
import WidgetKinds

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Make a widget package and its manifest from an Xcode widget extension, as it is.",
        discussion: """
            Reads an .xcodeproj (or a folder holding one) and takes the widget extension target's files as \
            Xcode's target membership has them; or takes every file of an extension's own folder. The files \
            stay where they are: the package's Sources/<Module>/ holds links into the project, and its \
            Package.swift lists the target's Swift files and resources (asset catalogs, string tables). \
            The entitlements' App Group becomes the manifest's container.group and the Info.plist's display \
            name the bundle's name. The package is built, and each kind of the module becomes a widgets \
            entry of config.yaml. It prints what it took, what it left and why, and the next command. \
            Importing again into the same folder updates the package; a config.yaml edited since is kept.
            """)

    @Argument(help: ArgumentHelp("The .xcodeproj, a folder holding one, or the extension's folder of Swift files.", valueName: "path"))
    var path: String

    @Option(help: ArgumentHelp("The package folder to write (default: ./<Module>); new, empty, or an earlier import of the same extension.", valueName: "folder"))
    var output: String?

    @Option(help: ArgumentHelp("The project's widget extension target, when it has several.", valueName: "name"))
    var target: String?

    @Option(help: ArgumentHelp("The module's name (default: the target's PRODUCT_MODULE_NAME, else its name as Xcode makes it an identifier).", valueName: "name"))
    var module: String?

    @Option(help: ArgumentHelp("The WidgetSDK package to depend on (default: the installed one, or the checkout's SDK/).", valueName: "folder"))
    var sdk: String?

    @Flag(help: "Write the package only: no build, so no kinds and no config.yaml yet.")
    var noBuild = false

    @Flag(help: "Print what was imported as JSON.")
    var json = false

    func run() async throws {
        try await Terminal.failing {
            let plan = try ExtensionImport.read(URL(fileURLWithPath: path), target: target, module: module)
            let sdk = try sdk.map(NewCommand.checkedSDK) ?? Scaffold.locateSDK()
            let folder = URL(fileURLWithPath: output ?? plan.module).standardizedFileURL
            let package = try ImportedPackage(plan: plan, folder: folder, sdk: sdk)
            let previous = try package.existingRecord()
            let written = try package.write(replacing: previous)
            var record = written.record
            var report = Report(package, updated: previous != nil, vectors: written.vectors)
            if !noBuild {
                if !json { Terminal.error("building \(plan.module) (swift build)…") }
                let build = try await PackageBuilder(package: folder).build()
                report.built = build.succeeded
                guard build.succeeded else {
                    report.buildErrors = build.failureSummary.map { package.realPath(in: $0) }
                    try output(report)
                    throw ExitCode.failure
                }
                let kinds = try await Self.kinds(of: plan.module, in: folder)
                report.kinds = kinds
                report.manifest = try package.writeManifest(kinds: kinds, record: &record) ? "written" : "kept (edited since the last import)"
            }
            try output(report)
        }
    }

    /// The module's kinds, from its extension process as `validate` reads them.
    static func kinds(of module: String, in folder: URL) async throws -> [String] {
        let searchPath = ModuleSearchPath(directories: [folder.appendingPathComponent(".build/debug")])
        let loader = ModuleLoader(searchPath: searchPath, pool: ExtensionPool(searchPath: searchPath))
        switch await loader.load(module: module) {
        case .success(let loaded): return loaded.descriptors.map(\.kind)
        case .failure(let error): throw ValidationError("\(error)")
        }
    }

    struct Report: Encodable {
        let module: String
        let source: String
        let target: String?
        let package: String
        let updated: Bool
        let name: String
        /// The Info.plist, the build setting or the default the name came from.
        let nameFrom: String
        let group: String
        let groupNote: String?
        let languageMode: Int
        let sources: [String]
        let resources: [String]
        let infoPlist: String?
        let entitlements: String?
        let left: [ExtensionInventory.Left]
        /// The catalogs' PDF vectors converted to SVG.
        let vectors: [String]
        let packageProducts: [String]
        let intentDefinitions: [String]
        /// The classes generated from them.
        let intents: [String]
        let intentsExtension: String?
        let intentHandler: String?
        var built: Bool?
        var buildErrors: [String]?
        var kinds: [String]?
        var manifest: String?

        init(_ package: ImportedPackage, updated: Bool, vectors: PDFVectors) {
            let plan = package.plan
            let shown = { (url: URL) in Self.shorten(url.path, root: plan.root) }
            module = plan.module
            source = plan.source.path
            target = plan.target
            self.package = package.folder.path
            self.updated = updated
            name = plan.displayName
            nameFrom = plan.displayNameSource
            group = package.group
            groupNote = plan.groupNote
            languageMode = plan.languageMode
            sources = plan.inventory.sources.map(shown)
            resources = plan.inventory.resources.map(shown)
            infoPlist = plan.inventory.infoPlist.map(shown)
            entitlements = plan.inventory.entitlements.map(shown)
            left = plan.inventory.left.map { ExtensionInventory.Left(path: Self.shorten($0.path, root: plan.root), why: $0.why) }
                + package.undrawable + vectors.left
            self.vectors = vectors.converted.map(shown)
            packageProducts = plan.packageProducts
            intentDefinitions = plan.inventory.intentDefinitions.map(shown)
            intents = plan.intentDefinitions.flatMap { $0.intents.map(\.className) }
            intentsExtension = plan.intentsExtension?.target
            intentHandler = plan.intentsExtension?.principalClass
        }

        static func shorten(_ path: String, root: URL) -> String {
            ExtensionImport.shorten(URL(fileURLWithPath: path), root: root)
        }
    }

    private func output(_ report: Report) throws {
        if json { return try Terminal.printJSON(report) }
        var lines = ["\(report.updated ? "updated" : "imported") \(report.module) from \(report.source)\(report.target.map { " (target \($0))" } ?? "") into \(report.package):"]
        lines.append("  took \(Self.count(report.sources.count, "Swift file")): \(report.sources.joined(separator: ", "))")
        if !report.resources.isEmpty { lines.append("  resources: \(report.resources.joined(separator: ", "))") }
        if !report.vectors.isEmpty {
            lines.append("  PDF vectors drawn as SVG (converted into the package's Sources/\(report.module)/\(ImportedPackage.generatedPDFVectors)): \(report.vectors.joined(separator: ", "))")
        }
        if !report.intentDefinitions.isEmpty {
            lines.append("  intent definitions: \(report.intentDefinitions.joined(separator: ", ")) (generated: \(report.intents.joined(separator: ", ")))")
            if let target = report.intentsExtension {
                lines.append("    options from the Intents extension \(target)\(report.intentHandler.map { ", its \($0)" } ?? "")")
            } else {
                lines.append("    no Intents extension in the project: parameters the definition says are provided have no options")
            }
        }
        lines.append("  name: \(report.name) (from \(report.nameFrom))")
        lines.append("  App Group: \(report.group)\(report.entitlements.map { " (from \($0))" } ?? "")")
        if let note = report.groupNote { lines.append("    \(note)") }
        lines.append("  Swift \(report.languageMode) language mode\(report.target == nil ? " (a folder has no SWIFT_VERSION)" : " (SWIFT_VERSION)")")
        if let kinds = report.kinds { lines.append("  kinds: \(kinds.joined(separator: ", ")); config.yaml \(report.manifest ?? "")") }
        if !report.left.isEmpty || !report.packageProducts.isEmpty {
            lines.append("left:")
            for entry in report.left { lines.append("  \(entry.path): \(entry.why)") }
            for product in report.packageProducts {
                lines.append("  package \(product): add it to Package.swift's dependencies if it builds on Linux")
            }
        }
        if let errors = report.buildErrors {
            lines.append("the build failed; the package is written, and config.yaml waits for a build that succeeds:")
            lines += errors.map { "  \($0)" }
            lines.append("next: fix the code, then 'widgethost import \(NewCommand.shellQuoted(path))\(output.map { " --output \(NewCommand.shellQuoted($0))" } ?? "")' again")
        } else if report.kinds == nil {
            lines.append("next:")
            lines.append("  swift build --package-path \(NewCommand.shellQuoted(report.package))")
            lines.append("  widgethost import \(NewCommand.shellQuoted(path)) --output \(NewCommand.shellQuoted(report.package))   # writes config.yaml from the kinds")
        } else {
            lines.append("next:")
            lines.append("  widgethost dev \(NewCommand.shellQuoted(report.package))")
        }
        // Paths, names and reasons come from the project's files.
        print(lines.map(TerminalText.escaped).joined(separator: "\n"))
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
