import AsyncHTTPClient
import FakeGitHub
import Foundation
import HostTestSupport
import NIOCore
import NIOHTTP1
import Testing
@testable import WidgetHost
import WidgetTestSupport

/// `/metrics`, `/healthz` and `/readyz` of `run --serve`, read over HTTP from
/// a real host against the fake GitHub, as Prometheus and a supervisor would.
@Suite("Operations endpoints")
struct OperationsEndpointTests {
    @Test func metricsAreValidPrometheusTextAndCountWhatTheHostDid() async throws {
        let server = try await ContainerFixture.fakeGitHub()
        defer { server.stop() }
        let fixture = try ContainerFixture(githubAPI: server.apiBase)
        _ = try await fixture.run("add-instance", "SingleRepo", "--repo", "apple/swift")
        _ = try await fixture.run("add-instance", "Contributor")
        let host = try RunningHost(fixture, arguments: ["--serve", "127.0.0.1:0", "--log"])
        let base = try await host.dashboardBase()
        #expect(await host.waitFor("timeline received", count: 2), "\(host.output)")

        #expect(try await Self.get(base + "/healthz") == (200, "ok\n"))
        let ready = try await Self.get(base + "/readyz")
        #expect(ready.status == 200 && ready.body.hasPrefix("ready: ") && ready.body.contains("kinds, container writable"), "\(ready)")

        let (status, text) = try await Self.get(base + "/metrics")
        #expect(status == 200)
        let samples = try PrometheusText.parse(text)
        #expect(samples.value("widgethost_reloads_total", ["kind": "SingleRepo", "outcome": "ok"]) == 1)
        #expect(samples.value("widgethost_reloads_total", ["kind": "Contributor", "outcome": "ok"]) == 1)
        #expect(samples.value("widgethost_provider_duration_seconds_count", ["kind": "SingleRepo"]) == 1)
        #expect((samples.value("widgethost_scheduler_lag_seconds_count", [:]) ?? 0) >= 2)
        let requests = samples.values("widgethost_github_requests_total").filter { $0.labels["status"] == "200" }.map(\.value).reduce(0, +)
        let answered = server.requests.filter { $0.status == 200 && !$0.path.contains("avatar") }.count
        #expect(requests == Double(answered), "every API request the fake GitHub answered with 200 is counted")
        #expect((samples.value("widgethost_github_rate_limit_remaining", [:]) ?? -1) >= 0)
        #expect(await host.stop() == 0)
    }

    @Test func readyzSays503WithTheReasonWhileTheContainerCannotBeWritten() async throws {
        let fixture = try ContainerFixture()
        let host = try RunningHost(fixture, arguments: ["--serve", "127.0.0.1:0", "--log"])
        let base = try await host.dashboardBase()
        #expect(try await Self.get(base + "/readyz").status == 200)
        try await TestSupport.setFileSizeLimit(of: host.process.processIdentifier, to: 1)
        #expect(try await fixture.run("add-instance", "Gauge").status == 0)
        #expect(await host.waitFor("cannot write the container"), "\(host.output)")
        let notReady = try await Self.get(base + "/readyz")
        #expect(notReady.status == 503)
        #expect(notReady.body.hasPrefix("not ready: the container cannot be written (since "), "\(notReady.body)")
        #expect(try await Self.get(base + "/healthz").status == 200, "alive all the same")

        try await TestSupport.setFileSizeLimit(of: host.process.processIdentifier, to: nil)
        #expect(await host.waitFor("the container can be written again"), "\(host.output)")
        #expect(try await Self.get(base + "/readyz").status == 200)
        #expect(await host.stop() == 0)
    }

    static func get(_ url: String) async throws -> (status: Int, body: String) {
        let reply = try await LoopbackHTTP.send(url)
        return (reply.status, reply.body)
    }
}
