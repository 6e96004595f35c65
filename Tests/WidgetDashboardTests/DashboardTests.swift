import AsyncHTTPClient
import HostTestSupport
import WidgetTestSupport

#if canImport(Glibc)
import Glibc
#endif
import FakeGitHub
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization
import Testing
@testable import WidgetDashboard
@testable import WidgetHost

/// `run --serve` as a real process on an ephemeral port, against the fake GitHub.
@Suite("The web dashboard")
struct DashboardTests {
    @Test func thePageListsEveryInstanceAndAnAddedInstanceArrivesAsAnEvent() async throws {
        let server = try await ContainerFixture.fakeGitHub()
        defer { server.stop() }
        let fixture = try ContainerFixture(githubAPI: server.apiBase)
        _ = try await fixture.run("add-instance", "SingleRepo", "--repo", "apple/swift")
        _ = try await fixture.run("add-instance", "Contributor")
        let ids = try await fixture.instances().compactMap { $0["id"] as? String }
        let host = try RunningHost(fixture, arguments: ["--serve", "127.0.0.1:0"])
        let base = try await host.dashboardBase()
        #expect(await host.waitFor("timeline received"), "\(host.output)")
        let page = try await LoopbackHTTP.get(base + "/")
        #expect(page.hasPrefix("<!doctype html>"))
        for id in ids {
            #expect(page.contains(#"<img src="/instances/\#(id).svg?scheme=light""#))
        }
        // The log line comes as the timeline arrives, its save a moment later: the card is drawn from what is saved.
        var svg = ""
        #expect(await TestSupport.eventually {
            svg = (try? await LoopbackHTTP.get(base + "/instances/\(ids[0]).svg")) ?? ""
            return svg.contains(">swift</text>")
        }, "\(svg)")
        #expect(svg.hasPrefix("<svg"))
        let json = try await LoopbackHTTP.get(base + "/instances/\(ids[0])")
        #expect(json.contains(#""kind":"SingleRepo""#))
        // What a screen reader says for the card: its title, and the text the page gives its <img>.
        #expect(svg.contains("<title>") && svg.contains(#"role="img">"#) && svg.contains("swift"), "\(svg)")
        #expect(json.contains(#""spoken":""#), "\(json)")
        #expect(try await LoopbackHTTP.get(base + "/").contains(#"alt="SingleRepo: "#))

        // Listen, then add an instance from another process.
        let request = HTTPClientRequest(url: base + "/events")
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        #expect(response.headers.first(name: "content-type") == "text/event-stream")
        var received = ""
        var added: String?
        for try await buffer in response.body {
            received += buffer.getString(at: buffer.readerIndex, length: buffer.readableBytes) ?? ""
            if received.contains(": connected"), added == nil {
                let result = try await fixture.run("add-instance", "DoubleRepo")
                added = String(result.stdout.dropFirst("added ".count).prefix(6))
            }
            if let added, received.contains("event: instances\ndata: \(added)") { break }
        }
        #expect(received.contains("event: instances\ndata: \(added ?? "?")"))
        #expect(await host.stop() == 0, "SIGTERM ends open event streams and exits")
    }

    /// Issue 11, items 19 and 20: names, captions the page can age, one
    /// event per change, and unsupported instances greyed out.
    @Test func eachChangeIsOneEventAndTheTilesSayWhatThePageNeeds() async throws {
        let server = try await ContainerFixture.fakeGitHub()
        defer { server.stop() }
        let fixture = try ContainerFixture(githubAPI: server.apiBase)
        _ = try await fixture.run("add-instance", "SingleRepo", "--repo", "apple/swift", "--name", "Team <wall>")
        let host = try RunningHost(fixture, arguments: ["--serve", "127.0.0.1:0", "--log"])
        let base = try await host.dashboardBase()
        #expect(await host.waitFor("entry of"), "\(host.output)")
        // The log hears of an entry before the host saves it.
        #expect(try await TestSupport.eventually { try await LoopbackHTTP.get(base + "/").contains(#"data-since="20"#) })

        let page = try await LoopbackHTTP.get(base + "/")
        #expect(page.contains(">Team &lt;wall&gt; · SingleRepo · "), "the name, escaped: \(page)")
        #expect(page.contains(#"data-template="Team &lt;wall&gt; · SingleRepo · "#) && page.contains(" · updated {age} ago\""), "\(page)")
        #expect(page.contains(#"data-since="20"#), "the last success, for the page's timer")
        let list = try await LoopbackHTTP.get(base + "/instances")
        #expect(list.contains(#""detailTemplate":"updated {age} ago""#) && list.contains(#""name":"Team <wall>""#), "\(list)")

        // Listen while an instance is added and gets its first timeline.
        let received = Mutex("")
        let listener = Task {
            let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: base + "/events"), timeout: .seconds(60))
            for try await buffer in response.body {
                received.withLock { $0 += buffer.getString(at: buffer.readerIndex, length: buffer.readableBytes) ?? "" }
            }
        }
        while !received.withLock({ $0.contains(": connected") }) { try await Task.sleep(for: .milliseconds(20)) }
        let added = String(try await fixture.run("add-instance", "DoubleRepo").stdout.dropFirst("added ".count).prefix(6))
        #expect(await host.waitFor("instance=\(added) kind=DoubleRepo [widgethost] entry of"), "\(host.output)")
        // Longer than the coalescing window, so a second copy would have arrived.
        try await Task.sleep(for: .seconds(1))
        listener.cancel()
        let events = received.withLock { $0 }
        #expect(events.components(separatedBy: "event: instances\ndata: \(added)\n").count - 1 == 1, "\(events)")
        #expect(events.components(separatedBy: "event: entry\ndata: \(added)\n").count - 1 == 1,
                "a timeline and its first entry are one change: \(events)")
        #expect(await host.stop() == 0)

        // The manifest drops SingleRepo: its tile stays, greyed, with the reason.
        let narrowed = try String(contentsOfFile: fixture.manifestPath, encoding: .utf8)
            .replacingOccurrences(of: "  - kind: SingleRepo\n", with: "")
        try narrowed.write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)
        let again = try RunningHost(fixture, arguments: ["--serve", "127.0.0.1:0", "--log"])
        let newBase = try await again.dashboardBase()
        let ids = try await fixture.instances().compactMap { $0["kind"] as? String == "SingleRepo" ? $0["id"] as? String : nil }
        let id = try #require(ids.first)
        let card = try await LoopbackHTTP.get(newBase + "/instances/\(id).svg")
        #expect(card.contains(#"<g filter="url(#unavailable)""#) && card.contains(">Unavailable</text>"), "\(card)")
        #expect(card.contains(">swift</text>"), "its last entry, faded")
        #expect(await again.stop() == 0)
    }

    /// Issue 11, items 18 and 22: cards drawn once and revalidated with
    /// ETags, HEAD, 405, security headers, a page whose only script is its
    /// own file, a favicon, and 400 for an unknown mode.
    @Test func theServerCachesCardsAndSpeaksHTTPProperly() async throws {
        let fixture = try ContainerFixture()
        _ = try await fixture.run("add-instance", "Gauge")
        let id = try #require(try await fixture.instances().first?["id"] as? String)
        let host = try RunningHost(fixture, arguments: ["--serve", "127.0.0.1:0"])
        let base = try await host.dashboardBase()
        // Saved, not only received (the log hears of it first): the card then stays as it is.
        #expect(try await TestSupport.eventually { try await LoopbackHTTP.get(base + "/instances/\(id)").contains(#""state":"fresh""#) }, "\(host.output)")

        let card = try await LoopbackHTTP.send(base + "/instances/\(id).svg")
        #expect(card.status == 200)
        let etag = try #require(card.headers["etag"])
        #expect(card.headers["cache-control"] == "no-cache")
        #expect(try await LoopbackHTTP.send(base + "/instances/\(id).svg").headers["etag"] == etag, "the same card, the same tag")
        let revalidated = try await LoopbackHTTP.send(base + "/instances/\(id).svg", headers: ["If-None-Match": etag])
        #expect(revalidated.status == 304)
        #expect(revalidated.body.isEmpty)

        let head = try await LoopbackHTTP.send(base + "/instances/\(id).svg", method: .HEAD)
        #expect(head.status == 200 && head.body.isEmpty && head.headers["etag"] == etag)
        let post = try await LoopbackHTTP.send(base + "/instances", method: .POST)
        #expect(post.status == 405)
        #expect(post.headers["allow"] == "GET, HEAD")
        #expect(try await LoopbackHTTP.send(base + "/instances/\(id).svg?mode=bogus").status == 400)
        #expect(try await LoopbackHTTP.send(base + "/instances/\(id).svg?mode=accented").status == 200)

        let page = try await LoopbackHTTP.send(base + "/")
        #expect(page.headers["x-content-type-options"] == "nosniff")
        #expect(page.headers["x-frame-options"] == "DENY")
        #expect(page.headers["content-security-policy"]?.contains("script-src 'self'") == true)
        #expect(page.body.contains(#"<script src="/dashboard.js"></script>"#))
        #expect(!page.body.contains("<script>"), "no inline script")
        #expect(try await LoopbackHTTP.send(base + "/dashboard.js").body.contains("new EventSource(\"/events\")"))
        let icon = try await LoopbackHTTP.send(base + "/favicon.ico")
        #expect(icon.status == 200 && icon.body.hasPrefix("<svg"))
        #expect(await host.stop() == 0)
    }

    /// Issue 10: taps on the card, and the refusals that keep other pages
    /// and other names from making them.
    @Test func aTapOnTheCardRunsTheIntentAndOnlyTheDashboardsOwnPageMayTap() async throws {
        let fixture = try ContainerFixture.withInteractiveKinds()
        let id = ContainerFixture.instanceID(addedBy: try await fixture.run("add-instance", "Switch"))
        let host = try RunningHost(fixture, arguments: ["--serve", "127.0.0.1:0", "--log"])
        let base = try await host.dashboardBase()
        let port = base.split(separator: ":").last.map(String.init) ?? ""
        #expect(await host.waitFor("entry of"), "\(host.output)")
        #expect(try await TestSupport.eventually { try await LoopbackHTTP.get(base + "/").contains(#"data-actions="4""#) })

        let page = try await LoopbackHTTP.get(base + "/")
        let token = try #require(page.firstMatch(of: /<meta name="widgethost-token" content="([0-9a-f]{16,})">/).map { String($0.1) })
        #expect(page.contains(#"data-actions="4""#) && page.contains(#"data-ticks="true""#), "\(page)")
        let regions = try await LoopbackHTTP.get(base + "/instances/\(id)/actions")
        let actions = try #require(try JSONSerialization.jsonObject(with: Data(regions.utf8)) as? [[String: Any]])
        #expect(Set(actions.compactMap { $0["type"] as? String }) == ["widget", "toggle", "button", "link"])
        let toggle = try #require(actions.first { $0["type"] as? String == "toggle" })
        let frame = try #require(toggle["frame"] as? [String: Double])
        #expect(frame["width"]! > 0 && frame["height"]! > 0 && frame["x"]! >= 0 && frame["y"]! + frame["height"]! <= 170)

        let tapURL = base + "/instances/\(id)/actions/1"
        let noToken = try await LoopbackHTTP.send(tapURL, method: .POST)
        #expect(noToken.status == 403 && noToken.body.contains("X-Widgethost-Token"), "\(noToken.body)")
        let wrongToken = try await LoopbackHTTP.send(tapURL, method: .POST, headers: ["X-Widgethost-Token": "0123456789abcdef"])
        #expect(wrongToken.status == 403)
        let foreignOrigin = try await LoopbackHTTP.send(tapURL, method: .POST, headers: ["X-Widgethost-Token": token, "Origin": "http://evil.example"])
        #expect(foreignOrigin.status == 403 && foreignOrigin.body.contains("evil.example"), "\(foreignOrigin.body)")
        let rebound = try await LoopbackHTTP.send(tapURL, method: .POST, headers: ["X-Widgethost-Token": token, "Host": "evil.example:\(port)"])
        #expect(rebound.status == 403 && rebound.body.contains("answers to 127.0.0.1:\(port)"), "\(rebound.body)")
        let reboundPage = try await LoopbackHTTP.send(base + "/", headers: ["Host": "evil.example"])
        #expect(reboundPage.status == 403, "DNS rebinding reads nothing either")
        #expect(host.occurrences(of: "reload started") == 1, "no refused request ran anything: \(host.output)")

        // The page's token is not enough: whatever can read the page has it.
        let withoutKey = try await LoopbackHTTP.send(tapURL, method: .POST, headers: ["X-Widgethost-Token": token, "Origin": base])
        #expect(withoutKey.status == 403 && withoutKey.body.contains("does not hold the dashboard's key"), "\(withoutKey.body)")
        let key = try await host.unlockDashboard(base: base)

        let failing = try await LoopbackHTTP.send(base + "/instances/\(id)/actions/2", method: .POST, headers: ["X-Widgethost-Token": token, "X-Widgethost-Key": key])
        #expect(failing.status == 422 && failing.body.contains("the switch is stuck"), "\(failing.body)")
        let tapped = Date()
        let ok = try await LoopbackHTTP.send(tapURL, method: .POST, headers: ["X-Widgethost-Token": token, "Origin": base, "X-Widgethost-Key": key])
        #expect(ok.status == 200 && ok.body.contains("Flip the switch"), "\(ok.body)")
        #expect(await host.waitFor("instance=\(id) kind=Switch [widgethost] entry of", count: 2), "\(host.output)")
        print("dashboard tap to new entry current: \(String(format: "%.2f", Date().timeIntervalSince(tapped))) s")
        #expect(try await TestSupport.eventually { try await LoopbackHTTP.get(base + "/instances/\(id).svg").contains(">lamp is on</text>") })
        #expect(await host.stop() == 0)
    }

    /// Issue 20: the dashboard answered `GET http://elsewhere/` and a second
    /// `Host` by the first one, and never closed a connection that sent
    /// half a request (5,000 such held 4,824 descriptors).
    @Test func requestsThatCouldFoolTheHostCheckAreRefusedAndHalfSentOnesClosed() async throws {
        let fixture = try ContainerFixture()
        let host = try RunningHost(fixture, arguments: ["--serve", "127.0.0.1:0"])
        let base = try await host.dashboardBase()
        let port = try #require(base.split(separator: ":").last.flatMap { Int($0) })

        let plain = try RawConnection(port: port)
        plain.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        #expect(plain.readToEnd().hasSuffix("\r\n\r\nok\n"))

        let absolute = try RawConnection(port: port)
        absolute.send("GET http://evil.example/healthz HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        let refusedAbsolute = absolute.readToEnd()
        #expect(refusedAbsolute.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), "\(refusedAbsolute)")
        #expect(refusedAbsolute.hasSuffix("bad request: the target must be a path, as in 'GET / HTTP/1.1'\n"), "\(refusedAbsolute)")

        let twoHosts = try RawConnection(port: port)
        twoHosts.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nHost: evil.example\r\n\r\n")
        let refusedHosts = twoHosts.readToEnd()
        #expect(refusedHosts.hasPrefix("HTTP/1.1 400 Bad Request\r\n") && refusedHosts.contains("2 Host headers"), "\(refusedHosts)")

        // Closed by the server, not by the test: readToEnd returns at its end of stream.
        // Both at once, so the test waits out one idle timeout, not two.
        let halfSent = try RawConnection(port: port)
        halfSent.send("GET / HTTP/1.1\r\nHost: 127.0.")
        let idle = try RawConnection(port: port)
        idle.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        #expect(halfSent.readToEnd() == "", "closed without an answer")
        #expect(idle.readToEnd().hasSuffix("\r\n\r\nok\n"), "a kept-alive connection left idle is closed after its answer")
        #expect(await host.stop() == 0)
    }

    /// Issue 36: another site's page could load a card (`<img>`) and probe
    /// ids through its errors; every answer now says same-origin only, and
    /// a browser's request from another site or port is refused but for a
    /// link to the page.
    @Test func anotherSiteCanLinkToThePageButLoadNothingFromIt() async throws {
        let fixture = try ContainerFixture()
        _ = try await fixture.run("add-instance", "SingleRepo", "--repo", "apple/swift")
        let id = try #require(try await fixture.instances().first?["id"] as? String)
        let host = try RunningHost(fixture, arguments: ["--serve", "127.0.0.1:0"])
        let base = try await host.dashboardBase()
        for path in ["/", "/instances", "/instances/\(id).svg", "/instances/\(id).png?scale=4", "/instances/nothing.png", "/events", "/healthz"] {
            for site in ["cross-site", "same-site"] {
                let reply = try await LoopbackHTTP.send(base + path, headers: ["Sec-Fetch-Site": site, "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image"])
                #expect(reply.status == 403 && reply.body.contains("requests from other sites are refused"), "\(path) \(site): \(reply.status)")
                #expect(reply.headers["cross-origin-resource-policy"] == "same-origin", "\(path): even a refusal")
            }
        }
        let link = try await LoopbackHTTP.send(base + "/", headers: ["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"])
        #expect(link.status == 200 && link.body.hasPrefix("<!doctype html>"), "a link from elsewhere opens the page")
        let linkToCard = try await LoopbackHTTP.send(base + "/instances/\(id).svg", headers: ["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate"])
        #expect(linkToCard.status == 403)
        let own = try await LoopbackHTTP.send(base + "/instances/\(id).svg", headers: ["Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "no-cors"])
        #expect(own.status == 200 && own.headers["cross-origin-resource-policy"] == "same-origin" && own.headers["referrer-policy"] == "no-referrer")
        let missing = try await LoopbackHTTP.send(base + "/instances/nothing.svg")
        #expect(missing.status == 404 && missing.headers["cross-origin-resource-policy"] == "same-origin")
        #expect(await host.stop() == 0)
    }

    /// Issue 36: `--serve 0x7f000001` warned that other machines could
    /// reach it; it is 127.0.0.1, and is served and named so.
    @Test func aLoopbackAddressWrittenAsANumberIsLoopback() async throws {
        let fixture = try ContainerFixture()
        let host = try RunningHost(fixture, arguments: ["--serve", "0x7f000001:0"])
        let base = try await host.dashboardBase()
        #expect(try await LoopbackHTTP.get(base + "/healthz") == "ok\n")
        #expect(!host.output.contains("other machines can reach it"), "\(host.output)")
        #expect(await host.stop() == 0)
    }

    /// Issue 36: 384 variants of a noise image took the host from 144 to
    /// 429 MB; the cache counted cards, not bytes.
    @Test func theCardCacheKeepsToItsBytesAndDropsWhatWasLeastAskedFor() async throws {
        let cache = CardCache()
        let megabyte = Data(repeating: 7, count: 1 << 20)
        _ = try await cache.card(for: "kept") { megabyte }
        for index in 0 ..< 200 {
            _ = try await cache.card(for: "card \(index)") { megabyte }
            // Asked for again and again: the most recently used is kept.
            _ = try await cache.card(for: "kept") { Issue.record("drawn again"); return megabyte }
        }
        #expect(cache.bytesKept <= CardCache.capacity && cache.bytesKept >= CardCache.capacity / 2, "\(cache.bytesKept)")
        let huge = Data(repeating: 1, count: CardCache.largestKept + 1)
        _ = try await cache.card(for: "huge") { huge }
        let drawn = Mutex(0)
        _ = try await cache.card(for: "huge") { drawn.withLock { $0 += 1 }; return huge }
        #expect(drawn.withLock { $0 } == 1, "a card larger than an eighth of the cache is never kept")
        _ = try await cache.card(for: "card 0") { drawn.withLock { $0 += 1 }; return megabyte }
        #expect(drawn.withLock { $0 } == 2, "the oldest went first")
    }
}
