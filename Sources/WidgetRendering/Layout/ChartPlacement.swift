import Foundation
import WidgetSDK

/// Where a chart's values fall in its plot: the axes' fractions made
/// places, and each mark's point, band or rectangle. Places are in the
/// plot's own points (its top left is 0, 0), as the marks' paths are
/// drawn with the plot as their frame.
struct ChartPlacement {
    let chart: ChartArchive
    let plot: Rect
    /// The plot in its own points: the frame every mark's path is drawn in.
    var local: Rect { Rect(x: 0, y: 0, width: plot.width, height: plot.height) }
    /// Bars on a number axis without a unit share the plot between their distinct places.
    private let barPlaces: (across: Int, up: Int)
    /// How far past the plot a value may be placed, in plots: an extension's 1e300 on an axis to 100
    /// lands far off the plot, clipped, not at a coordinate no renderer can hold.
    static let reach = 1_000.0

    init(chart: ChartArchive, plot: Rect) {
        self.chart = chart
        self.plot = plot
        let bars = chart.marks.filter { $0.kind == .bar || $0.kind == .rectangle }
        barPlaces = (Set(bars.compactMap { $0.isHorizontal ? nil : $0.x?.description }).count,
                     Set(bars.compactMap { $0.isHorizontal ? $0.y?.description : nil }).count)
    }

    /// A fraction an axis gave, held within `reach` of the plot; nil for none or not a number.
    static func bounded(_ fraction: Double?) -> Double? {
        guard let fraction, fraction.isFinite else { return nil }
        return min(reach, max(-reach, fraction))
    }

    /// Where `value` falls across, from 0 (the plot's left) to 1 (its right).
    func x(_ value: PlotValue?) -> Double? { Self.bounded(value.flatMap(chart.x.fraction)) }

    /// Where `value` falls up, from 0 (the plot's bottom) to 1 (its top). Categories run
    /// down from the top, the first at the top, as Swift Charts lists them.
    func y(_ value: PlotValue?) -> Double? {
        guard let fraction = Self.bounded(value.flatMap(chart.y.fraction)) else { return nil }
        return chart.y.band == nil ? fraction : 1 - fraction
    }

    private func across(_ fraction: Double) -> Double { fraction * plot.width }
    private func up(_ fraction: Double) -> Double { (1 - fraction) * plot.height }

    /// A line's or point's place: where its value is, on top of its stack.
    func point(_ mark: ChartMarkArchive) -> CGPoint? {
        let top = mark.stackedTo.map(PlotValue.number) ?? mark.y
        guard let fx = x(mark.x), let fy = y(top) else { return nil }
        return CGPoint(x: across(fx), y: up(fy))
    }

    /// An area's edge at one mark: its top and its base (for an area
    /// across, `xStart` to `xEnd`, its two ends).
    func band(_ mark: ChartMarkArchive) -> (top: CGPoint, base: CGPoint)? {
        if let start = mark.x2, mark.y2 == nil {
            guard let from = x(start), let to = x(mark.x), let fy = y(mark.y) else { return nil }
            return (CGPoint(x: across(to), y: up(fy)), CGPoint(x: across(from), y: up(fy)))
        }
        guard let top = point(mark), let fx = x(mark.x) else { return nil }
        let base = mark.stackedFrom.map(PlotValue.number) ?? mark.y2 ?? .number(0)
        let fy = y(base) ?? 0
        return (top, CGPoint(x: across(fx), y: up(min(1, max(0, fy)))))
    }

    /// A rule's two ends: across the plot at a value, or along a range.
    func rule(_ mark: ChartMarkArchive) -> (CGPoint, CGPoint)? {
        switch (mark.x, mark.y) {
        case (nil, let value?):
            guard let fy = y(value) else { return nil }
            return (CGPoint(x: 0, y: up(fy)), CGPoint(x: plot.width, y: up(fy)))
        case (let value?, nil):
            guard let fx = x(value) else { return nil }
            return (CGPoint(x: across(fx), y: 0), CGPoint(x: across(fx), y: plot.height))
        case (let xValue?, let yValue?):
            if let yStart = mark.y2 {
                guard let fx = x(xValue), let from = y(yStart), let to = y(yValue) else { return nil }
                return (CGPoint(x: across(fx), y: up(from)), CGPoint(x: across(fx), y: up(to)))
            }
            guard let xStart = mark.x2, let from = x(xStart), let to = x(xValue), let fy = y(yValue) else { return nil }
            return (CGPoint(x: across(from), y: up(fy)), CGPoint(x: across(to), y: up(fy)))
        case (nil, nil):
            return nil
        }
    }

