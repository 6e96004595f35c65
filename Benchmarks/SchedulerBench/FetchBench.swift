import ExtensionProtocol
import FakeGitHub
import Foundation
import WidgetConfiguration
import WidgetHost
import WidgetSDK

/// What the check on a kind's fetch costs (issue 36): the guard's decision
/// for an address written in the URL, for a host the manifest allows, and
/// for a name it must resolve; then a kind's whole fetch to an allowed host
/// on loopback, through the host's HTTP service.
func fetchBench() async throws {
    let outbound = OutboundGuard(trusting: "http://127.0.0.1:9")
    let allowed = FetchAllowance([FetchAllowance.Entry(host: "home.example", port: nil)])
    print("the check on a kind's fetch, per request (its decision only):")
    for (what, url, iterations) in [
        ("address in the URL", "https://140.82.112.6/repos", 20_000),
        ("host the manifest allows", "http://home.example:8123/api", 20_000),
        ("name resolved (localhost, refused)", "http://localhost:8080/", 2_000),
    ] {
        var times: [Double] = []
        times.reserveCapacity(iterations)
        for _ in 0 ..< iterations {
            let started = ContinuousClock.now
            _ = try? await outbound.destination(of: url, allowing: allowed)
            times.append((ContinuousClock.now - started) / .microseconds(1))
        }
        times.sort()
        print("  \(what.padding(toLength: 36, withPad: " ", startingAt: 0)) p50 \(String(format: "%.1f", times[times.count / 2])) µs   p99 \(String(format: "%.1f", times[times.count * 99 / 100])) µs")
    }

    let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
    let server = try await startSwiftRepositoryServer(clock: clock)
    defer { server.stop() }
    let manifest = try BenchManifest("""
        container: {group: bench.fetch, path: data}
        github: {api: "\(server.apiBase)"}
        widgets:
          - {kind: Ticker, module: FixtureSchedules}
        """)
    defer { manifest.remove() }
    let workspace = try await Workspace(manifest: try Manifest.load(from: manifest.path), clock: clock, environment: [:])
    let request = HTTPRequest(url: server.apiBase + "/avatars/apple")
    _ = try await workspace.http.fetch(request, allowing: .none, credentials: .none, scope: ReloadScope())
    var times: [Double] = []
    for _ in 0 ..< 500 {
        let started = ContinuousClock.now
        _ = try await workspace.http.fetch(request, allowing: .none, credentials: .none, scope: ReloadScope())
        times.append((ContinuousClock.now - started) / .microseconds(1))
    }
    times.sort()
    print("  a kind's fetch to an allowed host on loopback, whole round trip: p50 \(String(format: "%.0f", times[250])) µs, p99 \(String(format: "%.0f", times[495])) µs (500 requests)")
}
