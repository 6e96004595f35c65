import Foundation

/// Where a card's SVG becomes PNG. Decoding the images in it (a kind's PNG,
/// JPEG or GIF, through librsvg and gdk-pixbuf) is the riskiest thing the
/// host does with a kind's bytes, so the host does it in a sandboxed
/// process (`widgethost-extension --rasterize`); `PNGRasterizer.inProcess`
/// is that process's own, and the benchmarks'.
package protocol PNGRendering: Sendable {
    func picture(svg: String, scale: Double, palette: PNGRasterizer.Palette, format: PNGRasterizer.Format) throws -> Data
}

extension PNGRendering {
    package func png(svg: String, scale: Double, palette: PNGRasterizer.Palette) throws -> Data {
        try picture(svg: svg, scale: scale, palette: palette, format: .png)
    }
}

extension PNGRasterizer {
    /// librsvg in this process.
    package struct InProcess: PNGRendering {
        package init() {}

        package func picture(svg: String, scale: Double, palette: PNGRasterizer.Palette, format: PNGRasterizer.Format) throws -> Data {
            try PNGRasterizer.picture(svg: svg, scale: scale, palette: palette, format: format)
        }
    }

    package static let inProcess = InProcess()
}
