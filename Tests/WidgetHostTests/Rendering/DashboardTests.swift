import AsyncHTTPClient
import FakeGitHub
import Foundation
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

    static func get(_ url: String) async throws -> String {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 10_000_000)
        return body.getString(at: body.readerIndex, length: body.readableBytes) ?? ""
    }
}
