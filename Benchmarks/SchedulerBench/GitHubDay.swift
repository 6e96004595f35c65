import FakeGitHub
import Foundation
import WidgetConfiguration
import WidgetContainer
import WidgetHost
import WidgetSDK

/// A dashboard of 200 instances over 80 repositories, 24 simulated hours,
/// against a fake GitHub enforcing the unauthenticated limit of 60 API
/// requests an hour. Real HTTP on loopback, the real kinds, the real host.
func githubDay() async throws {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let clock = ManualClock(start)
    let server = FakeGitHub(now: { clock.now() })
    try await server.start()
    defer { server.stop() }
    server.setRateLimit(60)
    let repositories = (0..<80).map { "owner\($0)/repo\($0)" }
    for index in repositories.indices {
        server.add(.init(owner: "owner\(index)", name: "repo\(index)", stars: 100 + index))
    }

    let manifest = try BenchManifest("""
        container: {group: bench.github, path: data}
        github: {api: "\(server.apiBase)", token_env: WIDGETHOST_BENCH_NO_TOKEN}
        widgets:
          - kind: SingleRepo
          - kind: DoubleRepo
          - kind: Contributor
            settings: {repo: owner0/repo0}
        """)
    defer { manifest.remove() }
    let workspace = try await Workspace(manifest: try Manifest.load(from: manifest.path), clock: clock, environment: [:])
    let planner = InstancePlanner(bundle: workspace.bundle)
    func add(_ kind: String, _ arguments: [String], family: String? = nil) async throws {
        let new = try await workspace.withServices { try await planner.plan(kind: kind, family: family, name: nil, arguments: arguments) }
        _ = try workspace.container.insert(new)
    }
    // 80 medium + 40 large SingleRepo, 60 DoubleRepo, 20 Contributor: 200.
    for name in repositories { try await add("SingleRepo", ["--repo", name]) }
    for name in repositories.prefix(40) { try await add("SingleRepo", ["--repo", name], family: "systemLarge") }
    for index in 0..<60 { try await add("DoubleRepo", ["--top-repo", repositories[index], "--bottom-repo", repositories[79 - index]]) }
    for _ in 0..<20 { try await add("Contributor", []) }

    let firstEntries = FirstEntries()
    let host = try TimelineHost(workspace: workspace, seed: 3) { news in
        if case .event(let event, _) = news, case .timelineReceived = event.kind { firstEntries.record(event.instance, at: event.date) }
    }
    let began = ContinuousClock.now
    let blocking = try await blockingCalls { try await host.run(until: start + 86_400) }
    let elapsed = ContinuousClock.now - began

    let api = server.requests.filter { !$0.path.hasPrefix("/avatars/") }
    let byHour = Dictionary(grouping: api) { Int($0.at.timeIntervalSince(start) / 3_600) }
    let perHour = (0..<24).map { byHour[$0]?.count ?? 0 }
    let refreshed = Dictionary(grouping: api.filter { $0.status == 200 }, by: \.path)
    let fetchedTwice = refreshed.values.filter { fetches in
        zip(fetches, fetches.dropFirst()).contains { $1.at.timeIntervalSince($0.at) < 12 * 3_600 }
    }.count
    let notModified = api.filter { $0.status == 304 }.count
    let lastFirst = firstEntries.latest.map { $0.timeIntervalSince(start) / 3_600 }
    let statistics = await workspace.http.statistics

    print("GitHub, 200 instances over 80 repositories, 24 simulated hours, limit 60 API requests an hour:")
    print("  wall time                 \(elapsed.formatted(.units(allowed: [.seconds, .milliseconds], width: .narrow)))")
    print("  container calls           \(blocking)")
    print("  API requests              \(api.count) (per hour: max \(perHour.max()!), mean \(String(format: "%.1f", Double(api.count) / 24)))")
    print("  304 share                 \(String(format: "%.0f", Double(notModified) / Double(max(1, api.count)) * 100)) % (\(notModified) of \(api.count))")
    let avatars = server.requests.filter { $0.path.hasPrefix("/avatars/") }
    print("  avatar requests           \(avatars.count) for \(Set(avatars.map(\.path)).count) avatars (each again once its day is up)")
    print("  403s received             \(api.filter { $0.status == 403 }.count)")
    print("  held back by the host     \(statistics.heldBack) calls answered 'rate-limited' without a request")
    print("  fetched twice in 12 h     \(fetchedTwice) of \(refreshed.count) resources")
    print("  every instance had data   after \(lastFirst.map { String(format: "%.1f h", $0) } ?? "never") (\(firstEntries.count) of 200)")
}

/// The first timeline each instance received.
final class FirstEntries: @unchecked Sendable {
    private let lock = NSLock()
    private var first: [String: Date] = [:]

    func record(_ instance: String, at date: Date) {
        lock.withLock { if first[instance] == nil { first[instance] = date } }
    }

    var latest: Date? { lock.withLock { first.count == 200 ? first.values.max() : nil } }
    var count: Int { lock.withLock { first.count } }
}

