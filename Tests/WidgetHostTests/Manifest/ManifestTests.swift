import Foundation
import Testing
import WidgetConfiguration
@testable import WidgetHost
import WidgetSDK
import WidgetTestSupport
import YAML

@Suite("Bundle manifest")
struct ManifestTests {
    @Test func theShippedManifestDecodes() async throws {
        let manifest = try Manifest.load(from: TestSupport.repositoryRoot.appendingPathComponent("config.yaml").path)
        #expect(manifest.name == "RepoWatcher")
        #expect(manifest.container.group.value == "group.co.harold.RepoWatcher")
        #expect(manifest.widgets.map(\.kind.value) == ["SingleRepo", "DoubleRepo", "Contributor", "TodoList", "Weather", "SystemStatus", "Feeds", "Calendar", "SwiftReleases"])
        #expect(manifest.widgets[2].settings == ["repo": "sallen0400/swift-news"])
    }

    @Test func everyKeyDecodes() async throws {
        let manifest = try TestSupport.manifest("""
            name: Everything
            container:
              group: group.example.all
              path: data/container
            module_paths: [modules, /opt/widgets]
            widgets:
              - kind: Gauge
                module: FixtureKinds
                families: [systemSmall]
                settings: {unit: celsius}
              - kind: Note
                module: FixtureKinds
            """)
        #expect(manifest.container.path == "data/container")
        #expect(manifest.modulePaths.map(\.value) == ["modules", "/opt/widgets"])
        #expect(manifest.widgets[0].families?.value == [.systemSmall])
        #expect(manifest.widgets[0].families?.mark == Mark(line: 9, column: 15))
        #expect(manifest.widgets[0].settings == ["unit": "celsius"])
        #expect(manifest.widgets[1].families == nil)
    }

    @Test func moduleDefaultsToTheKindName() async throws {
        let manifest = try TestSupport.manifest("container: {group: g.x}\nwidgets:\n  - kind: SingleRepo\n")
        #expect(manifest.widgets[0].module.value == "SingleRepo")
    }

    private func failure(_ text: String) throws -> String {
        try TestSupport.manifestError(text)
    }

