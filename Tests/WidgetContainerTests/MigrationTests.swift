import Foundation
import GRDB
import HostTestSupport
import Testing
import WidgetConfiguration
@testable import WidgetContainer
@testable import WidgetHost
import WidgetSDK
import WidgetTestSupport

@Suite("Stored instances across kind changes")
struct MigrationTests {
    /// Writes an instance as an older version of a kind would have stored it.
    private func storeLegacyInstance(_ fixture: ContainerFixture, id: String, kind: String, family: WidgetFamily,
                                     identifier: String?, configuration: ConfigurationValues) throws {
        let container = try fixture.container()
        try container.write { db in
            try db.insert(WidgetInstance(id: id, kind: kind, family: family, name: nil, configurationIdentifier: identifier,
                                         configuration: configuration, createdAt: Date(), updatedAt: Date()))
        }
    }

    @Test(arguments: ContainerFixture.Backend.allCases) func instancesUnderAReplacedConfigurationAreMigratedWithTheirValues(backend: ContainerFixture.Backend) async throws {
        let fixture = try ContainerFixture(backend: backend)
        try storeLegacyInstance(fixture, id: "old001", kind: "Note", family: .systemSmall, identifier: "LegacyNoteIntent",
                                configuration: ["text": .string("kept"), "colour": .string("dropped")])
        try storeLegacyInstance(fixture, id: "old002", kind: "Note", family: .systemSmall, identifier: "LegacyNoteIntent",
                                configuration: ["text": .string("also kept")])

        let result = try await fixture.run("list-instances", "--json")
        #expect(result.status == 0)
        #expect(result.stderr == "note: migrated 2 Note instances from LegacyNoteIntent to NoteIntent (dropped parameters no longer declared: colour)\n")
        let instances = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(instances.map { $0["configurationIdentifier"] as? String } == ["NoteIntent", "NoteIntent"])
        #expect(instances.map { $0["configuration"] as? [String: String] } == [["text": "kept"], ["text": "also kept"]])

        // Done once: the next command has nothing to migrate.
        #expect(try await fixture.run("list-instances").stderr.isEmpty)
    }

    @Test(arguments: ContainerFixture.Backend.allCases) func instancesOfAnUnsupportedFamilyAreKeptAndReported(backend: ContainerFixture.Backend) async throws {
        let fixture = try ContainerFixture(backend: backend)
        // DoubleRepo once offered systemMedium; it is systemLarge only now.
        try storeLegacyInstance(fixture, id: "med001", kind: "DoubleRepo", family: .systemMedium, identifier: "SelectTwoReposIntent",
                                configuration: ["topRepo": .string("apple/swift"), "bottomRepo": .string("apple/swift-nio")])
        try storeLegacyInstance(fixture, id: "gone01", kind: "Retired", family: .systemSmall, identifier: nil, configuration: [:])

        let json = try await fixture.run("list-instances", "--json")
        let instances = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(instances.map { $0["state"] as? String } == ["unsupported-family", "kind-unavailable"])
        #expect(instances.first?["stateDetail"] as? String == "family no longer supported (the kind supports systemLarge)")

        let table = try await fixture.run("list-instances")
        #expect(table.stdout.contains("med001  DoubleRepo  systemMedium  -     unsupported-family  topRepo=apple/swift bottomRepo=apple/swift-nio"))
        #expect(table.stderr.contains("note: med001: family no longer supported (the kind supports systemLarge)"))

        let validate = try await TestSupport.widgethost(["validate", fixture.manifestPath])
        #expect(validate.status == 0, "stored instances are not manifest errors")
        #expect(validate.stderr.contains("note: instance med001 (DoubleRepo, systemMedium) is kept but not shown: family no longer supported (the kind supports systemLarge)"))
        #expect(validate.stderr.contains("note: instance gone01 (Retired, systemSmall) is kept but not shown: its kind is not in this bundle"))
        #expect(try await fixture.instances().count == 2, "never silently dropped")
    }

    @Test func validateDoesNotCreateAMissingContainer() async throws {
        let fixture = try ContainerFixture()
        #expect(try await TestSupport.widgethost(["validate", fixture.manifestPath]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: fixture.databasePath))
    }

    @Test func anOlderContainerIsUpgradedWithItsDataKept() async throws {
        let fixture = try ContainerFixture()
        try FileManager.default.createDirectory(at: fixture.folder.appendingPathComponent("data"), withIntermediateDirectories: true)
        // A container as the first release wrote it: schema v1 only.
        let old = try DatabasePool(path: fixture.databasePath)
        try ContainerSchema.migrator.migrate(old, upTo: "v1: defaults and instances")
        try await old.write { db in
            try WidgetInstance(id: "v1inst", kind: "Contributor", family: .systemLarge, name: "from v1", configurationIdentifier: nil,
                               configuration: [:], createdAt: Date(), updatedAt: Date()).insert(db)
        }
        try old.close()

        _ = try fixture.container()
        let database = try DatabaseQueue(path: fixture.databasePath)
        let applied = try await database.read { try ContainerSchema.migrator.appliedIdentifiers($0) }
        #expect(applied == Set(ContainerSchema.migrator.migrations), "every migration, the later ones added on open")
        #expect(try await database.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
        #expect(try await fixture.instances().map { $0["name"] as? String } == ["from v1"])
    }

