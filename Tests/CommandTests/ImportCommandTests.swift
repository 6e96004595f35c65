import Foundation
import HostTestSupport
import Testing
import WidgetTestSupport

/// `widgethost import`: an Xcode widget extension made a package as it is,
/// from its project's target membership or from its folder.
@Suite("widgethost import")
struct ImportCommandTests {
    static let fixture = TestSupport.repositoryRoot.appendingPathComponent("Tests/Fixtures/XcodeProjects/RepoWatcher")

    /// A copy of the fixture project: the tests change it as its author would.
    static func project() throws -> URL {
        let folder = try TestSupport.temporaryDirectory().appendingPathComponent("RepoWatcher")
        try FileManager.default.copyItem(at: fixture, to: folder)
        return folder
    }

    static func json(_ result: TestSupport.ProcessResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)\n\(result.stderr)")
    }

    /// The whole path: the widget target's files by membership (a file it
    /// shares with the app included, the app's own left out), its catalog
    /// and string tables, the entitlements' group and the Info.plist's
    /// name; a build, the module's kinds in the manifest, and the kinds
    /// drawn with the catalog's colours and the tables' strings.
    @Test func anXcodeProjectsWidgetTargetIsBuiltAndItsKindsDrawnWithItsAssetsAndStrings() async throws {
        let project = try Self.project()
        let output = project.deletingLastPathComponent().appendingPathComponent("Imported")
        let result = try await TestSupport.widgethost(["import", project.appendingPathComponent("RepoWatcher.xcodeproj").path, "--output", output.path])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("took 4 Swift files: RepoWatcherWidget/RepoWatcherWidgetBundle.swift, RepoWatcherWidget/WatchedReposWidget.swift, RepoWatcherWidget/BrandWidget.swift, Shared/Repository.swift"), "\(result.stdout)")
        #expect(result.stdout.contains("resources: RepoWatcherWidget/Assets.xcassets, RepoWatcherWidget/en.lproj, RepoWatcherWidget/de.lproj"))
        #expect(result.stdout.contains("name: Repo Watcher (from RepoWatcherWidget/Info.plist)"))
        #expect(result.stdout.contains("App Group: group.test.repowatcher (from RepoWatcherWidget/RepoWatcherWidgetExtension.entitlements)"))
        #expect(result.stdout.contains("RepoWatcherWidget/Cache.xcdatamodeld: a Core Data model: Core Data has no Linux counterpart"))
        #expect(result.stdout.contains("kinds: WatchedRepos, Brand; config.yaml written"))
        #expect(result.stdout.hasSuffix("next:\n  widgethost dev \(output.path)\n"), "\(result.stdout)")
        #expect(!result.stdout.contains("RepoWatcherApp.swift"), "the app's own file is not the extension's")

        let manifest = try String(contentsOf: output.appendingPathComponent("config.yaml"), encoding: .utf8)
        #expect(manifest.contains("name: Repo Watcher\ncontainer:\n  group: group.test.repowatcher\nmodule_paths: [.build/debug]\nwidgets:\n"
            + "  - kind: WatchedRepos\n    module: RepoWatcherWidgetExtension\n  - kind: Brand\n    module: RepoWatcherWidgetExtension\n"), "\(manifest)")
        // The project's files are linked, not copied, and not changed.
        let link = output.appendingPathComponent("Sources/RepoWatcherWidgetExtension/RepoWatcherWidget")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path).hasSuffix("RepoWatcher/RepoWatcherWidget"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.path).sorted() == ["RepoWatcher", "RepoWatcher.xcodeproj", "RepoWatcherWidget", "Shared"])

        let config = output.appendingPathComponent("config.yaml").path
        let light = try await TestSupport.widgethost(["preview", "Brand", "--config", config], environment: ["LANG": "en_US.UTF-8"])
        #expect(light.status == 0, "\(light.stderr)")
        let lightSVG = try await TestSupport.widgethost(["preview", "Brand", "--format", "svg", "--config", config], environment: ["LANG": "en_US.UTF-8"])
        #expect(lightSVG.stdout.contains(">Hello<"), "the en.lproj table's string")
        #expect(lightSVG.stdout.lowercased().contains("#e88b2e"), "the Brand colorset's light colour")
        let dark = try await TestSupport.widgethost(["preview", "Brand", "--format", "svg", "--color-scheme", "dark", "--config", config],
                                                    environment: ["LANG": "de_DE.UTF-8"])
        #expect(dark.stdout.contains(">Hallo<"), "the de.lproj table's string")
        #expect(dark.stdout.lowercased().contains("#ffb86b"), "the Brand colorset's dark colour")
        // The imageset's image as iOS picks it: 2x (the scale drawn) in the appearance of the card.
        let images = project.appendingPathComponent("RepoWatcherWidget/Assets.xcassets/Logo.imageset")
        func embedded(_ file: String) throws -> String { try Data(contentsOf: images.appendingPathComponent(file)).base64EncodedString() }
        let (light2x, dark2x, light3x, light1x) = (try embedded("logo@2x.png"), try embedded("logo-dark@2x.png"), try embedded("logo@3x.png"), try embedded("logo.png"))
        #expect(lightSVG.stdout.contains(light2x), "the light 2x image")
        #expect(dark.stdout.contains(dark2x), "the dark appearance's 2x image")
        #expect(!lightSVG.stdout.contains(light3x) && !lightSVG.stdout.contains(light1x))
        // Color.accentColor is the colorset the target's ASSETCATALOG_COMPILER_GLOBAL_ACCENT_COLOR_NAME
        // names (Highlight), not the one called AccentColor; one with no background of its own gets WidgetBackground.
        #expect(lightSVG.stdout.lowercased().contains("#3366cc"), "the Highlight colorset")
        #expect(!lightSVG.stdout.lowercased().contains("#cc3333"), "not the AccentColor colorset")
        let settings = try Data(contentsOf: output.appendingPathComponent("Sources/RepoWatcherWidgetExtension/widgethost-generated/widgethost-asset-settings.json"))
        #expect(try JSONSerialization.jsonObject(with: settings) as? [String: String]
            == ["ASSETCATALOG_COMPILER_GLOBAL_ACCENT_COLOR_NAME": "Highlight", "ASSETCATALOG_COMPILER_WIDGET_BACKGROUND_COLOR_NAME": "WidgetBackground"])
        // An SVG imageset marked as a template: the vector itself, its shape flooded with the foreground colour.
        let mark = try Data(contentsOf: project.appendingPathComponent("RepoWatcherWidget/Assets.xcassets/Mark.imageset/mark.svg"))
        #expect(lightSVG.stdout.contains("data:image/svg+xml;base64,\(mark.base64EncodedString())"), "the Mark imageset's SVG")
        #expect(lightSVG.stdout.contains(##"<feFlood flood-color="#e88b2e"/><feComposite in2="SourceGraphic" operator="in"/>"##), "drawn as a template in Brand: \(lightSVG.stdout)")
        // A PDF vector: converted to SVG by the import, in the package, and drawn as that.
        #expect(result.stdout.contains("PDF vectors drawn as SVG (converted into the package's Sources/RepoWatcherWidgetExtension/widgethost-generated/widgethost-pdf-vectors): RepoWatcherWidget/Assets.xcassets/Badge.imageset/badge.pdf"), "\(result.stdout)")
        let badge = try Data(contentsOf: output.appendingPathComponent(
            "Sources/RepoWatcherWidgetExtension/widgethost-generated/widgethost-pdf-vectors/RepoWatcherWidget/Assets.xcassets/Badge.imageset/badge.pdf.svg"))
        #expect(String(decoding: badge, as: UTF8.self).contains(#"width="24" height="24""#), "sized in points")
        #expect(lightSVG.stdout.contains("data:image/svg+xml;base64,\(badge.base64EncodedString())"), "the Badge imageset's PDF, as SVG")
        let watched = try await TestSupport.widgethost(["preview", "WatchedRepos", "--format", "svg", "--config", config])
        #expect(watched.stdout.lowercased().contains("#e6eaf1"), "the WidgetBackground colorset behind it: \(watched.stdout)")

        // An edited manifest is kept when importing again; the package is rewritten.
        try (manifest + "# mine\n").write(toFile: config, atomically: true, encoding: .utf8)
        let again = try await TestSupport.widgethost(["import", project.path, "--output", output.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.hasPrefix("updated RepoWatcherWidgetExtension"), "\(again.stdout)")
        #expect(again.stdout.contains("config.yaml kept (edited since the last import)"))
        #expect(try String(contentsOfFile: config, encoding: .utf8).hasSuffix("# mine\n"))

        // `widgethost dev` on the imported package, as the report's next
        // command says: its kinds previewed, and an edit made in the
        // project (where the package's links lead) in the next build.
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") + ":/opt/swift/usr/bin"
        let dev = try RunningHost(command: ["dev", output.path, "--json"], folder: output.deletingLastPathComponent(), environment: ["PATH": path])
        defer { dev.terminate() }
        #expect(await dev.waitFor(#""status":"ok""#, bound: 600), "\(dev.output)")
        #expect(dev.output.contains(#""kind":"WatchedRepos""#) && dev.output.contains(#""kind":"Brand""#), "\(dev.output)")
        let brand = project.appendingPathComponent("RepoWatcherWidget/BrandWidget.swift")
        try String(contentsOf: brand, encoding: .utf8).replacingOccurrences(of: #"Text("accent")"#, with: #"Text("accented")"#)
            .write(to: brand, atomically: true, encoding: .utf8)
        #expect(await dev.waitFor(#""accented""#, bound: 600), "the project's edit, built and previewed\n\(dev.output)")
    }

    /// The seeds' RepoWatcher in both stages. SiriKit: an `IntentConfiguration`
    /// whose intent class is generated from the project's intent definition
    /// and whose options come from the Intents extension's `IntentHandler`,
    /// as iOS asks it; widgets placed and drawn with their repository. Then
    /// the App Intents stage of the same project, imported again: the intent
    /// a `CustomIntentMigratedAppIntent`, the placed widgets keep their values.
    /// The SiriKit stage is in Swift 6 language mode and the App Intents
    /// stage in 5, so the generated intent classes are built in both.
    @Test func theSeedsSiriKitStageRunsAndItsWidgetsKeepTheirValuesInTheAppIntentsStage() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let project = folder.appendingPathComponent("RepoWatcher")
        let stages = TestSupport.repositoryRoot.appendingPathComponent("Tests/Fixtures/XcodeProjects")
        try FileManager.default.copyItem(at: stages.appendingPathComponent("RepoWatcherSiriKit"), to: project)
        let output = folder.appendingPathComponent("out")
        let environment = ["XDG_DATA_HOME": folder.appendingPathComponent("data").path]
        let config = output.appendingPathComponent("config.yaml").path
        func widgethost(_ arguments: String...) async throws -> TestSupport.ProcessResult {
            try await TestSupport.widgethost(arguments + (arguments[0] == "import" ? [] : ["--config", config]), environment: environment)
        }

        let siriKit = try await widgethost("import", project.path, "--output", output.path)
        #expect(siriKit.status == 0, "\(siriKit.stdout)\n\(siriKit.stderr)")
        #expect(siriKit.stdout.contains("took 4 Swift files: RepoWatcherWidget/RepoWatcherWidgetBundle.swift, RepoWatcherWidget/SingleRepoWidget.swift, Shared/RepoStore.swift, RepoWatcherIntents/IntentHandler.swift"), "\(siriKit.stdout)")
        #expect(siriKit.stdout.contains("  Swift 6 language mode (SWIFT_VERSION)"), "\(siriKit.stdout)")
        #expect(siriKit.stdout.contains("intent definitions: RepoWatcherWidget/SelectRepoIntents.intentdefinition (generated: SelectSingleRepoIntent, SelectTwoReposIntent, SelectThemeIntent)"))
        #expect(siriKit.stdout.contains("options from the Intents extension RepoWatcherIntents, its IntentHandler"))
        let kinds = try await widgethost("kinds")
        #expect(kinds.stdout.contains("configuration: IntentConfiguration (SelectSingleRepoIntent)"), "\(kinds.stdout)\n\(kinds.stderr)")
        #expect(kinds.stdout.contains("--repo  Repo (optional string; options from IntentHandler)"))

        // The handler reads the App Group's repositories, as the app wrote them.
        #expect(try await widgethost("defaults", "write", "repos", #"["apple/swift", "swiftlang/swift-syntax"]"#).status == 0)
        #expect(try await widgethost("options", "SingleRepoWidget", "repo").stdout == "apple/swift\nswiftlang/swift-syntax\n")
        let refused = try await widgethost("add-instance", "SingleRepoWidget", "--repo", "nope/nope")
        #expect(refused.stderr.contains("'nope/nope' is not one of the options IntentHandler gives"), "\(refused.stderr)")
        let chosen = ContainerFixture.instanceID(addedBy: try await widgethost("add-instance", "SingleRepoWidget", "--repo", "swiftlang/swift-syntax"))
        let byDefault = try await widgethost("add-instance", "SingleRepoWidget")
        #expect(byDefault.stdout.contains("repo=apple/swift"), "the handler's defaultRepo(for:): \(byDefault.stdout)")

        // A running host draws the instance with `texts`: its provider got the instance's intent.
        let host = try RunningHost(manifestPath: config, folder: folder, arguments: ["--log"], environment: environment)
        defer { host.terminate() }
        func draws(_ id: String, _ texts: String...) async -> Bool {
            await TestSupport.eventually {
                let json = (try? await widgethost("render", id, "--format", "json").stdout) ?? ""
                return texts.allSatisfy { json.contains("\"\($0)\"") }
            }
        }
        #expect(await draws(chosen, "Watching", "swiftlang/swift-syntax"), "\(host.output)")

        // The App Intents stage: the project as the migration left it,
        // imported again while the host runs, as an author would.
        try FileManager.default.removeItem(at: project)
        try FileManager.default.copyItem(at: stages.appendingPathComponent("RepoWatcherAppIntents"), to: project)
        let appIntents = try await widgethost("import", project.path, "--output", output.path)
        #expect(appIntents.status == 0, "\(appIntents.stdout)\n\(appIntents.stderr)")
        #expect(appIntents.stdout.hasPrefix("updated RepoWatcherWidgetExtension"))
        #expect(!appIntents.stdout.contains("IntentHandler.swift"), "the Intents extension is gone from the project")
        let migrated = try await widgethost("kinds")
        #expect(migrated.stdout.contains("configuration: AppIntentConfiguration (SelectSingleRepo), replaces SelectSingleRepoIntent"), "\(migrated.stdout)")
        let listed = try await widgethost("list-instances")
        #expect(listed.stdout.contains("repo=swiftlang/swift-syntax") && listed.stdout.contains("repo=apple/swift"), "\(listed.stdout)")
        // Drawn by the App Intents stage's view, with the repository placed in the SiriKit stage.
        #expect(await draws(chosen, "Watched repository", "swiftlang/swift-syntax"), "\(host.output)")
    }

    /// Xcode 16's folders in sync with a target: every file of the folder is
    /// the target's but its membership exceptions; importing again after a
    /// file was added takes it.
    @Test func aFolderInSyncWithItsTargetIsTakenButItsExceptionsAndAgainAfterAFileIsAdded() async throws {
        let root = try TestSupport.temporaryDirectory().appendingPathComponent("Tides")
        let widget = root.appendingPathComponent("TidesWidget")
        try FileManager.default.createDirectory(at: widget.appendingPathComponent("Views"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Tides.xcodeproj"), withIntermediateDirectories: true)
        for file in ["TidesWidgetBundle.swift", "Views/TideView.swift", "Scratch.swift"] {
            try "import WidgetKit\n".write(to: widget.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        let app = root.appendingPathComponent("Tides")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Shared"), withIntermediateDirectories: true)
        for file in ["TidesApp.swift", "Shared/TideModel.swift", "Shared/TideUnits.swift"] {
            try "import Foundation\n".write(to: app.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        try Self.plist(["NSExtension": ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"]]).write(to: widget.appendingPathComponent("Info.plist"))
        try Self.syncedProject.write(to: root.appendingPathComponent("Tides.xcodeproj/project.pbxproj"), atomically: true, encoding: .utf8)
        let output = root.deletingLastPathComponent().appendingPathComponent("out")

        let first = try await TestSupport.widgethost(["import", root.path, "--output", output.path, "--no-build", "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        let report = try Self.json(first)
        #expect(report["module"] as? String == "TidesWidgetExtension")
        #expect(report["sources"] as? [String] == ["TidesWidget/TidesWidgetBundle.swift", "TidesWidget/Views/TideView.swift", "Tides/Shared/TideModel.swift", "Tides/Shared/TideUnits.swift"],
                "the app's folder shared with the widget, by an exception of the app's synced folder: \(report)")
        #expect(report["languageMode"] as? Int == 6)
        #expect(report["name"] as? String == "Tides")
        #expect(report["nameFrom"] as? String == "INFOPLIST_KEY_CFBundleDisplayName")
        #expect(report["group"] as? String == "group.dev.TidesWidgetExtension")
        #expect(report["kinds"] == nil)
        let package = try String(contentsOf: output.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(package.contains("exclude: [\n            \"Tides/TidesApp.swift\",\n            \"TidesWidget/Info.plist\",\n            \"TidesWidget/Scratch.swift\",\n        ]"), "\(package)")
        #expect(package.contains("swiftLanguageModes: [.v6]"))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("config.yaml").path), "no kinds without a build")

        try "import WidgetKit\n".write(to: widget.appendingPathComponent("Views/TideChart.swift"), atomically: true, encoding: .utf8)
        let second = try Self.json(try await TestSupport.widgethost(["import", root.path, "--output", output.path, "--no-build", "--json"]))
        #expect(second["updated"] as? Bool == true)
        #expect(second["sources"] as? [String] == ["TidesWidget/TidesWidgetBundle.swift", "TidesWidget/Views/TideChart.swift", "TidesWidget/Views/TideView.swift", "Tides/Shared/TideModel.swift", "Tides/Shared/TideUnits.swift"])
    }

    /// Without Poppler's pdftocairo a PDF vector cannot be converted: it is
    /// left, with what to install, and the rest of the package is written;
    /// so is an SVG that cannot be drawn.
    @Test func anImageThatCannotBeDrawnIsLeftWithWhyAndTheRestWritten() async throws {
        let project = try Self.project()
        // And an SVG sized in a unit of its font: it cannot be drawn, so it is left, not an error.
        let icon = project.appendingPathComponent("RepoWatcherWidget/Assets.xcassets/Mark.imageset/mark.svg")
        try #"<svg xmlns="http://www.w3.org/2000/svg" width="2em" height="2em"/>"#.write(to: icon, atomically: true, encoding: .utf8)
        let output = project.deletingLastPathComponent().appendingPathComponent("out")
        let result = try await TestSupport.widgethost(["import", project.path, "--output", output.path, "--no-build", "--json"],
                                                      environment: ["PATH": "/nonexistent"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try Self.json(result)
        let left = report["left"] as? [[String: String]] ?? []
        #expect(left.contains { $0["path"] == "RepoWatcherWidget/Assets.xcassets/Badge.imageset/badge.pdf"
            && $0["why"]?.contains("needs pdftocairo (apt-get install poppler-utils)") == true }, "\(left)")
        #expect(report["vectors"] as? [String] == [])
        #expect(left.contains { $0["path"] == "RepoWatcherWidget/Assets.xcassets/Mark.imageset/mark.svg"
            && $0["why"]?.hasPrefix("an SVG that cannot be drawn") == true }, "\(left)")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("Package.swift").path))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("Sources/RepoWatcherWidgetExtension/widgethost-generated/widgethost-pdf-vectors").path))
    }

    @Test func aMalformedEntitlementsFileIsNamedWithItsLineAndNothingIsWritten() async throws {
        let project = try Self.project()
        let entitlements = project.appendingPathComponent("RepoWatcherWidget/RepoWatcherWidgetExtension.entitlements")
        try "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>com.apple.security.application-groups</key>\n<array><string>group.a</array>\n</dict>\n</plist>\n"
            .write(to: entitlements, atomically: true, encoding: .utf8)
        let output = project.deletingLastPathComponent().appendingPathComponent("out")
        let result = try await TestSupport.widgethost(["import", project.path, "--output", output.path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: \(entitlements.path):5: not a property list: "), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func whatCannotBeImportedIsRefusedWithWhy() async throws {
        let project = try Self.project()
        let xcodeproj = project.appendingPathComponent("RepoWatcher.xcodeproj").path
        let unknown = try await TestSupport.widgethost(["import", project.path, "--target", "Widgets"])
        #expect(unknown.stderr.hasPrefix("error: \(xcodeproj) has no target 'Widgets'; its targets: RepoWatcher, RepoWatcherWidgetExtension"), "\(unknown.stderr)")
        let app = try await TestSupport.widgethost(["import", project.path, "--target", "RepoWatcher", "--module", "Widget", "--no-build"])
        #expect(app.stderr.hasPrefix("error: 'Widget' cannot name the module: the module would shadow Widget"), "\(app.stderr)")

        // An asset catalog is read before anything is written: a missing image, JSON that is not, an image too large.
        let catalog = project.appendingPathComponent("RepoWatcherWidget/Assets.xcassets")
        let out = project.deletingLastPathComponent().appendingPathComponent("catalog-out")
        let logo = catalog.appendingPathComponent("Logo.imageset")
        try FileManager.default.moveItem(at: logo.appendingPathComponent("logo@3x.png"), to: project.appendingPathComponent("logo@3x.png"))
        let missing = try await TestSupport.widgethost(["import", project.path, "--output", out.path])
        #expect(missing.stderr.hasPrefix("error: \(logo.path)/Contents.json: names logo@3x.png, which is missing from Logo.imageset"), "\(missing.stderr)")
        try FileManager.default.moveItem(at: project.appendingPathComponent("logo@3x.png"), to: logo.appendingPathComponent("logo@3x.png"))
        let brand = catalog.appendingPathComponent("Brand.colorset/Contents.json")
        let brandJSON = try Data(contentsOf: brand)
        try "{\n  \"colors\" : [\n    { \"idiom\" : }\n  ]\n}\n".write(to: brand, atomically: true, encoding: .utf8)
        let malformed = try await TestSupport.widgethost(["import", project.path, "--output", out.path])
        #expect(malformed.stderr.hasPrefix("error: \(brand.path):3: not JSON: "), "\(malformed.stderr)")
        try brandJSON.write(to: brand)
        let logo3x = try Data(contentsOf: logo.appendingPathComponent("logo@3x.png"))
        try Self.png(width: 5000, height: 2).write(to: logo.appendingPathComponent("logo@3x.png"))
        let huge = try await TestSupport.widgethost(["import", project.path, "--output", out.path])
        #expect(huge.stderr.hasPrefix("error: \(logo.path)/logo@3x.png: 5000×2 pixels; a widget's image may be at most 4096 a side"), "\(huge.stderr)")
        try logo3x.write(to: logo.appendingPathComponent("logo@3x.png"))
        #expect(!FileManager.default.fileExists(atPath: out.path), "nothing is written for a catalog that fails")

        // A definition with a parameter type SiriKit has and widgethost does not generate.
        let siriKit = try TestSupport.temporaryDirectory().appendingPathComponent("RepoWatcher")
        try FileManager.default.copyItem(at: Self.fixture.deletingLastPathComponent().appendingPathComponent("RepoWatcherSiriKit"), to: siriKit)
        let definition = siriKit.appendingPathComponent("RepoWatcherWidget/SelectRepoIntents.intentdefinition")
        var model = try #require(try PropertyListSerialization.propertyList(from: Data(contentsOf: definition), format: nil) as? [String: Any])
        var intents = try #require(model["INIntents"] as? [[String: Any]])
        intents[0]["INIntentParameters"] = [["INIntentParameterName": "friend", "INIntentParameterType": "Person"]]
        model["INIntents"] = intents
        try Self.plist(model).write(to: definition)
        let person = try await TestSupport.widgethost(["import", siriKit.path, "--output", siriKit.deletingLastPathComponent().appendingPathComponent("out").path])
        #expect(person.stderr.hasPrefix("error: \(definition.path): intent SelectSingleRepo's parameter friend is of type Person, which widgethost does not generate"), "\(person.stderr)")
        #expect(!FileManager.default.fileExists(atPath: siriKit.deletingLastPathComponent().appendingPathComponent("out").path))
        // A name the generated Swift could not declare.
        intents[0]["INIntentParameters"] = [["INIntentParameterName": "default", "INIntentParameterType": "String"]]
        model["INIntents"] = intents
        try Self.plist(model).write(to: definition)
        let keyword = try await TestSupport.widgethost(["import", siriKit.path, "--no-build"])
        #expect(keyword.stderr.hasPrefix("error: \(definition.path): intent SelectSingleRepo has a parameter 'default' that cannot name a Swift property"), "\(keyword.stderr)")

        // Two projects in one folder: which is meant is not guessed.
        try FileManager.default.copyItem(at: siriKit.appendingPathComponent("RepoWatcher.xcodeproj"), to: siriKit.appendingPathComponent("Other.xcodeproj"))
        let two = try await TestSupport.widgethost(["import", siriKit.path, "--no-build"])
        #expect(two.stderr.hasPrefix("error: \(siriKit.path) holds several Xcode projects (Other.xcodeproj, RepoWatcher.xcodeproj)"), "\(two.stderr)")

        let empty = try TestSupport.temporaryDirectory()
        let none = try await TestSupport.widgethost(["import", empty.path])
        #expect(none.stderr.hasPrefix("error: \(empty.path) holds no Swift files"), "\(none.stderr)")

        // A folder that holds another import, or other files, is not written into.
        let output = empty.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try "mine".write(to: output.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let taken = try await TestSupport.widgethost(["import", project.path, "--output", output.path, "--no-build"])
        #expect(taken.stderr.hasPrefix("error: \(output.path) exists and is not an import's package"), "\(taken.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path) == ["notes.txt"])
    }

    /// A PNG header of that size, enough for its size to be read.
    static func png(width: Int, height: Int) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
        for value in [width, height] { data += withUnsafeBytes(of: UInt32(value).bigEndian) { Data($0) } }
        return data + Data([8, 2, 0, 0, 0, 0, 0, 0, 0])
    }

    static func plist(_ value: Any) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: value, format: .xml, options: 0)
    }

    /// An Xcode 16 project: the widget target's folder in sync with it, with
    /// a scratch file and the Info.plist excepted; the app's folder in sync
    /// with the app, a subfolder of it shared with the widget.
    static let syncedProject = """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	objectVersion = 77;
        	objects = {
        		AA0000000000000000000001 = {isa = PBXProject; buildConfigurationList = AA0000000000000000000010; mainGroup = AA0000000000000000000002; projectDirPath = ""; targets = (AA0000000000000000000005, AA0000000000000000000022, ); };
        		AA0000000000000000000002 = {isa = PBXGroup; children = (AA0000000000000000000003, AA0000000000000000000020, ); sourceTree = "<group>"; };
        		AA0000000000000000000020 /* Tides */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (AA0000000000000000000021, ); path = Tides; sourceTree = "<group>"; };
        		AA0000000000000000000021 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Shared, ); target = AA0000000000000000000005; };
        		AA0000000000000000000022 /* Tides */ = {isa = PBXNativeTarget; buildConfigurationList = AA0000000000000000000011; buildPhases = (); fileSystemSynchronizedGroups = (AA0000000000000000000020, ); name = Tides; productType = "com.apple.product-type.application"; };
        		AA0000000000000000000003 /* TidesWidget */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (AA0000000000000000000004, ); path = TidesWidget; sourceTree = "<group>"; };
        		AA0000000000000000000004 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Info.plist, Scratch.swift, ); target = AA0000000000000000000005; };
        		AA0000000000000000000005 /* TidesWidgetExtension */ = {isa = PBXNativeTarget; buildConfigurationList = AA0000000000000000000011; buildPhases = (); fileSystemSynchronizedGroups = (AA0000000000000000000003, ); name = TidesWidgetExtension; productType = "com.apple.product-type.app-extension"; };
        		AA0000000000000000000010 = {isa = XCConfigurationList; buildConfigurations = (AA0000000000000000000012, ); defaultConfigurationName = Release; };
        		AA0000000000000000000011 = {isa = XCConfigurationList; buildConfigurations = (AA0000000000000000000013, ); defaultConfigurationName = Release; };
        		AA0000000000000000000012 = {isa = XCBuildConfiguration; buildSettings = {SWIFT_VERSION = 6.0; }; name = Release; };
        		AA0000000000000000000013 = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = TidesWidget/Info.plist; INFOPLIST_KEY_CFBundleDisplayName = Tides; PRODUCT_NAME = "$(TARGET_NAME)"; }; name = Release; };
        	};
        	rootObject = AA0000000000000000000001;
        }

        """
}
