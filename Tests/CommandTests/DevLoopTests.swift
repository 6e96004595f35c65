import AsyncHTTPClient
import Foundation
import HostTestSupport
import NIOCore
import Testing
import WidgetConfiguration
@testable import WidgetHost
import WidgetTestSupport

/// `widgethost dev` on a package `widgethost new` wrote, as an author uses
/// it: real `swift build`s of the package, its kind in extension processes,
/// and edits made to its files while it watches.
@Suite("widgethost dev", .serialized)
struct DevLoopTests {
    /// One line of `dev --json`.
    struct Report: Decodable {
        struct Diagnostic: Decodable { let file: String; let line: Int; let message: String }
        struct Preview: Decodable { let texts: [String]?; let error: String? }
        struct Family: Decodable {
            let family: String
            let snapshot: Preview
            let placeholder: Preview
            let timeline: [Preview]
            let policy: String?
        }
        struct Kind: Decodable { let kind: String; let families: [Family] }

        let build: Int
        let status: String
        let errors: [Diagnostic]?
        let kinds: [Kind]?

        func family(_ name: String) -> Family? { kinds?.first?.families.first { $0.family == name } }
    }

    /// A new package and `dev --json` watching it.
    final class Session {
        let package: URL
        let dev: RunningHost

        init(kind: String, arguments: [String] = [], devArguments: [String] = []) async throws {
            let folder = try TestSupport.temporaryDirectory()
            package = folder.appendingPathComponent(kind)
            let created = try await TestSupport.widgethost(["new", kind, "--dir", package.path] + arguments)
            try #require(created.status == 0, "\(created.stderr)")
            let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") + ":/opt/swift/usr/bin"
            dev = try RunningHost(command: ["dev", package.path, "--json"] + devArguments, folder: folder, environment: ["PATH": path])
        }

        /// The first finished build after `previous` that `matches`: what an
        /// author sees once the save has been taken in. The bound keeps a
        /// broken loop from hanging the suite (the first build compiles the
        /// SDK too, which took over ten minutes beside other builds on a
        /// two-core machine); it is not a measurement.
        func finished(after previous: Int = 0, bound: TimeInterval = 1_800, where matches: (Report) -> Bool = { _ in true }) async throws -> Report {
            let deadline = Date() + bound
            while Date() < deadline {
                if let report = reports().first(where: { $0.build > previous && $0.status != "building" && matches($0) }) { return report }
                try await Task.sleep(for: .milliseconds(50))
            }
            Issue.record("no build after #\(previous) showed what was expected; dev printed:\n\(dev.output)")
            throw CancellationError()
        }

        func reports() -> [Report] {
            dev.output.split(separator: "\n").filter { $0.hasPrefix("{\"build\"") }
                .compactMap { try? JSONDecoder().decode(Report.self, from: Data($0.utf8)) }
        }

        func write(_ file: String, _ text: String) throws {
            try text.write(to: package.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }

        func edit(_ file: String, _ change: (String) -> String) throws {
            let url = package.appendingPathComponent(file)
            try change(try String(contentsOf: url, encoding: .utf8)).write(to: url, atomically: true, encoding: .utf8)
        }

        deinit { dev.terminate() }
    }

    @Test func anEditShowsInTheNextPreviewAnErrorShowsWithItsLineAndAFixBringsThePreviewsBack() async throws {
        let session = try await Session(kind: "Weather", devArguments: ["--serve", "127.0.0.1:0"])
        let view = "Sources/Weather/WeatherView.swift"
        // A file as an iOS app shares it with its extension, importing only
        // Foundation (Swift 6 mode, the package's default): it builds as it is.
        try session.write("Sources/Weather/AppGroup.swift", """
            import Foundation

            extension UserDefaults {
                static let appGroup = UserDefaults(suiteName: "group.weather")!
            }

            struct Forecasts {
                func today() async throws -> Data {
                    try await URLSession.shared.data(from: URL(string: "https://example.com/today")!).0
                }
            }
            """)

        let first = try await session.finished()
        try #require(first.status == "ok", "\(session.dev.output)")
        #expect(first.kinds?.map(\.kind) == ["Weather"])
        #expect(first.kinds?.first?.families.map(\.family) == ["systemSmall", "systemMedium"])
        let small = try #require(first.family("systemSmall"))
        #expect(small.snapshot.texts == ["Weather", "Hello from Weather"])
        #expect(small.placeholder.texts == ["Weather", "Hello"])
        #expect(small.timeline.count == 4)
        #expect(small.policy == "atEnd")

        try session.edit(view) { $0.replacingOccurrences(of: "Text(\"Weather\")", with: "Text(\"Sunny\")") }
        let second = try await session.finished(after: first.build, bound: 600) { $0.status != "ok" || $0.family("systemSmall")?.snapshot.texts?.first != "Weather" }
        #expect(second.status == "ok")
        #expect(second.family("systemSmall")?.snapshot.texts == ["Sunny", "Hello from Weather"])
        #expect(second.family("systemMedium")?.snapshot.texts == ["Sunny", "Hello from Weather"])

        // The live gallery shows the same build.
        let base = try await galleryBase(session.dev)
        let gallery = try await LoopbackHTTP.get(base + "/gallery")
        #expect(gallery.contains("build #\(second.build) ok"))
        #expect(gallery.contains(">Sunny<"), "the gallery's SVG does not show the edit")
        #expect(gallery.components(separatedBy: "<svg").count - 1 == 2 * (3 + 1 + 4), "3 modes, a placeholder and 4 entries per family")

        try session.edit(view) { $0.replacingOccurrences(of: "Text(\"Sunny\").font(.caption)", with: "Text(\"Sunny\".font(.caption)") }
        let broken = try String(contentsOf: session.package.appendingPathComponent(view), encoding: .utf8)
        let brokenLine = try #require(broken.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("Text(\"Sunny\".font(.caption)") }) + 1
        let third = try await session.finished(after: second.build, bound: 600) { $0.status != "ok" }
        #expect(third.status == "failed")
        #expect(third.kinds == nil, "a failed build shows its errors in place of the previews")
        #expect(third.errors?.contains { $0.file == view && $0.line == brokenLine } == true, "\(third.errors ?? [])")
        let failedGallery = try await LoopbackHTTP.get(base + "/gallery")
        #expect(failedGallery.contains("build #\(third.build) failed"))
        #expect(failedGallery.contains("\(view):\(brokenLine):"))

        try session.edit(view) { $0.replacingOccurrences(of: "Text(\"Sunny\".font(.caption)", with: "Text(\"Rain\").font(.caption)") }
        let fourth = try await session.finished(after: third.build, bound: 600) { $0.status != "failed" }
        #expect(fourth.status == "ok")
        #expect(fourth.family("systemSmall")?.snapshot.texts == ["Rain", "Hello from Weather"])

        // The manifest is watched too: narrowing the kind's families shows without a restart.
        try session.edit("config.yaml") { $0.replacingOccurrences(of: "  - kind: Weather\n", with: "  - kind: Weather\n    families: [systemMedium]\n") }
        let narrowed = try await session.finished(after: fourth.build, bound: 600) { $0.kinds?.first?.families.count != 2 }
        #expect(narrowed.kinds?.first?.families.map(\.family) == ["systemMedium"])
    }