    @Test func archivesStoredWithPositionalKeysAreRewrittenAndStillShown() async throws {
        let fixture = try ContainerFixture()
        try FileManager.default.createDirectory(at: fixture.folder.appendingPathComponent("data"), withIntermediateDirectories: true)
        // A timeline as schema v3 stored it, with Swift's `_0` payload keys.
        let old = try DatabasePool(path: fixture.databasePath)
        try ContainerSchema.migrator.migrate(old, upTo: "v3: HTTP cache")
        let legacy = #"""
            {"entries":[{"date":1795370000000,"view":{"content":{"vstack":{"alignment":"leading","spacing":2}},"modifiers":[{"containerBackground":{"_0":{"rgb":{"red":1,"green":1,"blue":1,"opacity":1}}}}],
              "children":[{"content":{"text":{"_0":"from v3"}},"children":[],"modifiers":[{"font":{"_0":{"size":17,"design":"default","weight":"semibold"}}},{"foregroundStyle":{"_0":{"primary":{}}}}]},
                          {"content":{"image":{"_0":{"symbol":{"_0":"star.fill"}}}},"children":[],"modifiers":[{"frame":{"_0":{"width":12,"alignment":{"horizontal":"center","vertical":"center"}}}}]}]}}],
             "policy":{"after":{"_0":1795379000000}},"nextReloadReason":"after","reloads":[],"consecutiveFailures":0,"providerCalls":1}
            """#
        try await old.write { db in
            try WidgetInstance(id: "v3inst", kind: "Note", family: .systemSmall, name: nil, configurationIdentifier: "NoteIntent",
                               configuration: ["text": .string("from v3")], createdAt: Date(), updatedAt: Date()).insert(db)
            try db.execute(sql: "INSERT INTO timeline (instanceID, schedule, updatedAt) VALUES (?, ?, ?)",
                           arguments: ["v3inst", Data(legacy.utf8), Date()])
        }
        try old.close()

        let timeline = try await fixture.run("timeline", "v3inst", "--json")
        #expect(timeline.status == 0, "\(timeline.stderr)")
        #expect(!timeline.stdout.contains("_0"), "\(timeline.stdout)")
        let stored = try await DatabaseQueue(path: fixture.databasePath).read { try Data.fetchOne($0, sql: "SELECT schedule FROM timeline") }
        let text = String(decoding: try #require(stored), as: UTF8.self)
        #expect(!text.contains("_0"), "rewritten in the container: \(text)")
        for named in [#""string":"from v3""#, #""source":{"symbol":{"name":"star.fill"}}"#, #""after":{"date":"#, #""color":{"primary""#, #""frame":{"frame":"#] {
            #expect(text.contains(named), "\(named) in \(text)")
        }
        let svg = try await fixture.run("render", "v3inst")
        #expect(svg.status == 0, "\(svg.stderr)")
        #expect(svg.stdout.contains(">from v3</text>"), "the old entry still draws")
    }

    @Test func theArchiveHasNamedKeysOnly() throws {
        let view = ViewNode(.vstack(alignment: .leading, spacing: nil), children: [
            ViewNode(.text("a"), modifiers: [.font(.headline), .fontWeight(.bold), .foregroundStyle(.accent), .background(.secondary),
                                             .padding(EdgeInsets(top: 1)), .frame(Frame(width: 3)), .clipShape(.circle), .lineLimit(2),
                                             .minimumScaleFactor(0.5), .widgetAccentable(true), .widgetAccentedRenderingMode(.fullColor),
                                             .containerBackground(.primary)]),
            ViewNode(.image(.data(Data([1, 2])))), ViewNode(.image(.symbol("star"))), ViewNode(.shape(.roundedRectangle(cornerRadius: 4))),
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(view), as: UTF8.self)
        #expect(!json.contains("_0"), "\(json)")
        #expect(try JSONDecoder().decode(ViewNode.self, from: Data(json.utf8)) == view)
        // Every case and modifier the archive has, the later ones among them.
        let everything = String(decoding: try encoder.encode(ArchiveSamples.everything), as: UTF8.self)
        #expect(!everything.contains("_0"), "\(everything)")
        let policy = String(decoding: try encoder.encode(TimelineReloadPolicy.after(Date(timeIntervalSince1970: 0))), as: UTF8.self)
        #expect(policy == #"{"after":{"date":-978307200}}"#)
    }

    @Test func modulesReadTheContainersSharedDefaults() async throws {
        let fixture = try ContainerFixture()
        _ = try await fixture.run("repos", "add", "apple/swift")
        let workspace = try await Workspace(manifest: try Manifest.load(from: fixture.manifestPath))
        // Scoped: other tests open workspaces in this process at the same time.
        let saved = await workspace.withServices { SharedDefaults.appGroup.stringArray(forKey: "repos") }
        #expect(saved == ["sallen0400/swift-news", "apple/swift"])
        let offered = try await workspace.withServices { try await workspace.bundle.savedList(key: "repos")?.currentValues() }
        #expect(offered == ["sallen0400/swift-news", "apple/swift"])
    }
}
