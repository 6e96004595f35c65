// swift-tools-version: 6.0
import PackageDescription

// Widget kinds are dynamic libraries loaded at run time; the host never links
// them. Test fixtures are dynamic libraries too, each breaking one rule.
let widgetKinds = ["SingleRepo", "DoubleRepo", "Contributor"]
/// Built-in kinds that stand alone (no RepoWatcherCore).
let standaloneKinds = ["TodoList"]
/// Built-in kinds for a wall (issue 41), written as an iOS developer writes
/// a widget extension and built as `widgethost new` builds one: URLSession
/// through the host, the locale's units, the module's own defaults.
let wallKinds = ["Weather", "SystemStatus", "Feeds", "Calendar"]
/// The module that draws the kinds a manifest declares with `json:`; it
/// and the host read the declaration through JSONWidgetSpec.
let declaredKinds = ["JSONWidget"]
let fixtureModules = ["FixtureKinds", "FixtureBrokenKinds", "FixtureNoEntry", "FixtureWrongSDK", "FixtureSchedules", "FixtureMisbehaving",
                      "FixtureCrashOnLoad", "FixtureHangOnLoad", "FixtureInteractive", "FixturePorted", "FixtureSandbox"]

/// The compatibility corpus (Tests/Corpus): widget extensions written as
/// iOS apps write them, built unchanged with what `widgethost new` writes
/// into a package, each in the language mode its Xcode project would use.
let corpusModules: [(name: String, resources: [Resource], swift6: Bool)] = [
    ("SolarWidget", [], false),
    ("GroceriesWidget", [], false),
    ("DeparturesWidget", [.copy("Resources")], false),
    ("PodcastWidget", [.copy("Assets.xcassets")], false),
    ("StocksWidget", [], false),
    ("HydrateWidget", [], true),
    ("DeliveryWidget", [.copy("Assets.xcassets")], false),
    ("FitnessWidget", [], false),
]

let sdk = Target.Dependency.product(name: "WidgetSDK", package: "SDK")

// What `widgethost new` writes into a kind's package (Scaffold.swift, whose
// test holds the two alike): a file importing only Foundation sees
// WidgetKit's UserDefaults, URLSession and XMLParser, as on iOS, and `import UIKit`,
// `import Combine`, `import os` and `import Intents` reach the SDK's part of them.
let implicitImports = SwiftSetting.unsafeFlags([
    "-Xfrontend", "-import-module", "-Xfrontend", "WidgetKit",
    "-Xfrontend", "-import-module", "-Xfrontend", "FoundationNetworking",
    "-Xfrontend", "-disable-autolink-library", "-Xfrontend", "FoundationNetworking",
    "-Xfrontend", "-import-module", "-Xfrontend", "FoundationXML",
    "-Xfrontend", "-disable-autolink-library", "-Xfrontend", "FoundationXML",
    "-module-alias", "UIKit=WidgetUIKit", "-module-alias", "Combine=WidgetCombine", "-module-alias", "os=WidgetOS", "-module-alias", "Intents=WidgetIntents",
])
let foundationIfUsed = LinkerSetting.unsafeFlags([
    "-Xlinker", "--push-state", "-Xlinker", "--as-needed",
    "-Xlinker", "-lFoundationNetworking", "-Xlinker", "-lFoundationXML", "-Xlinker", "--pop-state",
])

// The runtime's layers are separate modules, and a module calls another's
// generic and small functions without inlining or specializing them unless
// they are serialized across: the dashboard over WidgetHost served 15 % fewer
// requests a second once they were split (make bench, dashboard). Cross-module
// optimization of WidgetHost, in release builds only, gave the figures back;
// the other splits cost nothing measurable, so they go without.
let crossModule: [SwiftSetting] = [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]

