import ArgumentParser
import Foundation
import Logging
import ServiceLifecycle
import UnixSignals
import WidgetApplication
import WidgetConfiguration
import WidgetContainer
import WidgetDashboard
import WidgetHost
import WidgetKinds
import WidgetRendering

struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the host: keep every instance's timeline fresh, in the foreground.",
        discussion: """
            Asks each instance's provider for timelines as their reload policies, the daily budget and the \
            minimum interval allow, and logs one line per event. Instances added or removed and reloads \
            requested from other terminals reach it at once. Each module's kinds run in an \
            extension process of their own: one that crashes is restarted with backoff, one that hangs is \
            killed, and a module rebuilt or replaced on disk (or an edited manifest) is taken in within 2 \
            seconds. Ctrl-C (SIGINT) or SIGTERM stops it: running provider calls get 3 seconds to finish, \
            extensions are ended, state is saved, and the exit status is 0.
            A container that cannot be written (read-only, a full disk) is refused at start; one that fills \
            while the host runs is reported once, retried every second, and reported again when it works.
            With --serve, a web dashboard shows every instance and updates itself as entries change. The same \
            address answers /healthz (200 while the host runs), /readyz (200 when it can work; 503 with the \
            reason while the container cannot be written or the host waits on it, its leases lapsed, or no \
            kind is loaded) and /metrics (Prometheus text: reloads by kind and outcome, provider call \
            durations, scheduler lag and queue lag, extension restarts and crashes, quarantines, GitHub \
            requests by status (304 revalidated), answers served locally, the rate limit left, and for a \
            fleet lease takeovers, failed renewals, fenced writes, claim batch sizes and leases by host).
            On a container in PostgreSQL (container.url) several hosts may run at once, on one machine or many: \
            each instance is leased to one of them, the hosts share the instances evenly, and a host that dies \
            loses its leases after container.lease (default 10s) for the others to take over. A host stopped \
            with Ctrl-C or SIGTERM gives its leases back at once. The hosts share one GitHub budget. Each \
            lease has a token that grows when it changes hands, and a host writes only with its own: one that \
            lost an instance while stalled or cut off can never save over the host that holds it now.
            """)

    @Argument(help: ArgumentHelp("The bundle manifest (default: --config, else ./config.yaml).", valueName: "manifest"))
    var manifestPath: String?

    @Option(help: ArgumentHelp("Also serve the web dashboard, /metrics, /healthz and /readyz at host:port (a bare port binds 127.0.0.1; port 0 picks a free one).", valueName: "address"))
    var serve: String?

    @Flag(help: "Serve the dashboard beyond loopback even though nobody can sign in to it: anyone who can reach it sees every widget.")
    var openDashboard = false

    @Flag(help: "On a terminal, print log lines instead of the live board.")
    var log = false

    /// How often the board redraws its captions ("updated 5m ago"). Hidden:
    /// the tests set it beyond their length, so that a tile they see
    /// updated can only have been redrawn by the save it was told of.
    @Option(help: .hidden)
    var captionRefresh: Double = 30

    @OptionGroup var manifest: ManifestOptions

    func validate() throws {
        _ = try serve.map(ServeAddress.init)
    }

    func run() async throws {
        LoggingSystem.bootstrap { HostLogHandler(label: $0, output: .standardOutput) }
        // A file-size limit (ulimit -f) must fail a write, which the host
        // reports and retries, rather than kill the host.
        signal(SIGXFSZ, SIG_IGN)
        // On a terminal the live board shows the widgets; log lines would scroll
        // over it. A dumb terminal cannot address the screen: it gets the lines.
        let boardMode = !log && isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
        let logger = {
            var logger = Logger(label: "widgethost")
            if boardMode { logger.logLevel = .error }
            return logger
        }()
        // What kinds print goes to the log, a line at a time, never to the protocol.
        let loaded = try manifest.loadManifest(overriding: manifestPath)
        // The log keeps a crash's whole report, whatever --verbose says.
        OutputReader.crashReportsInFull = true
        let workspace = try await manifest.openWorkspace(loaded) { line in
            logger.info("\(line)")
        }
        for diagnostic in workspace.bundle.diagnostics {
            logger.warning("\(diagnostic.description)")
        }
        let board = boardMode ? LiveBoard(workspace: workspace, colors: .detect(isTerminal: true)) : nil
        let application = HostApplication(
            workspace: workspace, logger: logger,
            dashboard: try serve.map(ServeAddress.init).map { address in
                HostApplication.Address(host: address.host, port: address.port, isLoopback: address.isLoopback, open: openDashboard,
                                        url: { address.url(port: $0) })
            },
            observers: HostApplication.Observers(
                event: { event, instance in
                    board?.send(.event("\(SchedulerEvent.format(event.date)) \(event.instance) \(instance?.kind ?? ""): \(event)"))
                },
                saved: { name, instance in
                    if name == "controls" { board?.readControls() } else { board?.send(name == "entry" ? .refresh(instance) : .redrawAll) }
                }),
            services: board.map { [BoardService(board: $0, captionRefresh: .seconds(captionRefresh))] } ?? [])
        do {
            try await application.run()
        } catch let error as HostApplication.ContainerTaken {
            Terminal.error("error: \(error)")
            throw ExitCode.failure
        } catch let error as HostApplication.DashboardUnprotected {
            Terminal.error("error: \(error)")
            throw ExitCode.failure
        }
    }
}

/// The live board: drawn at start, again on every resize, captions kept
/// fresh, pages turned by keys.
struct BoardService: Service {
    let board: LiveBoard
    let captionRefresh: Duration

    func run() async throws {
        let input = TerminalInput()
        input.read { board.send(.key($0)) }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await board.run() }
            group.addTask {
                for await _ in await UnixSignalsSequence(trapping: .sigwinch) { board.send(.redrawAll) }
            }
            group.addTask {
                while (try? await Task.sleep(for: captionRefresh)) != nil { board.send(.freshness) }
            }
            group.addTask {
                while (try? await Task.sleep(for: .seconds(1))) != nil { board.send(.tick) }
            }
            try? await gracefulShutdown()
            board.finish()
            // The board's own task ends once it has drained and left the alternate screen.
            await group.next()
            group.cancelAll()
        }
        input.restore()
    }
}
