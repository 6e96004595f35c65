import Foundation
import HostTestSupport
import Testing
@testable import WidgetHost
import WidgetTestSupport

/// Every container command through the real binary, against a temporary container.
@Suite("Container commands")
struct ContainerCommandTests {
    @Test(arguments: ContainerFixture.Backend.allCases) func savedRepositoriesStartWithTheSampleAndHoldNoDuplicates(backend: ContainerFixture.Backend) async throws {
        let fixture = try ContainerFixture(backend: backend)
        #expect(try await fixture.savedRepositories() == ["sallen0400/swift-news"])

        let add = try await fixture.run("repos", "add", "apple/swift", "Apple/Swift", "swiftlang/swift-syntax")
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout == "saved apple/swift\nApple/Swift is already saved\nsaved swiftlang/swift-syntax\n")
        #expect(try await fixture.savedRepositories() == ["sallen0400/swift-news", "apple/swift", "swiftlang/swift-syntax"])

        let list = try await fixture.run("repos", "list")
        #expect(list.stdout == "sallen0400/swift-news\napple/swift\nswiftlang/swift-syntax\n")

        let remove = try await fixture.run("repos", "remove", "SWIFTLANG/swift-syntax")
        #expect(remove.status == 0)
        #expect(try await fixture.savedRepositories() == ["sallen0400/swift-news", "apple/swift"])
    }

    /// Issue 20: 10,000 repositories as arguments took 229 s, most of it in
    /// the argument parser, which is quadratic in their number; a long list
    /// comes from a file, one a line, and is merged through a set.
    @Test func longListsComeFromAFileOneALine() async throws {
        let fixture = try ContainerFixture(backend: .sqlite)
        let repositories = (0..<3_000).map { "owner\($0)/repo\($0)" }
        let file = fixture.folder.appendingPathComponent("repos.txt")
        try ("# saved for the test\n\n" + repositories.joined(separator: "\n") + "\nOWNER7/REPO7\n").write(to: file, atomically: true, encoding: .utf8)
        let add = try await fixture.run("repos", "add", "apple/swift", "--from", file.path)
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.hasPrefix("saved apple/swift\nsaved owner0/repo0\n"))
        #expect(add.stdout.hasSuffix("saved owner2999/repo2999\nOWNER7/REPO7 is already saved\n"))
        #expect(try await fixture.savedRepositories() == ["sallen0400/swift-news", "apple/swift"] + repositories)

        _ = try await fixture.run("add-instance", "Contributor")
        _ = try await fixture.run("add-instance", "Contributor")
        let ids = try await fixture.instances().compactMap { $0["id"] as? String }
        try ids.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let removed = try await fixture.run("remove-instance", "--from", file.path)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try await fixture.instances().isEmpty)

        let missing = try await fixture.run("repos", "add", "--from", fixture.folder.appendingPathComponent("nothing.txt").path)
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("error: cannot read ") && missing.stderr.hasSuffix("nothing.txt: no such file or directory\n"), "\(missing.stderr)")
        let none = try await fixture.run("remove-instance")
        #expect(none.status == 1)
        #expect(none.stderr == "error: no instance id given, as arguments or with --from\n")
    }

    /// Issue 21: commands that only write the container started an extension
    /// process per module to load kinds they never called. With a module
    /// that crashes as it loads in the bundle, any start would show.
    @Test func reloadAndRemoveInstanceStartNoExtension() async throws {
        let fixture = try ContainerFixture()
        _ = try await fixture.run("add-instance", "Contributor")
        let id = try #require(try await fixture.instances().first?["id"] as? String)
        let manifest = try String(contentsOfFile: fixture.manifestPath, encoding: .utf8) + "\n  - {kind: Boom, module: FixtureCrashOnLoad}\n"
        try manifest.write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)

        let reload = try await fixture.run("reload", "--kind", "Contributor")
        #expect(reload.status == 0, "\(reload.stderr)")
        #expect(reload.stdout == "reload requested for 1 Contributor instance\n")
        let unknown = try await fixture.run("reload", "--kind", "Contributr")
        #expect(unknown.status == 1)
        #expect(unknown.stderr.hasPrefix("error: unknown kind 'Contributr' (did you mean 'Contributor'?); this bundle offers: "), "\(unknown.stderr)")
        let removed = try await fixture.run("remove-instance", id)
        #expect(removed.status == 0, "\(removed.stderr)")
        for result in [reload, unknown, removed] {
            #expect(!result.stderr.contains("FixtureCrashOnLoad") && !result.stderr.contains("Fatal error"), "an extension was started: \(result.stderr)")
        }
    }

    /// Issue 21: `status` and `list-instances` need only the kinds' names,
    /// families and parameters, which a module said when it was last
    /// described: while neither it nor the runner changed, they start no
    /// extension process. The runner here is a script that marks each start.
    @Test func statusAndListInstancesStartNoExtensionOnceModulesAreKnown() async throws {
        let fixture = try ContainerFixture()
        let marks = fixture.folder.appendingPathComponent("starts")
        let runner = fixture.folder.appendingPathComponent("runner.sh")
        let real = TestSupport.productsDirectory.appendingPathComponent("widgethost-extension").path
        try "#!/bin/sh\necho started >> '\(marks.path)'\nexec '\(real)' \"$@\"\n".write(to: runner, atomically: true, encoding: .utf8)
        chmod(runner.path, 0o755)
        let cache = fixture.folder.appendingPathComponent("cache")
        let environment = ["WIDGETHOST_EXTENSION_RUNNER": runner.path, "XDG_CACHE_HOME": cache.path]
        func run(_ arguments: String...) async throws -> TestSupport.ProcessResult {
            try await TestSupport.widgethost(arguments + ["--config", fixture.manifestPath], environment: environment)
        }
        func starts() -> Int {
            ((try? String(contentsOf: marks, encoding: .utf8)) ?? "").split(separator: "\n").count
        }

        #expect(try await run("add-instance", "SingleRepo", "--repo", "apple/swift").status == 0)
        #expect(try await run("add-instance", "Gauge").status == 0)
        #expect(starts() > 0, "the first command asks each module, through the runner")
        let before = starts()
        let status = try await run("status", "--json")
        let list = try await run("list-instances")
        for result in [status, list] {
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(starts() == before, "no extension process was started")
        #expect(list.stdout.contains("SingleRepo") && list.stdout.contains("Gauge") && !list.stdout.contains("kind-unavailable"), "\(list.stdout)")
        #expect(status.stdout.contains(#""state""#) && status.stdout.contains("Gauge"), "\(status.stdout)")

        // A module that changes is asked again.
        let module = try #require(try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("widgethost/modules").path)
            .first { $0.contains("FixtureKinds-") })
        try Data("not json".utf8).write(to: cache.appendingPathComponent("widgethost/modules/\(module)"))
        let again = try await run("list-instances")
        #expect(again.status == 0 && again.stdout == list.stdout, "an unreadable cache entry is as if absent: \(again.stderr)")
        #expect(starts() > before, "the module was asked again")
    }

    @Test(arguments: ContainerFixture.Backend.allCases) func addInstanceWithDefaultsAndFlags(backend: ContainerFixture.Backend) async throws {
        let fixture = try ContainerFixture(backend: backend)
        let single = try await fixture.run("add-instance", "SingleRepo", "--repo", "apple/swift", "--family", "systemLarge", "--name", "Swift")
        #expect(single.status == 0, "\(single.stderr)")
        #expect(single.stdout.range(of: #"^added [0-9a-z]{6}: SingleRepo \(systemLarge\) repo=apple/swift\n$"#, options: .regularExpression) != nil)
        #expect(single.stderr == "note: saved apple/swift to repos\n", "a new repository is saved and the user told")

        let double = try await fixture.run("add-instance", "DoubleRepo", "--top-repo", "apple/swift", "--bottom-repo=swiftlang/swift-syntax")
        #expect(double.status == 0, "\(double.stderr)")
        #expect(double.stderr == "note: saved swiftlang/swift-syntax to repos\n")

        #expect(try await fixture.run("add-instance", "Contributor").status == 0)
        #expect(try await fixture.run("add-instance", "Gauge", "--level", "5", "--inverted", "true", "--scale", "2").status == 0)

        let instances = try await fixture.instances()
        #expect(instances.count == 4)
        #expect(instances.map { $0["kind"] as? String } == ["SingleRepo", "DoubleRepo", "Contributor", "Gauge"])
        #expect(instances.map { $0["family"] as? String } == ["systemLarge", "systemLarge", "systemLarge", "systemSmall"], "default: the kind's first family")
        #expect(instances[0]["name"] as? String == "Swift")
        #expect(instances[0]["configuration"] as? [String: String] == ["repo": "apple/swift"])
        #expect(instances[0]["configurationIdentifier"] as? String == "SelectSingleRepoIntent")
        #expect(instances[1]["configuration"] as? [String: String] == ["topRepo": "apple/swift", "bottomRepo": "swiftlang/swift-syntax"])
        #expect((instances[2]["configuration"] as? [String: Any])?.isEmpty == true)
        let gauge = try #require(instances[3]["configuration"] as? [String: Any])
        #expect(gauge["label"] as? String == "CPU", "a missing parameter takes its declared default")
        #expect(gauge["level"] as? Int == 5)
        #expect(gauge["inverted"] as? Bool == true)
        #expect(gauge["scale"] as? Double == 2)
        #expect(gauge["note"] == nil, "an optional parameter without a value stays absent")
        #expect(Set(instances.compactMap { $0["id"] as? String }).count == 4)
        #expect(instances.allSatisfy { $0["state"] as? String == "ready" })
    }

    @Test(arguments: ContainerFixture.Backend.allCases) func dynamicDefaultComesFromTheProvider(backend: ContainerFixture.Backend) async throws {
        let fixture = try ContainerFixture(backend: backend)
        #expect(try await fixture.run("add-instance", "SingleRepo").status == 0)
        #expect(try await fixture.instances().first?["configuration"] as? [String: String] == ["repo": "sallen0400/swift-news"])
    }

    @Test(arguments: ContainerFixture.Backend.allCases) func listInstancesAsTable(backend: ContainerFixture.Backend) async throws {
        let fixture = try ContainerFixture(backend: backend)
        #expect(try await fixture.run("list-instances").stdout == "No instances. Place one with 'widgethost add-instance <kind>'.\n")
        _ = try await fixture.run("add-instance", "SingleRepo", "--repo", "apple/swift", "--name", "Swift")
        let lines = try await fixture.run("list-instances").stdout.split(separator: "\n")
        #expect(lines.first == "ID      KIND        FAMILY        NAME   STATE  CONFIGURATION")
        #expect(lines.last?.hasSuffix("  SingleRepo  systemMedium  Swift  ready  repo=apple/swift") == true)
    }

    @Test(arguments: ContainerFixture.Backend.allCases) func removeInstance(backend: ContainerFixture.Backend) async throws {
        let fixture = try ContainerFixture(backend: backend)
        _ = try await fixture.run("add-instance", "Contributor")
        let id = try #require(try await fixture.instances().first?["id"] as? String)
        let removed = try await fixture.run("remove-instance", id)
        #expect(removed.status == 0)
        #expect(removed.stdout == "removed \(id) (Contributor, systemLarge)\n")
        #expect(try await fixture.instances().isEmpty)
    }

    @Test(arguments: ContainerFixture.Backend.allCases) func removingARepositoryInUseIsRefusedUnlessForced(backend: ContainerFixture.Backend) async throws {
        let fixture = try ContainerFixture(backend: backend)
        _ = try await fixture.run("add-instance", "SingleRepo", "--repo", "apple/swift")
        _ = try await fixture.run("add-instance", "DoubleRepo", "--top-repo", "sallen0400/swift-news", "--bottom-repo", "apple/swift")
        _ = try await fixture.run("add-instance", "SingleRepo", "--repo", "sallen0400/swift-news")
        let ids = try await fixture.instances().compactMap { $0["id"] as? String }

        let refused = try await fixture.run("repos", "remove", "apple/swift")
        #expect(refused.status == 1)
        #expect(refused.stderr == "error: apple/swift is used by instances \(ids[0]), \(ids[1]); remove them first, or pass --force to remove them too\n")
        #expect(try await fixture.instances().count == 3)
        #expect(try await fixture.savedRepositories().contains("apple/swift"))

        let forced = try await fixture.run("repos", "remove", "apple/swift", "--force")
        #expect(forced.status == 0)
        #expect(forced.stdout == "removed apple/swift\nremoved instance \(ids[0]) (SingleRepo, systemMedium)\nremoved instance \(ids[1]) (DoubleRepo, systemLarge)\n")
        #expect(try await fixture.instances().compactMap { $0["id"] as? String } == [ids[2]])
        #expect(try await !fixture.savedRepositories().contains("apple/swift"))
    }

    @Test(arguments: ContainerFixture.Backend.allCases) func optionsListsDynamicAndStaticChoices(backend: ContainerFixture.Backend) async throws {
        let fixture = try ContainerFixture(backend: backend)
        _ = try await fixture.run("repos", "add", "apple/swift")
        #expect(try await fixture.run("options", "SingleRepo", "repo").stdout == "sallen0400/swift-news\napple/swift\n")
        #expect(try await fixture.run("options", "DoubleRepo", "top-repo").stdout == "sallen0400/swift-news\napple/swift\n")
        #expect(try await fixture.run("options", "Gauge", "level").stdout == "1\n2\n3\n4\n5\n")
        #expect(try await fixture.run("options", "Gauge", "label").stdout == "(any value)\n")
        let unknown = try await fixture.run("options", "Gauge", "colour")
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "error: Gauge has no parameter 'colour'; its parameters: label, level, scale, inverted, note\n")
    }

    @Test(arguments: ContainerFixture.Backend.allCases) func kindHelpListsItsParametersWithDefaultsAndOptions(backend: ContainerFixture.Backend) async throws {
        let fixture = try ContainerFixture(backend: backend)
        let help = try await fixture.run("add-instance", "Gauge", "--help")
        #expect(help.status == 0)
        #expect(help.stdout.contains("--family <family>       One of systemSmall, systemMedium (default: systemSmall)"))
        #expect(help.stdout.contains("--level <integer>       Level; default: 3; one of: 1, 2, 3, 4, 5"))
        #expect(help.stdout.contains("--note <string>         Note; optional"))
        #expect(try await fixture.run("add-instance", "SingleRepo", "--help").stdout.contains("--repo <string>         Repo; default: sallen0400/swift-news; see 'widgethost options SingleRepo repo'"))
        #expect(try await fixture.run("add-instance", "--help").stdout.contains("USAGE: widgethost add-instance"))
    }

    @Test(arguments: ["repos", "repos add", "repos list", "repos remove", "add-instance", "list-instances", "remove-instance", "options"])
    func everyCommandHasHelp(_ command: String) async throws {
        let result = try await TestSupport.widgethost(command.split(separator: " ").map(String.init) + ["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: widgethost \(command)"))
    }
}
