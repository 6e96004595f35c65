import FakeGitHub
import Foundation
import HostTestSupport
import NIOHTTP1
import Testing
@testable import WidgetHost
import WidgetTestSupport

/// Several real `widgethost run` processes on one PostgreSQL container,
/// against a fake GitHub that counts what it is asked: each instance is
/// reloaded by one host, a killed host's instances move to another, and
/// the hosts spend one GitHub budget between them.
@Suite("A fleet of hosts on PostgreSQL", .serialized)
struct FleetTests {
    struct Fleet {
        let folder: URL
        let manifestPath: String
        let server: FakeGitHub

        /// `repositories` named r1…rN under `fleet/`, each with one contributor.
        init(repositories: Int, lease: String = "3s", rateLimit: Int? = nil) async throws {
            server = FakeGitHub()
            try await server.start()
            for number in 1 ... max(repositories, 1) {
                server.add(.init(owner: "fleet", name: "r\(number)", stars: number, contributors: [("octocat", number)]))
            }
            if let rateLimit { server.setRateLimit(rateLimit) }
            folder = try TestSupport.temporaryDirectory()
            manifestPath = folder.appendingPathComponent("config.yaml").path
            try """
                container:
                  group: \(TestPostgres.freshGroup())
                  url: \(try TestPostgres.url)
                  lease: \(lease)
                github: {api: "\(server.apiBase)", cache_for: 1h}
                schedule: {timeout: 10s, min_interval: 1s}
                widgets:
                  - kind: SingleRepo
                  - {kind: Ticker, module: FixtureSchedules}
                  - {kind: Switch, module: FixtureInteractive}
                """.write(toFile: manifestPath, atomically: true, encoding: .utf8)
        }

        func run(_ arguments: String...) async throws -> TestSupport.ProcessResult {
            try await TestSupport.widgethost(arguments + ["--config", manifestPath])
        }

        /// Places an instance and returns its id.
        func add(_ arguments: String...) async throws -> String {
            let result = try await TestSupport.widgethost(["add-instance"] + arguments + ["--config", manifestPath])
            #expect(result.status == 0, "\(result.stderr)")
            return String(result.stdout.dropFirst("added ".count).prefix(6))
        }

        func host(_ arguments: [String] = []) throws -> RunningHost {
            try RunningHost(manifestPath: manifestPath, folder: folder, arguments: ["--log"] + arguments)
        }

        /// Places SingleRepo instances of fleet/r1…r`count`, lets one host
        /// reload them all, then starts two more and waits until each of
        /// those has been given its share.
        func threeHostsSharing(_ count: Int) async throws -> (ids: [String], hosts: [RunningHost]) {
            var ids: [String] = []
            for number in 1 ... count { ids.append(try await add("SingleRepo", "--repo", "fleet/r\(number)")) }
            let first = try host()
            #expect(await first.waitFor("timeline received", count: count), "\(first.output)")
            // Two more join at once.
            let others = try [host(), host()]
            for host in others {
                #expect(await host.waitFor("instance added", count: count / 3), "\(host.output)")
            }
            return (ids, [first] + others)
        }

        /// Requests for exactly this API path (not its contributors).
        func requests(to path: String) -> Int {
            server.requests.filter { $0.path == path }.count
        }
    }

    static func line(_ id: String, _ what: String) -> String {
        "instance=\(id) kind=SingleRepo [widgethost] \(what)"
    }

    @Test func threeHostsReloadEachInstanceOncePerDueDate() async throws {
        let fleet = try await Fleet(repositories: 9)
        let (ids, hosts) = try await fleet.threeHostsSharing(9)
        let (first, others) = (hosts[0], Array(hosts.dropFirst()))
        #expect(first.output.contains("gave "), "\(first.output)")
        let status = try await fleet.run("status").stdout
        #expect(status.contains("hosts: 3 running, sharing the instances"), "\(status)")

        // A due date for every instance at once: each is reloaded by one host.
        #expect(try await fleet.run("reload", "--force").status == 0)
        func reloads(_ id: String) -> Int { hosts.map { $0.occurrences(of: Self.line(id, "timeline received")) }.reduce(0, +) }
        #expect(await TestSupport.eventually { ids.allSatisfy { reloads($0) >= 2 } }, "\(hosts.map(\.output))")
        // Long enough for two lease renewals, in which a duplicate would show.
        try await Task.sleep(for: .seconds(3))
        for (index, id) in ids.enumerated() {
            #expect(reloads(id) == 2, "instance \(id): the first timeline, then the reload asked for")
            #expect(fleet.requests(to: "/repos/fleet/r\(index + 1)") == 2, "one request per reload, from one host")
        }
        #expect(others.allSatisfy { host in ids.contains { host.output.contains(Self.line($0, "timeline received")) } },
                "the hosts that joined reloaded what they were given")
        for host in hosts { #expect(await host.stop(SIGTERM) == 0) }
    }

