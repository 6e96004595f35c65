import Foundation

/// The space a `GeometryReader` has: here the widget's, inside its content
/// margins, since the view is made once per entry before it is laid out.
public struct GeometryProxy: Sendable {
    /// The size offered: the family's size less the content margins.
    public let size: CGSize

    /// The safe area: none in a widget.
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }

    /// Its frame, at the origin whatever the coordinate space.
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect {
        CGRect(origin: .zero, size: size)
    }
}

/// Where `GeometryProxy.frame(in:)` measures from.
public enum CoordinateSpace: Sendable, Hashable {
    /// The screen's.
    case global
    /// The view's own.
    case local
    /// A space named with `.coordinateSpace(name:)`.
    case named(String)
}

extension EnvironmentValues {
    /// The widget's size inside its content margins: the space a view made
    /// before layout is told it has (a `GeometryReader`, a `Shape`'s path).
    var contentSize: CGSize {
        let family = widgetFamily.size
        return CGSize(width: max(0, family.width - widgetContentMargins.leading - widgetContentMargins.trailing),
                      height: max(0, family.height - widgetContentMargins.top - widgetContentMargins.bottom))
    }
}

/// A view built from the size it is given, as SwiftUI's: `GeometryReader {
/// proxy in Capsule().frame(width: proxy.size.width * fraction) }`. A widget's
/// view is made once per entry, before the host lays it out, so the size is
/// the widget's own inside its margins; a reader nested in a smaller space
/// sees the widget's size too. It takes all the space offered and puts its
/// content at the top left, as SwiftUI's does.
public struct GeometryReader: View, PrimitiveView {
    let node: ViewNode

    /// A view made from the widget's size inside its margins.
    public init(@ViewBuilder content: (GeometryProxy) -> ViewGroup) {
        node = ViewNode(.zstack(alignment: .topLeading), children: content(GeometryProxy(size: EnvironmentValues.current.contentSize)).nodes,
                        modifiers: [.frame(Frame(maxWidth: Frame.bounded(.infinity), maxHeight: Frame.bounded(.infinity), alignment: .topLeading))])
    }
}
