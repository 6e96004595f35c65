import FakeGitHub
import Foundation
import Hummingbird
import Logging
import Synchronization
import WidgetDashboard
import WidgetHost
import WidgetTestSupport

/// A manifest written into a fresh temporary folder; remove `folder` when done.
struct BenchManifest {
    let folder: URL
    let path: String

    init(_ text: String) throws {
        folder = try TestSupport.temporaryDirectory()
        path = folder.appendingPathComponent("config.yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}

/// The fake GitHub on `clock` with apple/swift and four contributors: the
/// large SingleRepo entry the rendering and boundary figures use.
func startSwiftRepositoryServer(clock: ManualClock) async throws -> FakeGitHub {
    let server = FakeGitHub(now: { clock.now() })
    try await server.start()
    server.add(.init(owner: "apple", name: "swift", description: "The Swift Programming Language", stars: 67_000, forks: 10_300,
                     openIssues: 7_000, contributors: [("a", 40), ("b", 30), ("c", 20), ("d", 10)]))
    return server
}

/// Runs a host on `workspace` until `calls` provider calls have ended, so
/// that its instances have their entries, then stops it.
func settle(_ workspace: Workspace, calls: Int) async throws {
    let host = try TimelineHost(workspace: workspace)
    let running = Task { try await host.run() }
    while true {
        let made = await host.statistics.providerCalls, busy = await host.runningCalls
        if made >= calls && busy == 0 { break }
        try await Task.sleep(for: .milliseconds(50))
    }
    running.cancel()
    _ = try? await running.value
}

/// The dashboard of `workspace` on a loopback port, quiet; cancel the task to stop it.
func serveDashboard(_ workspace: Workspace) async throws -> (base: String, serving: Task<Void, any Error>) {
    let port = Mutex<Int?>(nil)
    var quiet = Logger(label: "bench.dashboard")
    quiet.logLevel = .critical
    let key = try DashboardKey.load(in: workspace.container.location.directory)
    let app = try Dashboard.application(workspace: workspace, events: DashboardEvents(), host: "127.0.0.1", port: 0, key: key, logger: quiet) { bound in
        port.withLock { $0 = bound }
    }
    let serving = Task { try await app.runService() }
    while port.withLock({ $0 }) == nil { try await Task.sleep(for: .milliseconds(10)) }
    return ("http://127.0.0.1:\(port.withLock { $0 }!)", serving)
}
