import AsyncHTTPClient
import FakeGitHub
import Foundation
import NIOCore
import NIOHTTP1
import Testing
import WidgetAuthoring
@testable import WidgetHost

/// `/metrics`, `/healthz` and `/readyz` of `run --serve`, read over HTTP from
/// a real host against the fake GitHub, as Prometheus and a supervisor would.
@Suite("Operations endpoints")
struct OperationsEndpointTests {
    @Test func metricsAreValidPrometheusTextAndCountWhatTheHostDid() async throws {
        let server = try await RunCommandTests.fakeGitHub()
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
        try await FullContainerTests.setFileSizeLimit(of: host.process.processIdentifier, to: 1)
        #expect(try await fixture.run("add-instance", "Gauge").status == 0)
        #expect(await host.waitFor("cannot write the container"), "\(host.output)")
        let notReady = try await Self.get(base + "/readyz")
        #expect(notReady.status == 503)
        #expect(notReady.body.hasPrefix("not ready: the container cannot be written (since "), "\(notReady.body)")
        #expect(try await Self.get(base + "/healthz").status == 200, "alive all the same")

        try await FullContainerTests.setFileSizeLimit(of: host.process.processIdentifier, to: nil)
        #expect(await host.waitFor("the container can be written again"), "\(host.output)")
        #expect(try await Self.get(base + "/readyz").status == 200)
        #expect(await host.stop() == 0)
    }

    static func get(_ url: String) async throws -> (status: Int, body: String) {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
        return (Int(response.status.code), String(buffer: try await response.body.collect(upTo: 1 << 24)))
    }
}

/// A strict reader of Prometheus's text exposition format (0.0.4): every
/// line a `# HELP`, a `# TYPE` before its family's samples, or a sample
/// `name{label="value",…} number`. Anything else fails the parse.
struct PrometheusText {
    struct Sample { let name: String; let labels: [String: String]; let value: Double }
    let samples: [Sample]

    static func parse(_ text: String) throws -> PrometheusText {
        var types: [String: String] = [:]
        var samples: [Sample] = []
        let sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.eE+-]+|NaN|[+-]Inf)$/
        let label = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/
        for line in text.split(separator: "\n") {
            if line.hasPrefix("# HELP ") { continue }
            if line.hasPrefix("# TYPE ") {
                let parts = line.split(separator: " ")
                guard parts.count == 4, ["counter", "gauge", "histogram", "summary", "untyped"].contains(parts[3]) else {
                    throw Malformed(line: String(line))
                }
                types[String(parts[2])] = String(parts[3])
                continue
            }
            guard let match = line.wholeMatch(of: sample), let value = Double(match.3) else { throw Malformed(line: String(line)) }
            let name = String(match.1)
            let family = ["_bucket", "_sum", "_count"].reduce(name) { name, suffix in
                name.hasSuffix(suffix) && types[String(name.dropLast(suffix.count))] == "histogram" ? String(name.dropLast(suffix.count)) : name
            }
            guard types[family] != nil else { throw Malformed(line: "no # TYPE before \(line)") }
            var labels: [String: String] = [:]
            if let list = match.2 {
                for pair in list.matches(of: label) { labels[String(pair.1)] = String(pair.2) }
            }
            samples.append(Sample(name: name, labels: labels, value: value))
        }
        return PrometheusText(samples: samples)
    }

    func values(_ name: String) -> [Sample] { samples.filter { $0.name == name } }

    func value(_ name: String, _ labels: [String: String]) -> Double? {
        samples.first { sample in sample.name == name && labels.allSatisfy { key, value in sample.labels[key] == value } }?.value
    }

    struct Malformed: Error, CustomStringConvertible {
        let line: String
        var description: String { "not Prometheus text: \(line)" }
    }
}
