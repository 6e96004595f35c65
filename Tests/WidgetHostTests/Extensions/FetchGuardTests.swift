import Foundation
import HostTestSupport
import Testing
import WidgetConfiguration
@testable import WidgetHost
import WidgetSDK
import WidgetTestSupport

/// A kind has no sockets; the host fetches for it, and must not be its way
/// to the dashboard, another local service or the machine's network. Probe
/// (FixtureSandbox) asks through URLSession, in a real extension under a
/// real host; the services it aims at are real listeners on loopback.
@Suite("What the host fetches for a kind")
struct FetchGuardTests {
    @Test(arguments: [
        ("127.0.0.1", OutboundAddress.Scope.loopback), ("127.255.0.9", .loopback), ("::1", .loopback), ("::ffff:127.0.0.1", .loopback),
        ("10.1.2.3", .privateNetwork), ("172.16.0.1", .privateNetwork), ("172.31.255.255", .privateNetwork), ("192.168.1.1", .privateNetwork),
        ("fd00::1", .privateNetwork), ("fec0::1", .privateNetwork), ("169.254.169.254", .linkLocal), ("fe80::1%eth0", .linkLocal),
        ("100.64.0.1", .sharedNAT), ("224.0.0.1", .multicast), ("ff02::1", .multicast), ("0.0.0.0", .unspecified), ("::", .unspecified),
        ("255.255.255.255", .reserved), ("240.0.0.1", .reserved), ("198.18.0.1", .reserved), ("192.0.0.8", .reserved),
        ("192.0.2.1", .documentation), ("2001:db8::1", .documentation), ("64:ff9b::7f00:1", .loopback), ("2002:a00:1::", .privateNetwork),
        ("2001::1", .reserved), ("::7f00:1", .reserved),
        ("8.8.8.8", .global), ("140.82.112.6", .global), ("172.32.0.1", .global), ("2606:4700::1111", .global), ("64:ff9b::808:808", .global),
    ])
    func everyAddressOffTheInternetIsKnownForWhatItIs(_ text: String, _ scope: OutboundAddress.Scope) throws {
        let address = try #require(OutboundAddress(text))
        #expect(address.scope == scope, "\(text)")
    }

