import FakeGitHub
import Foundation
import WidgetTestSupport

extension ContainerFixture {
    /// A fake GitHub with the repositories the container fixture's kinds show.
    package static func fakeGitHub() async throws -> FakeGitHub {
        let server = FakeGitHub()
        try await server.start()
        server.add(.init(owner: "apple", name: "swift"))
        server.add(.init(owner: "sallen0400", name: "swift-news"))
        return server
    }

    /// A container fixture whose bundle also offers the interactive
    /// fixture kinds (`Switch`, `BadLink`), and `extra` manifest lines.
    package static func withInteractiveKinds(extra: String = "") throws -> ContainerFixture {
        try appending("\n  - {kind: Switch, module: FixtureInteractive}\n  - {kind: BadLink, module: FixtureInteractive}\n" + extra)
    }

    /// A container fixture whose bundle is the corpus's delivery app alone
    /// (`RecentOrdersWidget`), whose module declares a Live Activity of
    /// `DeliveryAttributes`.
    package static func withDeliveryActivities(backend: Backend = .sqlite) throws -> ContainerFixture {
        let fixture = try ContainerFixture(backend: backend)
        let container = try String(contentsOfFile: fixture.manifestPath, encoding: .utf8).components(separatedBy: "widgets:")[0]
        try (container + "widgets:\n  - {kind: RecentOrdersWidget, module: DeliveryWidget}\n")
            .write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)
        return fixture
    }

    /// A container fixture whose bundle also offers FixtureSchedules'
    /// `Ticker`, which says nothing of relevance, and `Relevant`, whose
    /// configuration says its entry's score and its `relevance()` moment.
    package static func withRelevantKinds() throws -> ContainerFixture {
        try appending("\n  - {kind: Ticker, module: FixtureSchedules}\n  - {kind: Relevant, module: FixtureSchedules}\n")
    }

    /// A container fixture whose manifest ends with `text` (more widgets, a screen).
    private static func appending(_ text: String) throws -> ContainerFixture {
        let fixture = try ContainerFixture()
        try (try String(contentsOfFile: fixture.manifestPath, encoding: .utf8) + text)
            .write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)
        return fixture
    }

    /// The id `add-instance` printed ("added 1a2b3c …").
    package static func instanceID(addedBy result: TestSupport.ProcessResult) -> String {
        String(result.stdout.dropFirst("added ".count).prefix(6))
    }
}
