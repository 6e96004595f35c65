import Foundation

/// An image from encoded bytes (e.g. a downloaded avatar) or a symbol name.
public struct Image: View, PrimitiveView {
    let source: ImageSource
    /// Drawn as its shape in the foreground style rather than its colours.
    var isTemplate = false

    /// PNG, JPEG, GIF or SVG bytes.
    public init(data: Data) {
        source = .data(data)
    }

    /// An SF Symbols name; renderers draw the symbols they know and a neutral
    /// glyph for the rest.
    public init(systemName: String) {
        source = .symbol(systemName)
    }

    var node: ViewNode {
        let node = ViewNode(.image(source))
        return isTemplate ? node.modified(.templateRendering) : node
    }

    /// SwiftUI needs this before an image takes its frame; kept so widget code
    /// reads the same. Archived images always fill their frame.
    public func resizable() -> Image { self }

    /// How an image's colours are used, as SwiftUI's `Image.TemplateRenderingMode`.
    public enum TemplateRenderingMode: Sendable, Hashable {
        /// The image's own colours.
        case original
        /// Its shape, in the foreground style.
        case template
    }

    /// How an image is scaled, as SwiftUI's `Image.Interpolation`.
    public enum Interpolation: Sendable, Hashable {
        /// Nearest pixel.
        case none
        /// Fast.
        case low
        /// Between.
        case medium
        /// Smooth.
        case high
    }

    /// A picture's colours (`.original`) or its shape in the foreground
    /// style (`.template`, as its alpha masks the style); nil keeps what its
    /// imageset asks. A symbol is drawn in the foreground style either way.
    public func renderingMode(_ renderingMode: TemplateRenderingMode?) -> Image {
        guard let renderingMode else { return self }
        var image = self
        image.isTemplate = renderingMode == .template
        return image
    }
    /// Accepted: the browser or viewer showing the SVG scales the image.
    public func interpolation(_ interpolation: Interpolation) -> Image { self }
    /// Accepted: edges are smoothed as the viewer draws them.
    public func antialiased(_ isAntialiased: Bool) -> Image { self }

    /// How the image is drawn in accented mode: as it is (`.fullColor`), tinted, or desaturated.
    public func widgetAccentedRenderingMode(_ mode: WidgetAccentedRenderingMode) -> some View {
        ArchivedView(node.modified(.widgetAccentedRenderingMode(mode)))
    }
}
