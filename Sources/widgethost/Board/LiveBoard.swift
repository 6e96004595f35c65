import Foundation
import HostText
import Synchronization
import WidgetConfiguration
import WidgetContainer
import WidgetHost
import WidgetRendering
import WidgetSDK

/// Drives the terminal: the alternate screen, the controls on a line under
/// the title (keys 1 to 9 tap them), the Live Activities shown
/// first (most relevant first), then a tile per instance, most relevant
/// first (`StackRelevance`), redrawn when its saved entry changes and
/// placed again when its rank does, freshness refreshed every 30 s, a full
/// redraw on resize, pages when the tiles do not fit, and the latest event
/// in a status line at the bottom.
///
/// Requests are handled one at a time, in order: drawing a tile waits on
/// its kind's extension (a placeholder), and two draws of one tile that
/// interleaved could leave the older picture on screen.
actor LiveBoard {
    enum Request: Sendable {
        case redrawAll
        case refresh(String)
        case freshness
        /// A second passed: redraw tiles with text that keeps time.
        case tick
        case event(String)
        case key(TerminalInput.Key)
        /// The controls as just read (`readControls`).
        case controlsRead([ControlStatus])
        /// A control's tap ended: what it shows now (nil when it failed), and the line for the status line.
        case controlTapped(number: Int, now: ControlStatus?, event: String)
    }

    private let workspace: Workspace
    private let colors: ANSIRenderer.ColorSupport
    private var size = LiveBoard.terminalSize()
    private var pages: [[String: TerminalBoard.Position]] = [[:]]
    private var page = 0
    private var shown: [String: [String]] = [:]
    /// The family each tile was placed with: a tile whose family changed
    /// takes another size, and every tile after it moves.
    private var placedFamilies: [String: WidgetFamily] = [:]
    private var lastEvent = ""
    /// The Live Activities placed on the pages, in order.
    private var activities: [LiveActivity] = []
    /// The controls on the line under the title, as last read.
    private var controls: [ControlStatus] = []
    private var board: TerminalBoard { TerminalBoard(columns: size.columns, rows: size.rows) }
    /// Tiles last drawn with text that keeps time: only these are read again each second.
    private var ticking: Set<String> = []
    /// Each instance's rank when the tiles were placed, in the order they
    /// were placed, and when one may next change by itself (a score's
    /// duration or an interval ending).
    private var ranks: [String: StackRelevance] = [:]
    private var rankedOrder: [String] = []
    private var nextRankChange: Date?
    /// Whether a read of the controls is under way, and whether another
    /// was asked for meanwhile: reads are made one at a time, off the
    /// board's queue (a provider may take its whole timeout), and any
    /// number of requests during one make one more.
    private nonisolated let controlReads = Mutex((running: false, again: false))
    private nonisolated let requests: AsyncStream<Request>
    private nonisolated let continuation: AsyncStream<Request>.Continuation

    init(workspace: Workspace, colors: ANSIRenderer.ColorSupport) {
        self.workspace = workspace
        self.colors = colors
        (requests, continuation) = AsyncStream.makeStream(of: Request.self)
    }

    static func terminalSize() -> (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return (120, 40) }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Queues a request; `run` handles it after those before it.
    nonisolated func send(_ request: Request) {
        continuation.yield(request)
    }

    /// Ends `run` once the queued requests are handled.
    nonisolated func finish() {
        continuation.finish()
    }

    /// Draws the board, handles requests until `finish`, then gives the
    /// terminal its screen back.
    func run() async {
        write("\u{1B}[?1049h\u{1B}[?25l")
        await redrawAll()
        for await request in requests {
            switch request {
            case .redrawAll: await redrawAll()
            case .refresh(let id): await refresh(id)
            case .freshness: await redrawPage()
            case .tick:
                if let next = nextRankChange, next <= workspace.clock.now() { await rerank() }
                await redrawTicking()
            case .event(let text):
                lastEvent = Terminal.printable(text)
                drawStatusLine()
            case .key(.control(let number)): tapControl(number)
            case .key(let key): await turn(key)
            case .controlsRead(let statuses):
                controls = statuses
                drawControls()
            case .controlTapped(let number, let now, let event):
                if let now, controls.indices.contains(number - 1), controls[number - 1].kind == now.kind { controls[number - 1] = now }
                lastEvent = Terminal.printable(event)
                drawControls()
                drawStatusLine()
            }
        }
        write("\u{1B}[?25h\u{1B}[?1049l")
    }

    /// Everything again: after a resize, or when instances come or go.
    private func redrawAll() async {
        size = Self.terminalSize()
        let now = workspace.clock.now()
        guard let statuses = try? workspace.statuses(at: now).byRelevance(at: now) else { return }
        noteRanks(statuses, at: now)
        activities = shownActivities(at: now)
        readControls()
        pages = board.pages(activities.map { (Self.tileID($0), .systemMedium) } + statuses.map { ($0.instance.id, $0.instance.family) })
        placedFamilies = Dictionary(statuses.map { ($0.instance.id, $0.instance.family) }, uniquingKeysWith: { first, _ in first })
        page = min(page, pages.count - 1)
        await redrawPage(statuses)
    }

    /// The current page from scratch.
    private func redrawPage(_ known: [InstanceStatus]? = nil) async {
        let now = workspace.clock.now()
        guard let statuses = known ?? (try? workspace.statuses(at: now)) else { return }
        // An activity that went stale keeps its place; one ended and dismissed gives it up.
        if known == nil, shownActivities(at: now).map(\.id) != activities.map(\.id) { return await redrawAll() }
        shown = [:]
        write("\u{1B}[2J")
        drawHeader()
        drawControls()
        if statuses.isEmpty {
            for (position, text) in board.emptyHint(manifest: URL(fileURLWithPath: workspace.manifest.file).lastPathComponent) {
                write(TerminalBoard.draw([Terminal.printable(text)], at: position))
            }
        }
        for activity in activities where pages[page][Self.tileID(activity)] != nil { await draw(activity, at: now) }
        for status in statuses where pages[page][status.instance.id] != nil { await draw(status) }
        drawStatusLine()
    }

    private func shownActivities(at date: Date) -> [LiveActivity] {
        ((try? workspace.container.read { try $0.activities() }) ?? []).shown(at: date)
    }

    /// A Live Activity's place among the tiles: no instance id has a colon.
    private static func tileID(_ activity: LiveActivity) -> String {
        "activity:" + activity.id
    }

    /// A Live Activity's Lock Screen presentation, as a medium tile.
    private func draw(_ activity: LiveActivity, at date: Date) async {
        let id = Self.tileID(activity)
        guard let renderable = try? workspace.renderable(activity, at: date) else { return }
        let colors = colors
        guard let drawn = try? await RenderQueue.draw({ renderable.ansi(colors: colors) }), let position = pages[page][id] else { return }
        let caption = Terminal.printable("Live Activity · \(activity.type) · \(activity.phase(at: date).rawValue)")
        let lines = TerminalBoard.tileLines(box: drawn, caption: caption, family: .systemMedium)
        let visible = Array(lines.prefix(max(0, size.rows - position.row)))
        write(TerminalBoard.draw(visible, at: position, previous: shown[id]))
        shown[id] = visible
    }

    private func noteRanks(_ ordered: [InstanceStatus], at now: Date) {
        let ranked = ordered.map { ($0.instance.id, StackRelevance($0.schedule, at: now)) }
        ranks = Dictionary(ranked, uniquingKeysWith: { first, _ in first })
        rankedOrder = ranked.map(\.0)
        nextRankChange = ranked.compactMap(\.1.changes).min()
    }

    /// A rank may have changed by itself: the tiles are placed again only if
    /// the order did change (a next entry's date alone changes nothing).
    private func rerank() async {
        let now = workspace.clock.now()
        guard let statuses = try? workspace.statuses(at: now).byRelevance(at: now) else { return }
        guard statuses.map(\.instance.id) == rankedOrder else { return await redrawAll() }
        noteRanks(statuses, at: now)
    }

    /// One instance's tile, writing only the lines that changed; the whole
    /// board placed again when the instance is new, gone, of another
    /// family than it was placed with (its tile changed size), or of another rank.
    private func refresh(_ id: String) async {
        let now = workspace.clock.now()
        guard let status = try? workspace.status(of: id, at: now), placedFamilies[id] == status.instance.family else {
            return await redrawAll()
        }
        let rank = StackRelevance(status.schedule, at: now)
        guard rank == ranks[id] ?? .unranked else { return await redrawAll() }
        // A new timeline may bring a change to come (an interval that starts later): the tick looks then.
        if let changes = rank.changes { nextRankChange = min(nextRankChange ?? changes, changes) }
        guard pages[page][id] != nil else { return }
        await draw(status)
    }

    /// Tiles on this page whose entry has `.timer` or `.relative` text; only
    /// their changed lines are written.
    private func redrawTicking() async {
        for id in ticking.sorted() where pages[page][id] != nil {
            guard let status = try? workspace.status(of: id, at: workspace.clock.now()) else { continue }
            await draw(status)
        }
    }

    private func turn(_ key: TerminalInput.Key) async {
        let next = switch key {
        case .nextPage: min(page + 1, pages.count - 1)
        case .previousPage: max(page - 1, 0)
        case .control: page
        }
        guard next != page else { return }
        page = next
        await redrawPage()
    }

    private func draw(_ status: InstanceStatus) async {
        guard pages[page][status.instance.id] != nil, let renderable = try? await workspace.renderable(status) else { return }
        let colors = colors
        let family = status.instance.family
        let compact = board.isCompact(family)
        guard let drawn = try? await RenderQueue.draw({ compact ? renderable.headline : renderable.ansi(colors: colors) }),
              // The page may have turned while the card was drawn.
              let position = pages[page][status.instance.id] else { return }
        let name = status.instance.name.map { "\($0) · " } ?? ""
        let caption = Terminal.printable("\(name)\(status.instance.kind) · \(status.instance.id) · \(status.state.rawValue): \(status.detail)")
        let lines = compact
            ? TerminalBoard.compactTileLines(headline: Terminal.printable(drawn), label: Terminal.printable(label(status.instance)), caption: caption, family: family)
            : TerminalBoard.tileLines(box: drawn, caption: caption, family: family)
        // Never over the status line, on a terminal too small for even a compact tile.
        let visible = Array(lines.prefix(max(0, size.rows - position.row)))
        write(TerminalBoard.draw(visible, at: position, previous: shown[status.instance.id]))
        shown[status.instance.id] = visible
        if status.currentEntry?.view.ticks == true { ticking.insert(status.instance.id) } else { ticking.remove(status.instance.id) }
    }

    /// What a compact tile shows, beside its headline: the instance's name,
    /// or its kind's display name, and its configuration's values in the
    /// kind's order ("Repository · apple/swift").
    private func label(_ instance: WidgetInstance) -> String {
        let kind = workspace.bundle.kind(named: instance.kind)
        let keys = instance.configurationKeys(order: kind?.configuration.parameters.map(\.name) ?? [])
        let values = keys.map { "\(instance.configuration[$0]!)" }.filter { !$0.isEmpty }
        let title = instance.name ?? kind?.descriptor.displayName ?? instance.kind
        return values.isEmpty ? title : title + " · " + values.joined(separator: ", ")
    }

    private func drawHeader() {
        let count = pages.reduce(0) { $0 + $1.count }
        let paging = pages.count > 1
            ? " · page \(page + 1)/\(pages.count) (+\(count - pages[page].count) more; n/p pages)"
            : ""
        // Paging first: a long manifest path must not push it off the line.
        let title = "widgethost\(paging) · \(workspace.manifest.name ?? workspace.manifest.file) · Ctrl-C to stop"
        write("\u{1B}[1;1H\u{1B}[2K" + Terminal.printable(String(title.prefix(max(0, size.columns - 1)))))
    }

    /// Reads every control again, off the board's queue; the line is
    /// drawn when the read ends. Asked for while one runs, one more follows.
    nonisolated func readControls() {
        let start = controlReads.withLock { reads in
            if reads.running { reads.again = true }
            defer { reads.running = true }
            return !reads.running
        }
        guard start else { return }
        Task { [workspace] in
            var statuses = await workspace.controls()
            while controlReads.withLock({ reads in
                reads.running = reads.again
                reads.again = false
                return reads.running
            }) {
                statuses = await workspace.controls()
            }
            send(.controlsRead(statuses))
        }
    }

    /// Taps the control with key `number`: its action runs in its module's
    /// extension, with the value this line showed flipped, off the board's
    /// queue; the line then shows what the control says now, and the
    /// status line what was done.
    private func tapControl(_ number: Int) {
        guard controls.indices.contains(number - 1) else { return }
        let shown = controls[number - 1]
        Task { [workspace] in
            do {
                let (performed, now) = try await workspace.tapControl(shown.kind, shown: shown.reading?.isOn)
                send(.controlTapped(number: number, now: now, event: "performed '\(performed.action.title)'; \(now.line)"))
            } catch {
                send(.controlTapped(number: number, now: nil, event: "⚠ \(error)"))
            }
        }
    }

    /// "1 ● Work Timer: Running  2 ▸ Lights": each control with its key, on the header's blank line.
    private func drawControls() {
        guard !controls.isEmpty else { return }
        let items = controls.prefix(9).enumerated().map { index, status in
            let mark = status.reading.map { $0.isOn.map { $0 ? "●" : "○" } ?? "▸" } ?? "⚠"
            return "\(index + 1) \(mark) \(status.line)"
        }
        let line = Terminal.fitted(TerminalText.escaped("controls: " + items.joined(separator: "   ")), columns: max(0, size.columns - 1))
        write("\u{1B}[2;1H\u{1B}[2K\u{1B}[2m" + line + "\u{1B}[0m")
    }

    private func drawStatusLine() {
        let text = TerminalBoard.statusLine(lastEvent, columns: size.columns)
        write("\u{1B}[\(size.rows);1H\u{1B}[2K" + text)
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
