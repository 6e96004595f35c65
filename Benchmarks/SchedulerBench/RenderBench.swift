import FakeGitHub
import Foundation
import WidgetHost
import WidgetSDK

/// Layout and SVG of a large SingleRepo entry with real data and avatars,
/// the work behind every card and dashboard update.
func renderBench() async throws {
    let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
    let server = try await startSwiftRepositoryServer(clock: clock)
    defer { server.stop() }
    let manifest = try BenchManifest("""
        container: {group: bench.render, path: data}
        github: {api: "\(server.apiBase)"}
        widgets:
          - kind: SingleRepo
        """)
    defer { manifest.remove() }
    let workspace = try await Workspace(manifest: try Manifest.load(from: manifest.path), clock: clock, environment: [:])
    guard let kind = workspace.bundle.kind(named: "SingleRepo") else { return }
    let context = kind.context(for: .systemLarge, date: clock.now())
    let timeline = try await workspace.withServices {
        try await kind.descriptor.provider.timeline(for: ["repo": .string("apple/swift")], in: context)
    }
    let view = timeline.entries[0].view
    let engine = LayoutEngine()
    let renderer = SVGRenderer()

    let iterations = 5_000
    var bytes = 0
    let began = ContinuousClock.now
    for _ in 0..<iterations {
        bytes += renderer.render(engine.layout(view, family: .systemLarge)).utf8.count
    }
    let seconds = (ContinuousClock.now - began) / .seconds(1)
    let layoutBegan = ContinuousClock.now
    for _ in 0..<iterations { _ = engine.layout(view, family: .systemLarge) }
    let layoutSeconds = (ContinuousClock.now - layoutBegan) / .seconds(1)
    print("rendering, SingleRepo systemLarge with 5 avatars, \(iterations) times:")
    print("  layout + SVG     \(Int(Double(iterations) / seconds)) renders/s (\(String(format: "%.0f", seconds / Double(iterations) * 1_000_000)) µs each, \(bytes / iterations) bytes of SVG)")
    print("  layout alone     \(Int(Double(iterations) / layoutSeconds)) layouts/s")

    // The live board's full redraw: 100 tiles, each laid out, drawn in cells
    // (truecolor) and positioned; what a resize or a new instance costs.
    let families: [WidgetFamily] = [.systemMedium, .systemLarge]
    let tiles = (0..<100).map { (id: "i\($0)", family: families[$0 % 2]) }
    let board = TerminalBoard(columns: 240)
    let redraws = 20
    var written = 0
    let cpuBefore = cpuSeconds()
    let boardBegan = ContinuousClock.now
    for _ in 0..<redraws {
        let positions = board.place(tiles)
        for tile in tiles {
            let box = ANSIRenderer(colors: .truecolor).render(engine.layout(view, family: tile.family))
            written += TerminalBoard.draw(TerminalBoard.tileLines(box: box, caption: "SingleRepo · \(tile.id) · fresh: updated 5m ago", family: tile.family),
                                          at: positions[tile.id]!).utf8.count
        }
    }
    let boardSeconds = (ContinuousClock.now - boardBegan) / .seconds(1)
    let cpu = cpuSeconds() - cpuBefore
    print("live board, full redraw of 100 tiles, \(redraws) times:")
    print("  per redraw       \(String(format: "%.1f", boardSeconds / Double(redraws) * 1_000)) ms wall, \(String(format: "%.1f", cpu / Double(redraws) * 1_000)) ms CPU, \(written / redraws / 1_024) KiB written")
    print("  one tile update  writes only its changed lines (see TerminalBoardTests)")
}
