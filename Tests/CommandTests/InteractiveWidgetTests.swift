import FakeGitHub
import Foundation
import HostTestSupport
import Testing
@testable import WidgetHost
import WidgetSDK
import WidgetTestSupport

/// Buttons, toggles and links through the real binary: `actions`, `tap`, and
/// the running host reloading at once.
@Suite("Interactive widgets")
struct InteractiveWidgetTests {
    /// Issue 24: narrowing a kind's families in the manifest logged
    /// "instance removed" though the instance is kept, and undoing it
    /// "instance added".
    @Test func aNarrowedFamilyWithdrawsTheInstanceAndSaysItIsKept() async throws {
        let fixture = try ContainerFixture.withInteractiveKinds()
        let id = ContainerFixture.instanceID(addedBy: try await fixture.run("add-instance", "Switch"))
        let host = try RunningHost(fixture, arguments: ["--log"])
        #expect(await host.waitFor("instance=\(id) kind=Switch [widgethost] entry of"), "\(host.output)")
        let manifest = try String(contentsOfFile: fixture.manifestPath, encoding: .utf8)
        try manifest.replacingOccurrences(of: "{kind: Switch, module: FixtureInteractive}", with: "{kind: Switch, module: FixtureInteractive, families: [systemMedium]}")
            .write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)
        #expect(await host.waitFor("instance=\(id) kind=Switch [widgethost] instance is no longer shown: family no longer supported (the kind supports systemMedium); it is kept"),
                "\(host.output)")
        try manifest.write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)
        #expect(await host.waitFor("instance=\(id) kind=Switch [widgethost] instance is shown again"), "\(host.output)")
        #expect(!host.output.contains("instance removed"), "\(host.output)")
        #expect(host.output.components(separatedBy: "instance added").count - 1 == 1, "added once, at start: \(host.output)")
        #expect(await host.stop() == 0)
    }

    @Test func aTapRunsTheIntentAndReloadsAtOnceWithoutChargingTheBudget() async throws {
        let fixture = try ContainerFixture.withInteractiveKinds()
        let id = ContainerFixture.instanceID(addedBy: try await fixture.run("add-instance", "Switch"))
        let host = try RunningHost(fixture, arguments: ["--log"])
        #expect(await host.waitFor("instance=\(id) kind=Switch [widgethost] entry of"), "\(host.output)")

        let listed = try await fixture.run("actions", id, "--json")
        #expect(listed.status == 0, "\(listed.stderr)")
        let actions = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(actions.map { $0["type"] as? String } == ["toggle", "button", "link", "widget"])
        #expect(actions.map { $0["number"] as? Int } == [1, 2, 3, 4])
        #expect(actions[0]["label"] as? String == "Lamp" && actions[0]["isOn"] as? Bool == false)
        let intent = try #require(actions[0]["intent"] as? [String: Any])
        #expect(intent["type"] as? String == "FixtureInteractive.FlipSwitchIntent")
        #expect(intent["title"] as? String == "Flip the switch")
        #expect(intent["parameters"] as? [String: String] == ["name": "lamp"])
        #expect(actions[2]["url"] as? String == "https://example.com/help" && actions[2]["label"] as? String == "Help")
        #expect(actions[3]["url"] as? String == "https://example.com/switch")

        // Inside the 5-minute minimum interval of the first reload.
        let tap = try await fixture.run("tap", id, "1")
        #expect(tap.status == 0, "\(tap.stderr)")
        #expect(tap.stdout == "performed 'Flip the switch'; reloading 1 Switch instance now\n")
        #expect(await host.waitFor("instance=\(id) kind=Switch [widgethost] entry of", count: 2), "reloaded at once: \(host.output)")
        let after = try await fixture.run("actions", id)
        #expect(after.stdout.contains("toggle (on)  Lamp"), "\(after.stdout)")

        // Issue 20: a tap names the entry its numbers were listed from; a newer entry refuses it.
        let listedEntry = try #require(actions[0]["entry"] as? String)
        let current = try #require(after.stdout.split(separator: " ").dropFirst().first.map(String.init))
        #expect(current != listedEntry && after.stdout.hasPrefix("entry \(current) "), "\(after.stdout)")
        let stale = try await fixture.run("tap", id, "1", "--entry", listedEntry)
        #expect(stale.status == 1)
        #expect(stale.stderr == "error: instance \(id) shows another entry now (\(current), not \(listedEntry)), so nothing was tapped; 'widgethost actions \(id)' lists what it shows\n")
        #expect(try await fixture.run("actions", id).stdout.contains("toggle (on)  Lamp"), "the stale tap flipped nothing")
        let timeline = try JSONSerialization.jsonObject(with: Data(try await fixture.run("timeline", id, "--json").stdout.utf8)) as? [String: Any]
        #expect((timeline?["budget"] as? [String: Any])?["used"] as? Int == 1, "a tap's reload is not charged")
        let svg = try await fixture.run("render", id)
        #expect(svg.stdout.contains(">lamp is on</text>"))
        #expect(await host.stop() == 0)
    }

    @Test func anIntentThatThrowsLeavesTheEntryAndSaysWhy() async throws {
        let fixture = try ContainerFixture.withInteractiveKinds()
        let id = ContainerFixture.instanceID(addedBy: try await fixture.run("add-instance", "Switch"))
        let host = try RunningHost(fixture, arguments: ["--log"])
        #expect(await host.waitFor("instance=\(id) kind=Switch [widgethost] entry of"), "\(host.output)")
        func entries() async throws -> String {
            let json = try JSONSerialization.jsonObject(with: Data(try await fixture.run("timeline", id, "--json").stdout.utf8)) as? [String: Any]
            return "\(json?["currentEntry"] ?? "") \((json?["entries"] as? [Any])?.count ?? 0)"
        }
        let before = try await entries()

        let tap = try await fixture.run("tap", id, "2")
        #expect(tap.status == 1)
        #expect(tap.stderr == "error: the intent 'Break' failed: the switch is stuck; the widget is left as it was\n")
        try await Task.sleep(for: .milliseconds(1_500))
        #expect(host.occurrences(of: "reload started") == 1, "no reload after a failed intent: \(host.output)")
        #expect(try await entries() == before)
        #expect(await host.stop() == 0)
    }

    @Test func linksArePrintedAndBadInputChangesNothing() async throws {
        let fixture = try ContainerFixture.withInteractiveKinds()
        let id = ContainerFixture.instanceID(addedBy: try await fixture.run("add-instance", "Switch"))
        let note = ContainerFixture.instanceID(addedBy: try await fixture.run("add-instance", "Note", "--text", "plain"))

        let early = try await fixture.run("tap", id, "1")
        #expect(early.status == 1 && early.stderr.hasPrefix("error: instance \(id) has no entry yet"), "\(early.stderr)")

        let host = try RunningHost(fixture, arguments: ["--log"])
        #expect(await host.waitFor("entry of", count: 2), "\(host.output)")
        #expect(await host.stop() == 0)
        let snapshot = try await fixture.snapshot()
        #expect(try await fixture.run("tap", id, "3").stdout == "https://example.com/help\n")
        #expect(try await fixture.run("tap", id, "4").stdout == "https://example.com/switch\n")
        let unknown = try await fixture.run("tap", id, "9")
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "error: instance \(id) has no action 9; its entry has 4 (1–4); 'widgethost actions \(id)' lists them\n")
        let none = try await fixture.run("tap", note, "1")
        #expect(none.status == 1 && none.stderr == "error: instance \(note)'s current entry has no controls or links\n")
        #expect(try await fixture.run("actions", note).stdout == "instance \(note)'s current entry has no controls or links\n")
        let notANumber = try await fixture.run("tap", id, "one")
        #expect(notANumber.status == 1 && notANumber.stderr.split(separator: "\n").count == 1)
        #expect(try await fixture.snapshot() == snapshot, "refused input changed nothing")

        // The manifest narrows the kind's families: the instance is unavailable.
        let narrowed = try String(contentsOfFile: fixture.manifestPath, encoding: .utf8)
            .replacingOccurrences(of: "{kind: Switch, module: FixtureInteractive}", with: "{kind: Switch, module: FixtureInteractive, families: [systemMedium]}")
        try narrowed.write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)
        let unavailable = try await fixture.run("tap", id, "1")
        #expect(unavailable.status == 1 && unavailable.stderr.contains("is unavailable (family no longer supported"), "\(unavailable.stderr)")
        try narrowed.replacingOccurrences(of: ", families: [systemMedium]", with: "").write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)

        // The manifest drops the kind: its intents cannot run.
        let manifest = try String(contentsOfFile: fixture.manifestPath, encoding: .utf8)
            .replacingOccurrences(of: "  - {kind: Switch, module: FixtureInteractive}\n", with: "")
        try manifest.write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)
        let withoutTheKind = try await fixture.snapshot()
        let gone = try await fixture.run("tap", id, "1")
        #expect(gone.status == 1)
        #expect(gone.stderr == "error: instance \(id) is a Switch, which is not loaded in this bundle, so its intents cannot run\n")
        #expect(try await fixture.snapshot() == withoutTheKind, "refused input changed nothing")
    }

    @Test func theGitHubKindsLinkToTheRepositoryAndItsContributors() async throws {
        let server = try await ContainerFixture.fakeGitHub()
        defer { server.stop() }
        let fixture = try ContainerFixture(githubAPI: server.apiBase)
        let id = ContainerFixture.instanceID(addedBy: try await fixture.run("add-instance", "SingleRepo", "--repo", "apple/swift", "--family", "systemLarge"))
        let host = try RunningHost(fixture, arguments: ["--log"])
        #expect(await host.waitFor("entry of"), "\(host.output)")
        #expect(await host.stop() == 0)
        let actions = try await fixture.run("actions", id)
        #expect(actions.stdout.contains("1  link    octocat 42  https://github.com/octocat"), "\(actions.stdout)")
        #expect(actions.stdout.contains("3  widget  -           https://github.com/apple/swift"), "\(actions.stdout)")
        #expect(try await fixture.run("tap", id, "3").stdout == "https://github.com/apple/swift\n")
    }

    @Test func anEntryLinkingAnywhereButTheWebIsRefused() async throws {
        let fixture = try ContainerFixture.withInteractiveKinds()
        let preview = try await fixture.run("preview", "BadLink")
        #expect(preview.status == 1)
        #expect(preview.stderr.contains("entry refused: it links to 'javascript:alert(1)'; a link is http, https or an app's own scheme, at Link"), "\(preview.stderr)")
    }

    /// Issue 20: an App Group is one vendor's. A module whose entries say
    /// `app_group: false` keeps a suite of its own: it neither reads nor
    /// writes the App Group's values, and `widgethost defaults` (the App
    /// Group's) does not reach its suite.
    @Test func aModuleKeptOutOfTheAppGroupHasASuiteOfItsOwn() async throws {
        let fixture = try ContainerFixture()
        let manifest = try String(contentsOfFile: fixture.manifestPath, encoding: .utf8)
            + "\n  - {kind: Switch, module: FixtureInteractive, app_group: false}\n  - {kind: BadLink, module: FixtureInteractive, app_group: false}\n"
        try manifest.write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)
        #expect(try await fixture.run("defaults", "write", "switch.lamp", "true").status == 0)
        let id = ContainerFixture.instanceID(addedBy: try await fixture.run("add-instance", "Switch"))
        let host = try RunningHost(fixture, arguments: ["--log"])
        #expect(await host.waitFor("instance=\(id) kind=Switch [widgethost] entry of"), "\(host.output)")
        #expect(try await fixture.run("actions", id).stdout.contains("toggle (off)  Lamp"), "the App Group's true is not its to read")

        for (round, shown) in ["toggle (on)  Lamp", "toggle (off)  Lamp"].enumerated() {
            let tap = try await fixture.run("tap", id, "1")
            #expect(tap.status == 0, "\(tap.stderr)")
            #expect(await host.waitFor("instance=\(id) kind=Switch [widgethost] entry of", count: round + 2), "\(host.output)")
            #expect(try await fixture.run("actions", id).stdout.contains(shown))
            #expect(try await fixture.run("defaults", "read", "switch.lamp").stdout == "true\n", "the App Group's value is untouched")
        }
        let all = try await fixture.run("defaults", "read")
        #expect(!all.stdout.contains("widgethost.module."), "\(all.stdout)")
        let reserved = try await fixture.run("defaults", "read", "widgethost.module.FixtureInteractive/switch.lamp")
        #expect(reserved.status == 1 && reserved.stderr.contains("(app_group: false)") && reserved.stderr.contains("are modules' own suites"), "\(reserved.stderr)")
        #expect(await host.stop() == 0)

        // Kinds of one module share its process, so they must agree.
        let mixed = try String(contentsOfFile: fixture.manifestPath, encoding: .utf8)
            .replacingOccurrences(of: "{kind: BadLink, module: FixtureInteractive, app_group: false}", with: "{kind: BadLink, module: FixtureInteractive}")
        try mixed.write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)
        let validate = try await fixture.run("validate")
        #expect(validate.status == 1)
        #expect(validate.stderr.contains("kinds of module FixtureInteractive share its process and so its defaults: 'Switch' says app_group: false"), "\(validate.stderr)")
    }
}
