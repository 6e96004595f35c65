import Foundation
import Testing
import WidgetConfiguration
@testable import WidgetHost
import WidgetTestSupport

/// `widgethost new`: what it writes, and what it refuses without writing.
@Suite("widgethost new")
struct NewCommandTests {
    @Test(arguments: [
        ("9Lives", "a Swift identifier cannot start with a digit"),
        ("my-kind", "use only ASCII letters, digits and underscores"),
        ("Wëather", "use only ASCII letters, digits and underscores"),
        ("struct", "it is a Swift keyword"),
        ("Widget", "the module would shadow Widget"),
        ("", "it is empty"),
    ])
    func badNamesAreRefusedAndNothingIsWritten(name: String, reason: String) async throws {
        let folder = try TestSupport.temporaryDirectory()
        let result = try await TestSupport.widgethost(["new", name, "--dir", "out"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: '\(name)' cannot name a kind: \(reason)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    /// The settings that let a file importing only Foundation build are the
    /// ones the ported fixture and the Countdown example are built with.
    @Test func aNewPackageImportsWidgetKitAndURLSessionAsTheFixtureDoes() async throws {
        let folder = try TestSupport.temporaryDirectory()
        #expect(try await TestSupport.widgethost(["new", "Weather", "--dir", "out"], in: folder).status == 0)
        let written = try String(contentsOf: folder.appendingPathComponent("out/Package.swift"), encoding: .utf8)
        let ours = try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let settings = try #require(ours.firstRange(of: "let implicitImports")
            .flatMap { start in ours[start.lowerBound...].firstRange(of: "\"--pop-state\",\n])").map { ours[start.lowerBound ..< $0.upperBound] } })
        #expect(written.contains(settings), "\(written)")
        #expect(written.contains("swiftSettings: [implicitImports], linkerSettings: [foundationIfUsed]"))
        // And the README's example package, which the suite builds too.
        let example = try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent("Examples/Countdown/Package.swift"), encoding: .utf8)
        #expect(example.contains(settings), "\(example)")
    }

    @Test func aFolderThatIsNotEmptyIsRefusedAndKeepsItsFiles() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let target = folder.appendingPathComponent("Weather")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try "mine".write(to: target.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let result = try await TestSupport.widgethost(["new", "Weather"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: \(target.path) exists and is not empty; give a new folder with --dir"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path) == ["notes.txt"])

        let file = folder.appendingPathComponent("plain")
        try "x".write(to: file, atomically: true, encoding: .utf8)
        #expect(try await TestSupport.widgethost(["new", "Weather", "--dir", file.path]).stderr.contains("exists and is not empty"))
    }

    @Test func anUnknownFamilyIsRefusedWithASuggestion() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let result = try await TestSupport.widgethost(["new", "Weather", "--families", "systemSmall,systemMedum"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: unknown family 'systemMedum' (did you mean 'systemMedium'?)"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func anEmptyFolderIsFilledAndTheFilesNameTheKindAndTheCheckoutsSDK() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let result = try await TestSupport.widgethost(["new", "Tide", "--dir", folder.path, "--families", "systemSmall,accessoryInline", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let created = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let sdk = TestSupport.repositoryRoot.appendingPathComponent("SDK").standardizedFileURL.path
        #expect(created["sdk"] as? String == sdk)
        #expect(created["families"] as? [String] == ["systemSmall", "accessoryInline"])
        let files = try #require(created["files"] as? [String])
        #expect(files.contains("Sources/Tide/TideIntent.swift"))
        for file in files {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path), "\(file) listed but not written")
        }
        let package = try String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(package.contains(".package(path: \"\(sdk)\")"))
        let widget = try String(contentsOf: folder.appendingPathComponent("Sources/Tide/TideWidget.swift"), encoding: .utf8)
        #expect(widget.contains(".supportedFamilies([.systemSmall, .accessoryInline])"))
        let view = try String(contentsOf: folder.appendingPathComponent("Sources/Tide/TideView.swift"), encoding: .utf8)
        #expect(view.contains("case .accessoryInline:"))
        let manifest = try Manifest.load(from: folder.appendingPathComponent("config.yaml").path)
        #expect(manifest.widgets.map(\.kind.value) == ["Tide"])
        #expect(manifest.modulePaths.map(\.value) == [".build/debug"])
    }

    @Test func aStaticKindHasNoIntent() async throws {
        let folder = try TestSupport.temporaryDirectory()
        #expect(try await TestSupport.widgethost(["new", "Clock", "--static", "--dir", folder.path]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Sources/Clock/ClockIntent.swift").path))
        let widget = try String(contentsOf: folder.appendingPathComponent("Sources/Clock/ClockWidget.swift"), encoding: .utf8)
        #expect(widget.contains("StaticConfiguration(kind: \"Clock\", provider: ClockProvider())"))
    }

    @Test func anSDKFolderThatIsNotTheSDKIsRefused() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let result = try await TestSupport.widgethost(["new", "Clock", "--sdk", folder.path], in: folder)
        #expect(result.stderr.contains("--sdk: \(folder.path) is not the WidgetSDK package"), "\(result.stderr)")
    }
}
