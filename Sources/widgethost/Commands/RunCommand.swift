import ArgumentParser
import Logging
import ServiceLifecycle
import WidgetHost

struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the host: keep every instance's timeline fresh, in the foreground.",
        discussion: """
            Asks each instance's provider for timelines as their reload policies, the daily budget and the \
            minimum interval allow, and logs one line per event. Instances added or removed and reloads \
            requested from other terminals are picked up within 2 seconds. Ctrl-C (SIGINT) or SIGTERM stops \
            it: running provider calls get 3 seconds to finish, state is saved, and the exit status is 0.
            """)

    @Argument(help: ArgumentHelp("The bundle manifest (default: --config, else ./config.yaml).", valueName: "manifest"))
    var manifestPath: String?

    @OptionGroup var manifest: ManifestOptions

    func run() async throws {
        LoggingSystem.bootstrap { StreamLogHandler.standardOutput(label: $0) }
        let logger = Logger(label: "widgethost")
        let workspace = try manifest.openWorkspace(try manifest.loadManifest(overriding: manifestPath))
        for diagnostic in workspace.bundle.diagnostics {
            logger.warning("\(diagnostic.description)")
        }
        guard let lock = try HostLock(location: workspace.container.location) else {
            let pid = HostLock.holder(at: workspace.container.location).map { " (pid \($0))" } ?? ""
            Terminal.error("error: another host\(pid) is already running on container \(workspace.container.location.group)")
            throw ExitCode.failure
        }
        let host = try TimelineHost(
            workspace: workspace,
            onEvent: { event, instance in
                logger.info("\(event)", metadata: ["instance": "\(event.instance)", "kind": "\(instance?.kind ?? "?")"])
            },
            onProblem: { logger.error("\($0)") })
        let schedule = workspace.manifest.schedule
        logger.info("host started", metadata: [
            "kinds": "\(workspace.bundle.kinds.map(\.name).joined(separator: ","))",
            "container": "\(workspace.container.location.databasePath)",
            "daily_budget": "\(schedule.dailyBudget)", "min_interval": "\(schedule.minInterval)",
        ])
        if try workspace.container.instances().isEmpty {
            logger.notice("no instances yet: place one from another terminal, e.g. 'widgethost add-instance SingleRepo --repo apple/swift'")
        }
        let group = ServiceGroup(configuration: .init(
            services: [HostService(host: host)], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
        logger.info("host stopped; state saved")
        withExtendedLifetime(lock) {}
    }
}

/// The host as a service of the group that turns signals into graceful shutdown.
struct HostService: Service {
    let host: TimelineHost

    func run() async throws {
        try await cancelWhenGracefulShutdown {
            try await host.run()
        }
    }
}