    @Test func aKilledHostsInstancesAreTakenOverWithinTheLease() async throws {
        let fleet = try await Fleet(repositories: 1, lease: "2s")
        var ids: [String] = []
        for _ in 0..<4 { ids.append(try await fleet.add("Ticker", "--entries", "3", "--spacing", "1")) }
        let doomed = try fleet.host()
        #expect(await doomed.waitFor("instance added", count: 4), "\(doomed.output)")
        let survivor = try fleet.host(["--serve", "127.0.0.1:0"])
        #expect(await survivor.waitFor("instance added", count: 2), "\(survivor.output)")
        let moved = ids.filter { !survivor.output.contains("instance=\($0) ") }
        #expect(moved.count == 2, "\(survivor.output)")

        let killed = Date()
        #expect(await doomed.stop(SIGKILL) == SIGKILL)
        #expect(await survivor.waitFor("took over 2 instances from the host (pid \(doomed.process.processIdentifier) on "), "\(survivor.output)")
        print("SIGKILL to takeover with a 2 s lease: \(Int(Date().timeIntervalSince(killed) * 1000)) ms")
        for id in moved {
            #expect(await survivor.waitFor("instance=\(id) kind=Ticker [widgethost] timeline received"), "\(survivor.output)")
        }
        let text = try await LoopbackHTTP.get(try await survivor.dashboardBase() + "/metrics")
        let samples = try PrometheusText.parse(text).samples
        #expect(samples.first { $0.name == "widgethost_lease_takeovers_total" }?.value == 2, "\(text)")
        #expect(samples.first { $0.name == "widgethost_leases_held" }?.value == 4, "\(text)")
        #expect(samples.first { $0.name == "widgethost_fleet_leases" && $0.labels["host"]?.hasPrefix("pid \(survivor.process.processIdentifier) on ") == true }?.value == 4,
                "as the database counts them: \(text)")

