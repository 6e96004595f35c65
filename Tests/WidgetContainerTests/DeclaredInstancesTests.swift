import Foundation
import HostTestSupport
import Testing
import WidgetConfiguration
@testable import WidgetContainer
@testable import WidgetHost
import WidgetSDK
import WidgetTestSupport

/// Issue 24: a dashboard described in the manifest (`instances:`) and kept in
/// git, as Glance and homepage users keep theirs; `edit-instance` and `export`.
@Suite("Instances the manifest declares")
struct DeclaredInstancesTests {
    private static func gauge(_ family: WidgetFamily = .systemSmall, level: Int = 3, name: String? = nil) -> SharedContainer.NewInstance {
        SharedContainer.NewInstance(
            kind: "Gauge", family: family, name: name, configurationIdentifier: nil,
            configuration: ["label": .string("CPU"), "level": .int(level)], savedListAdditions: [:], savedListInitialValues: [:])
    }

    private static let note = SharedContainer.NewInstance(
        kind: "Note", family: .systemSmall, name: nil, configurationIdentifier: nil,
        configuration: ["text": .string("hi")], savedListAdditions: [:], savedListInitialValues: [:])

    /// Added, changed in place, removed once no longer declared, and an
    /// instance placed from the command line kept until the manifest takes it.
    @Test(arguments: ContainerFixture.Backend.allCases) func theContainerFollowsTheDeclaredInstances(backend: ContainerFixture.Backend) async throws {
        let fixture = try ContainerFixture(backend: backend)
        let container = try fixture.container()
        let placed = try container.insert(Self.note).instance
        let other = try container.insert(Self.gauge(level: 5)).instance

        let first = try container.applyDeclaredInstances([("cpu", Self.gauge()), ("memo", Self.note)], keep: [])
        #expect(first.added.map(\.id) == ["cpu", "memo"])
        #expect(first.changed.isEmpty && first.removed.isEmpty && first.adopted.isEmpty)
        #expect(try container.managedInstanceIDs() == ["cpu", "memo"])
        let cpu = try #require(try container.instance(id: "cpu"))

        // cpu changes family and level in place; memo is no longer declared; the placed note is taken over as it is.
        var adopted = Self.note
        adopted.configuration = placed.configuration
        let second = try container.applyDeclaredInstances([("cpu", Self.gauge(.systemMedium, level: 4)), (placed.id, adopted)], keep: [])
        #expect(second.added.isEmpty)
        #expect(second.changed.map(\.after.id) == ["cpu"])
        #expect(second.removed.map(\.id) == ["memo"])
        #expect(second.adopted == [placed.id])
        let changed = try #require(try container.instance(id: "cpu"))
        #expect(changed.family == .systemMedium && changed.configuration["level"] == .int(4))
        #expect(changed.createdAt == cpu.createdAt, "changed in place, not placed again")
        #expect(try container.instance(id: other.id) != nil, "an instance the manifest never declared stays")

        let again = try container.applyDeclaredInstances([("cpu", Self.gauge(.systemMedium, level: 4)), (placed.id, adopted)], keep: [])
        #expect(again.isEmpty, "the same declaration changes nothing")
        #expect(try container.instance(id: "cpu") == changed)

        // An entry that could not be checked keeps what it declared before.
        let kept = try container.applyDeclaredInstances([], keep: ["cpu"])
        #expect(kept.removed.map(\.id) == [placed.id])
        #expect(try container.instances().map(\.id).sorted() == ["cpu", other.id].sorted())
    }

