import FakeGitHub
import Foundation
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