    @Test func aKindThatCrashesShowsAsAnErrorInItsPreviewAndTheRestIsDrawn() async throws {
        // Accessory families too, so that their generated layouts are compiled by a test.
        let session = try await Session(kind: "Boom", arguments: ["--static", "--families", "systemSmall,accessoryCircular,accessoryInline"])
        // Code from before Swift 6, in its language mode, with a file that
        // imports only Foundation: its UserDefaults is the App Group's.
        try session.edit("Package.swift") {
            $0.replacingOccurrences(of: "linkerSettings: [foundationIfUsed])]\n)", with: "linkerSettings: [foundationIfUsed])],\n    swiftLanguageModes: [.v5]\n)")
        }
        try session.write("Sources/Boom/Settings.swift", """
            import Foundation

            extension UserDefaults {
                static var boom = UserDefaults(suiteName: "group.boom")!
            }

            func fetchFeed(completion: @escaping (Data?) -> Void) {
                URLSession.shared.dataTask(with: URL(string: "https://example.com/feed")!) { data, _, _ in completion(data) }.resume()
            }
            """)
        try session.edit("Sources/Boom/BoomProvider.swift") {
            $0.replacingOccurrences(of: "async -> BoomEntry {\n        BoomEntry(date: context.date, message: \"Hello from Boom\")",
                                    with: "async -> BoomEntry {\n        if context.isPreview { fatalError(\"boom\") }\n        return BoomEntry(date: context.date, message: \"Hello from Boom\")")
                .replacingOccurrences(of: "async -> BoomEntry {\n        BoomEntry(date: context.date, message: \"Hello\")",
                                      with: "async -> BoomEntry {\n        print(\"placeholder asked\")\n        return BoomEntry(date: context.date, message: String(reflecting: type(of: UserDefaults.boom)))")
        }
        let report = try await session.finished()
        try #require(report.status == "ok", "\(session.dev.output)")
        let small = try #require(report.family("systemSmall"))
        #expect(small.placeholder.texts == ["Boom", "WidgetFoundation.UserDefaults"], "the host's UserDefaults, not Foundation's: \(small.placeholder)")
        #expect(small.snapshot.error?.contains("crashed") == true, "\(small.snapshot)")
        #expect(small.timeline.count == 4, "the extension restarts for the calls after the crash")
        // A plain print, from a process that lives on: stdout is line-buffered, so it arrives now.
        #expect(await session.dev.waitFor("[Boom] placeholder asked"), "\(session.dev.output)")
    }

    private func galleryBase(_ dev: RunningHost) async throws -> String {
        _ = await dev.waitFor("gallery at http://127.0.0.1:")
        let port = try #require(dev.output.firstMatch(of: /gallery at http:\/\/127\.0\.0\.1:(\d+)\//).map { String($0.1) })
        return "http://127.0.0.1:\(port)"
    }
}

/// What `dev` refuses before it builds anything.
@Suite("widgethost dev refuses")
struct DevRefusalTests {
    @Test func aFolderThatIsNotAPackage() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let result = try await TestSupport.widgethost(["dev", folder.path])
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(folder.path) is not a Swift package: it has no Package.swift\n", "\(result.stderr)")
    }

    @Test func aPackageWithoutAManifestSaysHowToGiveOne() async throws {
        let folder = try TestSupport.temporaryDirectory()
        try "// swift-tools-version: 6.0\n".write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let result = try await TestSupport.widgethost(["dev", folder.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("config.yaml: no such file; dev previews the kinds a manifest names ('widgethost new' writes one), given with --config <manifest>"),
                "\(result.stderr)")
    }
}
