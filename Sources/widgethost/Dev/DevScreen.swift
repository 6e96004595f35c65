import Foundation
import HostText
import Synchronization
import WidgetAuthoring
import WidgetHost
import WidgetRendering

/// How `dev` shows each update: redrawn in place on a terminal, appended
/// as blocks of text elsewhere, or as JSON lines.
final class DevScreen: Sendable {
    enum Mode { case screen, lines, json }

    private let mode: Mode
    /// On a terminal a build's status goes on top of the previews it replaces.
    private let lastBody = Mutex("")
    /// What kinds printed since the build began: on a terminal it is drawn
    /// under the previews, where a redraw cannot wipe it.
    private let printed = Mutex<[String]>([])
    private static let printedKept = 12

    init(mode: Mode) {
        self.mode = mode
    }

    func show(_ update: DevSession.Update) {
        switch mode {
        case .json:
            write(DevReport(update).json() + "\n")
        case .lines:
            write(Self.status(update) + "\n" + body(update))
        case .screen:
            if case .building = update { printed.withLock { $0.removeAll() } }
            let lines = printed.withLock { $0 }
            let output = lines.isEmpty ? "" : "\nwhat the kinds printed (last \(lines.count) lines):\n" + lines.joined(separator: "\n") + "\n"
            // Home, clear the screen and its scrollback, then draw.
            // The status goes last as well: a gallery taller than the screen scrolls the first line away.
            let status = Self.status(update)
            write("\u{1B}[H\u{1B}[2J\u{1B}[3J" + status + "\n" + body(update) + output + status)
        }
    }

    /// A line a kind printed (`[Module] …`, escaped by the pool): kept for
    /// the next drawing on a terminal, else straight to standard error.
    func kindPrinted(_ line: String) {
        guard mode == .screen else {
            FileHandle.standardError.write(Data((line + "\n").utf8))
            return
        }
        printed.withLock { lines in
            lines.append(line)
            if lines.count > Self.printedKept { lines.removeFirst(lines.count - Self.printedKept) }
        }
    }

    private func body(_ update: DevSession.Update) -> String {
        let width = mode == .screen ? LiveBoard.terminalSize().columns : 160
        let text = GalleryText(width: width, colors: mode == .screen ? .detect(isTerminal: true) : .none)
        let body: String
        switch update {
        case .building:
            return mode == .screen ? lastBody.withLock { $0 } : ""
        case .failed(_, let build):
            body = text.render(failedBuild: build)
        case .unusable(_, let problem):
            body = TerminalText.escaped(problem) + "\n"
        case .built(let previews):
            body = previews.problems.map { TerminalText.escaped($0) + "\n" }.joined() + text.render(previews.galleries)
        }
        lastBody.withLock { $0 = body }
        return body
    }

    /// `── build #3 ok · built in 2.10 s, previews in 0.12 s · 14:02:11 ──`
    static func status(_ update: DevSession.Update) -> String {
        "── \(TerminalText.escaped(update.summary)) · \(clock.string(from: Date())) ──"
    }

    /// The time of day a person glances at: "20:42:11".
    private static let clock: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        return formatter
    }()

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
