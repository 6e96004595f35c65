import ArgumentParser
import Foundation
import HostText
import WidgetHost
import WidgetRendering
import WidgetSDK

/// `--format` and `--mode`, shared by render and preview.
struct RenderOptions: ParsableArguments {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case svg, ansi, html, json
    }

    @Option(help: ArgumentHelp("svg; ansi (terminal cells; colour only on a terminal without NO_COLOR); html (a page with the card); or json (the archived view tree and its layout).", valueName: "format"))
    var format: Format = .svg

    @Option(help: ArgumentHelp("fullColor, accented or vibrant.", valueName: "mode"))
    var mode: RenderingMode = .fullColor

    @Option(help: ArgumentHelp("light or dark: the card, the system's colours, and the variant of a view that reads colorScheme.", valueName: "scheme"))
    var colorScheme: ColorScheme = .light

    /// `toTerminal`: the text goes to standard output and that is a terminal.
    func output(_ renderable: RenderableView, toTerminal: Bool = false) throws -> String {
        switch format {
        case .svg:
            return renderable.svg(mode: mode, scheme: colorScheme)
        case .ansi:
            return renderable.ansi(mode: mode, scheme: colorScheme, colors: .detect(isTerminal: toTerminal))
        case .html:
            return renderable.html(mode: mode, scheme: colorScheme, title: "widgethost · \(renderable.family.rawValue)")
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            let layout = renderable.layout(mode: mode, scheme: colorScheme)
            let json = RenderJSON(family: renderable.family.rawValue, date: renderable.date, redacted: renderable.redacted,
                                  unavailable: renderable.unavailable, view: renderable.view, layout: layout.outline.split(separator: "\n").map(String.init))
            // JSONEncoder escapes C0 only; a kind's C1 controls and bidi overrides are escaped too.
            return TerminalText.json(String(decoding: try encoder.encode(json), as: UTF8.self)) + "\n"
        }
    }

    /// Whether text written without a path lands on a terminal.
    static func isTerminal(_ path: String?) -> Bool {
        path == nil && isatty(STDOUT_FILENO) == 1
    }

    /// Writes to `path`, or standard output when there is none.
    static func write(_ text: String, to path: String?) throws {
        guard let path else {
            print(text, terminator: "")
            return
        }
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            var isDirectory: ObjCBool = false
            let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
            let reason = if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) || !isDirectory.boolValue {
                "no such directory"
            } else if let underlying, underlying.domain == NSPOSIXErrorDomain {
                String(cString: strerror(Int32(underlying.code))).lowercased()
            } else {
                "not writable"
            }
            throw CannotWrite(description: "cannot write \(path): \(reason)")
        }
    }

    struct CannotWrite: Error, CustomStringConvertible {
        let description: String
    }
}

extension RenderingMode: ExpressibleByArgument {}
extension ColorScheme: ExpressibleByArgument {}

struct RenderJSON: Encodable {
    let family: String
    let date: Date?
    let redacted: Bool
    /// Why it is drawn as unavailable; absent when it is live.
    let unavailable: String?
    let view: ViewNode
    let layout: [String]
}

