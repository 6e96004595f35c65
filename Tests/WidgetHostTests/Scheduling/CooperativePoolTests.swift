import FakeGitHub
import Foundation
import HostTestSupport
import NIOHTTP1
import Testing
import WidgetTestSupport

/// A container call that waits on the database must never hold a thread of
/// Swift's cooperative pool: there are as many as cores, and one waiting
/// call stalls the dashboard, `/readyz` and the extensions' HTTP requests.
/// The host counts such calls when asked (`WIDGETHOST_COUNT_BLOCKING`) and
/// says each kind once on standard error; this drives every path that
/// reaches the container from a task, on both stores.
@Suite("No container call blocks the cooperative pool")
struct CooperativePoolTests {
    static let warning = "blocked a thread of the cooperative pool"

    @Test(arguments: ContainerFixture.Backend.allCases)
    func aHostServingGitHubKindsAndTheDashboardNeverWaitsOnThePool(backend: ContainerFixture.Backend) async throws {
        let server = try await ContainerFixture.fakeGitHub()
        defer { server.stop() }
        let fixture = try ContainerFixture(githubAPI: server.apiBase, backend: backend)
        _ = try await fixture.run("add-instance", "SingleRepo", "--repo", "apple/swift")
        _ = try await fixture.run("add-instance", "DoubleRepo")
        _ = try await fixture.run("add-instance", "Contributor")
        let ids = try await fixture.instances().compactMap { $0["id"] as? String }
        let host = try RunningHost(manifestPath: fixture.manifestPath, folder: fixture.folder,
                                   arguments: ["--serve", "127.0.0.1:0", "--log"], environment: ["WIDGETHOST_COUNT_BLOCKING": "report"])
        let base = try await host.dashboardBase()
        #expect(await host.waitFor("timeline received", count: 3), "\(host.output)")

        // The page, the list, a card, the operations endpoints.
        for path in ["/", "/instances", "/instances/\(ids[0]).svg", "/instances/\(ids[0])", "/metrics", "/readyz"] {
            _ = try await LoopbackHTTP.get(base + path)
        }
        // A forced reload revalidates every cached response with its ETag.
        let reload = try await fixture.run("reload", "--force")
        #expect(reload.status == 0, "\(reload.stderr)")
        #expect(await host.waitFor("timeline received", count: 6), "\(host.output)")
        _ = try await LoopbackHTTP.get(base + "/instances")

        #expect(await host.stop() == 0)
        #expect(!host.output.contains(Self.warning), "\(host.output)")
        #expect(!server.requests.isEmpty, "the host asked the fake GitHub, so the network's cache was used")
    }

    /// A kind reading and writing the shared defaults through the host, and
    /// a tap on the dashboard running an intent and asking for a reload.
    @Test func defaultsAndTapsNeverWaitOnThePool() async throws {
        let fixture = try ContainerFixture.withInteractiveKinds(extra: "  - kind: TodoList\n")
        _ = try await fixture.run("defaults", "write", "todo.Inbox", #"[{"title": "Buy milk"}]"#)
        let todo = ContainerFixture.instanceID(addedBy: try await fixture.run("add-instance", "TodoList"))
        let id = ContainerFixture.instanceID(addedBy: try await fixture.run("add-instance", "Switch"))
        let host = try RunningHost(manifestPath: fixture.manifestPath, folder: fixture.folder,
                                   arguments: ["--serve", "127.0.0.1:0", "--log"], environment: ["WIDGETHOST_COUNT_BLOCKING": "report"])
        let base = try await host.dashboardBase()
        #expect(await host.waitFor("instance=\(todo) kind=TodoList [widgethost] entry of"), "\(host.output)")
        #expect(await host.waitFor("instance=\(id) kind=Switch [widgethost] entry of"), "\(host.output)")
        #expect(try await TestSupport.eventually { try await LoopbackHTTP.get(base + "/").contains(#"data-actions="4""#) })
        let page = try await LoopbackHTTP.get(base + "/")
        let token = try #require(page.firstMatch(of: /<meta name="widgethost-token" content="([0-9a-f]{16,})">/).map { String($0.1) })
        let key = try await host.unlockDashboard(base: base)
        let tap = try await LoopbackHTTP.send(base + "/instances/\(id)/actions/1", method: .POST, headers: ["X-Widgethost-Token": token, "X-Widgethost-Key": key])
        #expect(tap.status == 200, "\(tap.body)")
        #expect(await host.waitFor("instance=\(id) kind=Switch [widgethost] entry of", count: 2), "\(host.output)")

        #expect(await host.stop() == 0)
        #expect(!host.output.contains(Self.warning), "\(host.output)")
    }
}