    @Test func missingFile() {
        #expect(throws: YAMLError(file: "/nonexistent/config.yaml", mark: nil, message: "no such file")) {
            try Manifest.load(from: "/nonexistent/config.yaml")
        }
    }

    @Test func unknownKeySuggestsTheRightOne() async throws {
        #expect(try failure("container: {group: g.x}\nwidgets:\n  - kind: A\n    modle: B\n")
            == "config.yaml:4:5: widgets[0]: unknown key 'modle' (did you mean 'module'?)")
        #expect(try failure("container: {group: g.x}\nwidget:\n  - kind: A\n")
            == "config.yaml:1:1: missing key 'widgets'")
        #expect(try failure("container: {group: g.x}\nwidgets: []\nmodule_path: [x]\n")
            == "config.yaml:3:1: unknown key 'module_path' (did you mean 'module_paths'?)")
    }

    @Test func unknownFamilyIsNamedWithItsPosition() async throws {
        #expect(try failure("container: {group: g.x}\nwidgets:\n  - kind: A\n    families: [systemSmall, systemHuge]\n")
            == "config.yaml:4:29: widgets[0].families[1]: unknown value 'systemHuge'; expected one of: systemSmall, systemMedium, systemLarge, systemExtraLarge, accessoryCircular, accessoryRectangular, accessoryInline")
    }

    @Test func wrongTypes() async throws {
        #expect(try failure("container: {group: g.x}\nwidgets:\n  kind: A\n")
            == "config.yaml:3:3: widgets: expected a sequence, found a mapping")
        #expect(try failure("container: {group: g.x}\nwidgets:\n  - kind: [A]\n")
            == "config.yaml:3:11: widgets[0].kind: expected a string, found a sequence")
        #expect(try failure("container: {group: g.x}\nwidgets:\n  - kind: A\n    settings: {repo: [a]}\n")
            == "config.yaml:4:22: widgets[0].settings.repo: expected a string, found a sequence")
    }

    /// Issue 20: each of these crashed `validate` or `run`; each is now an
    /// error at its line and column, and whatever `validate` accepts starts `run`.
    @Test(arguments: [
        ("schedule: {timeout: .nan}", "config.yaml:4:21: schedule.timeout: expected a duration from 0s to 365d, found 'nan'"),
        ("schedule: {timeout: .inf}", "config.yaml:4:21: schedule.timeout: expected a duration from 0s to 365d, found 'inf'"),
        ("schedule: {timeout: 99999999999999999d}", "config.yaml:4:21: schedule.timeout: expected a duration from 0s to 365d, found '99999999999999999d'"),
        ("schedule: {min_interval: 1e19}", "config.yaml:4:26: schedule.min_interval: expected a duration from 0s to 365d, found '1e+19'"),
        ("schedule: {min_interval: -5s}", "config.yaml:4:26: schedule.min_interval: expected a duration from 0s to 365d, found '-5s'"),
    ])
    func durationsOutOfRangeAreRefusedWhereTheyAre(_ line: String, _ message: String) throws {
        #expect(try failure("container: {group: g.x}\nwidgets:\n  - kind: A\n\(line)\n") == message)
    }

    @Test func aMemoryLimitOutOfRangeIsRefusedWhereItIs() throws {
        #expect(try failure("container: {group: g.x}\nwidgets:\n  - kind: A\n    limits: {memory: 9000000000GB}\n")
            == "config.yaml:4:22: widgets[0].limits.memory: expected a size from 32MB to 1TB, such as 128MB, 512MB or 1GB; found '9000000000GB'")
    }

    @Test func aModuleIsAFileNameNeverAPath() throws {
        #expect(try failure("container: {group: g.x}\nwidgets:\n  - kind: A\n    module: x/../../tmp/evil\n")
            == "config.yaml:4:13: widgets[0].module: a module is named as its library is (SingleRepo for libSingleRepo.so), without '/' or a leading '.'; found 'x/../../tmp/evil'")
    }

    @Test func noKinds() async throws {
        #expect(try failure("container: {group: g.x}\nwidgets: []\n")
            == "config.yaml: widgets: the bundle offers no widget kinds; list at least one under 'widgets'")
    }

    @Test func twoEntriesWithOneKind() async throws {
        #expect(try failure("container: {group: g.x}\nwidgets:\n  - kind: A\n  - kind: B\n  - kind: A\n")
            == "config.yaml:5:11: widgets[2].kind: kind 'A' is listed twice (first at line 3, column 11)")
    }

    @Test func emptyFamilies() async throws {
        #expect(try failure("container: {group: g.x}\nwidgets:\n  - kind: A\n    families: []\n")
            == "config.yaml:4:15: widgets[0].families: an empty family list would hide the kind; remove 'families' to offer all the kind supports")
    }

    @Test func badGroupIdentifier() async throws {
        #expect(try failure("container: {group: ../etc}\nwidgets:\n  - kind: A\n")
            == "config.yaml:1:20: container.group: '../etc' is not a group identifier: use letters, digits, '.', '-' and '_', like group.com.example.Widgets")
    }

    @Test func declaredInstancesDecodeWithTheirPlaces() throws {
        let manifest = try TestSupport.manifest("""
            container: {group: g.x}
            widgets:
              - {kind: Gauge, module: FixtureKinds}
            instances:
              - id: cpu-gauge
                kind: Gauge
                family: systemMedium
                name: CPU
                configuration: {level: 4, inverted: yes}
              - {id: plain, kind: Gauge}
              - {id: listed, kind: Gauge, configuration: {tags: [a, 2, "c d"], none: []}}
            """)
        #expect(manifest.instances.map(\.id.value) == ["cpu-gauge", "plain", "listed"])
        #expect(manifest.instances[0].configuration.mapValues(\.value) == ["level": DeclaredValue(["4"]), "inverted": DeclaredValue(["yes"])])
        #expect(manifest.instances[2].configuration.mapValues(\.value.texts) == ["tags": ["a", "2", "c d"], "none": []], "a list's values as a sequence")
        #expect(manifest.instances[0].configuration["level"]?.mark == Mark(line: 9, column: 28))
        #expect(manifest.instances[1].family == nil && manifest.instances[1].configuration.isEmpty)
        #expect(manifest.instanceEntry(id: "plain")?.mark == Mark(line: 10, column: 5))
    }

    @Test func declaredInstancesAreRefusedWhereTheyAreWrong() throws {
        let head = "container: {group: g.x}\nwidgets:\n  - kind: A\ninstances:\n"
        #expect(try failure(head + "  - {id: Swift, kind: A}\n")
            == "config.yaml:5:10: instances[0].id: an instance id is 1 to 64 lowercase letters, digits, '-' and '_', starting with a letter or digit (it names URLs and files); found 'Swift'")
        #expect(try failure(head + "  - {id: a, kind: A}\n  - {id: a, kind: A}\n")
            == "config.yaml:6:10: instances[1].id: id 'a' is declared twice (first at line 5, column 10)")
        #expect(try failure(head + "  - {id: a, kind: Gauge}\n")
            == "config.yaml:5:19: instances[0].kind: 'Gauge' is not a kind of this bundle; its kinds: A")
        #expect(try failure(head + "  - {id: a, kind: A, configuration: {x: {y: 1}}}\n").hasPrefix("config.yaml:5:41: instances[0].configuration.x: expected a string, found a mapping"))
        #expect(try failure(head + "  - {id: a, kind: A, configuration: {x: [[1]]}}\n").hasPrefix("config.yaml:5:42: instances[0].configuration.x[0]: expected a string, found a sequence"),
                "a list holds values, not lists")
    }

    @Test func syntaxErrorsNameTheFile() async throws {
        #expect(try failure("container: {group: g.x\nwidgets: []\n")
            == "config.yaml:2:8: did not find expected ',' or '}' (while parsing a flow mapping at line 1, column 12)")
    }
}
