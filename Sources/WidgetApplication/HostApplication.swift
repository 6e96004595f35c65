import Foundation
import HostBasics
import Logging
import ServiceLifecycle
import WidgetConfiguration
import WidgetContainer
import WidgetDashboard
import WidgetHost
import WidgetKinds

/// `widgethost run` as one value: the workspace, the host's loop, the
/// dashboard when asked for, and the services a front end adds (the live
/// board), run together in one `ServiceGroup` that turns SIGTERM and SIGINT
/// into a graceful shutdown. The command parses and builds it; nothing else
/// wires the host.
package struct HostApplication: Sendable {
    /// Where the dashboard listens.
    package struct Address: Sendable {
        package var host: String
        package var port: Int
        /// Whether only this machine can reach it.
        package var isLoopback: Bool
        /// How a person reaches it once bound (`port` may be 0).
        package var url: @Sendable (_ boundPort: Int) -> String
        /// Serve it beyond loopback with nobody to sign in (`--open-dashboard`): said loudly, never assumed.
        package var open: Bool

        package init(host: String, port: Int, isLoopback: Bool, open: Bool = false, url: @escaping @Sendable (_ boundPort: Int) -> String) {
            self.host = host
            self.port = port
            self.isLoopback = isLoopback
            self.open = open
            self.url = url
        }
    }

    /// A dashboard beyond loopback that nobody could sign in to, and was not said to be open.
    package struct DashboardUnprotected: Error, CustomStringConvertible {
        package let host: String
        package var description: String {
            "the dashboard would listen on \(host), where other machines reach it, and nobody can sign in to it: "
                + "add a user first ('widgethost users add NAME'), name a trusted proxy (dashboard.trusted_proxies in the manifest), "
                + "or pass --open-dashboard to serve it to anyone who can reach it"
        }
    }

    /// What the host tells a front end.
    package struct Observers: Sendable {
        /// Each scheduler event, with its instance as far as the host knows it.
        package var event: @Sendable (SchedulerEvent, WidgetInstance?) -> Void
        /// Each event the dashboard names ("entry", "instances"…), for an
        /// instance, once a save holds it: views read what is saved.
        /// "activities" (with no instance) when Live Activities changed;
        /// "controls" when a kind asked for its controls to be read again.
        package var saved: @Sendable (_ name: String, _ instance: String) -> Void

        package init(event: @escaping @Sendable (SchedulerEvent, WidgetInstance?) -> Void = { _, _ in },
                    saved: @escaping @Sendable (_ name: String, _ instance: String) -> Void = { _, _ in }) {
            self.event = event
            self.saved = saved
        }
    }

    /// Another host holds the container (SQLite takes one).
    package struct ContainerTaken: Error, CustomStringConvertible {
        package let group: String
        package let holder: HostHolder?
        package var description: String {
            "another host\(holder.map { " (\($0))" } ?? "") is already running on container \(group)"
        }
    }

    package let workspace: Workspace
    package let logger: Logger
    package let dashboard: Address?
    package let observers: Observers
    /// Run beside the host, stopped with it.
    package let services: [any Service]

    package init(workspace: Workspace, logger: Logger, dashboard: Address? = nil, observers: Observers = Observers(),
                services: [any Service] = []) {
        self.workspace = workspace
        self.logger = logger
        self.dashboard = dashboard
        self.observers = observers
        self.services = services
        pushTeller = PushTokenTeller(workspace: workspace) { kind, error in
            logger.say(.warning, "the push handler of \(kind) could not be told its token: \(error); it is told again when its widgets change or the host starts")
        }
    }

    /// Claims the container, runs until SIGTERM or SIGINT, then ends the
    /// extensions; state is saved as the host's loop stops.
    package func run() async throws {
        let accounts: (users: Int, tokens: Int)? = dashboard == nil ? nil
            : try await workspace.container.read { (try $0.dashboardUsers().count, try $0.dashboardCredentials(kind: .token).count) }
        if let dashboard, let (users, tokens) = accounts, !dashboard.isLoopback, !dashboard.open,
           users + tokens == 0, workspace.manifest.dashboard.userHeader == nil {
            throw DashboardUnprotected(host: dashboard.host)
        }
        let (claim, host, empty) = try await start()
        let schedule = workspace.manifest.schedule
        logger.say(.info, "host started", metadata: [
            "kinds": "\(workspace.bundle.kinds.map(\.name).joined(separator: ","))",
            "container": "\(workspace.container.location)",
            "daily_budget": "\(schedule.dailyBudget)", "min_interval": "\(schedule.minInterval)",
        ])
        for warning in workspace.manifest.warnings { logger.say(.warning, "\(warning)") }
        if !workspace.watchesKindFolders {
            logger.say(.warning, "kinds' folders cannot be watched here (no inotify instance to be had): each is measured after each call instead, so a kind that writes between calls is stopped later")
        }
        // Before the loop's first look: the declared instances are there from its first turn.
        do {
            let (changes, problems) = try await DeclaredInstances(bundle: workspace.bundle).apply(to: workspace.container)
            for problem in problems { logger.say(.error, "\(problem); that instance is left as it was") }
            for line in changes.lines { logger.say(.notice, "\(line)") }
        } catch {
            // The host runs what the container holds; the manifest's instances come with its next change or start.
            logger.say(.error, "bringing the manifest's instances into the container failed: \(error); they are applied when the manifest next changes or the host starts again")
        }
        // Push handlers learn their kinds' tokens, and later their widgets as they come and go.
        pushTeller.tell()
        if empty && workspace.manifest.instances.isEmpty {
            logger.say(.notice, "no instances yet: place one from another terminal, e.g. 'widgethost add-instance SingleRepo --repo apple/swift'")
        }
        var services: [any Service] = [HostService(host: host)] + self.services
        if let dashboard, let (users, tokens) = accounts {
            let settings = workspace.manifest.dashboard
            // Users a proxy signs in; and behind any proxy the world may be: someone is asked for.
            let proxies = settings.userHeader == nil ? [] : settings.trustedProxies
            let signIn = users + tokens > 0 || !settings.trustedProxies.isEmpty || (!dashboard.isLoopback && !dashboard.open)
            if !dashboard.isLoopback && !signIn {
                logger.say(.warning, "the dashboard listens on \(dashboard.host) OPEN to anyone who can reach it (--open-dashboard): they see every widget; taps still need the key link below")
            }
            var serverLogger = logger
            serverLogger.logLevel = .warning
            let logger = logger
            let key = try DashboardKey.load(in: workspace.container.location.directory)
            // The manifest's devices: admitted to their screens; those it dropped, removed.
            try await DeviceRegistry(container: workspace.container).declare(workspace.manifest)
            let screens = workspace.manifest.screens.map(\.name.value)
            services.append(try Dashboard.application(
                workspace: workspace, events: events, host: dashboard.host, port: dashboard.port, key: key,
                beyondLoopback: !dashboard.isLoopback && !dashboard.open, anyHost: !dashboard.isLoopback, logger: serverLogger, accessLogger: logger,
                metrics: metrics, notReady: { host.notReady() },
                reloadKind: { kind in await host.reloadKind(kind) }) { bound in
                let url = dashboard.url(bound)
                if signIn {
                    let who = [users > 0 ? "\(users) user\(users == 1 ? "" : "s")" : nil, tokens > 0 ? "\(tokens) token\(tokens == 1 ? "" : "s")" : nil,
                               proxies.isEmpty ? nil : "users of the proxy at \(proxies.joined(separator: ", "))"].compactMap { $0 }
                    logger.say(.info, "dashboard at \(url) (sign-in required: \(who.isEmpty ? "nobody can sign in yet" : who.joined(separator: ", ")))")
                } else {
                    logger.say(.info, "dashboard at \(url) (taps from a browser need its key once: \(key.link(base: url)))")
                }
                if !screens.isEmpty {
                    logger.say(.info, "screens at \(url)screens/<name>.png: \(screens.joined(separator: ", ")); a TRMNL device's server is \(url.hasSuffix("/") ? String(url.dropLast()) : url)")
                }
            })
            // Last in the group, so first to hear of shutdown (the group shuts
            // down in reverse order): it closes the pages' event streams
            // before the server waits for its connections to end.
            services.append(EventStreamCloser(events: events))
        }
        // SIGTERM and SIGINT through a pipe of the host's own (ShutdownSignals says why not Dispatch's).
        let group = ServiceGroup(configuration: .init(services: services, logger: logger))
        ShutdownSignals.handle { Task { await group.triggerGracefulShutdown() } }
        try await group.run()
        // Calls still running had their grace; no extension outlives the host.
        await workspace.bundle.pool.shutDown()
        logger.say(.info, "host stopped; state saved")
        withExtendedLifetime(claim) {}
    }

    private let events = DashboardEvents()
    private let pushTeller: PushTokenTeller
    private let metrics: HostMetrics = {
        let metrics = HostMetrics()
        metrics.bootstrap()
        return metrics
    }()

    /// The claim, the host and whether the container holds no instance yet:
    /// all calls that wait on the database, made on the container's threads.
    private func start() async throws -> (any HostClaim, TimelineHost, Bool) {
        let (workspace, logger, observers, events, pushTeller) = (workspace, logger, observers, events, pushTeller)
        // A kind's `ControlCenter.reloadControls`: every page and view reads its controls again.
        workspace.onControlReload { _ in
            events.publish("controls", data: "")
            observers.saved("controls", "")
        }
        return try await workspace.container.offPool { container in
            guard let claim = try container.claimHost(leaseDuration: workspace.manifest.container.leaseDuration) else {
                throw ContainerTaken(group: container.location.group, holder: container.runningHost())
            }
            // Everything the host does ends in a write: refuse now rather
            // than run with nothing saved.
            try container.checkWritable()
            let host = try TimelineHost(workspace: workspace, claim: claim) { news in
                switch news {
                case .event(let event, let instance):
                    logger.say(.info, "\(event)", metadata: ["instance": "\(event.instance)", "kind": "\(instance?.kind ?? "?")"])
                    observers.event(event, instance)
                    // A push handler is told its kind's widgets as they are: placed,
                    // removed, withdrawn or back, or edited (which reloads it at once).
                    switch event.kind {
                    case .added, .removed, .withdrawn, .resumed, .reloadRequested(true, _, _): pushTeller.tell(instance.map { [$0.kind] })
                    default: break
                    }
                case .problem(let message): logger.say(.error, "\(message)")
                case .warning(let message): logger.say(.warning, "\(message)")
                case .notice(let message): logger.say(.notice, "\(message)")
                case .saved(let saved):
                    // One save often holds several events of one instance: each view hears of it once.
                    var told: Set<String> = []
                    for event in saved {
                        guard let name = Dashboard.event(for: event), told.insert("\(name) \(event.instance)").inserted else { continue }
                        events.publish(name, data: event.instance)
                        observers.saved(name, event.instance)
                    }
                case .activities:
                    // About no instance: every page and view hears of it.
                    events.publish("activities", data: "")
                    observers.saved("activities", "")
                }
            }
            return (claim, host, try container.instances().isEmpty)
        }
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

extension Logger {
    /// A line whose source is the program, not the module that logs it:
    /// the log's text is what people and scripts read.
    func say(_ level: Logger.Level, _ message: @autoclosure () -> Logger.Message, metadata: Logger.Metadata? = nil) {
        log(level: level, message(), metadata: metadata, source: "widgethost")
    }
}
