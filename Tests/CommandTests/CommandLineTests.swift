import Foundation
import Testing
@testable import WidgetHost
@testable import WidgetKinds
import WidgetSDK
import WidgetTestSupport

/// The real `widgethost` binary, run as a subprocess.
@Suite("widgethost validate, kinds")
struct CommandLineTests {
    private var shippedManifest: String { TestSupport.repositoryRoot.appendingPathComponent("config.yaml").path }

    @Test func validatePrintsOneLinePerKind() async throws {
        let result = try await TestSupport.widgethost(["validate", shippedManifest])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 10)
        #expect(lines[0] == "ok  SingleRepo     systemMedium, systemLarge  ·  parameters: repo")
        #expect(lines[1] == "ok  DoubleRepo     systemLarge  ·  parameters: topRepo, bottomRepo")
        #expect(lines[2] == "ok  Contributor    systemLarge  ·  no parameters")
        #expect(lines[3] == "ok  TodoList       systemSmall, systemMedium  ·  parameters: list")
        #expect(lines[4].hasPrefix("ok  Weather        systemSmall, systemMedium, systemLarge, systemExtraLarge, accessoryCircular"))
        #expect(lines[5] == "ok  SystemStatus   systemSmall, systemMedium, systemLarge, accessoryCircular, accessoryRectangular, accessoryInline  ·  parameters: disks, units")
        #expect(lines[6].hasPrefix("ok  Feeds          systemSmall"))
        #expect(lines[7].hasPrefix("ok  Calendar       systemSmall"))
        #expect(lines[8] == "ok  SwiftReleases  systemSmall, systemMedium, systemLarge, systemExtraLarge, accessoryRectangular  ·  no parameters")
        #expect(lines[9] == "\(shippedManifest): 9 kinds valid")
        #expect(result.stderr.isEmpty)
    }

    @Test func validateReadsConfigYamlInTheWorkingDirectoryByDefault() async throws {
        let result = try await TestSupport.widgethost(["validate"], in: TestSupport.repositoryRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("config.yaml: 9 kinds valid\n"))
    }

    @Test func aBrokenManifestGivesFileLineColumnAndExit1() async throws {
        let path = try TestSupport.writeManifest("container: {group: g.x}\nwidgets:\n  - kind: SingleRepo\n    famlies: [systemLarge]\n")
        let result = try await TestSupport.widgethost(["validate", path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "\(path):4:5: widgets[0]: unknown key 'famlies' (did you mean 'families'?)\n")
    }

    @Test func validateReportsEveryBrokenKindAndTheValidOnes() async throws {
        let path = try TestSupport.writeManifest(TestSupport.manifestText([("SingleRepo", "SingleRepo"), ("Future", "FixtureWrongSDK"), ("BadDefault", "FixtureBrokenKinds")]))
        let result = try await TestSupport.widgethost(["validate", path])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("ok  SingleRepo"))
        let errors = result.stderr.split(separator: "\n")
        #expect(errors.count == 3)
        #expect(errors[0].hasPrefix("\(path):5:28: Future: "))
        #expect(errors[1] == "\(path):6:12: BadDefault: parameter 'colour': default 'purple' is not one of its options (red, green)")
        #expect(errors[2] == "\(path): 2 problems; 1 of 3 kinds valid")
    }

    @Test func missingManifest() async throws {
        let result = try await TestSupport.widgethost(["validate", "/nonexistent/config.yaml"])
        #expect(result.status == 1)
        #expect(result.stderr == "/nonexistent/config.yaml: no such file\n")
    }

    @Test func kindsAsJSON() async throws {
        let result = try await TestSupport.widgethost(["kinds", "--json", "--config", shippedManifest])
        #expect(result.status == 0, "\(result.stderr)")
        let kinds = try JSONDecoder().decode([KindInfo].self, from: Data(result.stdout.utf8))
        #expect(kinds.map(\.kind) == ["SingleRepo", "DoubleRepo", "Contributor", "TodoList", "Weather", "SystemStatus", "Feeds", "Calendar", "SwiftReleases"])
        let single = kinds[0]
        #expect(single.displayName == "Single Repo")
        #expect(single.families == [.systemMedium, .systemLarge])
        #expect(single.configuration.style == "AppIntentConfiguration")
        #expect(single.configuration.parameters.map(\.flag) == ["--repo"])
        #expect(single.configuration.parameters[0].default == .string("sallen0400/swift-news"))
        #expect(single.configuration.parameters[0].options.source == "dynamic")
        #expect(single.configuration.parameters[0].options.provider == "RepoOptionsProvider")
        #expect(kinds[1].configuration.parameters.map(\.flag) == ["--top-repo", "--bottom-repo"])
        #expect(kinds[2].configuration.style == "StaticConfiguration")
        #expect(kinds[2].module.hasSuffix("/libContributor.so"))
    }

    @Test func kindsAsText() async throws {
        let result = try await TestSupport.widgethost(["kinds", "--config", shippedManifest])
        #expect(result.status == 0)
        #expect(result.stdout.contains("DoubleRepo — Double Repo\n  Keep an eye on two GitHub repositories.\n  families: systemLarge\n"))
        #expect(result.stdout.contains("    --top-repo     Top Repo (string; default apple/swift; options from RepoOptionsProvider)\n"))
    }

    @Test(arguments: ["validate", "kinds"])
    func everyCommandHasHelp(_ command: String) async throws {
        let result = try await TestSupport.widgethost([command, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: widgethost \(command)"))
        #expect(result.stdout.contains("--config <manifest>"))
    }
}
