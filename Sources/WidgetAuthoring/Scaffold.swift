import Foundation
import HostText
import WidgetHost
import WidgetKinds
import WidgetSDK

/// The package `widgethost new` writes: a kind that builds, validates and
/// previews as generated, laid out as a WidgetKit extension is (a widget,
/// its configuration intent, a provider with its entry, a view), plus the
/// `@main` `WidgetBundle` the module offers its widgets by and a manifest naming the kind.
package struct Scaffold: Sendable {
    package let kind: String
    package let families: [WidgetFamily]
    /// A `StaticConfiguration`, without an intent.
    package let isStatic: Bool
    /// The WidgetSDK package folder `Package.swift` depends on.
    package let sdk: URL

    package init(kind: String, families: [WidgetFamily], isStatic: Bool, sdk: URL) throws(AuthoringError) {
        try Self.check(kind)
        self.kind = kind
        self.families = families
        self.isStatic = isStatic
        self.sdk = sdk
    }

    /// Types of WidgetSDK and Swift a module of that name would shadow.
    static let reserved: Set<String> = [
        "WidgetSDK", "WidgetKit", "SwiftUI", "AppIntents", "UIKit", "Combine", "WidgetUIKit", "WidgetCombine", "os", "WidgetOS", "SDK", "Swift", "Foundation", "Glibc", "Widget", "WidgetBundle", "View", "Text", "Image", "Color", "Button", "Toggle",
        "Link", "Gauge", "Font", "Timeline", "TimelineEntry", "Environment", "Parameter", "AppIntent", "Shape", "Circle",
        "Rectangle", "Capsule", "Spacer", "VStack", "HStack", "ZStack", "Grid", "ForEach", "ProgressView", "Alignment",
    ]

    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "func", "import", "init", "inout", "let", "operator",
        "protocol", "static", "struct", "subscript", "typealias", "var", "break", "case", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as",
        "catch", "false", "is", "nil", "rethrows", "super", "self", "Self", "throw", "throws", "true", "try", "Any",
        "some", "any", "await", "async", "actor", "package", "internal", "public", "private", "fileprivate", "open", "Type",
    ]

    /// A kind's name becomes a module, a product and type names: it must be
    /// an ASCII Swift identifier that shadows nothing the kind uses.
    static func check(_ name: String) throws(AuthoringError) {
        guard let first = name.unicodeScalars.first else { throw .invalidKindName(name, reason: "it is empty") }
        guard name.unicodeScalars.allSatisfy({ $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }) else {
            throw .invalidKindName(name, reason: "use only ASCII letters, digits and underscores, as a Swift type name does")
        }
        guard first == "_" || first.properties.isAlphabetic else {
            throw .invalidKindName(name, reason: "a Swift identifier cannot start with a digit")
        }
        guard !keywords.contains(name) else { throw .invalidKindName(name, reason: "it is a Swift keyword") }
        guard !reserved.contains(name) else {
            throw .invalidKindName(name, reason: "the module would shadow \(name), which the kind's code uses; choose another name")
        }
        guard name.count <= 64 else { throw .invalidKindName(name, reason: "at most 64 characters") }
    }

    /// `systemSmall,systemMedium` as families, each once, in the order given.
    package static func families(_ text: String) throws -> [WidgetFamily] {
        var families: [WidgetFamily] = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let family = WidgetFamily(rawValue: name) else {
                throw InstanceRequestError.unknownFamily(name, suggestion: Suggestion.closest(to: name, in: WidgetFamily.allCases.map(\.rawValue)))
            }
            if !families.contains(family) { families.append(family) }
        }
        guard !families.isEmpty else { throw AuthoringError.noFamilies }
        return families
    }

    /// Paths relative to the package folder, and their contents.
    package var files: [(path: String, contents: String)] {
        var files = [
            ("Package.swift", packageManifest),
            ("Sources/\(kind)/\(kind)Widget.swift", widget),
            ("Sources/\(kind)/\(kind)Provider.swift", provider),
            ("Sources/\(kind)/\(kind)View.swift", view),
            ("Sources/\(kind)/\(kind)Bundle.swift", bundle),
            ("config.yaml", bundleManifest),
            ("README.md", readme),
            (".gitignore", ".build/\nPackage.resolved\n"),
        ]
        if !isStatic { files.insert(("Sources/\(kind)/\(kind)Intent.swift", intent), at: 2) }
        return files
    }

    /// Writes the package into `folder`, which must be missing or empty.
    package func write(to folder: URL) throws {
        let manager = FileManager.default
        if let existing = try? manager.contentsOfDirectory(atPath: folder.path), !existing.isEmpty {
            throw AuthoringError.folderNotEmpty(folder.path)
        }
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: folder.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw AuthoringError.folderNotEmpty(folder.path)
        }
        for (path, contents) in files {
            let file = folder.appendingPathComponent(path)
            try manager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: file, atomically: true, encoding: .utf8)
        }
    }

    /// Where the SDK package is, seen from the running `widgethost`: beside
    /// an installed one (`<prefix>/share/widgethost/SDK`), or the checkout's
    /// `SDK/` when it runs from `.build`.
    package static func locateSDK(from executable: URL? = ModuleSearchPath.executableDirectory) throws(AuthoringError) -> URL {
        var searched: [String] = []
        var folder = executable
        while let current = folder, current.path != "/" {
            for candidate in [current.appendingPathComponent("share/widgethost/SDK"), current.appendingPathComponent("SDK")] {
                searched.append(candidate.path)
                if isSDK(candidate) { return candidate }
            }
            folder = current.deletingLastPathComponent()
        }
        throw .noSDK(searched: Array(searched.prefix(4)))
    }

    /// A package whose manifest declares the WidgetSDK library.
    package static func isSDK(_ folder: URL) -> Bool {
        guard let manifest = try? String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8) else { return false }
        return manifest.contains("name: \"WidgetSDK\"")
    }

    /// What makes a file that imports only Foundation see what it sees in an
    /// iOS extension: the host's `UserDefaults` (an App Group suite, which
    /// WidgetKit's scoped import puts before Foundation's), `URLSession`
    /// (FoundationNetworking on Linux) and `XMLParser` (FoundationXML).
    /// Every file of the target imports them as if it said so;
    /// FoundationNetworking, which loads libcurl, and FoundationXML, which
    /// loads libxml2, are linked only into a kind whose code uses them.
    package static let implicitImportsSetting = """
        // As on iOS, a file that imports only Foundation sees WidgetKit's
        // UserDefaults (the App Group's), URLSession and XMLParser: every file
        // imports them implicitly, and FoundationNetworking and FoundationXML
        // are linked only if used.
        // `import UIKit`, `import Combine`, `import os` and `import Intents` reach the SDK's part of them.
        let implicitImports = SwiftSetting.unsafeFlags([
            "-Xfrontend", "-import-module", "-Xfrontend", "WidgetKit",
            "-Xfrontend", "-import-module", "-Xfrontend", "FoundationNetworking",
            "-Xfrontend", "-disable-autolink-library", "-Xfrontend", "FoundationNetworking",
            "-Xfrontend", "-import-module", "-Xfrontend", "FoundationXML",
            "-Xfrontend", "-disable-autolink-library", "-Xfrontend", "FoundationXML",
            "-module-alias", "UIKit=WidgetUIKit", "-module-alias", "Combine=WidgetCombine", "-module-alias", "os=WidgetOS", "-module-alias", "Intents=WidgetIntents",
        ])
        let foundationIfUsed = LinkerSetting.unsafeFlags([
            "-Xlinker", "--push-state", "-Xlinker", "--as-needed",
            "-Xlinker", "-lFoundationNetworking", "-Xlinker", "-lFoundationXML", "-Xlinker", "--pop-state",
        ])
        """

    // MARK: - Files

    private var packageManifest: String {
        """
        // swift-tools-version: 6.0
        import PackageDescription

        // A widget kind for widgethost: a dynamic library whose code imports
        // WidgetKit, SwiftUI and AppIntents as a widget extension for iOS does
        // (here they are modules of the SDK's one library, WidgetSDK).

        \(Self.implicitImportsSetting)

        let package = Package(
            name: "\(kind)",
            products: [.library(name: "\(kind)", type: .dynamic, targets: ["\(kind)"])],
            dependencies: [.package(path: "\(sdk.path)")],
            targets: [.target(name: "\(kind)", dependencies: [.product(name: "WidgetSDK", package: "SDK")],
                              swiftSettings: [implicitImports], linkerSettings: [foundationIfUsed])]
        )

        """
    }

    private var familyList: String {
        families.map { ".\($0.rawValue)" }.joined(separator: ", ")
    }

    private var widget: String {
        let configuration = isStatic
            ? "StaticConfiguration(kind: \"\(kind)\", provider: \(kind)Provider())"
            : "AppIntentConfiguration(kind: \"\(kind)\", intent: \(kind)Intent.self, provider: \(kind)Provider())"
        return """
            import SwiftUI
            import WidgetKit

            /// The kind: its one configuration, its name and description in the
            /// gallery, and the families it may be placed at.
            struct \(kind)Widget: Widget {
                var body: some WidgetConfiguration {
                    \(configuration) { entry in
                        \(kind)View(entry: entry)
                    }
                    .configurationDisplayName("\(kind)")
                    .description("Describe what \(kind) shows.")
                    .supportedFamilies([\(familyList)])
                }
            }

            """
    }

    private var intent: String {
        """
        import AppIntents
        import WidgetKit

        /// What a user sets for each instance: every @Parameter is a flag of
        /// `widgethost add-instance \(kind)` (`message` is `--message`).
        struct \(kind)Intent: WidgetConfigurationIntent {
            static let title: LocalizedStringResource = "\(kind)"
            static let description: IntentDescription = "What this \(kind) shows."

            @Parameter(title: "Message", default: "Hello from \(kind)")
            var message: String

            init() {}
        }

        """
    }

    private var provider: String {
        let configured = isStatic ? "" : "for configuration: \(kind)Intent, "
        let message = isStatic ? "\"Hello from \(kind)\"" : "configuration.message"
        return """
            import WidgetKit

            struct \(kind)Entry: TimelineEntry {
                let date: Date
                let message: String
            }

            struct \(isStatic ? "\(kind)Provider: TimelineProvider" : "\(kind)Provider: AppIntentTimelineProvider") {
                /// Drawn redacted before the first timeline: sample data, never real.
                func placeholder(in context: Context) async -> \(kind)Entry {
                    \(kind)Entry(date: context.date, message: "Hello")
                }

                /// One entry, quickly; with context.isPreview, for the gallery.
                func snapshot(\(configured)in context: Context) async -> \(kind)Entry {
                    \(kind)Entry(date: context.date, message: \(message))
                }

                /// An entry now and one each hour for the next three, then ask again.
                /// Use context.date rather than Date(): it is the host's "now".
                func timeline(\(configured)in context: Context) async throws -> Timeline<\(kind)Entry> {
                    let entries = (0..<4).map { hour in
                        \(kind)Entry(date: context.date.addingTimeInterval(Double(hour) * 3600), message: \(message))
                    }
                    return Timeline(entries: entries, policy: .atEnd)
                }
            }

            """
    }

    private var view: String {
        let background = """

                    .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
                    .containerBackground(.background, for: .widget)
            """
        let small = """
                    VStack(alignment: .leading, spacing: 6) {
                        Text("\(kind)").font(.caption).fontWeight(.semibold).foregroundStyle(.secondary)
                        Text(entry.message).font(.headline).lineLimit(3).widgetAccentable()
                        Spacer()
                        Text(entry.date, style: .time).font(.caption2).foregroundStyle(.secondary)
                    }
            """ + background
        let wide = """
                    HStack(alignment: .top, spacing: 12) {
                        VStack(alignment: .leading, spacing: 6) {
                            Text("\(kind)").font(.caption).fontWeight(.semibold).foregroundStyle(.secondary)
                            Text(entry.message).font(.title3).bold().lineLimit(3).widgetAccentable()
                            Spacer()
                            Text(entry.date, style: .time).font(.caption).foregroundStyle(.secondary)
                        }
                        Spacer()
                    }
            """ + background
        let inline = "        Text(\"\(kind): \\(entry.message)\")"
        let accessory = """
                    VStack(alignment: .leading, spacing: 2) {
                        Text("\(kind)").font(.caption2).bold()
                        Text(entry.message).font(.caption2).lineLimit(2)
                    }
            """
        func layout(_ family: WidgetFamily) -> String {
            switch family {
            case .systemSmall: small
            case .accessoryInline: inline
            case .accessoryCircular, .accessoryRectangular: accessory
            default: wide
            }
        }
        let layouts = Dictionary(grouping: families, by: layout)
        let body: String
        if layouts.count == 1 {
            body = """
                    var body: some View {
                \(layout(families[0]))
                    }
                """
        } else {
            // One case per layout, in the order the families were given.
            var seen = Set<String>()
            let cases = families.compactMap { family -> String? in
                let text = layout(family)
                guard seen.insert(text).inserted else { return nil }
                let names = families.filter { layout($0) == text }.map { ".\($0.rawValue)" }.joined(separator: ", ")
                return "        case \(names):\n" + text.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
            }
            body = """
                    var body: some View {
                        switch family {
                \(cases.joined(separator: "\n"))
                        default:
                            Text(entry.message)
                        }
                    }
                """
        }
        return """
            import SwiftUI
            import WidgetKit

            /// How an entry looks\(layouts.count == 1 ? "" : ", per family").
            struct \(kind)View: View {
            \(layouts.count == 1 ? "" : "    @Environment(\\.widgetFamily) var family\n")    let entry: \(kind)Entry

            \(body)
            }

            """
    }

    private var bundle: String {
        """
        import SwiftUI
        import WidgetKit

        /// The module's widgets, declared as a widget extension for iOS declares
        /// them: `@main` hands them to widgethost. Add a widget here to ship it
        /// in this module too.
        @main
        struct \(kind)Bundle: WidgetBundle {
            var body: some Widget {
                \(kind)Widget()
            }
        }

        """
    }

    private var bundleManifest: String {
        """
        # The bundle manifest for developing \(kind): 'widgethost dev .' previews
        # what it names, and 'widgethost run config.yaml' runs it.
        container:
          group: group.dev.\(kind)
        module_paths: [.build/debug]
        widgets:
          - kind: \(kind)

        """
    }

    private var readme: String {
        """
        # \(kind)

        A widget kind for widgethost, made with `widgethost new`.

        ```sh
        swift build                  # builds .build/debug/lib\(kind).so
        widgethost dev .             # previews every family; again on every save
        widgethost validate config.yaml
        widgethost preview \(kind) --all --config config.yaml
        ```

        To offer it on a host, add its folder to the host manifest's `module_paths`
        (`\(kind)/.build/debug`, or wherever you copy `lib\(kind).so`) and list it:

        ```yaml
        widgets:
          - kind: \(kind)
        ```

        """
    }
}
