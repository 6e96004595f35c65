import Foundation

/// An image from encoded bytes (e.g. a downloaded avatar) or a symbol name.
public struct Image: View, PrimitiveView {
    let source: ImageSource

    /// PNG or JPEG bytes.
    public init(data: Data) {
        source = .data(data)
    }

    /// An SF Symbols name; renderers draw the symbols they know and a neutral
    /// glyph for the rest.
    public init(systemName: String) {
        source = .symbol(systemName)
    }

    var node: ViewNode { ViewNode(.image(source)) }

    /// SwiftUI needs this before an image takes its frame; kept so widget code
    /// reads the same. Archived images always fill their frame.
    public func resizable() -> Image { self }

    /// How the image is drawn in accented mode: as it is (`.fullColor`), tinted, or desaturated.
    public func widgetAccentedRenderingMode(_ mode: WidgetAccentedRenderingMode) -> some View {
        ArchivedView(node.modified(.widgetAccentedRenderingMode(mode)))
    }
}