    /// Issue 36: removed instances came back with new timelines and
    /// budgets; a declaration of another kind took over a placed instance.
    @Test(arguments: ContainerFixture.Backend.allCases) func aRemovedInstanceComesBackAsItWasAndAnotherKindTakesNothingOver(backend: ContainerFixture.Backend) async throws {
        let fixture = try ContainerFixture(backend: backend)
        let container = try fixture.container()
        #expect(try container.applyDeclaredInstances([("cpu", Self.gauge()), ("memo", Self.note)], keep: []).added.count == 2)
        let timeline = Data(#"{"stored":"budget and entries"}"#.utf8)
        _ = try await container.write { db in try db.saveTimelines([("cpu", timeline)], fence: nil, at: Date()) }
        let created = try #require(try container.instance(id: "cpu")).createdAt

        // Asked to wait, nothing is removed.
        let waiting = try container.applyDeclaredInstances([("memo", Self.note)], keep: [], removing: false)
        #expect(waiting.notRemovedYet.map(\.id) == ["cpu"] && waiting.removed.isEmpty)
        #expect(try container.instance(id: "cpu") != nil)
        // Removed: kept aside with its timeline, and back with it when declared again.
        #expect(try container.applyDeclaredInstances([("memo", Self.note)], keep: []).removed.map(\.id) == ["cpu"])
        #expect(try container.instance(id: "cpu") == nil)
        #expect(try await container.read { db in try db.timeline(instance: "cpu") } == nil)
        let back = try container.applyDeclaredInstances([("cpu", Self.gauge()), ("memo", Self.note)], keep: [])
        #expect(back.restored.map(\.id) == ["cpu"] && back.added.isEmpty)
        #expect(try await container.read { db in try db.timeline(instance: "cpu") } == timeline, "its timeline and budget")
        #expect(try container.instance(id: "cpu")?.createdAt == created)
        // Declared again as another family: the instance comes back, its old entries do not.
        _ = try container.applyDeclaredInstances([("memo", Self.note)], keep: [])
        let moved = try container.applyDeclaredInstances([("cpu", Self.gauge(.systemMedium)), ("memo", Self.note)], keep: [])
        #expect(moved.restored.map(\.id) == ["cpu"])
        #expect(try await container.read { db in try db.timeline(instance: "cpu") } == nil)

        // An instance placed from the command line is not the manifest's to turn into another kind.
        let placed = try container.insert(Self.gauge(level: 5)).instance
        let refused = try container.applyDeclaredInstances([("cpu", Self.gauge(.systemMedium)), ("memo", Self.note), (placed.id, Self.note)], keep: [])
        #expect(refused.refused.map(\.id) == [placed.id] && refused.refused.first?.kind == "Gauge")
        #expect(try container.instance(id: placed.id).map { $0.hasSameContent(as: placed) } == true, "left as it was")
        #expect(try !container.managedInstanceIDs().contains(placed.id))
    }

    /// A manifest cut short for a moment (an editor writing in two steps, a
    /// checkout half done) removes nothing; one that stays so removes, and
    /// the instance declared again later is back with its timeline.
    @Test func aRunningHostRemovesOnlyWhatTheManifestKeepsLeavingOut() async throws {
        // Long enough that the manifest is whole again within it on the busiest machine.
        let fixture = try ContainerFixture(schedule: "timeout: 10m, removal_delay: 10m")
        let base = try String(contentsOfFile: fixture.manifestPath, encoding: .utf8)
        let shortly = base.replacingOccurrences(of: "removal_delay: 10m", with: "removal_delay: 1s")
        let whole = base + "\ninstances:\n  - {id: memo, kind: Note, configuration: {text: kept}}\n  - {id: cpu, kind: Gauge}\n"
        try whole.write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)
        let host = try RunningHost(fixture)
        defer { host.terminate() }
        #expect(await host.waitFor("instance=memo kind=Note [widgethost] timeline received"), "\(host.output)")
        #expect(await host.waitFor("instance=cpu kind=Gauge [widgethost] timeline received"), "\(host.output)")

        try base.write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)
        #expect(await host.waitFor("the manifest no longer declares cpu, memo: removed if it still does not in 10m (schedule.removal_delay)"), "\(host.output)")
        try whole.write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)
        #expect(await host.waitFor("the manifest declares cpu, memo again: nothing was removed"), "\(host.output)")
        #expect(host.occurrences(of: "removed: the manifest no longer declares") == 0)
        #expect(host.occurrences(of: "[widgethost] instance added") == 2, "the same two instances all along: \(host.output)")

        // Left out for good: removed once the manifest has said so for a while.
        try (shortly + "\ninstances:\n  - {id: memo, kind: Note, configuration: {text: kept}}\n").write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)
        #expect(await host.waitFor("instance cpu removed: the manifest no longer declares it (Gauge, systemSmall); its timeline is kept a day"), "\(host.output)")
        try whole.write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)
        #expect(await host.waitFor("instance cpu declared again: back with its timeline and budget (Gauge, systemSmall)"), "\(host.output)")
        #expect(await host.waitFor("instance=cpu kind=Gauge [widgethost] instance added", count: 2), "\(host.output)")
        #expect(host.occurrences(of: "instance=cpu kind=Gauge [widgethost] reload started (first timeline)") == 1, "not a first timeline again: \(host.output)")
    }

    /// A whole number for a Double parameter is stored as JSON writes it
    /// (3.0 as 3) and read back as an Int: still the same declaration.
    @Test(arguments: ContainerFixture.Backend.allCases) func aWholeDoubleIsTheSameOnEveryApply(backend: ContainerFixture.Backend) async throws {
        let fixture = try ContainerFixture(backend: backend)
        let container = try fixture.container()
        var gauge = Self.gauge()
        gauge.configuration["scale"] = .double(2)
        #expect(try container.applyDeclaredInstances([("cpu", gauge)], keep: []).added.count == 1)
        let again = try container.applyDeclaredInstances([("cpu", gauge)], keep: [])
        #expect(again.isEmpty, "changed: \(again.changed.map(\.before.configuration))")
    }

    /// The whole path: a running host puts the manifest's instances in the
    /// container, follows the manifest as it is edited, and reloads an
    /// instance only when what its provider is asked for changed.
    @Test func aRunningHostFollowsTheManifestsInstances() async throws {
        let fixture = try ContainerFixture()
        let base = try String(contentsOfFile: fixture.manifestPath, encoding: .utf8)
        func declare(_ instances: String) throws {
            try (base + "\ninstances:\n" + instances).write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)
        }
        let placed = try await fixture.run("add-instance", "Gauge", "--json")
        #expect(placed.status == 0, "\(placed.stderr)")
        let placedID = try #require(try JSONSerialization.jsonObject(with: Data(placed.stdout.utf8)) as? [String: Any])["id"] as? String ?? ""

        try declare("  - {id: memo, kind: Note, configuration: {text: first}}\n  - {id: cpu, kind: Gauge, family: systemSmall}\n")
        let validate = try await fixture.run("validate")
        #expect(validate.status == 0, "\(validate.stderr)")
        #expect(validate.stdout.contains("2 of 2 declared instances valid"), "\(validate.stdout)")

        let host = try RunningHost(fixture)
        defer { host.terminate() }
        #expect(await host.waitFor("instance memo added from the manifest: Note (systemSmall)"), "\(host.output)")
        #expect(await host.waitFor("instance cpu added from the manifest: Gauge (systemSmall)"), "\(host.output)")
        #expect(await host.waitFor("instance=memo kind=Note [widgethost] timeline received"), "\(host.output)")

        // A new name is drawn with the entries it has; new text is a new configuration.
        try declare("  - {id: memo, kind: Note, name: Memo, configuration: {text: first}}\n  - {id: cpu, kind: Gauge, family: systemSmall}\n")
        #expect(await host.waitFor("instance memo changed in place from the manifest: name"), "\(host.output)")
        try declare("  - {id: memo, kind: Note, name: Memo, configuration: {text: second}}\n")
        #expect(await host.waitFor("instance memo changed in place from the manifest: configuration"), "\(host.output)")
        #expect(await host.waitFor("instance cpu removed: the manifest no longer declares it (Gauge, systemSmall)"), "\(host.output)")
        #expect(await host.waitFor("instance=memo kind=Note [widgethost] forced reload requested"), "\(host.output)")
        #expect(await host.waitFor("instance=memo kind=Note [widgethost] timeline received", count: 2), "\(host.output)")
        #expect(host.occurrences(of: "instance=memo kind=Note [widgethost] forced reload requested") == 1, "the new name alone reloaded: \(host.output)")

        let listed = try await fixture.instances()
        #expect(Set(listed.compactMap { $0["id"] as? String }) == [placedID, "memo"], "the placed Gauge is kept")
        let memo = try #require(listed.first { $0["id"] as? String == "memo" })
        #expect(memo["name"] as? String == "Memo")

        // The manifest's own instances are changed there, not from the command line.
        let edit = try await fixture.run("edit-instance", "memo", "--text", "third")
        #expect(edit.status == 1)
        #expect(edit.stderr == "error: instance memo is declared in \(fixture.manifestPath):14:5; change it there, and the host changes it in place\n", "\(edit.stderr)")
        let remove = try await fixture.run("remove-instance", placedID, "memo")
        #expect(remove.status == 1)
        #expect(remove.stderr.hasPrefix("error: instance memo is declared in \(fixture.manifestPath):14:5; remove it there"), "\(remove.stderr)")
        #expect(try await fixture.instances().count == 2, "all or nothing")

        // Another manifest on the same container (a fleet host's) does not declare it, but the container knows it is declared.
        let other = fixture.folder.appendingPathComponent("other.yaml").path
        try base.write(toFile: other, atomically: true, encoding: .utf8)
        let elsewhere = try await TestSupport.widgethost(["edit-instance", "memo", "--name", "Mine", "--config", other])
        #expect(elsewhere.status == 1)
        #expect(elsewhere.stderr == "error: instance memo is declared by the instances: of a manifest other than this one (another host's, in a fleet); change it there\n",
                "\(elsewhere.stderr)")
        let removedElsewhere = try await TestSupport.widgethost(["remove-instance", "memo", "--config", other])
        #expect(removedElsewhere.status == 1 && removedElsewhere.stderr.contains("; remove it there"), "\(removedElsewhere.stderr)")
    }

    /// `edit-instance` keeps the id; a new name keeps the stored timeline.
    @Test func editInstanceChangesInPlace() async throws {
        let fixture = try ContainerFixture()
        let placed = try await fixture.run("add-instance", "Gauge", "--level", "2", "--json")
        let id = try #require(try JSONSerialization.jsonObject(with: Data(placed.stdout.utf8)) as? [String: Any])["id"] as? String ?? ""
        let container = try fixture.container()
        let timeline = Data("stored".utf8)
        _ = try await container.write { db in try db.saveTimelines([(id, timeline)], fence: nil, at: Date()) }

        let renamed = try await fixture.run("edit-instance", id, "--name", "Load")
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(renamed.stdout == "changed \(id): name none → 'Load'\n")
        #expect(renamed.stderr == "note: its timeline is kept: only the name changed\n")
        #expect(try await container.read { db in try db.timeline(instance: id) } == timeline)

        let moved = try await fixture.run("edit-instance", id, "--family", "systemMedium", "--level", "4", "--json")
        #expect(moved.status == 0, "\(moved.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(moved.stdout.utf8)) as? [String: Any])
        #expect(json["id"] as? String == id && json["family"] as? String == "systemMedium" && json["name"] as? String == "Load")
        #expect((json["configuration"] as? [String: Any])?["level"] as? Int == 4)
        #expect((json["configuration"] as? [String: Any])?["label"] as? String == "CPU", "what is not given stays")

        let same = try await fixture.run("edit-instance", id, "--level", "4")
        #expect(same.stdout == "\(id) is unchanged\n")
        let wrong = try await fixture.run("edit-instance", id, "--levl", "4")
        #expect(wrong.status == 1)
        #expect(wrong.stderr.hasPrefix("error: unknown option '--levl' for Gauge (did you mean '--level'?)"), "\(wrong.stderr)")
        let unsupported = try await fixture.run("edit-instance", id, "--family", "systemLarge")
        #expect(unsupported.status == 1)
        #expect(unsupported.stderr == "error: Gauge does not support systemLarge; it supports systemSmall, systemMedium\n", "\(unsupported.stderr)")
        let unknown = try await fixture.run("edit-instance", "nope00", "--name", "x")
        #expect(unknown.status == 1 && unknown.stderr.hasPrefix("error: no instance with id 'nope00'"), "\(unknown.stderr)")
        #expect(try await fixture.instances().map { $0["id"] as? String } == [id])
    }

    /// `export` prints what `instances:` needs; declaring it changes nothing
    /// but who owns the instances, and a second export prints the same.
    @Test func exportThenDeclareIsANoOp() async throws {
        let fixture = try ContainerFixture()
        for arguments in [["Gauge", "--name", "Load: \"quoted\" # not a comment", "--note", "null"], ["Note", "--text", "- a list? no"],
                          ["Gauge", "--family", "systemMedium", "--scale", "2.5", "--inverted", "true"]] {
            let placed = try await fixture.run(["add-instance"] + arguments)
            #expect(placed.status == 0, "\(placed.stderr)")
        }
        let before = try await fixture.instances()
        let export = try await fixture.run("export")
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout.hasPrefix("instances:\n  - id: "), "\(export.stdout)")

        let base = try String(contentsOfFile: fixture.manifestPath, encoding: .utf8)
        try (base + "\n" + export.stdout).write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)
        let validate = try await fixture.run("validate")
        #expect(validate.status == 0, "\(validate.stderr)\n\(export.stdout)")

        let host = try RunningHost(fixture)
        defer { host.terminate() }
        #expect(await host.waitFor("is now declared by the manifest", count: 3), "\(host.output)")
        #expect(await host.waitFor("host started"), "\(host.output)")
        #expect(host.occurrences(of: "from the manifest") == 0, "nothing added or changed: \(host.output)")
        let after = try await fixture.instances()
        #expect(after.map { $0["id"] as? String } == before.map { $0["id"] as? String })
        #expect(after.map { $0["updatedAt"] as? String } == before.map { $0["updatedAt"] as? String })
        #expect(after.map { $0["name"] as? String } == before.map { $0["name"] as? String })
        #expect(try await fixture.run("export").stdout == export.stdout)
    }

    /// A declared instance that does not fit its kind is named where it is,
    /// by `validate` and by the host, which leaves it as it was.
    @Test func aBadDeclaredInstanceIsNamedWhereItIs() async throws {
        let fixture = try ContainerFixture()
        let base = try String(contentsOfFile: fixture.manifestPath, encoding: .utf8)
        try (base + "\ninstances:\n  - id: cpu\n    kind: Gauge\n    family: systemLarge\n  - id: g2\n    kind: Gauge\n    configuration: {level: 9, colour: red}\n")
            .write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)
        let validate = try await fixture.run("validate")
        #expect(validate.status == 1)
        let lines = validate.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(fixture.manifestPath):16:13: instances[0].family: Gauge does not support systemLarge; it supports systemSmall, systemMedium"), "\(validate.stderr)")
        #expect(lines.contains("\(fixture.manifestPath):19:39: instances[1].configuration.colour: Gauge has no parameter 'colour'; its parameters: label, level, scale, inverted, note"), "\(validate.stderr)")
        #expect(validate.stdout.contains("0 of 2 declared instances valid"), "\(validate.stdout)")
    }
}
