import ArgumentParser
import Foundation
import HostBasics
import HostText
import Logging
import ServiceLifecycle
import WidgetAuthoring
import WidgetDashboard
import WidgetHost

struct DevCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dev",
        abstract: "Build a widget package and preview its kinds; again on every save.",
        discussion: """
            Builds the package with 'swift build', then shows each kind of its manifest in every family it \
            supports: the snapshot in fullColor, accented and vibrant, the placeholder, and the entries of one \
            timeline at their dates. Saving a Swift file of the package, or its manifest, builds and previews again; compiler \
            errors show in place of the previews, with file:line:column. Kinds run in extension processes, as \
            under 'run', so a crash shows as an error in its preview. Ctrl-C stops.
            """)

    @Argument(help: ArgumentHelp("The widget package's folder.", valueName: "package"))
    var package = "."

    @Option(name: .customLong("config"), help: ArgumentHelp("The manifest naming the package's kinds (default: <package>/config.yaml).", valueName: "manifest"))
    var manifestPath: String?

    @Option(help: ArgumentHelp("Also serve a live gallery at host:port (a bare port binds 127.0.0.1; port 0 picks a free one).", valueName: "address"))
    var serve: String?

    @Flag(help: "Print one JSON object a line for each build started and finished, with each preview's text.")
    var json = false

    func validate() throws {
        _ = try serve.map(ServeAddress.init)
    }

    func run() async throws {
        LoggingSystem.bootstrap { HostLogHandler(label: $0, output: .standardError) }
        let folder = URL(fileURLWithPath: package).standardizedFileURL
        let manifestFile = manifestPath ?? folder.appendingPathComponent("config.yaml").path
        let page = GalleryPage(title: folder.lastPathComponent)
        let events = DashboardEvents(coalescing: .zero)
        let screen = DevScreen(mode: json ? .json : isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb" ? .screen : .lines)
        let session = try await Terminal.failing {
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) else {
                throw AuthoringError.notAPackage(package)
            }
            return DevSession(package: folder, manifestFile: manifestFile, builder: try PackageBuilder(package: folder)) { line in
                screen.kindPrinted(line)
            }
        }
        guard FileManager.default.fileExists(atPath: manifestFile) else {
            Terminal.error("error: \(manifestFile): no such file; dev previews the kinds a manifest names "
                + "('widgethost new' writes one), given with --config <manifest>")
            throw ExitCode.failure
        }
        let logger = Logger(label: "widgethost-dev")
        var services: [any Service] = [DevService(session: session) { update in
            page.record(update)
            events.publish("update", data: "\(update.number)")
            screen.show(update)
        }]
        if let address = try serve.map(ServeAddress.init) {
            var serverLogger = logger
            serverLogger.logLevel = .warning
            services.append(GalleryServer.application(page: page, events: events, host: address.host, port: address.port, logger: serverLogger) { bound in
                Terminal.note("gallery at \(address.url(port: bound))")
            })
            services.append(EventStreamCloser(events: events))
        }
        // SIGTERM and SIGINT through a pipe of our own (ShutdownSignals says why not Dispatch's).
        let group = ServiceGroup(configuration: .init(services: services, logger: logger))
        ShutdownSignals.handle { Task { await group.triggerGracefulShutdown() } }
        do {
            try await group.run()
        } catch let error as AuthoringError {
            Terminal.error("error: \(ErrorText.describe(error))")
            throw ExitCode.failure
        }
    }
}

/// The build-and-preview loop as a service: it ends at Ctrl-C.
struct DevService: Service {
    let session: DevSession
    let onUpdate: @Sendable (DevSession.Update) async -> Void

    func run() async throws {
        try await cancelWhenGracefulShutdown {
            try await session.run(onUpdate: onUpdate)
        }
    }
}
