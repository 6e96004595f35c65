/// SwiftUI's protocol for a layout of one's own. Not provided: the host lays
/// out a card from its archive, where a layout's code cannot run, so a
/// port meets what to use instead rather than "cannot find 'Layout'".
@available(*, unavailable, message: "a Layout of one's own cannot run where widgethost lays out a card: use HStack, VStack, ZStack, Grid or GeometryReader, which are drawn as SwiftUI draws them")
public protocol Layout {}