    @Test func numbersThatOnlyLookLikeAddressesAreNames() {
        // inet_aton would read these as 127.0.0.1; the guard resolves them as names and checks what they resolve to.
        for text in ["0x7f000001", "2130706433", "127.1", "0177.0.0.1"] { #expect(OutboundAddress(text) == nil, "\(text)") }
    }

    /// The HTTP client matches its DNS override (the pinned address) to the
    /// URL's host as written: the URL sent names the host exactly as it was
    /// checked, or `Rebind.example.` would be resolved again.
    @Test func theURLSentNamesTheHostExactlyAsItWasChecked() async throws {
        let outbound = OutboundGuard(trusting: "https://api.github.com")
        let allowed = FetchAllowance([FetchAllowance.Entry(host: "home.example", port: nil)])
        for (url, sent) in [
            ("http://Home.EXAMPLE.:8123/a?b=1#c", "http://home.example:8123/a?b=1#c"),
            ("http://%68ome.example/", "http://home.example/"),
            ("https://[2606:4700::1111]/x", "https://[2606:4700::1111]/x"),
        ] {
            let destination = try await outbound.destination(of: url, allowing: allowed)
            #expect(destination.url == sent, "\(url)")
            #expect(URL(string: destination.url)?.host.map(FetchAllowance.normalized) == destination.host)
        }
    }

    @Test func aRedirectIsFollowedAsURLSessionFollowsIt() throws {
        let post = HTTPRequest(url: "https://a.example/form", method: "POST", headers: ["Authorization": "Bearer x", "Content-Type": "text/plain"],
                               body: Data("b".utf8))
        let seeOther = try #require(GitHubService.redirect(of: post, status: 303, location: "/done"))
        #expect(seeOther.url == "https://a.example/done" && seeOther.method == "GET" && seeOther.body == nil)
        #expect(seeOther.headers["Authorization"] == "Bearer x", "same origin keeps credentials")
        let elsewhere = try #require(GitHubService.redirect(of: post, status: 307, location: "https://b.example/form"))
        #expect(elsewhere.method == "POST" && elsewhere.body == post.body, "307 keeps the method and body")
        #expect(elsewhere.headers["Authorization"] == nil, "credentials never follow to another origin")
        #expect(GitHubService.redirect(of: post, status: 302, location: "file:///etc/passwd") == nil)
        #expect(GitHubService.redirect(of: post, status: 200, location: "/x") == nil)
    }

    @Test func loopbackAndPrivateAddressesAreRefusedHoweverTheURLNamesThem() async throws {
        let service = try CannedHTTPServer()
        defer { service.close() }
        let fixture = try SandboxTests.Fixture()
        let port = service.port
        let targets = [
            "http://127.0.0.1:\(port)/admin", "http://localhost:\(port)/", "http://[::1]:\(port)/", "http://2130706433:\(port)/",
            "http://0x7f000001:\(port)/", "http://127.1:\(port)/", "http://169.254.169.254/latest/meta-data/", "http://10.0.0.1/",
        ]
        var ids: [String] = []
        for target in targets { ids.append(try await fixture.add("fetch", target: target)) }
        let host = try RunningHost(manifestPath: fixture.manifestPath, folder: fixture.folder, arguments: ["--log"], environment: fixture.environment)
        for id in ids {
            #expect(await host.waitFor("instance=\(id) kind=Probe [widgethost] timeline received"), "\(host.output)")
        }
        for (target, id) in zip(targets, ids) {
            let drawn = try await fixture.drawn(id)
            #expect(drawn.contains("fetch failed:") && drawn.contains("widgethost does not fetch"), "\(target): \(drawn)")
            #expect(!drawn.contains("secret of a local service"), "\(target)")
        }
        #expect(service.requests.isEmpty, "the local service was never asked: \(service.requests)")
        let log = host.output
        #expect(log.contains("[FixtureSandbox] fetch refused http://127.0.0.1:\(port)/admin (127.0.0.1 is a loopback address): list 127.0.0.1:\(port) under widgets[].sandbox.fetch"), "\(log)")
        #expect(log.contains("localhost (127.0.0.1) is a loopback address") || log.contains("localhost (::1) is a loopback address"), "\(log)")
        #expect(log.contains("169.254.169.254 is a link-local address"), "\(log)")
        #expect(log.components(separatedBy: "fetch refused http://127.0.0.1:\(port)/admin").count - 1 == 1, "once for each host")
        #expect(await MisbehavingKindsTests.stopLeavingNoExtension(host) == 0)
    }

    @Test func aHostTheManifestAllowsIsFetchedAndARedirectOutOfItIsRefused() async throws {
        let hidden = try CannedHTTPServer(body: "not for kinds")
        let redirector = try CannedHTTPServer(status: "302 Found", headers: ["Location": hidden.url + "inside"])
        let allowed = try CannedHTTPServer(body: "hello from an allowed host")
        defer { [hidden, redirector, allowed].forEach { $0.close() } }
        let fixture = try SandboxTests.Fixture(sandbox: "{fetch: ['127.0.0.1:\(allowed.port)', '127.0.0.1:\(redirector.port)']}")
        let direct = try await fixture.add("fetch", target: allowed.url + "page")
        let redirected = try await fixture.add("fetch", target: redirector.url + "away")
        let host = try RunningHost(manifestPath: fixture.manifestPath, folder: fixture.folder, arguments: ["--log"], environment: fixture.environment)
        for id in [direct, redirected] {
            #expect(await host.waitFor("instance=\(id) kind=Probe [widgethost] timeline received"), "\(host.output)")
        }
        #expect(try await fixture.drawn(direct).contains("fetched HTTP 200 hello from an allowed host"))
        let drawn = try await fixture.drawn(redirected)
        #expect(drawn.contains("widgethost does not fetch \(hidden.url)inside"), "\(drawn)")
        #expect(redirector.requests == ["GET /away HTTP/1.1"])
        #expect(hidden.requests.isEmpty, "the redirect's target was never asked")
        let status = try await fixture.run("status")
        #expect(status.stdout.contains("fetches from 127.0.0.1:\(allowed.port), 127.0.0.1:\(redirector.port)"), "\(status.stdout)")
        #expect(await MisbehavingKindsTests.stopLeavingNoExtension(host) == 0)
    }

    /// Issue 36's attack, done directly by a kind the manifest lets open
    /// sockets: it reads the dashboard's page (and its token) like anything
    /// on this machine can, but its tap is refused, for it cannot hold the
    /// dashboard's key; through the host's fetch it does not even get the page.
    @Test func aKindWithSocketsCanReadTheDashboardButNotTap() async throws {
        let fixture = try SandboxTests.Fixture(sandbox: "{network: true}", otherWidgets: "  - {kind: Switch, module: FixtureInteractive}")
        let switchID = try await fixture.run("add-instance", "Switch").stdout.dropFirst("added ".count).prefix(6)
        let host = try RunningHost(manifestPath: fixture.manifestPath, folder: fixture.folder, arguments: ["--log", "--serve", "127.0.0.1:0"],
                                   environment: fixture.environment)
        let base = try await host.dashboardBase()
        let port = try #require(base.split(separator: ":").last.map(String.init))
        #expect(await host.waitFor("instance=\(switchID) kind=Switch [widgethost] timeline received"), "\(host.output)")
        let tap = try await fixture.add("tap", target: "\(port)/\(switchID)")
        let fetch = try await fixture.add("fetch", target: base + "/instances")
        for id in [tap, fetch] {
            #expect(await host.waitFor("instance=\(id) kind=Probe [widgethost] timeline received"), "\(host.output)")
        }
        let tapped = try await fixture.drawn(tap)
        #expect(tapped.contains("read the page's token; the tap got HTTP/1.1 403 Forbidden"), "\(tapped)")
        #expect(try await fixture.drawn(fetch).contains("widgethost does not fetch"), "the host's fetch stays refused")
        #expect(host.occurrences(of: "performed") == 0 && host.occurrences(of: "instance=\(switchID) kind=Switch [widgethost] reload started") == 1,
                "no intent ran: \(host.output)")
        #expect(await MisbehavingKindsTests.stopLeavingNoExtension(host) == 0)
    }

    @Test(arguments: ["http://x", "https://example.com:8123", "host/path", "host:0", "host:99999", "[::1", "a b"])
    func aManifestListingSomethingElseThanAHostIsRefusedAtItsLine(_ entry: String) throws {
        let manifest = """
            container: {group: group.test.sandbox}
            widgets:
              - {kind: Probe, module: FixtureSandbox, sandbox: {fetch: ['\(entry)']}}
            """
        #expect(throws: (any Error).self) { try TestSupport.manifest(manifest) }
        do {
            _ = try TestSupport.manifest(manifest)
        } catch {
            #expect("\(error)".contains("3:") && "\(error)".contains("sandbox.fetch names hosts"), "\(error)")
        }
    }
}
