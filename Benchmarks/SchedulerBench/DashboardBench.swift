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
    let host = try TimelineHost(workspace: workspace)
    let running = Task { try await host.run() }
    while true {
        let calls = await host.statistics.providerCalls, running = await host.runningCalls
        if calls >= ids.count && running == 0 { break }
        try await Task.sleep(for: .milliseconds(50))
    }
    running.cancel()
    _ = try? await running.value

    let port = Mutex<Int?>(nil)
    var quiet = Logger(label: "bench.dashboard")
    quiet.logLevel = .critical
    let key = try DashboardKey.load(in: workspace.container.location.directory)
    let app = try Dashboard.application(workspace: workspace, events: DashboardEvents(), host: "127.0.0.1", port: 0, key: key, logger: quiet) { bound in
        port.withLock { $0 = bound }
    }
    let serving = Task { try await app.runService() }
    defer { serving.cancel() }
    while port.withLock({ $0 }) == nil { try await Task.sleep(for: .milliseconds(10)) }
    let base = "http://127.0.0.1:\(port.withLock { $0 }!)"

    var configuration = HTTPClient.Configuration()
    configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 50
    let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)

    let cardURL = base + "/instances/\(ids[0]).svg"
    let etag = try await client.execute(HTTPClientRequest(url: cardURL), timeout: .seconds(10)).headers.first(name: "etag") ?? ""

    let clients = 50, perClient = 100
    print("dashboard, 20 SingleRepo large instances, \(clients) clients × \(perClient) requests each on loopback:")
    let blocking = try await blockingCalls { try await requestAll() }
    print("  container calls        \(blocking)")
    try await client.shutdown()

    func requestAll() async throws {
    for (name, url, headers) in [("page /", base + "/", [:]), ("/instances", base + "/instances", [:]),
                                 ("a card (.svg)", cardURL, [:]), ("a card, If-None-Match", cardURL, ["If-None-Match": etag]),
                                 ("a card (.png)", base + "/instances/\(ids[0]).png", [:]),
                                 ("a card (.png?scale=2)", base + "/instances/\(ids[0]).png?scale=2", [:])] {
        let began = ContinuousClock.now
        let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
            for _ in 0..<clients {
                group.addTask {
                    var samples: [Double] = []
                    for _ in 0..<perClient {
                        var request = HTTPClientRequest(url: url)
                        for (field, value) in headers { request.headers.add(name: field, value: value) }
                        let start = ContinuousClock.now
                        let response = try await client.execute(request, timeout: .seconds(30))
                        _ = try await response.body.collect(upTo: 10_000_000)
                        samples.append((ContinuousClock.now - start) / .milliseconds(1))
                    }
                    return samples
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }.sorted()
        }
        let seconds = (ContinuousClock.now - began) / .seconds(1)
        let p50 = latencies[latencies.count / 2], p99 = latencies[latencies.count * 99 / 100]
        print("  \(name.padding(toLength: 22, withPad: " ", startingAt: 0)) \(Int(Double(latencies.count) / seconds)) requests/s, p50 \(String(format: "%.1f", p50)) ms, p99 \(String(format: "%.1f", p99)) ms")
    }
    }
}
