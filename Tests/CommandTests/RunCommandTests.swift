import FakeGitHub
import Foundation
import HostTestSupport
import Testing
import WidgetConfiguration
@testable import WidgetHost
import WidgetSDK
import WidgetTestSupport

/// `widgethost run` as a real process on a real container, with other
/// processes adding instances and asking for reloads.
@Suite("widgethost run, reload, timeline, status")
struct RunCommandTests {
    @Test func anInstanceAddedByAnotherProcessIsPickedUpAndSIGTERMSavesState() async throws {
        let server = try await ContainerFixture.fakeGitHub()
        defer { server.stop() }
        let fixture = try ContainerFixture(githubAPI: server.apiBase)
        let host = try RunningHost(fixture)
        #expect(await host.waitFor("host started"), "\(host.output)")

        let added = Date()
        let add = try await fixture.run("add-instance", "SingleRepo", "--repo", "apple/swift")
        #expect(add.status == 0)
        let id = String(add.stdout.dropFirst("added ".count).prefix(6))
        #expect(await host.waitFor("instance=\(id) kind=SingleRepo [widgethost] timeline received"), "\(host.output)")
        let latency = Date().timeIntervalSince(added)
        print("add-instance to timeline received: \(String(format: "%.2f", latency)) s")

        #expect(await host.stop(SIGTERM) == 0)
        #expect(host.output.contains("host stopped; state saved"))

        let timeline = try await fixture.run("timeline", id, "--json")
        #expect(timeline.status == 0, "\(timeline.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(timeline.stdout.utf8)) as? [String: Any])
        #expect(json["state"] as? String == "no-host", "the host has stopped, so nothing keeps it fresh")
        #expect(json["host"] == nil || json["host"] is NSNull)
        #expect((json["entries"] as? [Any])?.count == 3, "now and the next two midnights")
        #expect((json["policy"] as? String)?.hasPrefix("after(") == true)
        #expect((json["budget"] as? [String: Any])?["used"] as? Int == 1)
    }

    @Test func SIGINTStopsCleanlyToo() async throws {
        let server = try await ContainerFixture.fakeGitHub()
        defer { server.stop() }
        let fixture = try ContainerFixture(githubAPI: server.apiBase)
        _ = try await fixture.run("add-instance", "Contributor")
        let host = try RunningHost(fixture)
        #expect(await host.waitFor("timeline received"), "\(host.output)")
        #expect(await host.stop(SIGINT) == 0)
        #expect(host.output.contains("host stopped; state saved"))
    }

    @Test func aSecondHostOnOneContainerIsRefused() async throws {
        let server = try await ContainerFixture.fakeGitHub()
        defer { server.stop() }
        let fixture = try ContainerFixture(githubAPI: server.apiBase)
        let host = try RunningHost(fixture)
        #expect(await host.waitFor("host started"), "\(host.output)")
        let second = try await TestSupport.widgethost(["run", fixture.manifestPath])
        #expect(second.status == 1)
        #expect(second.stderr.hasPrefix("error: another host (pid \(host.process.processIdentifier), since "), "\(second.stderr)")
        #expect(second.stderr.hasSuffix(") is already running on container group.test.container\n"), "\(second.stderr)")
        #expect(await host.stop() == 0)
    }

    @Test func reloadReachesTheRunningHost() async throws {
        let server = try await ContainerFixture.fakeGitHub()
        defer { server.stop() }
        let fixture = try ContainerFixture(githubAPI: server.apiBase)
        _ = try await fixture.run("add-instance", "Contributor")
        _ = try await fixture.run("add-instance", "SingleRepo")
        let host = try RunningHost(fixture)
        #expect(await host.waitFor("kind=SingleRepo [widgethost] timeline received"), "\(host.output)")

        let reload = try await fixture.run("reload", "--kind", "Contributor", "--force")
        #expect(reload.stdout == "reload requested for 1 Contributor instance (forced)\n")
        #expect(reload.stderr.isEmpty, "a host is running, so no note")
        #expect(await host.waitFor("kind=Contributor [widgethost] forced reload requested"), "\(host.output)")
        // A request that arrives during the first call runs when that call ends.
        #expect(await host.waitFor("kind=Contributor [widgethost] reload started", count: 2), "\(host.output)")
        #expect(await host.stop() == 0)
        #expect(host.output.components(separatedBy: "kind=Contributor [widgethost] reload started").count == 3, "two reloads")
        #expect(host.output.components(separatedBy: "kind=SingleRepo [widgethost] reload started").count == 2, "one reload")
    }

