/// The sizes a widget can be shown at, as on WidgetKit.
public enum WidgetFamily: String, CaseIterable, Codable, Sendable, Hashable, CustomStringConvertible {
    case systemSmall
    case systemMedium
    case systemLarge
    case systemExtraLarge
    case accessoryCircular
    case accessoryRectangular
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
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(Int(width))×\(Int(height))" }
}
