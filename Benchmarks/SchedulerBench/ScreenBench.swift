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
import WidgetRendering

/// Screens (issue 40): what one costs to compose and to draw in each
/// palette and size, how large its picture is, and how many wakes a second
/// the TRMNL API answers. Four SingleRepo medium instances with real entries.
func screenBench() async throws {
    let server = try await startSwiftRepositoryServer(clock: ManualClock(Date()))
    defer { server.stop() }
    let manifest = try BenchManifest("""
        container: {group: bench.screens, path: data}
        github: {api: "\(server.apiBase)"}
        widgets:
          - kind: SingleRepo
        instances:
          - {id: a, kind: SingleRepo, family: systemMedium, configuration: {repo: apple/swift}}
          - {id: b, kind: SingleRepo, family: systemMedium, configuration: {repo: apple/swift}}
          - {id: c, kind: SingleRepo, family: systemMedium, configuration: {repo: apple/swift}}
          - {id: d, kind: SingleRepo, family: systemMedium, configuration: {repo: apple/swift}}
        screens:
          - {name: trmnl-bw, palette: bw, layout: quadrant, instances: [a, b, c, d]}
          - {name: trmnl-gray, palette: gray-4, layout: quadrant, instances: [a, b, c, d]}
          - {name: trmnl-color, palette: color, layout: quadrant, instances: [a, b, c, d]}
          - {name: inkplate-bw, size: 1200x825, palette: bw, layout: quadrant, instances: [a, b, c, d]}
          - {name: kindle-gray, size: 1072x1448, palette: gray-4, layout: grid, columns: 1, instances: [a, b, c, d]}
        """)
    defer { manifest.remove() }
    let workspace = try await Workspace(manifest: try Manifest.load(from: manifest.path), environment: [:])
    // What `run` does first: the manifest's instances into the container.
    _ = try await DeclaredInstances(bundle: workspace.bundle).apply(to: workspace.container)
    try await settle(workspace, calls: 4)
    let statuses = try workspace.statuses()

    print("screens, four SingleRepo medium cards each (median of 15; drawn in the sandboxed rasteriser, as the host draws them):")
    for screen in workspace.manifest.screens {
        var composing: [Double] = [], drawing: [Double] = []
        var bytes = 0
        for _ in 0..<15 {
            let start = ContinuousClock.now
            let drawn = try await workspace.drawing(of: screen, statuses: statuses, at: Date())
            let composed = ContinuousClock.now
            bytes = try await workspace.picture(of: drawn, as: .png).count
            composing.append((composed - start) / .milliseconds(1))
            drawing.append((ContinuousClock.now - composed) / .milliseconds(1))
        }
        composing.sort()
        drawing.sort()
        let name = "\(screen.name.value) (\(screen.width)x\(screen.height) \(screen.palette.rawValue))"
        print("  \(name.padding(toLength: 34, withPad: " ", startingAt: 0)) compose \(String(format: "%5.1f", composing[7])) ms, "
              + "PNG \(String(format: "%6.1f", drawing[7])) ms, \(bytes) bytes")
    }
    if let bw = workspace.manifest.screen(named: "trmnl-bw") {
        let drawn = try await workspace.drawing(of: bw, statuses: statuses, at: Date())
        let start = ContinuousClock.now
        let bitmap = try await workspace.picture(of: drawn, as: .bmp)
        print("  trmnl-bw as BMP                    \(String(format: "%6.1f", (ContinuousClock.now - start) / .milliseconds(1))) ms, \(bitmap.count) bytes")
    }

    // The device API: an admitted device's wake, answered over and over.
    let registry = DeviceRegistry(container: workspace.container)
    try await registry.admit("AA:BB:CC:DD:EE:01", screen: "trmnl-bw", screens: workspace.manifest.screens.map(\.name.value))
    guard case .registered(_, let key) = try await registry.setup("AA:BB:CC:DD:EE:01", telemetry: DeviceTelemetry()) else {
        print("  the device did not set up")
        return
    }
    let (base, serving) = try await serveDashboard(workspace)
    defer { serving.cancel() }
    var configuration = HTTPClient.Configuration()
    configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 50
    let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    let headers = [("ID", "AA:BB:CC:DD:EE:01"), ("Access-Token", key), ("Battery-Voltage", "4.01"), ("RSSI", "-61"), ("FW-Version", "1.8.14"),
                   ("Model", "og"), ("Width", "800"), ("Height", "480"), ("Refresh-Rate", "900"), ("Update-Source", "timer")]
    do {
        let (clients, perClient) = (20, 50)
        let began = ContinuousClock.now
        let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
            for _ in 0..<clients {
                group.addTask {
                    var samples: [Double] = []
                    for _ in 0..<perClient {
                        var request = HTTPClientRequest(url: base + "/api/display")
                        for (field, value) in headers { request.headers.add(name: field, value: value) }
                        let start = ContinuousClock.now
                        let response = try await client.execute(request, timeout: .seconds(30))
                        _ = try await response.body.collect(upTo: 1 << 20)
                        samples.append((ContinuousClock.now - start) / .milliseconds(1))
                    }
                    return samples
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }.sorted()
        }
        let seconds = (ContinuousClock.now - began) / .seconds(1)
        print("  /api/display, \(clients) devices × \(perClient) wakes   \(Int(Double(latencies.count) / seconds)) answers/s, "
              + "p50 \(String(format: "%.1f", latencies[latencies.count / 2])) ms, p99 \(String(format: "%.1f", latencies[latencies.count * 99 / 100])) ms "
              + "(each draws the screen's SVG for its digest and saves the device's report)")
    } catch {
        try await client.shutdown()
        throw error
    }
    try await client.shutdown()
}
