import Foundation
import Testing
@testable import WidgetKinds
@testable import WidgetRendering
import WidgetSDK

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
        #expect(greeting.configuration.parameters.map(\.name) == ["name"])
        #expect(greeting.configuration.parameters.map(\.flag) == ["--set-name"], "--name is add-instance's own")
        #expect(greeting.configuration.title == "Greeting", "a LocalizedStringResource title")
    }

    @Test func theHostReloadsBothProviderFormsAndDrawsEdgeToEdge() async throws {
        let fixture = try Self.fixture()
        let clock = InteractiveWidgetTests.added(try await fixture.run("add-instance", "Clock"))
        // Its parameter `name` is `--set-name`: `--name` names the instance.
        let greeting = InteractiveWidgetTests.added(try await fixture.run("add-instance", "Greeting", "--set-name", "Ann", "--name", "For Ann"))
        let host = try RunningHost(fixture, arguments: ["--log"])
        #expect(await host.waitFor("instance=\(clock) kind=Clock [widgethost] entry of"), "the completion handler answered: \(host.output)")
        #expect(await host.waitFor("instance=\(greeting) kind=Greeting [widgethost] entry of"), "\(host.output)")
        #expect(host.stop() == 0)

        let drawnGreeting = try await fixture.run("render", greeting)
        #expect(drawnGreeting.stdout.contains(">Ann</text>"), "\(drawnGreeting.stdout)")
        let drawnClock = try await fixture.run("render", clock)
        #expect(drawnClock.stdout.contains(##"<rect x="0" y="0" width="170" height="170" rx="0" fill="#5856d6"/>"##),
                "Color.indigo fills the card to its edges: \(drawnClock.stdout)")
        #expect(drawnClock.stdout.contains(##"<g clip-path="url(#card-170x170)">"##), "and is clipped to its rounded corners")
        #expect(!drawnGreeting.stdout.contains("clip-path"), "a card with margins needs no clipping")
    }

    @Test func withoutContentMarginsTheViewReachesTheEdges() {
        let engine = LayoutEngine(now: Date(timeIntervalSince1970: 0))
        let fill = ViewNode(.shape(.rectangle))
        let withMargins = engine.layout(fill, family: .systemSmall)
        let edgeToEdge = engine.layout(fill, family: .systemSmall, contentMargins: false)
        #expect(withMargins.drawables.first?.frame == Rect(x: 16, y: 16, width: 138, height: 138))
        #expect(edgeToEdge.drawables.first?.frame == Rect(x: 0, y: 0, width: 170, height: 170))
    }
}