    /// Issue 24: an unforced reload was put off for up to the minimum
    /// interval without a word. It says when the host will run it, and why.
    @Test func anUnforcedReloadSaysWhenTheHostRunsIt() async throws {
        let server = try await ContainerFixture.fakeGitHub()
        defer { server.stop() }
        let fixture = try ContainerFixture(githubAPI: server.apiBase)
        let added = try await fixture.run("add-instance", "SingleRepo", "--repo", "apple/swift")
        let id = String(added.stdout.dropFirst("added ".count).prefix(6))
        let host = try RunningHost(fixture)
        #expect(await host.waitFor("instance=\(id) kind=SingleRepo [widgethost] timeline received"), "\(host.output)")

        // Saved, not only received: the command reads the stored schedule.
        #expect(try await TestSupport.eventually { try await fixture.run("status").stdout.contains("\(id)  SingleRepo  systemMedium  fresh") })
        // The default minimum interval is 5 minutes, and the first timeline was a reload.
        let reload = try await fixture.run("reload", "--instance", id)
        let lines = reload.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "reload requested for instance \(id)", "\(reload.stdout)")
        let said = try #require(lines.last)
        #expect(said.hasPrefix("the host runs it at "), "\(said)")
        #expect(said.hasSuffix(" (minimum interval of 5m since the last reload); --force runs it now"), "\(said)")
        #expect(said.range(of: #"at \d\d:\d\d "#, options: .regularExpression) != nil, "a local 24-hour time: \(said)")

