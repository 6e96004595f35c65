import ArgumentParser
import Foundation
import HostText
import WidgetHost
import WidgetRendering
import WidgetSDK

/// `--format` and `--mode`, shared by render and preview.
struct RenderOptions: ParsableArguments {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case svg, png, ansi, html, json, bmp
    }

    @Option(help: ArgumentHelp("svg; png (through librsvg; see --scale and --palette); ansi (terminal cells; colour only on a terminal without NO_COLOR); html (a page with the card); json (the archived view tree and its layout); or bmp (a screen of palette bw, for old e-ink firmware).", valueName: "format"))
    var format: Format = .svg

    @Option(help: ArgumentHelp("With png: pixels per point, from 0.25 to 4 (2 for a high-density screen).", valueName: "factor"))
    var scale: Double?

    @Option(help: ArgumentHelp("With png: color; gray-4 (2 bits a pixel) or bw (1 bit), for e-ink panels: text set sharp, areas dithered.", valueName: "palette"))
    var palette: PNGRasterizer.Palette?

    @Option(help: ArgumentHelp("fullColor, accented or vibrant.", valueName: "mode"))
    var mode: RenderingMode = .fullColor

    @Option(name: [.customLong("color-scheme"), .customLong("scheme")],
            help: ArgumentHelp("light or dark: the card, the system's colours, and the variant of a view that reads colorScheme (default: the manifest's appearance.scheme, else light).", valueName: "scheme"))
    var colorScheme: ColorScheme?

    func validate() throws {
        if format != .png, scale != nil || palette != nil {
            throw ValidationError("--scale and --palette go with --format png")
        }
        if let scale, !PNGRasterizer.scales.contains(scale) {
            throw ValidationError("--scale is from 0.25 to 4, found \(scale)")
        }
    }

    /// `toTerminal`: the output goes to standard output and that is a terminal.
    /// `defaultScheme`: the manifest's, when `--scheme` is not given.
    /// `rasterizer`: where PNG is drawn (the workspace's sandboxed one).
    func output(_ renderable: RenderableView, toTerminal: Bool = false, defaultScheme: ColorScheme = .light,
                rasterizer: any PNGRendering) throws -> Data {
        let scheme = colorScheme ?? defaultScheme
        switch format {
        case .svg:
            return Data(renderable.svg(mode: mode, scheme: scheme).utf8)
        case .png:
            // Binary on a terminal would be noise, and may be read as escapes.
            if toTerminal { throw RefusedOutput(description: "PNG is binary: write it to a file with -o, or redirect standard output") }
            return try renderable.png(mode: mode, scheme: scheme, scale: scale ?? 1, palette: palette ?? .color, rasterizer: rasterizer)
        case .ansi:
            return Data(renderable.ansi(mode: mode, scheme: scheme, colors: .detect(isTerminal: toTerminal)).utf8)
        case .html:
            return Data(renderable.html(mode: mode, scheme: scheme, title: "widgethost · \(renderable.family.rawValue)").utf8)
        case .bmp:
            throw RefusedOutput(description: "bmp is for screens of palette bw: render --screen <name> --format bmp")
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            let layout = renderable.layout(mode: mode, scheme: scheme)
            let json = RenderJSON(family: renderable.family.rawValue, date: renderable.date, redacted: renderable.redacted,
                                  unavailable: renderable.unavailable, view: renderable.view, layout: layout.outline.split(separator: "\n").map(String.init))
            // JSONEncoder escapes C0 only; a kind's C1 controls and bidi overrides are escaped too.
            return Data((TerminalText.json(String(decoding: try encoder.encode(json), as: UTF8.self)) + "\n").utf8)
        }
    }

    /// Whether text written without a path lands on a terminal.
    static func isTerminal(_ path: String?) -> Bool {
        path == nil && isatty(STDOUT_FILENO) == 1
    }

    /// Writes to `path`, or standard output when there is none.
    static func write(_ data: Data, to path: String?) throws {
        guard let path else {
            FileHandle.standardOutput.write(data)
            return
        }
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
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

    struct RefusedOutput: Error, CustomStringConvertible {
        let description: String
    }
}

extension RenderingMode: ExpressibleByArgument {}
extension PNGRasterizer.Palette: ExpressibleByArgument {}
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

