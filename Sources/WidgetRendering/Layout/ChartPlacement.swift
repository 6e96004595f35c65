import Foundation
import WidgetSDK

/// Where a chart's values fall in its plot, in the chart's points: the
/// axes' fractions made places, and each mark's point, band or rectangle.
struct ChartPlacement {
    let chart: ChartArchive
    let plot: Rect
    /// The whole chart, where its paths are drawn from.
    let card: Rect
    /// Bars on a number axis without a unit share the plot between their distinct places.
    private let barPlaces: (across: Int, up: Int)

    init(chart: ChartArchive, plot: Rect) {
        self.chart = chart
        self.plot = plot
        card = Rect(x: 0, y: 0, width: plot.x + plot.width + 200, height: plot.y + plot.height + 200)
        let bars = chart.marks.filter { $0.kind == .bar || $0.kind == .rectangle }
        barPlaces = (Set(bars.compactMap { $0.isHorizontal ? nil : $0.x?.description }).count,
                     Set(bars.compactMap { $0.isHorizontal ? $0.y?.description : nil }).count)
    }

    func x(_ value: PlotValue?) -> Double? { value.flatMap(chart.x.fraction) }
    func y(_ value: PlotValue?) -> Double? { value.flatMap(chart.y.fraction) }

    private func across(_ fraction: Double) -> Double { plot.x + fraction * plot.width }
    private func up(_ fraction: Double) -> Double { plot.y + (1 - fraction) * plot.height }

    /// A line's or point's place: where its value is, on top of its stack.
    func point(_ mark: ChartMarkArchive) -> CGPoint? {
        let top = mark.stackedTo.map(PlotValue.number) ?? mark.y
        guard let fx = x(mark.x), let fy = y(top) else { return nil }
        return CGPoint(x: across(fx), y: up(fy))
    }

    /// An area's edge at one mark: its top and its base.
    func band(_ mark: ChartMarkArchive) -> (top: CGPoint, base: CGPoint)? {
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
            return (CGPoint(x: plot.x, y: up(fy)), CGPoint(x: plot.x + plot.width, y: up(fy)))
        case (let value?, nil):
            guard let fx = x(value) else { return nil }
            return (CGPoint(x: across(fx), y: plot.y), CGPoint(x: across(fx), y: plot.y + plot.height))
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

    /// A bar's or rectangle's frame: its span across its place's axis
    /// (a band, a calendar unit, or a width of its own) and along its
    /// value's (from its base or stack to its value).
    func rectangle(_ mark: ChartMarkArchive) -> Rect? {
        let horizontal = mark.kind == .bar && mark.isHorizontal
        let placeAxis = horizontal ? chart.y : chart.x, valueAxis = horizontal ? chart.x : chart.y
        let placeValue = horizontal ? mark.y : mark.x, placeEnd = horizontal ? mark.y2 : mark.x2
        let value = horizontal ? mark.x : mark.y, valueEnd = horizontal ? mark.x2 : mark.y2
        let length = horizontal ? plot.height : plot.width
        let dimension = horizontal ? mark.height : mark.width

        // Across: a fraction range of the place axis.
        var from: Double, to: Double
        if let placeValue, let placeEnd {
            guard let a = placeAxis.fraction(of: placeEnd), let b = placeAxis.fraction(of: placeValue) else { return nil }
            (from, to) = (min(a, b), max(a, b))
        } else if let placeValue {
            guard let centre = placeAxis.fraction(of: placeValue) else { return nil }
            if let unit = mark.unit, let span = placeAxis.span(unit) {
                // A bar on a day covers the day, less a little each side.
                let inset = min(span * 0.1, 1 / max(1, length))
                (from, to) = placeAxis.reversed ? (centre - span + inset, centre - inset) : (centre + inset, centre + span - inset)
            } else {
                let band = (placeAxis.band ?? 1 / Double(max(1, horizontal ? barPlaces.up : barPlaces.across))) * length
                let width: Double = switch dimension {
                case .fixed(let points)?: points
                case .ratio(let ratio)?: band * ratio
                case .inset(let points)?: max(1, band - points)
                case .automatic?, nil: mark.kind == .rectangle && placeAxis.band == nil ? 20 : band * 0.6
                }
                let half = width / 2 / max(1, length)
                (from, to) = (centre - half, centre + half)
            }
        } else {
            (from, to) = (0, 1)
        }
        if let index = mark.positionIndex, let count = mark.positionCount, count > 1 {
            let share = (to - from) / Double(count)
            (from, to) = (from + share * Double(index), from + share * Double(index + 1))
        }

        // Along: from the base or stack to the value.
        let top = mark.stackedTo.map(PlotValue.number) ?? value
        let base = mark.stackedFrom.map(PlotValue.number) ?? valueEnd ?? .number(0)
        guard let topFraction = top.flatMap(valueAxis.fraction) else { return nil }
        let baseFraction = valueAxis.fraction(of: base) ?? (valueAxis.reversed ? 1 : 0)
        let (low, high) = (min(topFraction, baseFraction), max(topFraction, baseFraction))
        if horizontal {
            return Rect(x: across(low), y: up(to), width: (high - low) * plot.width, height: (to - from) * plot.height)
        }
        return Rect(x: across(from), y: up(high), width: (to - from) * plot.width, height: (high - low) * plot.height)
    }
}