let package = Package(
    name: "widgethost",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "widgethost", targets: ["widgethost"]),
        .executable(name: "widgethost-extension", targets: ["widgethost-extension"]),
        .library(name: "YAML", targets: ["YAML"]),
        // Loaded by the extension runner into modules that use URLSession, and only those.
        .library(name: "WidgetURLSession", type: .dynamic, targets: ["WidgetURLSession"]),
    ]
    + (widgetKinds + standaloneKinds + wallKinds + declaredKinds).map { .library(name: $0, type: .dynamic, targets: [$0]) }
    + (fixtureModules + corpusModules.map(\.name)).map { .library(name: $0, type: .dynamic, targets: [$0]) },
    dependencies: [
        .package(path: "SDK"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        // The shared container: SQLite with WAL and migrations, safe across processes.
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        // The scheduler's deadline heap.
        .package(url: "https://github.com/apple/swift-collections", exact: "1.6.0"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        // SIGINT/SIGTERM as graceful shutdown of `run`.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        // The host's HTTP service to GitHub (the chosen client; its build is the slowest, ~4 min here).
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        // Already resolved and built through async-http-client; named for its
        // connection errors, so "offline" can say "connection refused" and the host.
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        // The fake GitHub server the tests and the benchmark start on loopback.
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        // Already resolved through Hummingbird; named for the fake server's header names.
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
        // /metrics: the host counts through swift-metrics' API; Prometheus's
        // registry turns the counts into its text format. Small (CoreMetrics
        // and Atomics), and the format is Prometheus's to get right, not ours.
        .package(url: "https://github.com/apple/swift-metrics", exact: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
        // The container of a fleet of hosts (issue 13); SQLite stays the default.
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
        // Already resolved through postgres-nio; named for sslmode's TLS settings.
        .package(url: "https://github.com/apple/swift-nio-ssl", exact: "2.37.6"),
        // Already resolved and built through postgres-nio: the dashboard's
        // password hashes (scrypt) and secrets' digests (SHA-256).
        .package(url: "https://github.com/apple/swift-crypto", exact: "4.5.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML", path: "Sources/CYAML", pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]),
        .target(name: "YAML", dependencies: ["CYAML", "HostText"]),
        // prctl and capset, which Swift cannot call: parent-death signal,
        // dumpable flag, dropping capabilities.
        .target(name: "CProcessControl"),
        // What crosses between the host and an extension process. Needs only the SDK.
        .target(name: "ExtensionProtocol", dependencies: [sdk]),
        // URLSession in a kind, answered by the host: a URLProtocol that the
        // extension process loads only into a module that links
        // FoundationNetworking. Needs nothing but Foundation.
        .target(name: "WidgetURLSession"),
        // The extension process: loads one module and answers the host's calls.
        // Links the SDK, the protocol and the renderers (its --rasterize mode
        // turns cards into PNG in a sandbox: the host never decodes a kind's
        // image), nothing of the host.
        // The extension's sandbox: Landlock, seccomp and the calls that say
        // what it refused. Only the extension links it: it replaces libc's
        // open, socket, connect, bind, execve and kill for the whole process.
        .target(name: "CSandbox", dependencies: ["CProcessControl"]),
        .executableTarget(
            name: "widgethost-extension", dependencies: ["ExtensionProtocol", "CProcessControl", "CSandbox", "WidgetRendering", sdk],
            // An executable exports nothing by default; these must be
            // exported for the libraries and the module to bind to them.
            linkerSettings: [.unsafeFlags(["open", "open64", "openat", "openat64", "socket", "connect", "bind", "execve", "kill"]
                .flatMap { ["-Xlinker", "--export-dynamic-symbol=\($0)"] })]),
        // Other people's text made safe for a terminal, and errors in this
        // tool's words ("did you mean" included): what every layer above
        // prints through.
        .target(name: "HostText"),
        // What the host's layers build on below any of its concerns: named
        // threads, threads that run blocking jobs, a hash stable across runs,
        // a seeded random generator, starting a process, watching files.
        .target(name: "HostBasics", dependencies: [
            "CProcessControl",
            .product(name: "DequeModule", package: "swift-collections"),
        ]),
        // Archived views to pixels and characters: layout, SVG, ANSI, the
        // terminal board, PNG. Needs only the SDK and HostText, nothing of the
        // host; its only I/O is reading fonts and loading librsvg for PNG.
        .target(name: "WidgetRendering", dependencies: ["HostBasics", "HostText", sdk]),
        // The bundle manifest and what it configures (schedule, GitHub,
        // limits, the PostgreSQL URL), with line:column on every error.
        .target(name: "WidgetConfiguration", dependencies: ["YAML", "HostText", "JSONWidgetSpec", sdk]),
        // The shared container (the App Group): instances, timelines as the
        // host encodes them, defaults, reload requests, the HTTP cache, the
        // fleet's leases and rate-limit budget; SQLite or PostgreSQL. Knows
        // no scheduler, kind or network type.
        .target(name: "WidgetContainer", dependencies: [
            "HostBasics", "HostText", "WidgetConfiguration", "YAML", "CProcessControl", sdk,
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
        ]),
        // Widget kinds in extension processes: finding and loading modules,
        // spawning and supervising their processes, proxying their kinds,
        // checking what they declare, serving what they ask of the host.
        .target(name: "WidgetKinds", dependencies: [
            "HostBasics", "HostText", "WidgetConfiguration", "WidgetContainer", "ExtensionProtocol", "CProcessControl", "JSONWidgetSpec", "YAML", sdk,
            .product(name: "HeapModule", package: "swift-collections"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Metrics", package: "swift-metrics"),
        ]),
        .target(name: "WidgetHost", dependencies: [
            "YAML", sdk, "ExtensionProtocol", "HostBasics", "HostText", "WidgetConfiguration", "WidgetContainer", "WidgetKinds", "WidgetRendering", "CProcessControl",
            .product(name: "DequeModule", package: "swift-collections"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOFoundationEssentialsCompat", package: "swift-nio"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "Crypto", package: "swift-crypto"),
        ], swiftSettings: crossModule),
        // The web dashboard of run --serve, on Hummingbird: the page, cards,
        // the event stream, taps, /metrics and the health checks.
        .target(name: "WidgetDashboard", dependencies: [
            "WidgetHost", "WidgetConfiguration", "WidgetContainer", "WidgetKinds", "WidgetRendering", "HostBasics", "HostText", sdk,
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "CryptoExtras", package: "swift-crypto"),
        ]),
        // widgethost run as one value: the host's loop, the dashboard and a
        // front end's services in one ServiceGroup.
        .target(name: "WidgetApplication", dependencies: [
            "HostBasics", "WidgetHost", "WidgetDashboard", "WidgetContainer", "WidgetConfiguration", "WidgetKinds",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        // widgethost new and dev: the scaffold, swift build and its
        // diagnostics, the source watcher, the gallery.
        .target(name: "WidgetAuthoring", dependencies: [
            "WidgetDashboard", "WidgetHost", "WidgetKinds", "WidgetConfiguration", "WidgetRendering", "HostBasics", "HostText", "YAML", "CProcessControl", sdk,
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // A GitHub look-alike on loopback: recorded-shape JSON, ETags, counting
        // rate limits, faults on demand. For tests and the benchmark only.
        .target(
            name: "FakeGitHub",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/Support/FakeGitHub"),
        // Random and adversarial view trees through the host's checks, layout
        // and renderers: a test runs a fixed seed, make fuzz runs for minutes.
        // Images too: PNG, JPEG and GIF seeds, mutated, through the sandboxed rasteriser.
        .target(name: "ViewFuzzer", dependencies: ["HostBasics", "WidgetRendering", "ExtensionProtocol", sdk], path: "Tests/Support/ViewFuzzer",
                resources: [.copy("Seeds")]),
        // The services the wall's kinds read (Open-Meteo, feeds, calendars,
        // JSON APIs) on loopback, with faults on demand. For tests only.
        .target(
            name: "FakeSources",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/Support/FakeSources"),
        // The same server as a process, for make e2e.
        .executableTarget(name: "fake-github", dependencies: ["FakeGitHub"], path: "Tests/Support/fake-github"),
        .executableTarget(
            name: "widgethost",
            dependencies: [
                "HostBasics", "WidgetHost", "WidgetApplication", "WidgetAuthoring", "WidgetConfiguration", "WidgetContainer", "WidgetDashboard", "WidgetKinds", "WidgetRendering",
                "HostText", "YAML", sdk,
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]),

        // Shared by the three GitHub kinds; linked into each of them.
        .target(name: "RepoWatcherCore", dependencies: [sdk], path: "Widgets/RepoWatcherCore"),
    ]
    + widgetKinds.map { .target(name: $0, dependencies: ["RepoWatcherCore", sdk], path: "Widgets/\($0)") }
    + standaloneKinds.map { .target(name: $0, dependencies: [sdk], path: "Widgets/\($0)") }
    + wallKinds.map {
        .target(name: $0, dependencies: [sdk], path: "Widgets/\($0)", swiftSettings: [implicitImports, .swiftLanguageMode(.v6)], linkerSettings: [foundationIfUsed])
    }
    + [
        // What a `json:` declaration says: read by the manifest, which checks
        // it, and by the JSON module, which draws it.
        .target(name: "JSONWidgetSpec", dependencies: [sdk], path: "Widgets/JSONWidgetSpec"),
        .target(name: "JSONWidget", dependencies: ["JSONWidgetSpec", sdk], path: "Widgets/JSONWidget",
                swiftSettings: [implicitImports, .swiftLanguageMode(.v6)], linkerSettings: [foundationIfUsed]),
    ]
    + fixtureModules.map { name in
        // The ported extension carries an image, as an asset catalog would,
        // and is built with what `widgethost new` writes into a package.
        name == "FixturePorted"
            ? .target(name: name, dependencies: [sdk], path: "Tests/Fixtures/\(name)", resources: [.copy("Images")],
                      swiftSettings: [implicitImports], linkerSettings: [foundationIfUsed])
            : .target(name: name, dependencies: [sdk], path: "Tests/Fixtures/\(name)")
    }
    + corpusModules.map { module in
        .target(name: module.name, dependencies: [sdk], path: "Tests/Corpus/\(module.name)", resources: module.resources,
                swiftSettings: [implicitImports, .swiftLanguageMode(module.swift6 ? .v6 : .v5)], linkerSettings: [foundationIfUsed])
    }
    + [
        // `make bench`: figures, never thresholds.
        .executableTarget(
            name: "widgethost-bench",
            dependencies: [
                "WidgetHost", "WidgetConfiguration", "WidgetContainer", "WidgetDashboard", "WidgetKinds", "WidgetRendering", "ExtensionProtocol", "FakeGitHub", "FakeSources", "ViewFuzzer",
                "WidgetTestSupport", "HostBasics", sdk,
                // A load of 50 clients against the dashboard.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/SchedulerBench"),
        // What the tests and the benchmark share: folders of their own, the
        // built binary and modules, processes, images, a terminal. Nothing of
        // the host's runtime, so the rendering tests build without it.
        .target(name: "WidgetTestSupport", dependencies: ["HostBasics", "WidgetConfiguration", sdk], path: "Tests/Support/WidgetTestSupport"),
        // The host's parts set up as the tests drive them: a container behind
        // the CLI, the GitHub kinds against the fake GitHub, a scheduler on a
        // manual clock, `run` as a process, a throwaway PostgreSQL.
        .target(
            name: "HostTestSupport",
            dependencies: [
                "WidgetTestSupport", "HostBasics", "WidgetHost", "WidgetContainer", "WidgetKinds", "WidgetConfiguration", "FakeGitHub", sdk,
                // Requests to the dashboard and the gallery.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Tests/Support/HostTestSupport"),
        .testTarget(name: "YAMLTests", dependencies: ["YAML", "HostText"]),
        // Layout and every renderer from archived views: builds without the
        // container, the network or the web.
        .testTarget(
            name: "WidgetRenderingTests",
            dependencies: ["WidgetRendering", "HostText", "ExtensionProtocol", "WidgetConfiguration", "WidgetTestSupport", sdk],
            exclude: ["Golden"]),
        // The shared container on SQLite and PostgreSQL, through the CLI and directly.
        .testTarget(
            name: "WidgetContainerTests",
            dependencies: [
                "WidgetContainer", "WidgetConfiguration", "WidgetHost", "WidgetKinds", "HostBasics", "HostTestSupport", "WidgetTestSupport", sdk,
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]),
        // Fleets of hosts on one PostgreSQL: leases, restarts, credentials.
        .testTarget(
            name: "PostgresTests",
            dependencies: [
                "WidgetHost", "HostTestSupport", "WidgetTestSupport", "FakeGitHub",
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
        // run --serve over real HTTP: the page, cards, the event stream, taps, PNG, /metrics.
        .testTarget(
            name: "WidgetDashboardTests",
            dependencies: [
                "WidgetDashboard", "WidgetConfiguration", "WidgetHost", "HostTestSupport", "WidgetTestSupport", "FakeGitHub", sdk,
                // An SSE client, and raw HTTP/1 for malformed requests.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
        // The built widgethost binary end to end: every command, new and dev,
        // the documented commands, the corpus and the ported extension.
        .testTarget(
            name: "CommandTests",
            dependencies: [
                "WidgetHost", "WidgetKinds", "WidgetRendering", "WidgetConfiguration", "HostBasics", "HostText", "YAML", "HostTestSupport", "WidgetTestSupport", "FakeGitHub", sdk,
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]),
        // The wall's kinds (Widgets/: weather, …) in real extension
        // processes against the fake services, drawn to golden pictures.
        .testTarget(
            name: "WallKindsTests",
            dependencies: [
                "WidgetHost", "WidgetConfiguration", "WidgetKinds", "WidgetRendering", "FakeSources", "HostTestSupport", "WidgetTestSupport", sdk,
            ],
            exclude: ["Golden", "FakeMachine", "Feeds", "Calendars"]),
        // The runtime: loading, extension processes and their sandbox, the
        // scheduler and the host's loop, the GitHub service and kinds.
        // Must not depend on a kind's or fixture's target: that would link it
        // statically. Tests find the built .so files beside the test bundle.
        .testTarget(
            name: "WidgetHostTests",
            dependencies: [
                "WidgetHost", "WidgetConfiguration", "WidgetContainer", "WidgetKinds", "WidgetRendering",
                "ExtensionProtocol", "FakeGitHub", "ViewFuzzer", "YAML", "HostBasics", "HostTestSupport", "WidgetTestSupport", "JSONWidgetSpec", sdk,
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            exclude: ["Rendering/Golden"]),
    ]
)

// What the compiler holds the host's own code to. Not the kinds, fixtures or
// corpus: they are written as widget extensions for iOS are, and build so.
// Left off: MemberImportVisibility (with it, the rasteriser test's bomb card
// came out blank, unexplained) and InternalImportsByDefault: nothing here is
// public, and every file whose `package` API names Foundation's URL, Date or
// Data (110 of 250) would need `package import Foundation` to say what the
// layers check and `package` access already hold.
let writtenAsForIOS = Set(widgetKinds + standaloneKinds + wallKinds + declaredKinds + ["RepoWatcherCore"] + fixtureModules + corpusModules.map(\.name))
for target in package.targets where target.type != .system && !writtenAsForIOS.contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
    ]
}