    /// A bar's or rectangle's frame. Across its place's axis it covers a
    /// range, a calendar unit, or a band (or a width of its own) around
    /// its place; along its value's axis a bar runs from its base or stack
    /// to its value, and a rectangle covers a range or sits around its value.
    func rectangle(_ mark: ChartMarkArchive) -> Rect? {
        let horizontal = mark.kind == .bar && mark.isHorizontal
        let bars = horizontal ? barPlaces.up : barPlaces.across
        let placeSpan = span(horizontal ? mark.y : mark.x, to: horizontal ? mark.y2 : mark.x2, vertical: horizontal,
                             unit: mark.unit, dimension: horizontal ? mark.height : mark.width, places: bars, rectangle: mark.kind == .rectangle)
        guard var (from, to) = placeSpan else { return nil }
        if let index = mark.positionIndex, let count = mark.positionCount, count > 1, (0..<count).contains(index) {
            let share = (to - from) / Double(count)
            (from, to) = (from + share * Double(index), from + share * (Double(index) + 1))
        }
        let (low, high): (Double, Double)
        let value = horizontal ? mark.x : mark.y, valueEnd = horizontal ? mark.x2 : mark.y2
        if mark.kind == .rectangle && valueEnd == nil {
            // A heat map's cell: around its value, as across.
            guard let around = span(value, to: nil, vertical: !horizontal, unit: mark.unit, dimension: mark.height, places: 0, rectangle: true) else { return nil }
            (low, high) = around
        } else {
            let top = mark.stackedTo.map(PlotValue.number) ?? value
            let base = mark.stackedFrom.map(PlotValue.number) ?? valueEnd ?? .number(0)
            let fraction = horizontal ? x : y
            guard let topFraction = fraction(top) else { return nil }
            let baseFraction = fraction(base) ?? (horizontal ? 0 : (chart.y.reversed ? 1 : 0))
            (low, high) = (min(topFraction, baseFraction), max(topFraction, baseFraction))
        }
        if horizontal {
            return Rect(x: across(low), y: up(to), width: (high - low) * plot.width, height: (to - from) * plot.height)
        }
        return Rect(x: across(from), y: up(high), width: (to - from) * plot.width, height: (high - low) * plot.height)
    }

    /// The fractions a mark covers along one axis: from `end` to `value`
    /// when both are given; else around `value`, a calendar unit (less a
    /// little each side), a band's share, or a width of its own.
    private func span(_ value: PlotValue?, to end: PlotValue?, vertical: Bool, unit: Double?, dimension: MarkDimension?,
                      places: Int, rectangle: Bool) -> (Double, Double)? {
        let axis = vertical ? chart.y : chart.x
        let fraction = vertical ? y : x
        let length = vertical ? plot.height : plot.width
        guard let value else { return (0, 1) }
        if let end {
            guard let a = fraction(end), let b = fraction(value) else { return nil }
            return (min(a, b), max(a, b))
        }
        guard let centre = fraction(value) else { return nil }
        if let unit, case .date = value, let share = Self.bounded(axis.span(unit)) {
            // A bar on a day covers the day, less a little each side.
            let inset = min(abs(share) * 0.1, 1 / max(1, length))
            let ends = axis.reversed ? (centre - share, centre) : (centre, centre + share)
            return (min(ends.0, ends.1) + inset, max(ends.0, ends.1) - inset)
        }
        let band = (axis.band ?? 1 / Double(max(1, places))) * length
        let width: Double = switch dimension {
        case .fixed(let points)?: points
        case .ratio(let ratio)?: band * ratio
        case .inset(let points)?: max(1, band - points)
        case .automatic?, nil: rectangle ? (axis.band == nil ? 20 : band) : band * 0.6
        }
        let half = min(Self.reach, abs(width) / 2 / max(1, length))
        return (centre - half, centre + half)
    }
}
