import AsyncHTTPClient
import FakeGitHub
import Foundation
import Hummingbird
import Logging
import NIOHTTP1
import Synchronization
import WidgetConfiguration
import WidgetContainer
import WidgetDashboard
import WidgetHost

/// The dashboard under load: 50 clients on loopback, each sending requests
/// one after another, for the page, `/instances`, a card, and a card
/// revalidated with its ETag. Twenty SingleRepo instances with real entries.
func dashboardBench() async throws {
    let server = try await startSwiftRepositoryServer(clock: ManualClock(Date()))
    defer { server.stop() }
    let manifest = try BenchManifest("""
        container: {group: bench.dashboard, path: data}
        github: {api: "\(server.apiBase)"}
        widgets:
          - kind: SingleRepo
        """)
    defer { manifest.remove() }
    let workspace = try await Workspace(manifest: try Manifest.load(from: manifest.path), environment: [:])
    let planner = InstancePlanner(bundle: workspace.bundle)
    var ids: [String] = []
    for _ in 0..<20 {
        let new = try await planner.plan(kind: "SingleRepo", family: "systemLarge", name: nil, arguments: ["--repo", "apple/swift"])
        ids.append(try workspace.container.insert(new).instance.id)
    }
    try await settle(workspace, calls: ids.count)

    let (base, serving) = try await serveDashboard(workspace)
    defer { serving.cancel() }

    var configuration = HTTPClient.Configuration()
    configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 50
    // A sign-in's 303 is measured as it is, not followed.
    configuration.redirectConfiguration = .disallow
    let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)

    let cardURL = base + "/instances/\(ids[0]).svg"
    let etag = try await client.execute(HTTPClientRequest(url: cardURL), timeout: .seconds(10)).headers.first(name: "etag") ?? ""

    do {
        try await measure()
    } catch {
        try await client.shutdown()
        throw error
    }
    try await client.shutdown()

    func measure() async throws {
    let clients = 50, perClient = 100
    print("dashboard, 20 SingleRepo large instances, \(clients) clients × \(perClient) requests each on loopback "
          + "(aim for the page: 10,000 a second, and never below the tree of 2026-11-22 on the same machine):")
    let blocking = try await blockingCalls {
        try await requestAll([("page /", base + "/", [:]), ("/instances", base + "/instances", [:]),
                              ("a card (.svg)", cardURL, [:]), ("a card, If-None-Match", cardURL, ["If-None-Match": etag]),
                              ("a card (.png)", base + "/instances/\(ids[0]).png", [:]),
                              ("a card (.png?scale=2)", base + "/instances/\(ids[0]).png?scale=2", [:])])
    }
    print("  container calls        \(blocking)")

    // Signed in: what asking who is there costs each request, and a sign-in itself.
    let accounts = DashboardAccounts(container: workspace.container)
    let password = "bench password 1"
    let hashing = ContinuousClock.now
    try accounts.addUser("bench", password: password)
    let hashed = ContinuousClock.now - hashing
    let token = try accounts.addToken("bench-kiosk")
    var signIns: [Double] = []
    var cookie = ""
    for _ in 0..<20 {
        var request = HTTPClientRequest(url: base + "/login")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.body = .bytes(ByteBuffer(string: "name=bench&password=bench+password+1"))
        let start = ContinuousClock.now
        let response = try await client.execute(request, timeout: .seconds(30))
        _ = try await response.body.collect(upTo: 1 << 20)
        signIns.append((ContinuousClock.now - start) / .milliseconds(1))
        cookie = String(response.headers.first(name: "set-cookie")?.split(separator: ";").first ?? "")
    }
    signIns.sort()
    print("  sign-in (scrypt N=2^15 r=8 p=1, one at a time): adding the user \(Int(hashed / .milliseconds(1))) ms; "
          + "POST /login p50 \(String(format: "%.0f", signIns[signIns.count / 2])) ms, max \(String(format: "%.0f", signIns.last ?? 0)) ms")
    try await requestAll([("/instances, session", base + "/instances", ["Cookie": cookie]),
                          ("/instances, token", base + "/instances", ["Authorization": "Bearer " + token]),
                          ("a card, session, 304", cardURL, ["Cookie": cookie, "If-None-Match": etag])])

    }

    func requestAll(_ targets: [(String, String, [String: String])]) async throws {
        let (clients, perClient) = (50, 100)
    for (name, url, headers) in targets {
        let began = ContinuousClock.now
        var bytes = 0
        let latencies = try await withThrowingTaskGroup(of: (samples: [Double], bytes: Int).self) { group in
            for _ in 0..<clients {
                group.addTask {
                    var samples: [Double] = []
                    var bytes = 0
                    for _ in 0..<perClient {
                        var request = HTTPClientRequest(url: url)
                        for (field, value) in headers { request.headers.add(name: field, value: value) }
                        let start = ContinuousClock.now
                        let response = try await client.execute(request, timeout: .seconds(30))
                        let body = try await response.body.collect(upTo: 10_000_000)
                        samples.append((ContinuousClock.now - start) / .milliseconds(1))
                        bytes = body.readableBytes
                    }
                    return (samples, bytes)
                }
            }
            var all: [Double] = []
            for try await client in group {
                all += client.samples
                bytes = client.bytes
            }
            return all.sorted()
        }
        let seconds = (ContinuousClock.now - began) / .seconds(1)
        let p50 = latencies[latencies.count / 2], p99 = latencies[latencies.count * 99 / 100]
        print("  \(name.padding(toLength: 22, withPad: " ", startingAt: 0)) \(Int(Double(latencies.count) / seconds)) requests/s, p50 \(String(format: "%.1f", p50)) ms, p99 \(String(format: "%.1f", p99)) ms, \(String(format: "%.1f", Double(bytes) / 1_024)) KiB")
    }
    }
}
