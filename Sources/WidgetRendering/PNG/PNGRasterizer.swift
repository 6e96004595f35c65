import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Turns a card's SVG into PNG with librsvg and cairo, the rasteriser GNOME
/// uses, found at run time (`librsvg-2.so.2`): the host neither links them
/// nor needs their headers to build, and a machine without them still runs
/// everything but PNG, which then says what to install. The SVG names DejaVu
/// Sans, whose metrics the layout measured with, so the PNG's text sits
/// where the SVG's does.
package enum PNGRasterizer {
    /// Full colour, or the greys of an e-ink panel: four (2 bits a pixel)
    /// or black and white (1 bit). On e-ink, text is set sharp and areas
    /// are dithered (`EInkQuantizer`).
    package enum Palette: String, Sendable, CaseIterable, Codable {
        case color
        case gray4 = "gray-4"
        case bw

        /// The panel's greys; nil for full colour.
        package var levels: Int? {
            switch self {
            case .color: nil
            case .gray4: 4
            case .bw: 2
            }
        }
    }

    /// PNG, or a Windows bitmap (1-bit only) for e-ink firmware that predates PNG.
    package enum Format: String, Sendable, CaseIterable {
        case png, bmp
    }

    package enum Failure: Error, CustomStringConvertible, Sendable {
        case libraryMissing(String)
        case unreadable(String)
        case scale(Double)
        case drawing(String)
        case bitmapNeedsBW(Palette)

        package var description: String {
            switch self {
            case .libraryMissing(let reason): "PNG needs librsvg (apt-get install librsvg2-2): \(reason)"
            case .unreadable(let reason): "the card's SVG could not be read: \(reason)"
            case .scale(let scale): "a scale is from 0.25 to 4, found \(scale)"
            case .drawing(let reason): "drawing the PNG failed: \(reason)"
            case .bitmapNeedsBW(let palette): "a BMP is 1 bit a pixel: its palette is bw, not \(palette.rawValue)"
            }
        }
    }

    package static let scales: ClosedRange<Double> = 0.25 ... 4

    /// The PNG of `svg` at `scale` times its size in points.
    package static func png(svg: String, scale: Double = 1, palette: Palette = .color) throws(Failure) -> Data {
        try picture(svg: svg, scale: scale, palette: palette, format: .png)
    }

    /// The picture of `svg` at `scale` times its size in points, as `format`.
    package static func picture(svg: String, scale: Double = 1, palette: Palette = .color, format: Format) throws(Failure) -> Data {
        guard scales.contains(scale) else { throw .scale(scale) }
        if format == .bmp, palette != .bw { throw .bitmapNeedsBW(palette) }
        let library = try Library.shared.get()
        return try library.render(NestedSVGImages.sharpened(svg, scale: scale), scale: scale, palette: palette, format: format)
    }

    /// `svg` with its text and symbols hidden: what is under them. A
    /// symbol is the one path `SVGRenderer` places with a transform.
    static func areas(of svg: String) -> String {
        styled(svg, "text,path[transform]{visibility:hidden}")
    }

    /// `svg` with nothing but its images shown: where dithering belongs.
    static func images(of svg: String) -> String {
        styled(svg, "*{visibility:hidden}image{visibility:visible}")
    }

    /// `svg` with a style sheet of `rules` first in its root element.
    private static func styled(_ svg: String, _ rules: String) -> String {
        guard let root = svg.range(of: "<svg"), let end = svg[root.upperBound...].firstIndex(of: ">") else { return svg }
        return String(svg[...end]) + "<style>\(rules)</style>" + svg[svg.index(after: end)...]
    }
}