        // The dead host is still named, flagged, until its row is cleared an hour on.
        let status = try await fleet.run("status")
        #expect(status.stdout.contains("host pid \(doomed.process.processIdentifier) on ") && status.stdout.contains("has not renewed its leases since"),
                "\(status.stdout)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(try await fleet.run("status", "--json").stdout.utf8)) as? [String: Any])
        let hosts = try #require(report["hosts"] as? [[String: Any]])
        #expect(hosts.map { $0["live"] as? Bool } == [false, true], "\(hosts)")
        #expect(hosts.allSatisfy { $0["renewedAt"] is String }, "\(hosts)")
        #expect(await survivor.stop(SIGTERM) == 0)
    }

    @Test func aHostStoppedCleanlyGivesItsInstancesBackAtOnce() async throws {
        let fleet = try await Fleet(repositories: 1, lease: "10m")
        for _ in 0..<2 { _ = try await fleet.add("Ticker", "--entries", "3", "--spacing", "1") }
        let leaving = try fleet.host()
        #expect(await leaving.waitFor("instance added", count: 2), "\(leaving.output)")
        let staying = try fleet.host()
        #expect(await staying.waitFor("instance added", count: 1), "\(staying.output)")
        #expect(await leaving.stop(SIGTERM) == 0)
        // With a ten-minute lease, only a lease given back can move this soon.
        #expect(await staying.waitFor("instance added", count: 2), "\(staying.output)")
        #expect(!staying.output.contains("took over"), "given, not taken over")
        #expect(await staying.stop(SIGTERM) == 0)
    }

    @Test func twoHostsAskingForOneRepositoryAtOnceSendOneRequest() async throws {
        let fleet = try await Fleet(repositories: 1)
        let ids = [try await fleet.add("SingleRepo", "--repo", "fleet/r1"), try await fleet.add("SingleRepo", "--repo", "fleet/r1")]
        let first = try fleet.host()
        #expect(await first.waitFor("timeline received", count: 2), "\(first.output)")
        let second = try fleet.host()
        #expect(await second.waitFor("instance added"), "\(second.output)")
        #expect(await first.waitFor("gave 1 instance"), "\(first.output)")

        // A slow GitHub keeps the first host's request open while the other asks.
        fleet.server.setFault(.slow(seconds: 1), for: "/repos/fleet/r1")
        let before = fleet.requests(to: "/repos/fleet/r1")
        #expect(try await fleet.run("reload", "--force").status == 0)
        let hosts = [first, second]
        func timelines(_ id: String) -> Int { hosts.map { $0.occurrences(of: Self.line(id, "timeline received")) }.reduce(0, +) }
        #expect(await TestSupport.eventually { ids.allSatisfy { timelines($0) == 2 } }, "\(hosts.map(\.output))")
        #expect(second.output.contains("timeline received"), "each host reloaded its own instance")
        #expect(fleet.requests(to: "/repos/fleet/r1") == before + 1, "the host that waited used the other's answer")
        for host in hosts { #expect(await host.stop(SIGTERM) == 0) }
    }

    @Test func aTapOnOneHostsDashboardReloadsTheKindOnEveryHost() async throws {
        let fleet = try await Fleet(repositories: 1)
        let ids = [try await fleet.add("Switch"), try await fleet.add("Switch")]
        let served = try fleet.host(["--serve", "127.0.0.1:0"])
        #expect(await served.waitFor("timeline received", count: 2), "\(served.output)")
        let other = try fleet.host()
        #expect(await other.waitFor("instance added"), "\(other.output)")
        let elsewhere = try #require(ids.first { other.output.contains("instance=\($0) ") })
        let line = "instance=\(elsewhere) kind=Switch [widgethost] timeline received"
        let before = other.occurrences(of: line)

        let base = try await served.dashboardBase()
        let page = try await LoopbackHTTP.get(base + "/")
        #expect(ids.allSatisfy { page.contains($0) }, "each host's dashboard shows every instance: \(page)")
        let token = try #require(page.firstMatch(of: /<meta name="widgethost-token" content="([0-9a-f]{16,})">/).map { String($0.1) })
        // The tile of the instance the other host holds: this host draws every instance.
        let key = try await served.unlockDashboard(base: base)
        let tapped = try await LoopbackHTTP.send(base + "/instances/\(elsewhere)/actions/1", method: .POST,
                                                   headers: ["X-Widgethost-Token": token, "Origin": base, "X-Widgethost-Key": key])
        #expect(tapped.status == 200, "\(tapped.body)")
        #expect(await other.waitFor(line, count: before + 1), "the other host reloaded its instance: \(other.output)")
        for host in [served, other] { #expect(await host.stop(SIGTERM) == 0) }
    }

    @Test func threeHostsNeverSpendMoreThanTheFleetsRateLimit() async throws {
        // Each reload of a large SingleRepo asks for the repository and its
        // contributors: 40 instances want 80 requests of a 60 an hour budget.
        let fleet = try await Fleet(repositories: 40, rateLimit: 60)
        var ids: [String] = []
        for number in 1 ... 40 { ids.append(try await fleet.add("SingleRepo", "--repo", "fleet/r\(number)", "--family", "systemLarge")) }
        let hosts = try (0..<3).map { _ in try fleet.host() }
        func settled(_ id: String) -> Bool {
            hosts.contains { $0.output.contains(Self.line(id, "timeline received")) || $0.output.contains(Self.line(id, "reload failed")) }
        }
        #expect(await TestSupport.eventually { ids.allSatisfy(settled) }, "\(hosts.map(\.output))")
        // Avatars are not API requests: GitHub does not count them.
        let api = fleet.server.requests.filter { $0.path.hasPrefix("/repos/") }
        print("40 large SingleRepo instances on 3 hosts under a limit of 60: \(api.count) API requests, "
              + "\(hosts.map { $0.occurrences(of: "timeline received") }) timelines by host")
        #expect(api.count <= 60, "\(api.count) requests")
        #expect(api.filter { $0.status == 403 }.isEmpty, "the hosts stopped before GitHub had to refuse")
        let limited = hosts.map { $0.occurrences(of: "rate-limited until") }.reduce(0, +)
        #expect(limited > 0, "what did not fit waits for the next window")
        for host in hosts { #expect(await host.stop(SIGTERM) == 0) }
    }

    @Test func aRefusalOnOneHostPausesTheWholeFleet() async throws {
        let fleet = try await Fleet(repositories: 6)
        let (ids, hosts) = try await fleet.threeHostsSharing(6)

        // GitHub refuses the next request, whoever sends it.
        fleet.server.setFault(.rateLimited, for: "/repos/")
        func apiRequests() -> Int { fleet.server.requests.filter { $0.path.hasPrefix("/repos/") }.count }
        let before = apiRequests()
        #expect(try await fleet.run("reload", "--instance", ids[0], "--force").status == 0)
        #expect(await TestSupport.eventually { apiRequests() > before })
        #expect(await TestSupport.eventually { hosts.contains { $0.output.contains(Self.line(ids[0], "reload failed")) } })

        // Every host now holds back: the refusal was the fleet's last request.
        // (The refused instance itself waits for the limit's end, forced or not.)
        #expect(try await fleet.run("reload", "--force").status == 0)
        func heldBack(_ id: String) -> Bool {
            hosts.contains { $0.output.contains(Self.line(id, "reload failed")) }
        }
        #expect(await TestSupport.eventually { ids.allSatisfy(heldBack) }, "\(hosts.map(\.output))")
        #expect(hosts.allSatisfy { $0.output.contains("rate-limited until") }, "every host held back")
        #expect(apiRequests() == before + 1, "one refusal, then no host asked again")
        for host in hosts { #expect(await host.stop(SIGTERM) == 0) }
    }
}
