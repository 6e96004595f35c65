import Foundation
import HostText
import Testing
@testable import WidgetHost
@testable import WidgetRendering
import WidgetSDK
import WidgetTestSupport

/// Nothing a kind, GitHub or the command line sends reaches a terminal raw
/// (issue 20): a kind's text once set the terminal's title, cleared the
/// board and wrote the clipboard through OSC 52.
@Suite("Terminal escapes")
struct TerminalEscapesTests {
    static let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}]52;c;ZXZpbA==\u{07}\u{9B}31m\u{202E}desrever\u{7F}"

    /// Neither ESC, BEL, CSI (C1), DEL nor a bidi override.
    static func isRaw(_ text: String) -> Bool {
        text.unicodeScalars.contains { ["\u{1B}", "\u{07}", "\u{9B}", "\u{202E}", "\u{7F}"].contains($0) }
    }

    @Test func escapesAreShownOnOneLine() {
        #expect(TerminalText.escaped("a\nb\u{1B}[2J\u{202E}") == "a\\nb\\e[2J\\u{202E}")
        #expect(TerminalText.escaped("plain é 日本") == "plain é 日本")
        // ASCII takes a short way (no Unicode table): its controls and DEL still escape, a C1 control too.
        #expect(TerminalText.escaped("x\u{7F}y\u{07}~ \u{9B}") == "x\\u{7F}y\\u{7}~ \\u{9B}")
        #expect(!Self.isRaw(TerminalText.escaped(Self.hostile)))
    }

    @Test func cellsKeepTheirWidth() {
        let cells = TerminalText.cells(Self.hostile)
        #expect(!Self.isRaw(cells))
        #expect(cells.unicodeScalars.count == Self.hostile.unicodeScalars.count, "one visible cell for each")
        #expect(TerminalText.cells("\u{1B}[2J").hasPrefix("␛"))
    }

    @Test func jsonStaysTheSameJSON() throws {
        let encoded = String(decoding: try JSONEncoder().encode([Self.hostile]), as: UTF8.self)
        let safe = TerminalText.json(encoded)
        #expect(!Self.isRaw(safe))
        #expect(try JSONDecoder().decode([String].self, from: Data(safe.utf8)) == [Self.hostile])
    }

    @Test func aKindsTextIsDrawnNotSentToTheTerminal() {
        let view = ViewNode(.text(Self.hostile))
        for colors in [ANSIRenderer.ColorSupport.none, .truecolor] {
            let ansi = RenderableView(view: view, family: .systemMedium, date: nil, redacted: false).ansi(colors: colors)
            // Only the renderer's own colour sequences are left.
            let own = ansi.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            #expect(!Self.isRaw(own), "\(colors): \(own.debugDescription)")
            #expect(own.contains("␛]0;pwned"))
        }
    }

    @Test func errorLinesAreOneLineWhateverTheInput() async throws {
        let path = try TestSupport.writeManifest("container: {group: group.test.escapes, path: data}\nwidgets:\n  - {kind: Snoop, module: FixtureMisbehaving}\n")
        for arguments in [["tap", "ab\ncd\u{1B}[2J", "1"], ["timeline", "x\u{1B}]0;t\u{07}"], ["add-instance", "No\u{1B}[2JKind"]] {
            let result = try await TestSupport.widgethost(arguments + ["--config", path])
            #expect(result.status != 0)
            #expect(!Self.isRaw(result.stderr), "\(arguments): \(result.stderr.debugDescription)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr.debugDescription)")
        }
    }

    @Test func defaultsReadPrintsNoRawBytes() async throws {
        let path = try TestSupport.writeManifest("container: {group: group.test.escapes, path: data}\nwidgets:\n  - {kind: Snoop, module: FixtureMisbehaving}\n")
        let json = String(decoding: try JSONEncoder().encode(Self.hostile), as: UTF8.self)
        #expect(try await TestSupport.widgethost(["defaults", "write", "note", json, "--config", path]).status == 0)
        for arguments in [["defaults", "read", "note"], ["defaults", "read"]] {
            let read = try await TestSupport.widgethost(arguments + ["--config", path])
            #expect(read.status == 0, "\(read.stderr)")
            #expect(!Self.isRaw(read.stdout), "\(read.stdout.debugDescription)")
            #expect(read.stdout.contains("\\u202e"))
        }
    }

    /// A kind's names, titles, choices and printed lines, and the entry it
    /// draws, through every command that shows them (issue 22's display
    /// names brought a kind's text to new places).
    @Test func aKindsNamesChoicesAndOutputReachNoTerminalRaw() async throws {
        let path = try TestSupport.writeManifest("container: {group: group.test.escapes, path: data}\nwidgets:\n  - {kind: Mislabeled, module: FixtureMisbehaving}\n")
        let commands: [[String]] = [
            ["kinds"], ["validate"], ["add-instance", "Mislabeled", "--help"], ["options", "Mislabeled", "tone"],
            ["options", "Mislabeled", "label"], ["preview", "Mislabeled"], ["preview", "Mislabeled", "--format", "json"],
            ["preview", "Mislabeled", "--format", "html"], ["preview", "Mislabeled", "--all"],
        ]
        for arguments in commands {
            let result = try await TestSupport.widgethost(arguments + ["--config", path])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(!Self.isRaw(result.stdout), "\(arguments): \(result.stdout.debugDescription)")
            #expect(!Self.isRaw(result.stderr), "\(arguments): \(result.stderr.debugDescription)")
        }
        let kinds = try await TestSupport.widgethost(["kinds", "--config", path])
        #expect(kinds.stdout.contains("Mislabeled \\e]0;pwned"), "shown, escaped: \(kinds.stdout)")
        #expect(kinds.stdout.contains("calm (calm \\e]0;pwned"), "an AppEnum case's display name: \(kinds.stdout)")
        let labels = try await TestSupport.widgethost(["options", "Mislabeled", "label", "--config", path])
        #expect(labels.stdout.hasPrefix("\\e]0;pwned") && labels.stderr.contains("asked for labels \\e]0;pwned"),
                "\(labels.stdout) \(labels.stderr)")
    }

    @Test func anSVGOfAKindsTextIsInertInATerminalAndDrawsTheSame() {
        let svg = RenderableView(view: ViewNode(.text(Self.hostile)), family: .systemMedium, date: nil, redacted: false).svg()
        #expect(!Self.isRaw(svg), "\(svg.debugDescription)")
        #expect(svg.contains("]0;pwned[2J") && svg.contains("&#x9B;"), "C0 dropped, the rest as character references: \(svg)")
        #expect(SVGRenderer.escape(Self.hostile).hasSuffix("&#x9B;31m&#x202E;desrever&#x7F;"), "which draw as the text would")
    }

}
