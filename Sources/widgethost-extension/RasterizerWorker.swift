import ExtensionProtocol
import Foundation
import WidgetRendering

/// `widgethost-extension --rasterize`: turns the host's cards into PNG, in
/// a sandbox of its own (`Confinement.applyForRasterizer`): librsvg and
/// gdk-pixbuf decode the images kinds put in their entries here, so a
/// malformed file that crashes a decoder, or one that decodes to gigabytes
/// (its data limit stops it), takes this process and not the host, which
/// starts another.
enum RasterizerWorker {
    /// Heap for decoding: a card of 4,096 points at scale 4 with its images.
    static let memoryLimit = 1 << 30

    static func run() -> Never {
        var memory = rlimit(rlim_cur: rlim_t(memoryLimit), rlim_max: rlim_t(memoryLimit))
        setrlimit(Int32(RLIMIT_DATA.rawValue), &memory)
        signal(SIGPIPE, SIG_IGN)
        if let problem = Confinement.applyForRasterizer() {
            FileHandle.standardError.write(Data("\(problem)\n".utf8))
            exit(ExtensionLaunch.confinementFailedStatus)
        }
        let channel = ExtensionLaunch.channelDescriptor
        while true {
            let request: RasterizerWire.Request
            do {
                request = try RasterizerWire.readRequest(from: channel)
            } catch {
                // The host closed the socket: it is done with this process.
                exit(0)
            }
            let reply: RasterizerWire.Reply
            do {
                let svg = String(decoding: request.svg, as: UTF8.self)
                let palette = PNGRasterizer.Palette(rawValue: request.palette) ?? .bw
                reply = .png(try PNGRasterizer.picture(svg: svg, scale: request.scale, palette: palette, format: request.bitmap ? .bmp : .png))
            } catch {
                reply = .failed(error.description)
            }
            do { try RasterizerWire.write(reply, to: channel) } catch { exit(0) }
        }
    }
}