        let forced = try await fixture.run("reload", "--instance", id, "--force")
        #expect(forced.stdout == "reload requested for instance \(id) (forced)\n", "a forced reload waits for nothing")
        #expect(await host.stop() == 0)
    }

    @Test func anExplicitReloadAsksGitHubEvenWithinCacheFor() async throws {
        let server = try await ContainerFixture.fakeGitHub()
        defer { server.stop() }
        let fixture = try ContainerFixture(githubAPI: server.apiBase)
        let added = try await fixture.run("add-instance", "SingleRepo", "--repo", "apple/swift")
        let id = String(added.stdout.dropFirst("added ".count).prefix(6))
        let host = try RunningHost(fixture)
        let received = "instance=\(id) kind=SingleRepo [widgethost] timeline received"
        #expect(await host.waitFor(received), "\(host.output)")
        #expect(server.requests(to: "/repos/apple/swift").count == 1)

        // Well within cache_for (10m): a person asking for fresh data gets GitHub asked.
        #expect(try await fixture.run("reload", "--instance", id, "--force").status == 0)
        #expect(await host.waitFor(received, count: 2), "\(host.output)")
        let requests = server.requests(to: "/repos/apple/swift")
        #expect(requests.count == 2)
        #expect(requests.last?.ifNoneMatch != nil, "revalidated with the stored ETag")
        #expect(requests.last?.status == 304)
        #expect(await host.stop() == 0)
    }

    @Test func aRefusedConnectionShowsOfflineAtOnceInOneLine() async throws {
        // The container fixture's API is port 9 on loopback: the connection is refused.
        let fixture = try ContainerFixture()
        let added = try await fixture.run("add-instance", "SingleRepo", "--repo", "apple/swift")
        let id = String(added.stdout.dropFirst("added ".count).prefix(6))
        let host = try RunningHost(fixture)
        #expect(await host.waitFor("reload failed (1 in a row): offline or unreachable: 127.0.0.1:9: connection refused;"), "\(host.output)")
        let status = try await fixture.run("status").stdout
        #expect(status.contains("\(id)  SingleRepo  systemMedium  failing"), "\(status)")
        #expect(status.contains("1 failed reload: offline or unreachable: 127.0.0.1:9: connection refused"), "\(status)")
        #expect(await host.stop() == 0)
    }

    @Test func reloadWithoutARunningHostSaysSo() async throws {
        let server = try await ContainerFixture.fakeGitHub()
        defer { server.stop() }
        let fixture = try ContainerFixture(githubAPI: server.apiBase)
        _ = try await fixture.run("add-instance", "Contributor")
        let result = try await fixture.run("reload")
        #expect(result.status == 0)
        #expect(result.stdout == "reload requested for all 1 instance\n")
        #expect(result.stderr == "note: no host is running on this container; the next 'widgethost run' will reload\n")
        #expect(try await fixture.run("reload", "--kind", "Nope").stderr.contains("error: unknown kind 'Nope'"))
        #expect(try await fixture.run("reload", "--instance", "zzzzzz").stderr.contains("error: no instance with id 'zzzzzz'"))
        #expect(try await fixture.run("reload", "--kind", "Contributor", "--instance", "x").stderr.contains("give --kind or --instance, not both"))
    }

    @Test func statusShowsEveryInstanceState() async throws {
        let server = try await ContainerFixture.fakeGitHub()
        defer { server.stop() }
        let fixture = try ContainerFixture(githubAPI: server.apiBase)
        _ = try await fixture.run("add-instance", "Contributor")
        let before = try await fixture.run("status", "--json")
        let report = try JSONSerialization.jsonObject(with: Data(before.stdout.utf8)) as? [String: Any]
        #expect((report?["hosts"] as? [Any])?.isEmpty == true)
        #expect((report?["instances"] as? [[String: Any]])?.first?["state"] as? String == "no-host")
        #expect(try await fixture.run("status").stdout.hasPrefix("host: none running on this container"))

        let host = try RunningHost(fixture)
        #expect(await host.waitFor("timeline received"), "\(host.output)")
        let during = try await fixture.run("status").stdout.split(separator: "\n")
        #expect(during.first?.hasPrefix("host: running (pid \(host.process.processIdentifier), since ") == true, "\(during)")
        #expect(during.dropFirst().first?.hasPrefix("ID      KIND         FAMILY       STATE  ENTRY") == true)
        #expect(during.last?.contains("Contributor  systemLarge  fresh") == true, "\(during)")
        let timeline = try await fixture.run("timeline", "--json", String(during.last!.prefix(6)))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(timeline.stdout.utf8)) as? [String: Any])
        #expect((json["host"] as? [String: Any])?["pid"] as? Int == Int(host.process.processIdentifier))

        #expect(await host.stop() == 0)
        let after = try await fixture.run("status").stdout.split(separator: "\n")
        #expect(after.first?.hasPrefix("host: none running") == true)
        #expect(after.last?.contains("Contributor  systemLarge  no-host") == true, "\(after)")
        #expect(after.last?.contains("not kept fresh: no host is running; updated") == true)
    }

    @Test(arguments: ["run", "reload", "status", "timeline"])
    func everyCommandHasHelp(_ command: String) async throws {
        let result = try await TestSupport.widgethost([command, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: widgethost \(command)"))
    }
}

@Suite("A restarted host and overdue reloads")
struct OverdueReloadTests {
    /// The timeout of a reload runs from when it starts. It used to run from
    /// the due date, so a reload overdue after a restart failed at once.
    @Test func anOverdueReloadGetsItsWholeTimeout() {
        var core = SchedulerCore(policy: SchedulePolicy(settings: ScheduleSettings()), seed: 1)
        let due = Date(timeIntervalSince1970: 1_800_000_000)
        var persisted = InstanceSchedule()
        persisted.policy = .atEnd
        persisted.nextReload = due
        let restart = due + 3_600
        _ = core.add("overdue", schedule: persisted, at: restart)
        let step = core.advance(to: restart)
        #expect(step.calls.map(\.instance) == ["overdue"])
        #expect(step.cancelled.isEmpty)
        #expect(core.advance(to: restart + 29).cancelled.isEmpty, "30 s from the start, not from the due date")
        let view = ViewNode(.text("entry"))
        let done = core.complete(step.calls[0], with: .success(ArchivedTimeline(entries: [ArchivedEntry(date: restart, view: view)], policy: .never)), at: restart + 29)
        #expect(done.events.contains { if case .timelineReceived = $0.kind { true } else { false } })
        #expect(core.statistics.timeouts == 0)
    }
}
