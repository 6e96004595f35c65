import Foundation
import WidgetHost
import WidgetSDK

/// Drives the terminal: the alternate screen, a tile per instance redrawn
/// when its entry changes, freshness refreshed every 30 s, a full redraw on
/// resize, and the latest event in a status line at the bottom.
actor LiveBoard {
    private let workspace: Workspace
    private let colors: ANSIRenderer.ColorSupport
    private var board = TerminalBoard(columns: LiveBoard.terminalSize().columns)
    private var positions: [String: TerminalBoard.Position] = [:]
    private var shown: [String: [String]] = [:]
    private var lastEvent = ""

    init(workspace: Workspace, colors: ANSIRenderer.ColorSupport) {
        self.workspace = workspace
        self.colors = colors
    }

    static func terminalSize() -> (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return (120, 40) }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    func start() async {
        write("\u{1B}[?1049h\u{1B}[?25l")
        await redrawAll()
    }

    func stop() {
        write("\u{1B}[?25h\u{1B}[?1049l")
    }

    /// Everything again: after a resize, or when instances come or go.
    func redrawAll() async {
        board = TerminalBoard(columns: Self.terminalSize().columns)
        shown = [:]
        write("\u{1B}[2J\u{1B}[1;1H" + "widgethost · \(workspace.manifest.name ?? workspace.manifest.file) · Ctrl-C to stop")
        guard let statuses = try? workspace.statuses(at: workspace.clock.now()) else { return }
        positions = board.place(statuses.map { ($0.instance.id, $0.instance.family) })
        for status in statuses { await draw(status) }
        drawStatusLine()
    }

    /// One instance's tile, writing only the lines that changed.
    func refresh(_ id: String) async {
        guard let status = try? workspace.status(of: id, at: workspace.clock.now()) else { return }
        if positions[id] == nil { return await redrawAll() }
        await draw(status)
    }

    /// Captions age ("updated 5m ago"): redraw them now and then.
    func refreshFreshness() async {
        guard let statuses = try? workspace.statuses(at: workspace.clock.now()) else { return }
        for status in statuses { await draw(status) }
    }

    func note(_ event: SchedulerEvent, kind: String?) {
        lastEvent = "\(SchedulerEvent.format(event.date)) \(event.instance) \(kind ?? ""): \(event)"
        drawStatusLine()
    }

    private func draw(_ status: InstanceStatus) async {
        guard let position = positions[status.instance.id],
              let renderable = try? await workspace.renderable(status) else { return }
        let caption = Terminal.printable("\(status.instance.kind) · \(status.instance.id) · \(status.state.rawValue): \(status.detail)")
        let lines = TerminalBoard.tileLines(box: renderable.ansi(colors: colors), caption: caption, family: status.instance.family)
        write(TerminalBoard.draw(lines, at: position, previous: shown[status.instance.id]))
        shown[status.instance.id] = lines
    }

    private func drawStatusLine() {
        let (columns, rows) = Self.terminalSize()
        let text = String(lastEvent.prefix(max(0, columns - 1)))
        write("\u{1B}[\(rows);1H\u{1B}[2K" + text)
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