/// librsvg's and cairo's entry points, looked up once.
private struct Library: @unchecked Sendable {
    // librsvg
    let newFromData: @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> OpaquePointer?
    let intrinsicSize: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?) -> Int32
    let renderDocument: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeRawPointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Int32
    let objectUnref: @convention(c) (OpaquePointer?) -> Void
    let errorFree: @convention(c) (UnsafeMutableRawPointer?) -> Void
    // cairo
    let surfaceCreate: @convention(c) (Int32, Int32, Int32) -> OpaquePointer?
    let surfaceStatus: @convention(c) (OpaquePointer?) -> Int32
    let surfaceDestroy: @convention(c) (OpaquePointer?) -> Void
    let surfaceFlush: @convention(c) (OpaquePointer?) -> Void
    let surfaceData: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<UInt8>?
    let surfaceStride: @convention(c) (OpaquePointer?) -> Int32
    let writePNG: @convention(c) (OpaquePointer?, @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, UInt32) -> Int32, UnsafeMutableRawPointer?) -> Int32
    let create: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let destroy: @convention(c) (OpaquePointer?) -> Void
    let scale: @convention(c) (OpaquePointer?, Double, Double) -> Void
    let status: @convention(c) (OpaquePointer?) -> Int32
    let statusText: @convention(c) (Int32) -> UnsafePointer<CChar>?
    let gray: GrayPNG

    static let shared: Result<Library, PNGRasterizer.Failure> = Result { () throws(PNGRasterizer.Failure) in try Library() }

    private static let formatARGB32: Int32 = 0

    private init() throws(PNGRasterizer.Failure) {
        func open(_ name: String) throws(PNGRasterizer.Failure) -> UnsafeMutableRawPointer {
            guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
                throw .libraryMissing(dlerror().map { String(cString: $0) } ?? "\(name) not found")
            }
            return handle
        }
        let rsvg = try open("librsvg-2.so.2"), cairo = try open("libcairo.so.2")
        let gobject = try open("libgobject-2.0.so.0"), glib = try open("libglib-2.0.so.0"), zlib = try open("libz.so.1")
        func symbol<T>(_ library: UnsafeMutableRawPointer, _ name: String, as type: T.Type) throws(PNGRasterizer.Failure) -> T {
            guard let address = dlsym(library, name) else { throw .libraryMissing("no \(name) (librsvg 2.52 or later is needed)") }
            return unsafeBitCast(address, to: type)
        }
        newFromData = try symbol(rsvg, "rsvg_handle_new_from_data", as: type(of: newFromData))
        intrinsicSize = try symbol(rsvg, "rsvg_handle_get_intrinsic_size_in_pixels", as: type(of: intrinsicSize))
        renderDocument = try symbol(rsvg, "rsvg_handle_render_document", as: type(of: renderDocument))
        objectUnref = try symbol(gobject, "g_object_unref", as: type(of: objectUnref))
        errorFree = try symbol(glib, "g_error_free", as: type(of: errorFree))
        surfaceCreate = try symbol(cairo, "cairo_image_surface_create", as: type(of: surfaceCreate))
        surfaceStatus = try symbol(cairo, "cairo_surface_status", as: type(of: surfaceStatus))
        surfaceDestroy = try symbol(cairo, "cairo_surface_destroy", as: type(of: surfaceDestroy))
        surfaceFlush = try symbol(cairo, "cairo_surface_flush", as: type(of: surfaceFlush))
        surfaceData = try symbol(cairo, "cairo_image_surface_get_data", as: type(of: surfaceData))
        surfaceStride = try symbol(cairo, "cairo_image_surface_get_stride", as: type(of: surfaceStride))
        writePNG = try symbol(cairo, "cairo_surface_write_to_png_stream", as: type(of: writePNG))
        create = try symbol(cairo, "cairo_create", as: type(of: create))
        destroy = try symbol(cairo, "cairo_destroy", as: type(of: destroy))
        scale = try symbol(cairo, "cairo_scale", as: type(of: scale))
        status = try symbol(cairo, "cairo_status", as: type(of: status))
        statusText = try symbol(cairo, "cairo_status_to_string", as: type(of: statusText))
        gray = GrayPNG(compress: try symbol(zlib, "compress2", as: GrayPNG.Compress.self),
                       crc32: try symbol(zlib, "crc32", as: GrayPNG.CRC32.self))
    }

    /// The GError's message (`{domain, code, message}`), freed.
    private func message(of error: UnsafeMutableRawPointer?) -> String {
        guard let error else { return "no reason given" }
        defer { errorFree(error) }
        let text = error.load(fromByteOffset: 8, as: UnsafePointer<CChar>?.self)
        return text.map { String(cString: $0) } ?? "no reason given"
    }

    func render(_ svg: String, scale factor: Double, palette: PNGRasterizer.Palette,
                format: PNGRasterizer.Format) throws(PNGRasterizer.Failure) -> Data {
        let picture = try draw(Array(svg.utf8), scale: factor)
        defer { surfaceDestroy(picture.surface) }
        guard let levels = palette.levels else { return try encode(picture.surface) }
        // Drawn again without text: the areas that are dithered, and what the text stands out from.
        let areas = try draw(Array(PNGRasterizer.areas(of: svg).utf8), scale: factor)
        defer { surfaceDestroy(areas.surface) }
        // And with its images alone, when it has any: they are what is dithered.
        let images = svg.contains("<image") ? try draw(Array(PNGRasterizer.images(of: svg).utf8), scale: factor) : nil
        defer { if let images { surfaceDestroy(images.surface) } }
        guard let pixels = surfaceData(picture.surface), let under = surfaceData(areas.surface) else { throw .drawing("no pixels") }
        let rows = EInkQuantizer.rows(picture: pixels, areas: under, images: images.flatMap { surfaceData($0.surface) },
                                      stride: Int(surfaceStride(picture.surface)), width: picture.width, height: picture.height, levels: levels)
        switch format {
        case .png: return try gray.encode(rows: rows, width: picture.width, depth: levels == 2 ? 1 : 2)
        case .bmp: return MonochromeBMP.encode(rows: rows, width: picture.width)
        }
    }

    /// `svg` on a new ARGB surface, which the caller destroys.
    private func draw(_ svg: [UInt8], scale factor: Double) throws(PNGRasterizer.Failure) -> (surface: OpaquePointer?, width: Int, height: Int) {
        var error: UnsafeMutableRawPointer?
        guard let handle = svg.withUnsafeBufferPointer({ newFromData($0.baseAddress, $0.count, &error) }) else {
            throw .unreadable(message(of: error))
        }
        defer { objectUnref(handle) }
        var width = 0.0, height = 0.0
        guard intrinsicSize(handle, &width, &height) != 0, width > 0, height > 0, width <= 4096, height <= 4096 else {
            throw .unreadable("it has no size in pixels of its own")
        }
        let pixelWidth = Int32((width * factor).rounded()), pixelHeight = Int32((height * factor).rounded())
        let surface = surfaceCreate(Self.formatARGB32, pixelWidth, pixelHeight)
        guard surfaceStatus(surface) == 0 else {
            defer { surfaceDestroy(surface) }
            throw .drawing(String(cString: statusText(surfaceStatus(surface))!))
        }
        let context = create(surface)
        scale(context, factor, factor)
        var viewport = (0.0, 0.0, width, height)
        let drawn = withUnsafePointer(to: &viewport) { renderDocument(handle, context, UnsafeRawPointer($0), &error) }
        let contextStatus = status(context)
        destroy(context)
        guard drawn != 0, contextStatus == 0 else {
            surfaceDestroy(surface)
            throw drawn == 0 ? .drawing(message(of: error)) : .drawing(String(cString: statusText(contextStatus)!))
        }
        surfaceFlush(surface)
        return (surface, Int(pixelWidth), Int(pixelHeight))
    }

    /// cairo writes PNG through a callback; the bytes are gathered here.
    private func encode(_ surface: OpaquePointer?) throws(PNGRasterizer.Failure) -> Data {
        final class Sink { var data = Data() }
        let sink = Sink()
        let result = writePNG(surface, { closure, bytes, length in
            guard let closure, let bytes else { return 11 } // CAIRO_STATUS_WRITE_ERROR
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
            return 0
        }, Unmanaged.passUnretained(sink).toOpaque())
        guard result == 0 else { throw .drawing(String(cString: statusText(result)!)) }
        return withExtendedLifetime(sink) { sink.data }
    }
}
