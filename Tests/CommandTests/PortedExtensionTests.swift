import Foundation
import HostTestSupport
import Testing
@testable import WidgetKinds
@testable import WidgetRendering
import WidgetSDK
import WidgetTestSupport

/// Issue 22: a widget extension written as for iOS (Tests/Fixtures/FixturePorted:
/// `import WidgetKit`, `SwiftUI`, `AppIntents`, an `@main` `WidgetBundle`, a
/// completion-handler provider, a synchronous placeholder, a non-throwing
/// intent timeline, `.contentMarginsDisabled()`, `.disfavoredLocations`)
/// through the real binary and a real extension process.
@Suite("A widget extension written as for iOS")
struct PortedExtensionTests {
    static func fixture() throws -> ContainerFixture {
        let fixture = try ContainerFixture()
        let manifest = try String(contentsOfFile: fixture.manifestPath, encoding: .utf8)
            + "\n  - {kind: Clock, module: FixturePorted}\n  - {kind: Greeting, module: FixturePorted}\n"
        try manifest.write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)
        return fixture
    }

    /// `#Preview` built without swift-syntax: the module exports a function
    /// per preview, the extension finds them by name, and `preview --all`
    /// draws each of a kind's in source order with its entries.
    @Test func itsPreviewMacrosAreDrawnByPreviewAll() async throws {
        let fixture = try Self.fixture()
        let clock = try await fixture.run("preview", "Clock", "--all")
        #expect(clock.status == 0, "\(clock.stderr)")
        let titles = clock.stdout.split(separator: "\n").filter { $0.hasPrefix("#Preview") }
        #expect(titles == ["#Preview (systemSmall)", "#Preview \"From the provider\" (systemMedium)"], "\(clock.stdout)")
        let greeting = try await fixture.run("preview", "Greeting", "--all")
        #expect(greeting.status == 0, "\(greeting.stderr)")
        let formal = try #require(greeting.stdout.range(of: "#Preview \"Formal\" (systemSmall)"), "\(greeting.stdout)")
        let previewed = greeting.stdout[formal.upperBound...]
        for text in ["Good day,", "Ada", "Grace", "with Bo"] { #expect(previewed.contains(text), "\(text) in \(previewed)") }
        #expect(!greeting.stdout.contains("view preview"), "a view's preview belongs to no kind")

        let folder = fixture.folder.appendingPathComponent("previews")
        let files = try await fixture.run("preview", "Greeting", "--all", "--out-dir", folder.path)
        #expect(files.status == 0, "\(files.stderr)")
        let second = try String(contentsOf: folder.appendingPathComponent("Greeting-preview1-2.svg"), encoding: .utf8)
        #expect(second.contains(">Grace<") && second.contains(">with Bo<"))
        #expect(second.contains("<linearGradient"), "the container background given as a gradient view is drawn as one")
    }

    /// Issue 37: the module's `de.lproj/Localizable.strings` and its String
    /// Catalog, in the host's language; the keys as written without one.
    @Test func itsTextIsReadFromItsStringTablesInTheHostsLanguage() async throws {
        let fixture = try Self.fixture()
        func preview(_ environment: [String: String]) async throws -> String {
            let result = try await TestSupport.widgethost(["preview", "Greeting", "--all", "--config", fixture.manifestPath], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout
        }
        // The board's cells: a long button title is cut to fit.
        let german = try await preview(["LANG": "de_DE.UTF-8"])
        #expect(german.contains("mit Bo") && german.contains("Sterne \"aktua"), "\(german)")
        let french = try await preview(["LANGUAGE": "fr_CA:fr"])
        #expect(french.contains("avec Bo") && french.contains("Actualiser"), "from the String Catalog: \(french)")
        let english = try await preview([:])
        #expect(english.contains("with Bo") && english.contains("Refresh stars"), "\(english)")

        // The intent's and its parameters' titles are LocalizedStringResources, looked up as App Intents looks them up.
        let kinds = try await TestSupport.widgethost(["kinds", "--json", "--config", fixture.manifestPath], environment: ["LANG": "de_DE.UTF-8"])
        let greeting = try #require(try JSONDecoder().decode([KindInfo].self, from: Data(kinds.stdout.utf8)).first { $0.kind == "Greeting" })
        #expect(greeting.configuration.title == "Begrüßung")
        #expect(greeting.configuration.parameters.map(\.title) == ["Name", "Style", "Freund", "Guests"])

        // Dates the host draws (`Text(date, style: .time)`) in the same locale: 24-hour in German.
        func clock(_ environment: [String: String]) async throws -> String {
            let result = try await TestSupport.widgethost(["preview", "Clock", "--all", "--config", fixture.manifestPath], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout
        }
        let germanClock = try await clock(["LANG": "de_DE.UTF-8"])
        #expect(germanClock.contains(/\b[0-2]?\d:[0-5]\d\b/) && !germanClock.contains(/:\d\d.?(AM|PM)/), "\(germanClock)")
        let posixClock = try await clock(["LANG": "C.UTF-8"])
        #expect(posixClock.contains(/:\d\d.?(AM|PM)/), "\(posixClock)")

        // The manifest's `locale:` wins over the host's.
        let manifest = try String(contentsOfFile: fixture.manifestPath, encoding: .utf8)
        try ("locale: de_DE\n" + manifest).write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)
        let chosen = try await preview(["LANGUAGE": "fr"])
        #expect(chosen.contains("mit Bo"), "\(chosen)")
        try ("locale: 'de DE'\n" + manifest).write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)
        let refused = try await TestSupport.widgethost(["validate", "--config", fixture.manifestPath])
        #expect(refused.status != 0 && refused.stderr.contains("config.yaml:1:9") && refused.stderr.contains("expected a locale such as 'de_DE'"), "\(refused.stderr)")
    }

    @Test func itsKindsLoadWithWhatTheirConfigurationsSay() async throws {
        let fixture = try Self.fixture()
        let result = try await fixture.run("kinds", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let kinds = try JSONDecoder().decode([KindInfo].self, from: Data(result.stdout.utf8))
        let clock = try #require(kinds.first { $0.kind == "Clock" })
        #expect(clock.families == [.systemSmall, .systemMedium])
        #expect(clock.contentMarginsDisabled == true)
        #expect(clock.disfavoredLocations == [.standBy])
        let greeting = try #require(kinds.first { $0.kind == "Greeting" })
        #expect(greeting.contentMarginsDisabled == nil && greeting.disfavoredLocations == nil, "absent when not set")
        #expect(greeting.configuration.parameters.map(\.name) == ["name", "style", "friend", "guests"])
        #expect(greeting.configuration.parameters.map(\.flag) == ["--set-name", "--style", "--friend", "--guests"], "--name is add-instance's own")
        let style = try #require(greeting.configuration.parameters.first { $0.name == "style" })
        var choices = KindInfo.Options(source: "static", values: [.string("friendly"), .string("formal")], provider: nil)
        choices.titles = ["friendly": "Friendly", "formal": "Good day"]
        #expect(style.options == choices, "an AppEnum's cases are its choices, with their display names")
        let text = try await fixture.run("kinds")
        #expect(text.stdout.contains("one of friendly, formal (Good day)"), "a name that says no more than the value is left out: \(text.stdout)")
        #expect(style.default == .string("friendly") && !style.optional)
        let friend = try #require(greeting.configuration.parameters.first { $0.name == "friend" })
        #expect(friend.options == KindInfo.Options(source: "dynamic", values: nil, provider: "FriendQuery"), "an AppEntity's query")
        #expect(friend.optional && friend.type == "string")
        #expect(greeting.configuration.title == "Greeting", "a LocalizedStringResource title")
    }

    @Test func theHostReloadsBothProviderFormsAndDrawsEdgeToEdge() async throws {
        let fixture = try Self.fixture()
        let clock = ContainerFixture.instanceID(addedBy: try await fixture.run("add-instance", "Clock"))
        // Its parameter `name` is `--set-name`: `--name` names the instance.
        let greeting = ContainerFixture.instanceID(addedBy: try await fixture.run("add-instance", "Greeting", "--set-name", "Ann", "--name", "For Ann"))
        let host = try RunningHost(fixture, arguments: ["--log"])
        #expect(await host.waitFor("instance=\(clock) kind=Clock [widgethost] entry of"), "the completion handler answered: \(host.output)")
        #expect(await host.waitFor("instance=\(greeting) kind=Greeting [widgethost] entry of"), "\(host.output)")
        // os.Logger and DateComponentsFormatter, in a file that imports only Foundation and os.
        #expect(host.output.contains("[Greeting] info: greeting Ann for 1h 2m"), "\(host.output)")
        #expect(await host.stop() == 0)

        let drawnGreeting = try await fixture.run("render", greeting)
        #expect(drawnGreeting.stdout.contains(">Ann</text>"), "\(drawnGreeting.stdout)")
        // Image("logo") and UIImage(named:) found the PNG among the module's SwiftPM resources.
        let logo = try Data(contentsOf: TestSupport.repositoryRoot
            .appendingPathComponent("Tests/Fixtures/FixturePorted/Images/logo.png"))
        #expect(drawnGreeting.stdout.components(separatedBy: "data:image/png;base64,\(logo.base64EncodedString())").count == 3,
                "both images drawn from the module's own file")
        let drawnClock = try await fixture.run("render", clock)
        #expect(drawnClock.stdout.contains(##"<rect x="0" y="0" width="170" height="170" rx="0" fill="#5856d6"/>"##),
                "Color.indigo fills the card to its edges: \(drawnClock.stdout)")
        #expect(drawnClock.stdout.contains(##"<g clip-path="url(#card-170x170)">"##), "and is clipped to its rounded corners")
        #expect(drawnGreeting.stdout.contains("<linearGradient") && drawnGreeting.stdout.contains(##"<g clip-path="url(#card-170x170)">"##),
                "its container background, a gradient view, fills the card to its rounded corners")
        #expect(drawnGreeting.stdout.contains(">since </text>"), "an AttributedString's runs are drawn")
        // Color("Brand") from the asset catalog's colour set, light and dark.
        #expect(drawnGreeting.stdout.contains(##"fill="#12ab34">Ann</text>"##), "\(drawnGreeting.stdout)")
        let dark = try await fixture.run("render", greeting, "--scheme", "dark")
        #expect(dark.stdout.contains(##"fill="#56cd78">Ann</text>"##), "\(dark.stdout)")
    }

    /// A view that reads `colorScheme` and `widgetRenderingMode` is made
    /// again in its extension for each, and each drawing shows its own.
    @Test func aViewThatReadsTheSchemeOrModeIsDrawnAsEachSees() async throws {
        let fixture = try Self.fixture()
        let light = try await fixture.run("preview", "Clock")
        #expect(light.status == 0 && light.stdout.contains(">day</text>") && !light.stdout.contains("night"), "\(light.stdout) \(light.stderr)")
        let dark = try await fixture.run("preview", "Clock", "--color-scheme", "dark")
        #expect(dark.stdout.contains(">night</text>") && dark.stdout.contains(##"fill="#000000""##), "\(dark.stdout)")
        #expect(dark.stdout.contains(##"fill="#ffffff">night"##), "the primary colour is white on a dark card")
        let accented = try await fixture.run("preview", "Clock", "--mode", "accented")
        #expect(accented.stdout.contains(">accented</text>") && accented.stdout.contains(">day</text>"), "\(accented.stdout)")
        let json = try await fixture.run("preview", "Clock", "--format", "json")
        #expect(json.stdout.contains("\"variants\""), "the archive holds the variants")
    }

    /// Issue 24: a symbol with a glyph is drawn as its glyph; one without is
    /// a visible placeholder, and preview and validate say which, with the
    /// nearest names known.
    @Test func anUnknownSymbolIsAPlaceholderAndAWarning() async throws {
        let fixture = try Self.fixture()
        let preview = try await fixture.run("preview", "Clock")
        #expect(preview.status == 0)
        #expect(preview.stdout.contains("<path transform="), "sun.max.fill drawn from the icon font: \(preview.stdout)")
        #expect(preview.stdout.contains("stroke-dasharray") && preview.stdout.contains(">?</text>"), "the unknown one is a dashed '?'")
        let warning = "note: Clock draws SF Symbol 'clock.badge.checkmark.fill', which widgethost does not know: it shows as a dashed square with '?'; nearest known: "
        #expect(preview.stderr.contains(warning), "\(preview.stderr)")
        let validate = try await fixture.run("validate")
        #expect(validate.stderr.contains(warning), "\(validate.stderr)")
        #expect(validate.stderr.components(separatedBy: "clock.badge.checkmark.fill").count == 2, "once, though drawn in several families")
    }

    @Test func withoutContentMarginsTheViewReachesTheEdges() {
        let engine = LayoutEngine(now: Date(timeIntervalSince1970: 0))
        let fill = ViewNode(.shape(.rectangle))
        let withMargins = engine.layout(fill, family: .systemSmall)
        let edgeToEdge = engine.layout(fill, family: .systemSmall, contentMargins: false)
        #expect(withMargins.drawables.first?.frame == Rect(x: 16, y: 16, width: 138, height: 138))
        #expect(edgeToEdge.drawables.first?.frame == Rect(x: 0, y: 0, width: 170, height: 170))
    }

    /// AppEnum and AppEntity parameters, as current WidgetKit offers choices:
    /// the enum's cases and the entity query's suggestions are the options,
    /// a value is checked against them, and the provider gets the entity its
    /// query found for the stored id.
    @Test func appEnumAndAppEntityParametersOfferChoicesAndReachTheProvider() async throws {
        let fixture = try Self.fixture()
        let friends = try await fixture.run("options", "Greeting", "friend")
        #expect(friends.status == 0 && friends.stdout.split(separator: "\n") == ["Ann", "Bo", "Cy"], "\(friends.stdout) \(friends.stderr)")
        let styles = try await fixture.run("options", "Greeting", "style")
        #expect(styles.stdout.split(separator: "\n") == ["friendly", "formal    Good day"], "\(styles.stdout)")

        let unknownFriend = try await fixture.run("add-instance", "Greeting", "--friend", "Zed")
        #expect(unknownFriend.status == 1 && unknownFriend.stderr.contains("no friend 'Zed'"), "\(unknownFriend.stderr)")
        let unknownStyle = try await fixture.run("add-instance", "Greeting", "--style", "rude")
        #expect(unknownStyle.status == 1 && unknownStyle.stderr.contains("friendly") && unknownStyle.stderr.contains("formal"), "\(unknownStyle.stderr)")

        let formal = ContainerFixture.instanceID(addedBy: try await fixture.run("add-instance", "Greeting", "--style", "formal", "--friend", "Bo"))
        let byDefault = ContainerFixture.instanceID(addedBy: try await fixture.run("add-instance", "Greeting"))
        let host = try RunningHost(fixture, arguments: ["--log"])
        #expect(await host.waitFor("instance=\(formal) kind=Greeting [widgethost] entry of"), "\(host.output)")
        #expect(await host.waitFor("instance=\(byDefault) kind=Greeting [widgethost] entry of"), "\(host.output)")
        #expect(await host.stop() == 0)
        let drawn = try await fixture.run("render", formal)
        #expect(drawn.stdout.contains(">Good day,</text>") && drawn.stdout.contains(">with Bo</text>"), "\(drawn.stdout)")
        let drawnDefault = try await fixture.run("render", byDefault)
        #expect(drawnDefault.stdout.contains(">Hello,</text>") && drawnDefault.stdout.contains(">with Ann</text>"),
                "the query's defaultResult: \(drawnDefault.stdout)")
    }

    /// Issue 37: `@Parameter var guests: [FriendEntity]` with
    /// `size: [.systemSmall: 2]`, as App Intents write a list. Each value is
    /// one of the query's choices, the flag is repeated for each, the
    /// manifest gives a sequence, and the provider gets the entities from
    /// one `entities(for:)` with every identifier.
    @Test func aListParameterIsGivenByRepeatingItsFlagOrAsASequenceAndResolvedInOneQuery() async throws {
        let fixture = try Self.fixture()
        let kinds = try JSONDecoder().decode([KindInfo].self, from: Data(try await fixture.run("kinds", "--json").stdout.utf8))
        let guests = try #require(kinds.first { $0.kind == "Greeting" }?.configuration.parameters.first { $0.name == "guests" })
        #expect(guests.list == true && guests.type == "string" && guests.typeDescription == "list of strings")
        #expect(guests.size == ["systemSmall": IntentCollectionSize(min: 0, max: 2)] && guests.sizeDescription == "at most 2 values in systemSmall")
        #expect(guests.options == KindInfo.Options(source: "dynamic", values: nil, provider: "FriendQuery"), "each value is one of the query's")
        let help = try await fixture.run("add-instance", "Greeting", "--help")
        #expect(help.stdout.contains("[--guests <string> ...]") && help.stdout.contains("give the flag once for each value"), "\(help.stdout)")

        let tooMany = try await fixture.run("add-instance", "Greeting", "--guests", "Ann", "--guests", "Bo", "--guests", "Cy")
        #expect(tooMany.status == 1 && tooMany.stderr.contains("--guests: a systemSmall instance holds at most 2 values, found 3"), "\(tooMany.stderr)")
        let unknown = try await fixture.run("add-instance", "Greeting", "--guests", "Bo", "--guests", "Zed")
        #expect(unknown.status == 1 && unknown.stderr.contains("no friend 'Zed'"), "each value is checked: \(unknown.stderr)")
        let twice = try await fixture.run("add-instance", "Greeting", "--friend", "Bo", "--friend", "Cy")
        #expect(twice.status != 0 && twice.stderr.contains("--friend"), "a single value's flag is still given once: \(twice.stderr)")

        let added = try await fixture.run("add-instance", "Greeting", "--guests", "Bo", "--guests=Cy", "--json")
        #expect(added.status == 0, "\(added.stderr)")
        let stored = try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any]
        #expect((stored?["configuration"] as? [String: Any])?["guests"] as? [String] == ["Bo", "Cy"], "\(added.stdout)")
        let id = try #require(stored?["id"] as? String)
        let listed = try await fixture.run("list-instances")
        #expect(listed.stdout.contains("guests=[Bo, Cy]"), "\(listed.stdout)")

        // The manifest declares one as a YAML sequence; export writes it back so.
        let manifest = try String(contentsOfFile: fixture.manifestPath, encoding: .utf8)
            + "instances:\n  - {id: party, kind: Greeting, configuration: {guests: [Cy, Ann]}}\n"
        try manifest.write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)
        let host = try RunningHost(fixture, arguments: ["--log"])
        #expect(await host.waitFor("instance=\(id) kind=Greeting [widgethost] entry of"), "\(host.output)")
        #expect(await host.waitFor("instance=party kind=Greeting [widgethost] entry of"), "\(host.output)")
        #expect(host.output.contains("[Greeting] info: friends looked up together: Bo, Cy"), "one query for the list: \(host.output)")
        #expect(await host.stop() == 0)
        let drawn = try await fixture.run("render", id)
        #expect(drawn.stdout.contains(">and Bo, Cy</text>"), "\(drawn.stdout)")
        let declared = try await fixture.run("render", "party")
        #expect(declared.stdout.contains(">and Cy, Ann</text>"), "in the order given: \(declared.stdout)")
        let exported = try await fixture.run("export")
        #expect(exported.stdout.contains("guests: [Cy, Ann]") && exported.stdout.contains("guests: [Bo, Cy]"), "\(exported.stdout)")
        let exportedJSON = try await fixture.run("export", "--json")
        let exportedInstances = (try JSONSerialization.jsonObject(with: Data(exportedJSON.stdout.utf8)) as? [String: Any])?["instances"] as? [[String: Any]]
        let party = exportedInstances?.first { $0["id"] as? String == "party" }
        #expect((party?["configuration"] as? [String: Any])?["guests"] as? [String] == ["Cy", "Ann"], "an array, in order: \(exportedJSON.stdout)")

        // Given again, a list is replaced whole; '' empties it.
        let edited = try await fixture.run("edit-instance", id, "--guests", "Ann")
        #expect(edited.status == 0, "\(edited.stderr)")
        let replaced = try await fixture.run("list-instances").stdout
        #expect(replaced.contains("guests=[Ann]") && !replaced.contains("Bo"), "replaced, not appended: \(replaced)")
        let emptied = try await fixture.run("edit-instance", id, "--guests", "")
        #expect(emptied.status == 0, "\(emptied.stderr)")
        let after = try JSONSerialization.jsonObject(with: Data(try await fixture.run("list-instances", "--json").stdout.utf8)) as? [[String: Any]]
        let emptiedGuests = after?.first { $0["id"] as? String == id }.flatMap { ($0["configuration"] as? [String: Any])?["guests"] as? [String] }
        #expect(emptiedGuests == [], "\(String(describing: after))")
    }
}
