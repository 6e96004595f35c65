import Foundation

/// One mark of a chart as archived: what it is, where (in the data's
/// terms), and how it is drawn. The host lays it out on the chart's axes.
public struct ChartMarkArchive: Codable, Sendable, Hashable {
    /// Which mark.
    public enum Kind: String, Codable, Sendable, Hashable {
        /// `LineMark`: a point of a line, joined to the series' next.
        case line
        /// `AreaMark`: a point of a filled band, from `y2` (or zero) to `y`.
        case area
        /// `BarMark`: a bar from `y2` (or zero) to `y`, or across when `y` is a category.
        case bar
        /// `PointMark`: a symbol.
        case point
        /// `RuleMark`: a line across the plot, or along a range.
        case rule
        /// `RectangleMark`: a rectangle between two ranges, or around a point.
        case rectangle
    }

    /// Which mark.
    public var kind: Kind
    /// Where on the horizontal axis; nil spans the plot (a `RuleMark(y:)`).
    public var x: PlotValue?
    /// A range's other end on the horizontal axis (`xStart`, `xEnd`).
    public var x2: PlotValue?
    /// Where on the vertical axis; nil spans the plot (a `RuleMark(x:)`).
    public var y: PlotValue?
    /// A range's other end on the vertical axis: a bar's or an area's
    /// base once stacked, or the `yStart` given.
    public var y2: PlotValue?
    /// The calendar unit a date spans, in seconds (`.value(…, unit: .day)`): a bar covers it.
    public var unit: Double?
    /// A bar's or rectangle's breadth across its axis, when it says.
    public var width: MarkDimension?
    /// A rectangle's height, when it says.
    public var height: MarkDimension?
    /// Whether bars or areas with the same place stack (Swift Charts' default) or overlap.
    public var stacked: Bool
    /// The series a line or area belongs to: `series:` or `foregroundStyle(by:)`.
    public var series: String?
    /// `.foregroundStyle(by:)`: the value whose colour the mark takes.
    public var styleKey: String?
    /// `.foregroundStyle(_:)`: a colour of its own; else the style key's, else the accent.
    public var color: Color?
    /// `.symbol(_:)` on a line, or a point's shape; nil is a circle on a point and none on a line.
    public var symbol: ChartSymbol?
    /// `.symbol(by:)`: the value whose symbol the mark takes.
    public var symbolKey: String?
    /// `.symbolSize(_:)`: the symbol's area in square points.
    public var symbolSize: Double?
    /// `.lineStyle(_:)`.
    public var lineStyle: StrokeStyle?
    /// `.interpolationMethod(_:)` of a line or area.
    public var interpolation: InterpolationMethod?
    /// `.opacity(_:)`.
    public var opacity: Double?
    /// `.cornerRadius(_:)` of a bar or rectangle.
    public var cornerRadius: Double?
    /// `.position(by:)`: bars side by side in their band, by this value.
    public var positionKey: String?
    /// Where, once resolved: the index of the position key among the chart's, and their count.
    public var positionIndex: Int?
    /// How many position keys share a band.
    public var positionCount: Int?
    /// The titles of the values, for what is spoken of the chart: x's, then y's.
    public var labels: [String]
    /// Once resolved: the colour the mark is drawn in.
    public var fill: Color?
    /// Once resolved: the symbol drawn at the mark's point, if any.
    public var drawnSymbol: ChartSymbol?
    /// Once resolved: where a stacked bar or area starts and ends on its value axis.
    public var stackedFrom: Double?
    /// Once resolved: where a stacked bar or area ends on its value axis.
    public var stackedTo: Double?

    /// Whether a bar or rectangle lies across (its place is on the vertical axis).
    public var isHorizontal: Bool {
        let xIsCategory = if case .category? = x { true } else { false }
        let yIsCategory = if case .category? = y { true } else { false }
        if yIsCategory && !xIsCategory { return true }
        // A number along dates (`y: .value("Day", day, unit: .day)`): the bars lie across.
        if case .date? = y, case .number? = x { return true }
        if y == nil && x != nil { return true }
        return x2 != nil && y2 == nil && kind == .bar
    }

    init(_ kind: Kind, x: PlotValue? = nil, x2: PlotValue? = nil, y: PlotValue? = nil, y2: PlotValue? = nil,
         unit: Double? = nil, width: MarkDimension? = nil, height: MarkDimension? = nil, stacked: Bool = false,
         series: String? = nil, labels: [String]) {
        self.kind = kind
        self.x = x
        self.x2 = x2
        self.y = y
        self.y2 = y2
        self.unit = unit
        self.width = width
        self.height = height
        self.stacked = stacked
        self.series = series
        self.labels = labels
    }
}

/// A bar's or rectangle's breadth, as Swift Charts' `MarkDimension`.
public enum MarkDimension: Codable, Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// As the chart's spacing gives.
    case automatic
    /// This many points.
    case fixed(Double)
    /// This share of the band (0 to 1).
    case ratio(Double)
    /// The band less this many points.
    case inset(Double)

    enum FixedCodingKeys: String, CodingKey { case _0 = "points" }
    enum RatioCodingKeys: String, CodingKey { case _0 = "ratio" }
    enum InsetCodingKeys: String, CodingKey { case _0 = "points" }

    /// `width: 8`: eight points.
    public init(floatLiteral value: Double) { self = .fixed(value) }
    /// `width: 8`: eight points.
    public init(integerLiteral value: Int) { self = .fixed(Double(value)) }
}

/// How a line or area passes through its points, as Swift Charts' `InterpolationMethod`.
public enum InterpolationMethod: String, Codable, Sendable, Hashable {
    /// Straight segments.
    case linear
    /// A smooth curve through every point.
    case catmullRom
    /// A smooth curve through every point (drawn as `catmullRom`).
    case cardinal
    /// A smooth curve that never overshoots between points.
    case monotone
    /// Steps that change at each point.
    case stepStart
    /// Steps that change halfway between points.
    case stepCenter
    /// Steps that change at the next point.
    case stepEnd

    /// A smooth curve through every point, with the curve's tension (not used).
    public static func catmullRom(alpha: Double) -> InterpolationMethod { .catmullRom }
    /// A smooth curve through every point, with the curve's tension (not used).
    public static func cardinal(tension: Double) -> InterpolationMethod { .cardinal }
}

/// A symbol's shape at a point, as Swift Charts' `BasicChartSymbolShape`.
public enum ChartSymbol: String, Codable, Sendable, Hashable, ChartSymbolShape {
    /// ●
    case circle
    /// ■
    case square
    /// ▲
    case triangle
    /// ◆
    case diamond
    /// ⬟ (drawn as a diamond)
    case pentagon
    /// +
    case plus
    /// ×
    case cross
    /// ✱ (drawn as a cross)
    case asterisk

    /// The shape itself.
    public var archivedSymbol: ChartSymbol { self }
}

/// Something `.symbol(_:)` takes: one of `ChartSymbol`'s shapes.
public protocol ChartSymbolShape: Sendable {
    /// The shape as archived.
    var archivedSymbol: ChartSymbol { get }
}
