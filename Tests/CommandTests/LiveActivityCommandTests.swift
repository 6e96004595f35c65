import Foundation
import HostTestSupport
import Testing
import WidgetTestSupport

/// Issue 42: Live Activities of a corpus extension (DeliveryWidget, written
/// as Xcode's template writes one), started, updated, ended and drawn
/// through `widgethost activity`, on SQLite and PostgreSQL.
@Suite("Live Activities from the command line")
struct LiveActivityCommandTests {
    static let attributes = #"{"restaurant":"Nonna's Pizza","orderNumber":"4711","items":3}"#
    static let onTheWay = #"{"stage":"onTheWay","courierName":"Ana","estimatedArrival":786000000}"#

    static func fixture(_ backend: ContainerFixture.Backend) throws -> ContainerFixture {
        try ContainerFixture.withDeliveryActivities(backend: backend)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    @Test(arguments: ContainerFixture.Backend.allCases)
    func anActivityIsStartedUpdatedDrawnAndEnded(backend: ContainerFixture.Backend) async throws {
        let fixture = try Self.fixture(backend)
        let started = try await fixture.run("activity", "start", "DeliveryAttributes", "--attributes", Self.attributes,
                                            "--state", Self.onTheWay, "--stale-date", "20m", "--relevance-score", "10", "--json")
        #expect(started.status == 0, "\(started.stderr)")
        let activity = try Self.json(started.stdout)
        let id = try #require(activity["id"] as? String)
        #expect(activity["phase"] as? String == "active" && activity["type"] as? String == "DeliveryAttributes")
        #expect((activity["attributes"] as? [String: Any])?["orderNumber"] as? String == "4711", "the attributes as given")

        // Each command is a process of its own: what one stored, the next reads.
        let listed = try await fixture.run("activity", "list")
        #expect(listed.status == 0 && listed.stdout.contains(id) && listed.stdout.contains("active"), "\(listed.stdout)")

        // Drawn by the module's own view: fresh now, its stale drawing after the stale date.
        let fresh = try await fixture.run("activity", "show", id, "--format", "svg")
        #expect(fresh.status == 0 && fresh.stdout.contains(">On the way<") && fresh.stdout.contains("Ana is bringing 3 items"), "\(fresh.stderr)")
        let stale = try await fixture.run("activity", "show", id, "--format", "svg", "--at", "30m")
        #expect(stale.stdout.contains("Checking on your order") && !stale.stdout.contains(">On the way<"), "\(stale.stdout.suffix(400))")

        // An update stamped before the latest is a retry or a late one: applied once, never twice.
        let stamped = try await fixture.run("activity", "update", id, "--state", #"{"stage":"onTheWay","courierName":"Ana","estimatedArrival":786000000}"#,
                                            "--timestamp", "2026-01-01T10:00:00Z")
        #expect(stamped.status == 0 && stamped.stdout.hasPrefix("updated"), "\(stamped.stdout)\(stamped.stderr)")
        let late = try await fixture.run("activity", "update", id, "--state", #"{"stage":"preparing","estimatedArrival":786000000}"#,
                                         "--timestamp", "2026-01-01T09:59:59Z")
        #expect(late.status == 0 && late.stdout.hasPrefix("unchanged:"), "\(late.stdout)\(late.stderr)")
        let arriving = #"{"stage":"arriving","courierName":"Ana","estimatedArrival":786000000}"#
        let updated = try await fixture.run("activity", "update", id, "--state", arriving, "--json")
        let state = try Self.json(updated.stdout)["state"] as? [String: Any]
        #expect(updated.status == 0 && state?["stage"] as? String == "arriving", "\(updated.stderr)")
        #expect(try await fixture.run("activity", "show", id, "--format", "svg").stdout.contains(">Arriving now<"))

        // Ended at once: no longer shown, still listed with --all.
        let ended = try await fixture.run("activity", "end", id, "--state", #"{"stage":"delivered","estimatedArrival":786000000}"#,
                                          "--dismissal-policy", "immediate")
        #expect(ended.status == 0 && ended.stdout.hasPrefix("ended \(id)"), "\(ended.stdout)\(ended.stderr)")
        #expect(try await fixture.run("activity", "list").stdout.hasPrefix("no Live Activities shown"))
        let all = try await fixture.run("activity", "list", "--all", "--json")
        let kept = try #require(try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [[String: Any]])
        #expect(kept.count == 1 && kept[0]["phase"] as? String == "dismissed" && kept[0]["endedAt"] != nil, "\(all.stdout)")
        let again = try await fixture.run("activity", "end", id)
        #expect(again.status == 0 && again.stdout.contains("has ended already"), "\(again.stdout)")
        let afterEnd = try await fixture.run("activity", "update", id, "--state", arriving)
        #expect(afterEnd.status == 1 && afterEnd.stderr.contains("has ended; start a new one"), "\(afterEnd.stderr)")
    }

    @Test func whatIsRefusedIsSaidAndStoresNothing() async throws {
        let fixture = try Self.fixture(.sqlite)
        func start(_ type: String = "DeliveryAttributes", attributes: String = Self.attributes, state: String = Self.onTheWay) async throws -> TestSupport.ProcessResult {
            try await fixture.run("activity", "start", type, "--attributes", attributes, "--state", state)
        }
        let unknown = try await start("DeliveryAttribute")
        #expect(unknown.status == 1 && unknown.stderr.contains("no Live Activity of 'DeliveryAttribute' (did you mean 'DeliveryAttributes'?)"), "\(unknown.stderr)")
        let wrongState = try await start(state: #"{"stage":"onTheWay"}"#)
        #expect(wrongState.status == 1 && wrongState.stderr.contains("the state is not a DeliveryAttributes.ContentState: no value for 'estimatedArrival'"),
                "\(wrongState.stderr)")
        let wrongStage = try await start(state: #"{"stage":"lost","estimatedArrival":0}"#)
        #expect(wrongStage.status == 1 && wrongStage.stderr.contains("at stage"), "\(wrongStage.stderr)")
        let notObject = try await start(attributes: "[1, 2]")
        #expect(notObject.status == 1 && notObject.stderr.contains("'attributes' is not a JSON object"), "\(notObject.stderr)")
        let large = try await start(attributes: #"{"restaurant":"\#(String(repeating: "x", count: 4100))","orderNumber":"1","items":1}"#)
        #expect(large.status == 1 && large.stderr.contains("a Live Activity's are at most 4096"), "\(large.stderr)")
        let noState = try await fixture.run("activity", "start", "DeliveryAttributes", "--attributes", Self.attributes)
        #expect(noState.status == 1 && noState.stderr.contains("--state is required"), "\(noState.stderr)")
        #expect(try await fixture.run("activity", "list", "--all").stdout.hasPrefix("no Live Activities"), "nothing refused was stored")

        // Five run at once, as ActivityKit allows an app; a sixth waits for one to end.
        var ids: [String] = []
        for _ in 0..<5 {
            let started = try await start()
            #expect(started.status == 0, "\(started.stderr)")
            ids.append(started.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let sixth = try await start()
        #expect(sixth.status == 1 && sixth.stderr.contains("5 Live Activities of 'DeliveryAttributes' are running already"), "\(sixth.stderr)")
        #expect(try await fixture.run("activity", "end", ids[0]).status == 0)
        #expect(try await start().status == 0, "an ended one makes room")

        let missing = try await fixture.run("activity", "update", "no-such-id", "--state", Self.onTheWay)
        #expect(missing.status == 1 && missing.stderr.contains("no Live Activity with id 'no-such-id'"), "\(missing.stderr)")
        let pushOnly = try await fixture.run("tokens", "add", "pusher", "--push", "--only", "abcdef")
        #expect(pushOnly.status == 1 && pushOnly.stderr.contains("a push token goes without --only"), "\(pushOnly.stderr)")
        let notANumber = try await fixture.run("activity", "update", ids[1], "--state", Self.onTheWay, "--relevance-score", "nan")
        #expect(notANumber.status == 1 && notANumber.stderr.contains("--relevance-score is a finite number"), "\(notANumber.stderr)")
        let policy = try await fixture.run("activity", "end", ids[1], "--dismissal-policy", "later")
        #expect(policy.status == 1 && policy.stderr.contains("--dismissal-policy is default, immediate, or a moment"), "\(policy.stderr)")
    }

    /// The board shows a Live Activity first, as a tile with its caption,
    /// one started from another terminal while it runs, and lets go of one
    /// ended at once.
    @Test func theBoardShowsActivitiesFirstAndLetsGoOfThoseEnded() async throws {
        let fixture = try Self.fixture(.sqlite)
        let added = try await fixture.run("add-instance", "RecentOrdersWidget")
        #expect(added.status == 0, "\(added.stderr)")
        // Narrow enough that a medium tile and a small one do not share a row.
        let host = try TerminalHost(manifestPath: fixture.manifestPath, columns: 70, rows: 50, arguments: ["--caption-refresh", "86400"])
        #expect(await host.waitFor(bound: 600) { $0.text.contains("Order again") }, "\(host.screen.text)")
        let started = try await fixture.run("activity", "start", "DeliveryAttributes", "--attributes", Self.attributes, "--state", Self.onTheWay)
        let id = started.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(await host.waitFor(bound: 600) { $0.text.contains("Live Activity · DeliveryAttributes · active") && $0.text.contains("On the way") },
                "\(host.screen.text)")
        // First: above the widget's tile.
        let screen = host.screen
        let activityRow = (1...50).first { screen.line($0).contains("On the way") } ?? 99
        let widgetRow = (1...50).first { screen.line($0).contains("Order again") } ?? 0
        #expect(activityRow < widgetRow, "\(screen.text)")
        #expect(try await fixture.run("activity", "end", id, "--dismissal-policy", "immediate").status == 0)
        #expect(await host.waitFor(bound: 600) { !$0.text.contains("Live Activity ·") && $0.text.contains("Order again") }, "\(host.screen.text)")
        #expect(await host.stop() == 0)
    }
}
