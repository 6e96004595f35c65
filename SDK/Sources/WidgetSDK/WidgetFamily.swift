/// The sizes a widget can be shown at, as on WidgetKit.
public enum WidgetFamily: String, CaseIterable, Codable, Sendable, Hashable, CustomStringConvertible {
    /// 170×170 pt.
    case systemSmall
    /// 364×170 pt.
    case systemMedium
    /// 364×382 pt.
    case systemLarge
    /// 540×260 pt.
    case systemExtraLarge
    /// 76×76 pt, on a lock screen.
    case accessoryCircular
    /// 172×76 pt, on a lock screen.
    case accessoryRectangular
    /// One line of text, 257×26 pt.
    case accessoryInline

    /// Nominal size in points: the 430×932 iPhone column, extra large as on iPad.
    public var size: Size {
        switch self {
        case .systemSmall: Size(width: 170, height: 170)
        case .systemMedium: Size(width: 364, height: 170)
        case .systemLarge: Size(width: 364, height: 382)
        case .systemExtraLarge: Size(width: 540, height: 260)
        case .accessoryCircular: Size(width: 76, height: 76)
        case .accessoryRectangular: Size(width: 172, height: 76)
        case .accessoryInline: Size(width: 257, height: 26)
        }
    }

    public var description: String { rawValue }
}

/// A width and height in points.
public struct Size: Codable, Sendable, Hashable, CustomStringConvertible {
    /// Points across.
    public var width: Double
    /// Points down.
    public var height: Double

    /// A size in points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(Int(width))×\(Int(height))" }
}
