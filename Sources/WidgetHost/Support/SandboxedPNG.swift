import Foundation
import WidgetKinds
import WidgetRendering

/// PNG through the sandboxed rasteriser (`RasterizerProcess`): what the
/// host, the dashboard and every command draw PNG with.
package struct SandboxedPNG: PNGRendering {
    let process: RasterizerProcess

    package init(_ process: RasterizerProcess) {
        self.process = process
    }

    package func picture(svg: String, scale: Double, palette: PNGRasterizer.Palette, format: PNGRasterizer.Format) throws -> Data {
        guard PNGRasterizer.scales.contains(scale) else { throw PNGRasterizer.Failure.scale(scale) }
        if format == .bmp, palette != .bw { throw PNGRasterizer.Failure.bitmapNeedsBW(palette) }
        return try process.png(svg: Array(svg.utf8), scale: scale, palette: palette.rawValue, bitmap: format == .bmp)
    }
}
