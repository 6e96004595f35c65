import AsyncHTTPClient
import FakeGitHub
import Foundation
import NIOHTTP1
import Testing
@testable import WidgetHost

/// `run --serve` as a real process on an ephemeral port, against the fake GitHub.
@Suite("The web dashboard")
struct DashboardTests {
    @Test func thePageListsEveryInstanceAndAnAddedInstanceArrivesAsAnEvent() async throws {
        let server = try await RunCommandTests.fakeGitHub()
        defer { server.stop() }
        let fixture = try ContainerFixture(githubAPI: server.apiBase)
        _ = try await fixture.run("add-instance", "SingleRepo", "--repo", "apple/swift")
        _ = try await fixture.run("add-instance", "Contributor")
        let ids = try await fixture.instances().compactMap { $0["id"] as? String }
        let host = try RunningHost(fixture, arguments: ["--serve", "127.0.0.1:0"])
        #expect(await host.waitFor("dashboard at http://127.0.0.1:"), "\(host.output)")
        let port = try #require(host.output.firstMatch(of: /dashboard at http:\/\/127\.0\.0\.1:(\d+)\//).map { String($0.1) })
        let base = "http://127.0.0.1:\(port)"
        #expect(await host.waitFor("timeline received"), "\(host.output)")
        let page = try await Self.get(base + "/")
        #expect(page.hasPrefix("<!doctype html>"))
        for id in ids {
            #expect(page.contains(#"<img src="/instances/\#(id).svg""#))
        }
        let svg = try await Self.get(base + "/instances/\(ids[0]).svg")
        #expect(svg.hasPrefix("<svg") && svg.contains(">swift</text>"))
        let json = try await Self.get(base + "/instances/\(ids[0])")
        #expect(json.contains(#""kind":"SingleRepo""#))

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
        #expect(host.stop() == 0, "SIGTERM ends open event streams and exits")
    }

    /// Issue 11, items 18 and 22: cards drawn once and revalidated with
    /// ETags, HEAD, 405, security headers, a page whose only script is its
    /// own file, a favicon, and 400 for an unknown mode.
    @Test func theServerCachesCardsAndSpeaksHTTPProperly() async throws {
        let fixture = try ContainerFixture()
        _ = try await fixture.run("add-instance", "Gauge")
        let id = try #require(try await fixture.instances().first?["id"] as? String)
        let host = try RunningHost(fixture, arguments: ["--serve", "127.0.0.1:0"])
        #expect(await host.waitFor("dashboard at http://127.0.0.1:"), "\(host.output)")
        #expect(await host.waitFor("timeline received"), "\(host.output)")
        let port = try #require(host.output.firstMatch(of: /dashboard at http:\/\/127\.0\.0\.1:(\d+)\//).map { String($0.1) })
        let base = "http://127.0.0.1:\(port)"

        let card = try await Self.send(base + "/instances/\(id).svg")
        #expect(card.status == 200)
        let etag = try #require(card.headers["etag"])
        #expect(card.headers["cache-control"] == "no-cache")
        #expect(try await Self.send(base + "/instances/\(id).svg").headers["etag"] == etag, "the same card, the same tag")
        let revalidated = try await Self.send(base + "/instances/\(id).svg", headers: ["If-None-Match": etag])
        #expect(revalidated.status == 304)
        #expect(revalidated.body.isEmpty)

        let head = try await Self.send(base + "/instances/\(id).svg", method: .HEAD)
        #expect(head.status == 200 && head.body.isEmpty && head.headers["etag"] == etag)
        let post = try await Self.send(base + "/instances", method: .POST)
        #expect(post.status == 405)
        #expect(post.headers["allow"] == "GET, HEAD")
        #expect(try await Self.send(base + "/instances/\(id).svg?mode=bogus").status == 400)
        #expect(try await Self.send(base + "/instances/\(id).svg?mode=accented").status == 200)

        let page = try await Self.send(base + "/")
        #expect(page.headers["x-content-type-options"] == "nosniff")
        #expect(page.headers["x-frame-options"] == "DENY")
        #expect(page.headers["content-security-policy"]?.contains("script-src 'self'") == true)
        #expect(page.body.contains(#"<script src="/dashboard.js"></script>"#))
        #expect(!page.body.contains("<script>"), "no inline script")
        #expect(try await Self.send(base + "/dashboard.js").body.contains("new EventSource(\"/events\")"))
        let icon = try await Self.send(base + "/favicon.ico")
        #expect(icon.status == 200 && icon.body.hasPrefix("<svg"))
        #expect(host.stop() == 0)
    }

    struct Reply {
        let status: Int
        let headers: [String: String]
        let body: String
    }

    static func send(_ url: String, method: HTTPMethod = .GET, headers: [String: String] = [:]) async throws -> Reply {
        var request = HTTPClientRequest(url: url)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 10_000_000)
        var fields: [String: String] = [:]
        for header in response.headers { fields[header.name.lowercased()] = header.value }
        return Reply(status: Int(response.status.code), headers: fields, body: body.getString(at: body.readerIndex, length: body.readableBytes) ?? "")
    }

    static func get(_ url: String) async throws -> String {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 10_000_000)
        return body.getString(at: body.readerIndex, length: body.readableBytes) ?? ""
    }
}
